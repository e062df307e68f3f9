// A public HTTPS URL for the local webhook listener, through the official ngrok agent library.
// The connector is injected: production uses @ngrok/ngrok, tests use a local stand-in (our
// machines cannot reach ngrok). Errors become kinds with a sentence a manager can act on.
import type { TunnelStatus } from '../../../shared/webhooks';
import { TypedEmitter } from '../typed-emitter';
import { errorMessage } from '../../../shared/errors';
import type { ErrorPayload } from '../../../shared/app-error';

export interface TunnelHandle {
  url(): string | null;
  close(): Promise<void>;
}

export type TunnelConnector = (options: { port: number; authtoken: string }) => Promise<TunnelHandle>;

export interface TunnelServiceOptions {
  connect?: TunnelConnector;
  /** How long to wait for the tunnel before calling it offline. */
  timeoutMs?: number;
}

export const ngrokConnector: TunnelConnector = async ({ port, authtoken }) => {
  const ngrok = await import('@ngrok/ngrok');
  const listener = await ngrok.forward({ addr: `127.0.0.1:${port}`, authtoken, proto: 'http' });
  return { url: () => listener.url(), close: () => listener.close() };
};

export class TunnelService {
  readonly events = new TypedEmitter<{ tunnel: TunnelStatus }>();
  private current: TunnelStatus = { state: 'off', publicUrl: null, message: null };
  private handle: TunnelHandle | null = null;
  private readonly connect: TunnelConnector;
  private readonly timeoutMs: number;
  private attempts = 0;
  /**
   * What the running tunnel forwards to, and the authtoken it was started with (in memory only,
   * never saved): when the listener moves to another port the tunnel is started again there.
   */
  private target: { port: number; authtoken: string; path: string } | null = null;
  /** What the attempt still connecting will forward to, so a move meanwhile is not lost. */
  private pending: { port: number; authtoken: string; path: string } | null = null;

  constructor(options: TunnelServiceOptions = {}) {
    this.connect = options.connect ?? ngrokConnector;
    this.timeoutMs = options.timeoutMs ?? 20_000;
  }

  status(): TunnelStatus {
    return this.current;
  }

  async start(port: number, authtoken: string, path = ''): Promise<TunnelStatus> {
    // A second Start (a double tap) supersedes the first: only the newest attempt may keep its tunnel.
    const attempt = ++this.attempts;
    await this.close();
    if (!authtoken.trim())
      return this.failed({
        kind: 'invalid',
        data: { field: 'authtoken' },
        message: 'Enter your ngrok authtoken to start a tunnel',
      });
    // What this attempt forwards to; follow() may change its path while it connects.
    const wanted = { port, authtoken: authtoken.trim(), path };
    this.pending = wanted;
    this.set({ state: 'starting', publicUrl: null, message: null });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const connecting = Promise.resolve().then(() => this.connect({ port, authtoken: wanted.authtoken }));
    try {
      const handle = await Promise.race([
        connecting,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(TIMED_OUT), this.timeoutMs);
        }),
      ]);
      if (attempt !== this.attempts) {
        await handle.close().catch(() => {});
        return this.current;
      }
      this.pending = null;
      this.handle = handle;
      this.target = wanted;
      const base = handle.url();
      return this.set({
        state: 'online',
        publicUrl: base ? `${base.replace(/\/+$/, '')}${wanted.path}` : null,
        message: null,
      });
    } catch (error) {
      // A tunnel that comes up after we gave up (or after a newer attempt took over) would stay
      // open, unseen and unstoppable: close it.
      connecting.then((late) => late.close()).catch(() => {});
      if (attempt !== this.attempts) return this.current;
      this.pending = null;
      return this.failed(tunnelProblem(error, wanted.authtoken));
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The listener was started again (its port or path saved anew): a running tunnel follows it. A
   * new port needs a new tunnel (ngrok forwards to one address for the tunnel's life), started
   * with the same authtoken; only a new path keeps the tunnel and changes its public URL. Without a
   * tunnel, or with none asked for, nothing happens.
   */
  async follow(port: number | null, path: string): Promise<TunnelStatus> {
    // A tunnel still connecting forwards to the old port once up: start it again at the new one
    // (the attempt in progress is superseded and its tunnel closed when it arrives).
    const pending = this.current.state === 'starting' ? this.pending : null;
    if (pending) {
      if (port === null) return this.stop();
      if (port !== pending.port) return this.start(port, pending.authtoken, path);
      pending.path = path;
      return this.current;
    }
    const target = this.target;
    if (!target || !this.handle || this.current.state !== 'online') return this.current;
    if (port === null) return this.stop();
    if (port !== target.port) return this.start(port, target.authtoken, path);
    if (path === target.path) return this.current;
    this.target = { ...target, path };
    const base = this.handle.url();
    return this.set({ state: 'online', publicUrl: base ? `${base.replace(/\/+$/, '')}${path}` : null, message: null });
  }

  async stop(): Promise<TunnelStatus> {
    // A start still connecting is given up too: its tunnel is closed when it arrives.
    this.attempts++;
    this.pending = null;
    return this.close();
  }

  private async close(): Promise<TunnelStatus> {
    const handle = this.handle;
    this.handle = null;
    this.target = null;
    if (handle) await handle.close().catch(() => {});
    if (this.current.state !== 'off') this.set({ state: 'off', publicUrl: null, message: null });
    return this.current;
  }

  private failed(problem: ErrorPayload): TunnelStatus {
    return this.set({ state: 'error', publicUrl: null, message: problem.message, problem });
  }

  private set(status: TunnelStatus): TunnelStatus {
    this.current = status;
    this.events.emit('tunnel', status);
    return status;
  }
}

/** Our own give-up, told apart from the connector's failures by identity, never by its text. */
const TIMED_OUT = new Error('The tunnel did not come up in time');

/**
 * ngrok's failures as kinds. The agent library reports only terse codes and texts, so its own
 * words are read here (ngrok's, never ours); the screen then words the kind.
 */
export function tunnelProblem(error: unknown, authtoken = ''): ErrorPayload {
  if (error === TIMED_OUT)
    return {
      kind: 'local-failure',
      data: { code: 'tunnel-timeout' },
      message: 'The tunnel did not come up in time: this computer may be offline or ngrok may be blocked here',
    };
  const raw = errorMessage(error);
  // The message reaches the screen: never let it carry the authtoken back.
  const text = authtoken ? raw.split(authtoken).join('[redacted]') : raw;
  if (/ERR_NGROK_105|ERR_NGROK_107|authtoken|authentication failed|invalid.*token/i.test(text))
    return {
      kind: 'invalid',
      data: { field: 'authtoken' },
      message: 'ngrok refused the authtoken: copy it again from your ngrok dashboard',
    };
  if (/ENOTFOUND|EAI_AGAIN|ECONNREFUSED|network|dns|connect/i.test(text))
    return {
      kind: 'local-failure',
      data: { code: 'tunnel-offline' },
      message: 'Could not reach ngrok: this computer seems to be offline or ngrok is blocked here',
    };
  return { kind: 'local-failure', data: { code: null }, message: `The tunnel failed: ${text}` };
}
