// Acting as a user (authorization-code flow, spec 5.3): runs the browser sign-in (sign-in-flow.ts),
// then keeps the user's token alive with its refresh token. The refresh token is the one thing
// that survives a restart (through the SecretStore); the access token is only ever in memory.
import type { SignInStatus, TokenStatus, UserSession } from '../../../shared/domain';
import { tokenResponseSchema } from '../../../shared/schemas/service';
import type { SecretStore } from '../secrets/secret-store';
import { TypedEmitter } from '../typed-emitter';
import { type Clock, type TimerHandle, systemClock } from './clock';
import { ServiceError, reasonSuffix, relabel } from './errors';
import { credentialError } from './integration-token';
import { type FetchLike, type JsonRequester, createRequester, trimSlash } from './http';
import { SignInFlow, type StartSignInOptions, type StartedSignIn } from './sign-in-flow';

export type { StartSignInOptions, StartedSignIn } from './sign-in-flow';
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

export interface UserSessionEvents {
  /** null once signed out. */
  session: UserSession | null;
  signIn: SignInStatus;
}

export class UserSessionManager {
  readonly events = new TypedEmitter<UserSessionEvents>();
  private readonly request: JsonRequester;
  private readonly clock: Clock;
  private readonly refreshAt: number;
  private readonly refreshRetryMs: number;

  private readonly flow: SignInFlow;

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
    this.flow = new SignInFlow({
      baseUrl: options.baseUrl,
      accessId: options.accessId,
      clock: this.clock,
      redirectPort: options.redirectPort ?? 0,
      timeoutMs: options.signInTimeoutMs ?? 5 * 60_000,
      beforeAuthorize: options.beforeAuthorize,
      fetch: options.fetch ?? fetch,
      exchangeCode: (code) =>
        this.exchange({ grant_type: 'authorization_code', code }, true).catch((error: unknown) => {
          throw refusal(error as ServiceError, 'The service refused the sign-in code');
        }),
      onStatus: (status) => this.events.emit('signIn', status),
    });
  }

  /** The session as the renderer may see it (never a token); null when nobody is signed in. */
  session(): UserSession | null {
    if (!this.held && !this.refreshToken && !this.needsSignIn) return null;
    return { label: this.label, token: this.status, needsSignIn: this.needsSignIn };
  }

  signInStatus(): SignInStatus {
    return this.flow.status();
  }

  /** Opens the listener, builds the consent URL and (if given) opens it. A running flow is replaced. */
  start(startOptions: StartSignInOptions = {}): Promise<StartedSignIn> {
    return this.flow.start(startOptions);
  }

  /** Abandons the running sign-in, if any, and closes its listener. */
  cancel(): void {
    this.flow.cancel();
  }

  /** A valid user token, refreshed first if it is (nearly) expired. Throws 'sign-in-required' when there is no session. */
  getToken(route = 'a user call'): Promise<string> {
    if (this.needsSignIn) {
      return Promise.reject(this.signInRequired(route, this.status.message ?? 'The user must sign in again.'));
    }
    if (this.held && this.clock.now() < this.held.expiresAt - 30_000) return Promise.resolve(this.held.value);
    if (this.refreshToken) return this.refresh();
    if (this.held) {
      return Promise.reject(
        this.signInRequired(route, "The user's token expired and no refresh token was given; sign in again."),
      );
    }
    return Promise.reject(this.signInRequired(route, 'Nobody is signed in: sign in as a user first.'));
  }

  /** A call got 401 with `token`: refresh once (shared with other callers) and return the new token. */
  async handleUnauthorized(token: string, route?: string): Promise<string> {
    if (this.held?.value === token) {
      this.held = null;
      this.setStatus(
        tokenStatus('expired', null, "The service no longer accepts the user's token (401); refreshing it"),
      );
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
    this.setStatus(
      tokenStatus('error', null, "The service called the user's token invalid (403); the next call refreshes it"),
    );
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
    this.flow.cancel('The app is closing.');
  }

  private async runRefresh(refreshToken: string): Promise<string> {
    const generation = this.generation;
    this.clearRefreshTimer();
    try {
      // The spec does not show the refresh request: send the token under both plausible names, so a
      // service reading either one finds it (docs/service-assumptions.md).
      await this.exchange(
        { grant_type: 'refresh_token', refresh_token: refreshToken, refreshToken },
        false,
        generation,
      );
      return this.held!.value;
    } catch (caught) {
      const error = caught as ServiceError;
      if (generation !== this.generation) throw error;
      // Wrong app credentials say nothing about the user's grant: keep it for when they are fixed.
      if (error.kind === 'http' && error.serviceCode === 'invalid_client') {
        const failure = credentialError(error);
        this.setStatus(tokenStatus('error', null, failure.message));
        throw failure;
      }
      // Any other refusal (400/401/403 for a dead grant, 404/405/422 if the service does not take
      // our assumed refresh shape at all) means the same to the user: sign in again.
      if (isRefusal(error)) {
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
        stillValid
          ? tokenStatus('valid', this.held, null)
          : tokenStatus('error', null, `Could not refresh the user's token: ${error.message}`),
      );
      this.scheduleRefresh(this.refreshRetryMs);
      throw error;
    }
  }

  /**
   * Posts to the user token route (code or refresh exchange) and installs the answer as the session.
   * A new sign-in starts a new generation; a refresh only lands if its generation is still current.
   */
  private async exchange(
    grant: Record<string, string>,
    newSession: boolean,
    generation = this.generation,
  ): Promise<UserSession> {
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
    const due =
      delayMs ?? (held ? held.issuedAt + (held.expiresAt - held.issuedAt) * this.refreshAt - this.clock.now() : 0);
    this.refreshTimer = this.clock.setTimeout(
      () => {
        this.refreshTimer = null;
        this.refresh().catch(() => {
          // Already reflected in the status; a passing failure has scheduled its own retry.
        });
      },
      Math.max(0, due),
    );
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

  private emitSession(): void {
    const session = this.session();
    const key = JSON.stringify(session);
    if (key === this.lastEmitted) return;
    this.lastEmitted = key;
    this.events.emit('session', session);
  }
}

/** A 4xx other than "slow down" (408, 429): sending the same request again cannot help. */
function isRefusal(error: ServiceError): boolean {
  const status = error.status ?? 0;
  return error.kind === 'http' && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/** 400/401/403 from a token exchange is a refusal of what we sent; anything else stays as it is. */
function refusal(error: ServiceError, what: string): ServiceError {
  if (error.kind !== 'http' || ![400, 401, 403].includes(error.status ?? 0)) return error;
  return relabel(error, 'auth', `${what} (${error.status})${reasonSuffix(error.serviceMessage)}`);
}
