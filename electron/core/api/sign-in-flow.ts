// One "sign in as a user" through the browser (spec 5.3 steps 1-3): a loopback listener that
// lives only while the flow waits, the consent URL with a random state, and the callback that
// checks the state before anything else. Exchanging the code is left to the owner (user-session).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { SignInStatus, UserSession } from '../../../shared/domain';
import { type Clock, type TimerHandle } from './clock';
import { AppError, type ErrorKind, type ErrorKinds } from '../../../shared/app-error';
import { appErrorOf } from './app-error-of';
import { ServiceError } from './errors';
import { trimSlash, type FetchLike } from './http';
import { type CallbackAnswer, type LoopbackListener, openLoopbackListener } from './loopback-listener';
import { signInFailedPage, signedInPage } from './sign-in-pages';

export const SIGN_IN_ROUTE = 'GET /manager/oauth';

export interface SignInFlowOptions {
  baseUrl: string;
  accessId: string;
  clock: Clock;
  /** 0 picks a free port per flow. */
  redirectPort: number;
  timeoutMs: number;
  beforeAuthorize?: (redirectUrl: string) => Promise<void> | void;
  /** Used to look at the consent page once before the browser does (absent: no look). */
  fetch?: FetchLike;
  /** Trades the code for a session; its ServiceError becomes the flow's failure. */
  exchangeCode: (code: string) => Promise<UserSession>;
  onStatus: (status: SignInStatus) => void;
}

export interface StartSignInOptions {
  /** Opens the consent page in the user's browser; when it throws, the caller shows the URL instead. */
  openUrl?: (url: string) => Promise<void> | void;
  /** Overrides the configured redirect port for this flow. */
  redirectPort?: number;
}

export interface StartedSignIn {
  authorizeUrl: string;
  redirectUrl: string;
  openedExternally: boolean;
  /** Settles when the browser comes back, or the flow is cancelled or times out; the listener is closed by then. */
  result: Promise<UserSession>;
}

interface Flow {
  state: string;
  listener: LoopbackListener;
  timer: TimerHandle | null;
  settle: (outcome: UserSession | ServiceError) => void;
}

export class SignInFlow {
  private flow: Flow | null = null;
  private current: SignInStatus = { state: 'idle' };

  constructor(private readonly options: SignInFlowOptions) {}

  status(): SignInStatus {
    return this.current;
  }

  /** Opens the listener, builds the consent URL and (if given) opens it. A running flow is replaced. */
  async start(startOptions: StartSignInOptions = {}): Promise<StartedSignIn> {
    this.abandon('A new sign-in was started, so this one was abandoned.');
    const state = randomBytes(32).toString('hex');
    const port = startOptions.redirectPort ?? this.options.redirectPort;

    let settle!: Flow['settle'];
    const result = new Promise<UserSession>((resolve, reject) => {
      settle = (outcome) => (outcome instanceof ServiceError ? reject(outcome) : resolve(outcome));
    });
    // The caller may only care about authorizeUrl; an ignored failure must not crash the process.
    result.catch(() => {});

    let listener: LoopbackListener;
    try {
      listener = await openLoopbackListener({ port, onCallback: (query) => this.onCallback(flow, query) });
    } catch (error) {
      const message = `Could not listen for the sign-in answer on 127.0.0.1:${port}: ${(error as Error).message}`;
      throw new ServiceError(message, {
        kind: 'network',
        route: SIGN_IN_ROUTE,
        retryable: false,
        cause: new AppError('local-failure', message, { code: (error as NodeJS.ErrnoException).code ?? null }),
      });
    }
    const flow: Flow = { state, listener, timer: null, settle };
    this.flow = flow;

    try {
      await this.options.beforeAuthorize?.(listener.redirectUrl);
    } catch (error) {
      const failure = new ServiceError(
        `Could not prepare the sign-in (registering ${listener.redirectUrl}): ${(error as Error).message}`,
        { kind: 'network', route: SIGN_IN_ROUTE, cause: error },
      );
      await this.finish(flow, failure);
      throw failure;
    }
    if (this.flow !== flow) throw failed('The sign-in was cancelled.', 'conflict', { what: 'sign-in' });

    const authorizeUrl = this.authorizeUrl(listener.redirectUrl, state);
    // A consent page that refuses our redirect URL shows its error in the browser and never calls
    // back: say so now instead of after the whole wait.
    const refused = await this.consentRefusal(authorizeUrl, listener.redirectUrl);
    if (refused) {
      await this.finish(flow, refused);
      throw refused;
    }
    if (this.flow !== flow) throw failed('The sign-in was cancelled.', 'conflict', { what: 'sign-in' });
    const { timeoutMs } = this.options;
    flow.timer = this.options.clock.setTimeout(
      () =>
        void this.finish(
          flow,
          failed(`Nobody completed the sign-in within ${duration(timeoutMs)}.`, 'conflict', { what: 'sign-in' }),
        ),
      timeoutMs,
    );
    this.setStatus({ state: 'waiting', authorizeUrl, startedAt: this.options.clock.now() });

    let openedExternally = false;
    if (startOptions.openUrl) {
      try {
        await startOptions.openUrl(authorizeUrl);
        openedExternally = true;
      } catch {
        // The shell could not open a browser; the caller shows authorizeUrl for the user to open.
      }
    }
    return { authorizeUrl, redirectUrl: listener.redirectUrl, openedExternally, result };
  }

  /** Abandons the running flow, if any, closes its listener and reports 'idle'. */
  cancel(message = 'The sign-in was cancelled.'): void {
    this.abandon(message);
    this.setStatus({ state: 'idle' });
  }

  private abandon(message: string): void {
    if (this.flow) void this.finish(this.flow, failed(message, 'conflict', { what: 'sign-in' }), false);
  }

  /** A 4xx from the consent page means it refused the request (in practice: the redirect URL). */
  private async consentRefusal(authorizeUrl: string, redirectUrl: string): Promise<ServiceError | null> {
    const fetchImpl = this.options.fetch;
    if (!fetchImpl) return null;
    let status: number;
    let text: string;
    try {
      const response = await fetchImpl(authorizeUrl, { redirect: 'manual', signal: AbortSignal.timeout(10_000) });
      status = response.status;
      text = await response.text();
    } catch {
      // Unreachable from here: the browser will show what it can; the wait stays.
      return null;
    }
    if (status < 400 || status >= 500) return null;
    const said = text
      .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#39;|&apos;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 400);
    return failed(
      `The service's sign-in page refused this app (${status}) before you could sign in. Register ${redirectUrl} exactly as a redirect URL of this integration on the service's dashboard (Settings shows it with a Copy button), then try again.${said ? ` The service said: ${said}` : ''}`,
      'invalid',
      { field: 'redirect_url' },
    );
  }

  private authorizeUrl(redirectUrl: string, state: string): string {
    const url = new URL(`${trimSlash(this.options.baseUrl)}/manager/oauth`);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('access_id', this.options.accessId);
    url.searchParams.set('redirect_url', redirectUrl);
    url.searchParams.set('state', state);
    return url.toString();
  }

  private async onCallback(flow: Flow, query: URLSearchParams): Promise<CallbackAnswer> {
    const fail = (
      status: number,
      message: string,
      error?: ServiceError,
      field: string | null = null,
    ): CallbackAnswer => ({
      status,
      html: signInFailedPage(message),
      afterSend: () => void this.finish(flow, error ?? failed(message, 'invalid', { field })),
    });
    if (this.flow !== flow)
      return fail(
        410,
        'This sign-in is no longer waiting.',
        failed('This sign-in is no longer waiting.', 'conflict', { what: 'sign-in' }),
      );

    // State first: an answer that is not ours must not even be able to cancel our flow with error=.
    if (!sameSecret(query.get('state') ?? '', flow.state)) {
      return fail(
        400,
        'The answer did not carry the state this app sent, so it was refused (it may belong to another sign-in).',
        undefined,
        'state',
      );
    }
    const error = query.get('error');
    if (error) {
      const description = query.get('error_description');
      return fail(
        200,
        error === 'access_denied'
          ? 'Access was declined on the consent page.'
          : `The service reported "${error}"${description ? `: ${description}` : ''}.`,
        undefined,
        'consent',
      );
    }
    const code = query.get('code');
    if (!code) return fail(400, 'The service sent the browser back without an authorization code.', undefined, 'code');

    try {
      const session = await this.options.exchangeCode(code);
      return { status: 200, html: signedInPage(), afterSend: () => void this.finish(flow, session) };
    } catch (caught) {
      const failure = caught instanceof ServiceError ? caught : failed(String(caught), 'internal', {});
      return fail(502, failure.message, failure);
    }
  }

  /** Closes the listener, then settles the result (so a settled result means the port is free). */
  private async finish(flow: Flow, outcome: UserSession | ServiceError, report = true): Promise<void> {
    if (this.flow === flow) this.flow = null;
    if (flow.timer !== null) this.options.clock.clearTimeout(flow.timer);
    flow.timer = null;
    await flow.listener.close();
    flow.settle(outcome);
    // A newer flow owns the status now.
    if (report && !this.flow) {
      this.setStatus(
        outcome instanceof ServiceError
          ? { state: 'failed', message: outcome.message, problem: appErrorOf(outcome).toPayload() }
          : { state: 'idle' },
      );
    }
  }

  private setStatus(next: SignInStatus): void {
    this.current = next;
    this.options.onStatus(next);
  }
}

/** A failure of the flow itself, its kind kept as the cause so it crosses to the screen. */
function failed<K extends ErrorKind>(message: string, kind: K, data: ErrorKinds[K]): ServiceError {
  return new ServiceError(message, {
    kind: 'sign-in-required',
    route: SIGN_IN_ROUTE,
    cause: new AppError(kind, message, data),
  });
}

function duration(ms: number): string {
  if (ms < 60_000) return `${Math.round(ms / 1000)} seconds`;
  const minutes = Math.round(ms / 60_000);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** Constant-time comparison, so the state cannot be guessed byte by byte from response timing. */
function sameSecret(received: string, expected: string): boolean {
  const a = Buffer.from(received);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
