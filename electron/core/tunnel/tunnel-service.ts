// A public HTTPS URL for the local webhook listener, through the official ngrok agent library.
// The connector is injected: production uses @ngrok/ngrok, tests use a local stand-in (our
// machines cannot reach ngrok). Errors are turned into sentences a manager can act on.
import type { TunnelStatus } from '../../../shared/webhooks';
import { TypedEmitter } from '../typed-emitter';
import { errorMessage } from '../../../shared/errors';

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
    await this.stop();
    if (!authtoken.trim())
      return this.set({ state: 'error', publicUrl: null, message: 'Enter your ngrok authtoken to start a tunnel' });
    this.set({ state: 'starting', publicUrl: null, message: null });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const connecting = Promise.resolve().then(() => this.connect({ port, authtoken: authtoken.trim() }));
    try {
      const handle = await Promise.race([
        connecting,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), this.timeoutMs);
        }),
      ]);
      if (attempt !== this.attempts) {
        await handle.close().catch(() => {});
        return this.current;
      }
      this.handle = handle;
      const base = handle.url();
      return this.set({
        state: 'online',
        publicUrl: base ? `${base.replace(/\/+$/, '')}${path}` : null,
        message: null,
      });
    } catch (error) {
      if (attempt !== this.attempts) return this.current;
      // A tunnel that comes up after we gave up would stay open, unseen and unstoppable: close it.
      connecting.then((late) => late.close()).catch(() => {});
      return this.set({ state: 'error', publicUrl: null, message: explain(error, authtoken.trim()) });
    } finally {
      clearTimeout(timer);
    }
  }

  async stop(): Promise<TunnelStatus> {
    const handle = this.handle;
    this.handle = null;
    if (handle) await handle.close().catch(() => {});
    if (this.current.state !== 'off') this.set({ state: 'off', publicUrl: null, message: null });
    return this.current;
  }

  private set(status: TunnelStatus): TunnelStatus {
    this.current = status;
    this.events.emit('tunnel', status);
    return status;
  }
}

/** ngrok's errors are terse codes; say what they mean for the person at the screen. */
export function explain(error: unknown, authtoken = ''): string {
  const raw = errorMessage(error);
  // The message reaches the screen: never let it carry the authtoken back.
  const text = authtoken ? raw.split(authtoken).join('[redacted]') : raw;
  if (text === 'timeout')
    return 'The tunnel did not come up in time: this computer may be offline or ngrok may be blocked here';
  if (/ERR_NGROK_105|ERR_NGROK_107|authtoken|authentication failed|invalid.*token/i.test(text)) {
    return 'ngrok refused the authtoken: copy it again from your ngrok dashboard';
  }
  if (/ENOTFOUND|EAI_AGAIN|ECONNREFUSED|network|dns|connect/i.test(text)) {
    return 'Could not reach ngrok: this computer seems to be offline or ngrok is blocked here';
  }
  return `The tunnel failed: ${text}`;
}
