// The integration's own bearer token (client-credentials flow, spec 5.2). There is no refresh
// step: the token is cached and a new one is requested when it expires or a call gets a 401.
// Concurrent callers share one token request, so a burst of calls at startup costs one round trip.
import type { TokenStatus } from '../../../shared/domain';
import { tokenResponseSchema } from '../../../shared/schemas/service';
import { TypedEmitter } from '../typed-emitter';
import { type Clock, systemClock } from './clock';
import { ServiceError, reasonSuffix, relabel } from './errors';
import { type FetchLike, type JsonRequester, createRequester, trimSlash } from './http';
import { type HeldToken, holdToken, sameStatus, tokenStatus } from './token-status';
import { parseResponse } from './validate';

export const CLIENT_TOKEN_ROUTE = 'POST /oauth/token';

export interface IntegrationTokenOptions {
  baseUrl: string;
  accessId: string;
  accessSecret: string;
  /** How calls are sent; defaults to requestJson over `fetch`. */
  request?: JsonRequester;
  fetch?: FetchLike;
  timeoutMs?: number;
  clock?: Clock;
  /** A token this close to its expiry is replaced before use rather than sent to die in flight. */
  expiryMarginMs?: number;
}

export interface IntegrationTokenEvents {
  status: TokenStatus;
}

export class IntegrationTokenProvider {
  readonly events = new TypedEmitter<IntegrationTokenEvents>();
  private readonly request: JsonRequester;
  private readonly clock: Clock;
  private readonly marginMs: number;
  private held: HeldToken | null = null;
  private inflight: Promise<string> | null = null;
  /** Bumped by reset(): a request started before it must not store its token afterwards. */
  private generation = 0;
  private current: TokenStatus = tokenStatus('none');

  constructor(private readonly options: IntegrationTokenOptions) {
    this.request = options.request ?? createRequester({ fetch: options.fetch, timeoutMs: options.timeoutMs });
    this.clock = options.clock ?? systemClock;
    this.marginMs = options.expiryMarginMs ?? 60_000;
  }

  status(): TokenStatus {
    return this.current;
  }

  /** A usable token: the cached one, or one fresh from the service (one request however many callers). */
  getToken(): Promise<string> {
    if (this.held && this.clock.now() < this.held.expiresAt - this.marginMs) return Promise.resolve(this.held.value);
    if (this.held) {
      this.held = null;
      this.setStatus(tokenStatus('expired', null, 'The integration token reached its expiry time; getting a new one'));
    }
    this.inflight ??= this.fetchToken().finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  /**
   * The service refused `token`: 401 (expired or revoked), or 403 saying the token itself is
   * invalid. Only that token is dropped: when ten calls fail with the same old token while an
   * eleventh already fetched a new one, the new one survives. Returns whether it was the current one.
   */
  invalidate(token: string, reason: 'unauthorized' | 'invalid' = 'unauthorized'): boolean {
    if (!this.held || this.held.value !== token) return false;
    const expired = this.clock.now() >= this.held.expiresAt - this.marginMs;
    this.held = null;
    if (reason === 'invalid') {
      this.setStatus(
        tokenStatus(
          'error',
          null,
          'The service called the integration token invalid (403); the next call gets a new one',
        ),
      );
    } else if (expired) {
      this.setStatus(
        tokenStatus('expired', null, 'The service said the integration token expired (401); getting a new one'),
      );
    } else {
      this.setStatus(
        tokenStatus(
          'revoked',
          null,
          'The service refused the integration token before its expiry (401): it was revoked',
        ),
      );
    }
    return true;
  }

  /** Forget the token (credentials changed, or the app is closing). */
  reset(): void {
    this.generation++;
    this.held = null;
    this.inflight = null;
    this.setStatus(tokenStatus('none'));
  }

  private async fetchToken(): Promise<string> {
    const generation = this.generation;
    this.setStatus(tokenStatus('fetching'));
    try {
      const response = await this.request({
        method: 'POST',
        url: `${trimSlash(this.options.baseUrl)}/oauth/token`,
        route: CLIENT_TOKEN_ROUTE,
        body: {
          grant_type: 'client_credentials',
          api_access_id: this.options.accessId,
          api_access_secret: this.options.accessSecret,
        },
      });
      const token = parseResponse(tokenResponseSchema, response.body, CLIENT_TOKEN_ROUTE);
      const held = holdToken(token, this.clock.now());
      if (generation === this.generation) {
        this.held = held;
        this.setStatus(tokenStatus('valid', held));
      }
      return held.value;
    } catch (error) {
      const failure = credentialError(error as ServiceError);
      if (generation === this.generation) this.setStatus(tokenStatus('error', null, failure.message));
      throw failure;
    }
  }

  private setStatus(next: TokenStatus): void {
    if (sameStatus(this.current, next)) return;
    this.current = next;
    this.events.emit('status', next);
  }
}

/** 400 is what the spec gives for bad credentials (part 7); 401/403 here can only mean the same. */
export function credentialError(error: ServiceError): ServiceError {
  if (error.kind !== 'http' || ![400, 401, 403].includes(error.status ?? 0)) return error;
  return relabel(
    error,
    'auth',
    `The service rejected the access id or secret (${error.status})${reasonSuffix(error.serviceMessage)}`,
  );
}
