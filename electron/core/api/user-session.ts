// Acting as a user (authorization-code flow, spec 5.3): the sign-in flow through the browser and
// a loopback listener, then keeping the user's token alive with its refresh token. The refresh
// token is the one thing that survives a restart (through the SecretStore); the access token is
// only ever in memory.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { SignInStatus, TokenStatus, UserSession } from '../../../shared/domain';
import { tokenResponseSchema } from '../../../shared/schemas/service';
import type { SecretStore } from '../secrets/secret-store';
import { TypedEmitter } from '../typed-emitter';
import { type Clock, type TimerHandle, systemClock } from './clock';
import { ServiceError, reasonSuffix, relabel } from './errors';
import { type FetchLike, type JsonRequester, createRequester } from './http';
import { trimSlash } from './integration-token';
import { type CallbackAnswer, type LoopbackListener, openLoopbackListener } from './loopback-listener';
import { signInFailedPage, signedInPage } from './sign-in-pages';
import { type HeldToken, holdToken, sameStatus, tokenStatus } from './token-status';
import { parseResponse } from './validate';

export const USER_TOKEN_ROUTE = 'POST /api/oauth/token';
export const REFRESH_TOKEN_SECRET = 'user.refreshToken';

export interface UserSessionOptions {
  baseUrl: string;
  accessId: string;
  accessSecret: string;
  secrets: SecretStore;
  request?: JsonRequester;
  fetch?: FetchLike;
  timeoutMs?: number;
  clock?: Clock;
  /** Port of the loopback listener; 0 (default) picks a free one per flow. */
  redirectPort?: number;
  /** How long a started sign-in waits for the browser. Default 5 minutes. */
  signInTimeoutMs?: number;
  /** Called with the redirect URL before the browser is sent, e.g. to register it with the sandbox. */
  beforeAuthorize?: (redirectUrl: string) => Promise<void> | void;
  /** Share of the token's lifetime after which it is refreshed. Default 0.9. */
  refreshAt?: number;
  /** Wait before retrying a refresh that failed for a passing reason (network, 5xx). Default 60 s. */
  refreshRetryMs?: number;
}

export interface StartSignInOptions {
  /** Opens the consent page in the user's browser; when it throws, the caller shows the URL instead. */
  openUrl?: (url: string) => Promise<void> | void;
  /** Overrides the constructor's redirectPort for this flow. */
  redirectPort?: number;
}

export interface StartedSignIn {
  authorizeUrl: string;
  redirectUrl: string;
  openedExternally: boolean;
  /** Settles when the browser comes back (or the flow is cancelled or times out). */
  result: Promise<UserSession>;
}

export interface UserSessionEvents {
  /** null once signed out. */
  session: UserSession | null;
  signIn: SignInStatus;
}

interface Flow {
  state: string;
  listener: LoopbackListener;
  timer: TimerHandle;
  settle: (outcome: UserSession | ServiceError) => void;
}

const SIGN_IN_ROUTE = 'GET /manager/oauth';

export class UserSessionManager {
  readonly events = new TypedEmitter<UserSessionEvents>();
  private readonly request: JsonRequester;
  private readonly clock: Clock;
  private readonly refreshAt: number;
  private readonly refreshRetryMs: number;

  private flow: Flow | null = null;
  private signIn: SignInStatus = { state: 'idle' };

  private held: HeldToken | null = null;
  private refreshToken: string | null = null;
  private label: string | null = null;
  private needsSignIn = false;
  private status: TokenStatus = tokenStatus('none');
  private refreshing: Promise<string> | null = null;
  private refreshTimer: TimerHandle | null = null;
  /** Bumped on sign-out and on each new session: late answers for an older one are dropped. */
  private generation = 0;
  private lastEmitted = 'null';
  private disposed = false;

  constructor(private readonly options: UserSessionOptions) {
    this.request = options.request ?? createRequester({ fetch: options.fetch, timeoutMs: options.timeoutMs });
    this.clock = options.clock ?? systemClock;
    this.refreshAt = options.refreshAt ?? 0.9;
    this.refreshRetryMs = options.refreshRetryMs ?? 60_000;
  }

  /** The session as the renderer may see it (never a token); null when nobody is signed in. */
  session(): UserSession | null {
    if (!this.held && !this.refreshToken && !this.needsSignIn) return null;
    return { label: this.label, token: this.status, needsSignIn: this.needsSignIn };
  }

  signInStatus(): SignInStatus {
    return this.signIn;
  }

  // ----------------------------------------------------------------------------------------------
  // Sign-in flow

  /** Opens the listener, builds the consent URL and (if given) opens it. A running flow is replaced. */
  async start(startOptions: StartSignInOptions = {}): Promise<StartedSignIn> {
    this.cancelFlow('A new sign-in was started, so this one was abandoned.');
    const state = randomBytes(32).toString('hex');
    const port = startOptions.redirectPort ?? this.options.redirectPort ?? 0;

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
      throw new ServiceError(
        `Could not listen for the sign-in answer on 127.0.0.1:${port}: ${(error as Error).message}`,
        { kind: 'network', route: SIGN_IN_ROUTE, retryable: false, cause: error },
      );
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
      await this.finishFlow(flow, failure);
      throw failure;
    }
    if (this.flow !== flow) throw new ServiceError('The sign-in was cancelled.', { kind: 'sign-in-required', route: SIGN_IN_ROUTE });

    const authorizeUrl = this.authorizeUrl(listener.redirectUrl, state);
    const timeoutMs = this.options.signInTimeoutMs ?? 5 * 60_000;
    flow.timer = this.clock.setTimeout(() => {
      void this.finishFlow(
        flow,
        new ServiceError(`Nobody completed the sign-in within ${duration(timeoutMs)}.`, {
          kind: 'sign-in-required',
          route: SIGN_IN_ROUTE,
        }),
      );
    }, timeoutMs);
    this.setSignIn({ state: 'waiting', authorizeUrl, startedAt: this.clock.now() });

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

  /** Abandons the running sign-in, if any, and closes its listener. */
  cancel(): void {
    this.cancelFlow('The sign-in was cancelled.');
    this.setSignIn({ state: 'idle' });
  }

  private cancelFlow(message: string): void {
    if (!this.flow) return;
    void this.finishFlow(this.flow, new ServiceError(message, { kind: 'sign-in-required', route: SIGN_IN_ROUTE }), false);
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
    const fail = (status: number, message: string, error?: ServiceError): CallbackAnswer => ({
      status,
      html: signInFailedPage(message),
      afterSend: () =>
        void this.finishFlow(flow, error ?? new ServiceError(message, { kind: 'sign-in-required', route: SIGN_IN_ROUTE })),
    });
    if (this.flow !== flow) return fail(410, 'This sign-in is no longer waiting.');

    // State first: an answer that is not ours must not even be able to cancel our flow with error=.
    if (!sameSecret(query.get('state') ?? '', flow.state)) {
      return fail(400, 'The answer did not carry the state this app sent, so it was refused (it may belong to another sign-in).');
    }
    const error = query.get('error');
    if (error) {
      const description = query.get('error_description');
      return fail(
        200,
        error === 'access_denied'
          ? 'Access was declined on the consent page.'
          : `The service reported "${error}"${description ? `: ${description}` : ''}.`,
      );
    }
    const code = query.get('code');
    if (!code) return fail(400, 'The service sent the browser back without an authorization code.');

    try {
      const session = await this.exchange({ grant_type: 'authorization_code', code }, true);
      return { status: 200, html: signedInPage(), afterSend: () => void this.finishFlow(flow, session) };
    } catch (caught) {
      const failure = refusal(caught as ServiceError, 'The service refused the sign-in code');
      return fail(502, failure.message, failure);
    }
  }

  /** Closes the listener, then settles the result (so a resolved result means the port is free). */
  private async finishFlow(flow: Flow, outcome: UserSession | ServiceError, report = true): Promise<void> {
    if (this.flow === flow) this.flow = null;
    if (flow.timer !== null) this.clock.clearTimeout(flow.timer);
    flow.timer = null;
    await flow.listener.close();
    flow.settle(outcome);
    if (report && !this.flow) {
      this.setSignIn(outcome instanceof ServiceError ? { state: 'failed', message: outcome.message } : { state: 'idle' });
    }
  }

  // ----------------------------------------------------------------------------------------------
  // Tokens

  /** A valid user token, refreshed first if it is (nearly) expired. Throws 'sign-in-required' when there is no session. */
  getToken(route = 'a user call'): Promise<string> {
    if (this.needsSignIn) return Promise.reject(this.signInRequired(route, 'The user must sign in again.'));
    if (this.held && this.clock.now() < this.held.expiresAt - 30_000) return Promise.resolve(this.held.value);
    if (this.refreshToken) return this.refresh();
    if (this.held) {
      return Promise.reject(this.signInRequired(route, "The user's token expired and no refresh token was given; sign in again."));
    }
    return Promise.reject(this.signInRequired(route, 'Nobody is signed in: sign in as a user first.'));
  }

  /** A call got 401 with `token`: refresh once (shared with other callers) and return the new token. */
  async handleUnauthorized(token: string, route?: string): Promise<string> {
    if (this.held?.value === token) {
      this.held = null;
      this.setStatus(tokenStatus('expired', null, "The service no longer accepts the user's token (401); refreshing it"));
    }
    return this.getToken(route);
  }

  /**
   * The service called `token` invalid (403 invalid_token). Spec 5.5 forbids retrying unchanged,
   * so nothing is retried now; the next call simply refreshes instead of sending it again.
   */
  forgetToken(token: string): void {
    if (this.held?.value !== token) return;
    this.held = null;
    this.setStatus(tokenStatus('error', null, "The service called the user's token invalid (403); the next call refreshes it"));
  }

  /** Refresh now (single-flight): what the timer and on-demand callers both use. */
  refresh(): Promise<string> {
    if (!this.refreshToken) return this.getToken();
    this.refreshing ??= this.runRefresh(this.refreshToken).finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /** Brings back a session saved by an earlier run. Never throws: failures show in the session's status. */
  async restore(): Promise<UserSession | null> {
    if (this.held || this.refreshToken) return this.session();
    let stored: string | null = null;
    try {
      stored = await this.options.secrets.get(REFRESH_TOKEN_SECRET);
    } catch {
      // An unreadable secret store means there is nothing we can restore.
    }
    if (!stored) return this.session();
    this.refreshToken = stored;
    this.needsSignIn = false;
    this.setStatus(tokenStatus('none'));
    await this.refresh().catch(() => {});
    return this.session();
  }

  /** Forgets the user's tokens here and in the secret store. The service has no revoke call in the spec. */
  async signOut(): Promise<void> {
    this.generation++;
    this.clearRefreshTimer();
    this.held = null;
    this.refreshToken = null;
    this.label = null;
    this.needsSignIn = false;
    this.refreshing = null;
    this.status = tokenStatus('none');
    await this.forgetStoredToken();
    this.emitSession();
  }

  dispose(): void {
    this.disposed = true;
    this.clearRefreshTimer();
    this.cancelFlow('The app is closing.');
  }

  private async runRefresh(refreshToken: string): Promise<string> {
    const generation = this.generation;
    this.clearRefreshTimer();
    try {
      await this.exchange({ grant_type: 'refresh_token', refresh_token: refreshToken }, false, generation);
      return this.held!.value;
    } catch (caught) {
      const error = caught as ServiceError;
      if (generation !== this.generation) throw error;
      if (error.kind === 'http' && [400, 401, 403].includes(error.status ?? 0)) {
        const failure = relabel(
          error,
          'sign-in-required',
          `The service no longer accepts this sign-in: the refresh was refused with ${error.status}${reasonSuffix(error.serviceMessage)}. Sign in again.`,
        );
        await this.requireSignIn(failure.message);
        throw failure;
      }
      // A passing failure (network, 5xx, odd answer): keep the session and try again later.
      const stillValid = this.held && this.clock.now() < this.held.expiresAt;
      this.setStatus(
        stillValid ? tokenStatus('valid', this.held, null) : tokenStatus('error', null, `Could not refresh the user's token: ${error.message}`),
      );
      this.scheduleRefresh(this.refreshRetryMs);
      throw error;
    }
  }

  /**
   * Posts to the user token route (code or refresh exchange) and installs the answer as the session.
   * A new sign-in starts a new generation; a refresh only lands if its generation is still current.
   */
  private async exchange(grant: Record<string, string>, newSession: boolean, generation = this.generation): Promise<UserSession> {
    const response = await this.request({
      method: 'POST',
      url: `${trimSlash(this.options.baseUrl)}/api/oauth/token`,
      route: USER_TOKEN_ROUTE,
      body: { ...grant, api_access_id: this.options.accessId, api_access_secret: this.options.accessSecret },
    });
    const token = parseResponse(tokenResponseSchema, response.body, USER_TOKEN_ROUTE);
    if (newSession) {
      this.generation++;
      this.refreshing = null;
      this.label = null;
    } else if (generation !== this.generation) {
      throw new ServiceError('The user signed out while the token was being refreshed.', {
        kind: 'sign-in-required',
        route: USER_TOKEN_ROUTE,
      });
    }
    this.held = holdToken(token, this.clock.now());
    this.needsSignIn = false;
    this.label = token.label ?? this.label;
    // The service may rotate the refresh token; without a new one the old one stays valid (spec 5.4).
    const nextRefresh = token.refreshToken ?? (newSession ? null : this.refreshToken);
    if (nextRefresh !== this.refreshToken || newSession) {
      this.refreshToken = nextRefresh;
      if (nextRefresh) await this.saveStoredToken(nextRefresh);
      else await this.forgetStoredToken();
    }
    this.status = tokenStatus('valid', this.held);
    this.scheduleRefresh();
    this.emitSession();
    return this.session()!;
  }

  private async requireSignIn(message: string): Promise<void> {
    this.generation++;
    this.clearRefreshTimer();
    this.held = null;
    this.refreshToken = null;
    this.needsSignIn = true;
    this.status = tokenStatus('revoked', null, message);
    await this.forgetStoredToken();
    this.emitSession();
  }

  /** By default at `refreshAt` of the lifetime, so a call never meets an expired token. */
  private scheduleRefresh(delayMs?: number): void {
    this.clearRefreshTimer();
    if (this.disposed || !this.refreshToken) return;
    const held = this.held;
    const due = delayMs ?? (held ? held.issuedAt + (held.expiresAt - held.issuedAt) * this.refreshAt - this.clock.now() : 0);
    this.refreshTimer = this.clock.setTimeout(() => {
      this.refreshTimer = null;
      this.refresh().catch(() => {
        // Already reflected in the status; a passing failure has scheduled its own retry.
      });
    }, Math.max(0, due));
  }

  private clearRefreshTimer(): void {
    if (this.refreshTimer !== null) this.clock.clearTimeout(this.refreshTimer);
    this.refreshTimer = null;
  }

  private async saveStoredToken(value: string): Promise<void> {
    try {
      await this.options.secrets.set(REFRESH_TOKEN_SECRET, value);
    } catch {
      // Not fatal: the session works for this run, it just will not survive a restart.
    }
  }

  private async forgetStoredToken(): Promise<void> {
    try {
      await this.options.secrets.delete(REFRESH_TOKEN_SECRET);
    } catch {
      // Nothing more we can do; the stale token will be refused and cleared on the next restore.
    }
  }

  private signInRequired(route: string, message: string): ServiceError {
    return new ServiceError(message, { kind: 'sign-in-required', route });
  }

  private setStatus(next: TokenStatus): void {
    if (sameStatus(this.status, next)) return;
    this.status = next;
    this.emitSession();
  }

  private setSignIn(next: SignInStatus): void {
    this.signIn = next;
    this.events.emit('signIn', next);
  }

  private emitSession(): void {
    const session = this.session();
    const key = JSON.stringify(session);
    if (key === this.lastEmitted) return;
    this.lastEmitted = key;
    this.events.emit('session', session);
  }
}

/** 400/401/403 from a token exchange is a refusal of what we sent; anything else stays as it is. */
function refusal(error: ServiceError, what: string): ServiceError {
  if (error.kind !== 'http' || ![400, 401, 403].includes(error.status ?? 0)) return error;
  return relabel(error, 'auth', `${what} (${error.status})${reasonSuffix(error.serviceMessage)}`);
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
