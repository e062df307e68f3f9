// The one object the core talks to the service through. It picks the bearer token for "as the
// integration" or "as the user", applies the spec's 401/403 rules (part 5.5) once, here, and
// reports token, session and reachability changes as events.
import { readWholeList, type WholeList } from './next-page';
import { AppError } from '../../../shared/app-error';
import type { z } from 'zod';
import type { Location, SignInStatus, TokenStatus, UserSession } from '../../../shared/domain';
import { findLocationRows, locationsResponseSchema } from '../../../shared/schemas/service';
import type { SecretStore } from '../secrets/secret-store';
import { type Listener, TypedEmitter } from '../typed-emitter';
import { type Clock, clockFrom, systemClock } from './clock';
import { ServiceError, asServiceError, isServiceError, reasonSuffix, relabel } from './errors';
import { type FetchLike, type HttpMethod, type JsonRequester, createRequester, trimSlash } from './http';
import { IntegrationTokenProvider } from './integration-token';
import { UserSessionManager } from './user-session';
import { parseResponse } from './validate';
import type { ErrorPayload } from '../../../shared/app-error';
import { errorPayloadOf } from './app-error-of';

export type ActAs = 'integration' | 'user';

export interface Reachability {
  state: 'ok' | 'error';
  /** Why the last exchange failed; null when ok. */
  message: string | null;
  /** The same failure with its kind, for the screens to word it; null when ok. */
  problem?: ErrorPayload | null;
}

export interface ServiceClientEvents {
  integrationToken: TokenStatus;
  /** null once the user signed out. */
  userSession: UserSession | null;
  signIn: SignInStatus;
  reachability: Reachability;
}

export interface ServiceClientOptions {
  /** {base_url} of the spec, e.g. http://127.0.0.1:4010 */
  baseUrl: string;
  accessId: string;
  accessSecret: string;
  /** Where the user's refresh token is kept between runs. */
  secrets: SecretStore;
  fetch?: FetchLike;
  /** Unix ms; token expiry is judged on it. Ignored when `clock` is given. */
  now?: () => number;
  /** Time and timers (refresh, sign-in timeout); tests pass a ManualClock. */
  clock?: Clock;
  /** Per request; default 15 s. */
  timeoutMs?: number;
  /** Fixed port for the sign-in listener; 0 (default) picks one per flow. */
  redirectPort?: number;
  signInTimeoutMs?: number;
  /** Registers the sign-in redirect URL before the browser is sent (the core does it for the sandbox). */
  beforeAuthorize?: (redirectUrl: string) => Promise<void> | void;
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface ServiceRequestOptions<T> {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Validates (and may normalise) the answer. Without it the parsed JSON is returned unchecked as T. */
  schema?: z.ZodType<T>;
  timeoutMs?: number;
}

export class ServiceClient {
  readonly integration: IntegrationTokenProvider;
  readonly user: UserSessionManager;
  private readonly events = new TypedEmitter<ServiceClientEvents>();
  private readonly send: JsonRequester;
  private readonly restRoot: string;
  private readonly unsubscribers: (() => void)[] = [];
  private lastReachability: Reachability | null = null;
  private disposed = false;
  /** What the service has shown about paging (readWholeList): once it names next pages, no probes. */
  readonly paging = { namesNextPages: false };
  /** How the last locations list read ended, per actor: complete, or why rows may be missing. */
  private readonly locationsRead = new Map<ActAs, { complete: boolean; how: string }>();
  /** Locations this client subscribed with a 2xx, for a service whose list does not show `subscribed`. */
  private readonly subscribedHere = new Set<string>();

  constructor(options: ServiceClientOptions) {
    const clock = options.clock ?? (options.now ? clockFrom(options.now) : systemClock);
    this.restRoot = `${trimSlash(options.baseUrl)}/api`;
    this.send = createRequester({
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      onOutcome: (error) => this.observe(error),
    });
    const common = {
      baseUrl: options.baseUrl,
      accessId: options.accessId,
      accessSecret: options.accessSecret,
      request: this.send,
      clock,
    };
    this.integration = new IntegrationTokenProvider(common);
    this.user = new UserSessionManager({
      ...common,
      secrets: options.secrets,
      redirectPort: options.redirectPort,
      signInTimeoutMs: options.signInTimeoutMs,
      beforeAuthorize: options.beforeAuthorize,
    });
    this.unsubscribers.push(
      this.integration.events.on('status', (status) => this.emit('integrationToken', status)),
      this.user.events.on('session', (session) => this.emit('userSession', session)),
      this.user.events.on('signIn', (status) => this.emit('signIn', status)),
    );
  }

  /** Listen to one event; returns the unsubscribe. dispose() removes every listener. */
  on<E extends keyof ServiceClientEvents>(event: E, listener: Listener<ServiceClientEvents[E]>): () => void {
    const off = this.events.on(event, listener);
    this.unsubscribers.push(off);
    return off;
  }

  /** null until the first exchange with the service. */
  reachability(): Reachability | null {
    return this.lastReachability;
  }

  /**
   * Calls a REST route (path as published, e.g. '/loc/subscribe', under {base_url}/api).
   * 401: one new token, one retry. 403: no retry, kind 'forbidden' with the service's reason.
   */
  async request<T = unknown>(
    as: ActAs,
    method: HttpMethod,
    path: string,
    options: ServiceRequestOptions<T> = {},
  ): Promise<T> {
    return (await this.exchange(as, method, path, options)).value;
  }

  /** request() with the answer's headers too (a list's `Link` header names its next page). */
  requestWithHeaders<T = unknown>(
    as: ActAs,
    method: HttpMethod,
    path: string,
    options: ServiceRequestOptions<T> = {},
  ): Promise<{ value: T; headers: Headers }> {
    return this.exchange(as, method, path, options);
  }

  private async exchange<T>(
    as: ActAs,
    method: HttpMethod,
    path: string,
    options: ServiceRequestOptions<T>,
  ): Promise<{ value: T; headers: Headers }> {
    const restPath = path.startsWith('/') ? path : `/${path}`;
    const route = `${method} /api${restPath.split('?')[0]}`;
    const url = withQuery(`${this.restRoot}${restPath}`, options.query);
    const attempt = async (token: string): Promise<{ value: T; headers: Headers }> => {
      const response = await this.send({
        method,
        url,
        route,
        headers: { authorization: `Bearer ${token}` },
        body: options.body,
        timeoutMs: options.timeoutMs,
      });
      const value = options.schema ? parseResponse(options.schema, response.body, route) : (response.body as T);
      return { value, headers: response.headers };
    };

    const token = await this.tokenFor(as, route);
    try {
      return await attempt(token);
    } catch (error) {
      const renew = renewal(error);
      if (renew === null) throw explain(error, route);
      // 401: expired or revoked (spec 5.5). A 403 that may mean "invalid token" (its code says so,
      // or it has no code at all) is not retried unchanged: the token is dropped and a new one
      // tried once; a second 403 is a permission problem.
      let fresh: string;
      if (renew === 'expired') fresh = await this.replaceToken(as, token, route);
      else {
        this.dropInvalid(as, token);
        fresh = await this.tokenFor(as, route);
      }
      try {
        return await attempt(fresh);
      } catch (retryError) {
        if (renewal(retryError) === 'maybe-invalid') this.dropInvalid(as, fresh);
        if (isServiceError(retryError) && retryError.kind === 'http' && retryError.status === 401) {
          throw relabel(
            retryError,
            'auth',
            `401 on ${route} even with a new token${reasonSuffix(retryError.serviceMessage)}`,
          );
        }
        if (isServiceError(retryError) && retryError.kind === 'http' && retryError.status === 403) {
          throw relabel(
            retryError,
            'forbidden',
            `403 on ${route} also with a new token: a permission problem (the location must authorise this app, or the user lacks access)${reasonSuffix(retryError.serviceMessage)}`,
          );
        }
        throw explain(retryError, route);
      }
    }
  }

  /** A URL on this service's REST root as a path for request() (e.g. a next-page link), else null. */
  restPathOf(link: string): string | null {
    let url: URL;
    try {
      url = new URL(link, `${this.restRoot}/`);
    } catch {
      return null;
    }
    const root = new URL(`${this.restRoot}/`);
    if (url.origin !== root.origin || !url.pathname.startsWith(root.pathname)) return null;
    return `/${url.pathname.slice(root.pathname.length)}${url.search}`;
  }

  /** GET /api/loc, normalised whatever shape the service used. */
  async listLocations(as: ActAs): Promise<Location[]> {
    return (await this.listAllLocations(as)).locations;
  }

  /** Every location, read to the list's end (markers followed, a possible cut probed), and whether it is complete. */
  async listAllLocations(as: ActAs): Promise<{ locations: Location[]; complete: boolean; how: string }> {
    const read = await this.readLocationRows(as);
    const list = parseResponse(locationsResponseSchema, read.rows, 'GET /api/loc');
    const locations = list.map((l) =>
      l.subscribed === null && this.subscribedHere.has(l.uuid) ? { ...l, subscribed: true } : l,
    );
    this.locationsRead.set(as, { complete: read.complete, how: read.how });
    return { locations, complete: read.complete, how: read.how };
  }

  /**
   * Whether the last locations list read for `as` was read to its end (null before any read), for
   * the screens to say so when it was not (LocationsView.complete).
   */
  locationsCompleteness(as: ActAs): { complete: boolean; how: string } | null {
    return this.locationsRead.get(as) ?? null;
  }

  /** The raw location rows of every page (fields the domain Location leaves out, such as the zone, stay). */
  readLocationRows(as: ActAs): Promise<WholeList> {
    return readWholeList({
      fetchPage: (path, query) => this.requestWithHeaders(as, 'GET', path, { query }),
      restPathOf: (link) => this.restPathOf(link),
      rowsOf: findLocationRows,
      idOf: (row) => {
        const r = row as Record<string, unknown> | null;
        const id = r?.uuid ?? r?.locationUuid ?? r?.location_uuid ?? r?.id;
        return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
      },
      unreadable: (body) =>
        new AppError(
          'cannot-read',
          `The service answered GET /api/loc with something that is not a list of locations (${Array.isArray(body) ? 'an array' : typeof body})`,
          { what: 'the locations list' },
        ),
      refusal: (error) => isServiceError(error) && error.kind === 'http' && (error.status ?? 0) < 500,
      path: '/loc',
      query: {},
      paging: this.paging,
    });
  }

  /** POST /loc/subscribe: all or none (spec 4). Resolves with the service's answer, whatever its shape. */
  async subscribeLocations(locationUuids: readonly string[], as: ActAs): Promise<unknown> {
    const answer = await this.request(as, 'POST', '/loc/subscribe', { body: { location_uuids: [...locationUuids] } });
    // All or none (spec 4): a 2xx means every one of them is subscribed.
    for (const uuid of locationUuids) this.subscribedHere.add(uuid);
    return answer;
  }

  /** Asks for an integration token now, to check the access id and secret. */
  async checkCredentials(): Promise<TokenStatus> {
    await this.integration.getToken();
    return this.integration.status();
  }

  /** Clears timers, closes a waiting sign-in listener and drops every listener. */
  dispose(): void {
    this.disposed = true;
    for (const off of this.unsubscribers.splice(0)) off();
    this.user.dispose();
  }

  private tokenFor(as: ActAs, route: string): Promise<string> {
    return as === 'integration' ? this.integration.getToken() : this.user.getToken(route);
  }

  private replaceToken(as: ActAs, refused: string, route: string): Promise<string> {
    if (as === 'user') return this.user.handleUnauthorized(refused, route);
    this.integration.invalidate(refused);
    return this.integration.getToken();
  }

  /** Not retried (spec 5.5), but not sent again either: the next call starts with a new token. */
  private dropInvalid(as: ActAs, token: string): void {
    if (as === 'integration') this.integration.invalidate(token, 'invalid');
    else this.user.forgetToken(token);
  }

  /** A service that answers, even with 4xx, is reachable; silence, 5xx or garbage is not. */
  private observe(error: ServiceError | null): void {
    const broken =
      error &&
      (error.kind === 'network' ||
        error.kind === 'timeout' ||
        error.kind === 'bad-response' ||
        (error.status ?? 0) >= 500);
    const next: Reachability = broken
      ? { state: 'error', message: error.message, problem: errorPayloadOf(error) }
      : { state: 'ok', message: null };
    if (this.lastReachability?.state === next.state && this.lastReachability.message === next.message) return;
    this.lastReachability = next;
    this.emit('reachability', next);
  }

  private emit<E extends keyof ServiceClientEvents>(event: E, payload: ServiceClientEvents[E]): void {
    if (!this.disposed) this.events.emit(event, payload);
  }
}

/**
 * Whether a failure may be cured by a new token: 401 always; 403 when it may mean "invalid token"
 * (spec 5.5), which a service without error codes cannot tell apart from "no permission" (5.6).
 */
function renewal(error: unknown): 'expired' | 'maybe-invalid' | null {
  if (!isServiceError(error) || error.kind !== 'http') return null;
  if (error.status === 401) return 'expired';
  if (error.status !== 403) return null;
  const code = error.serviceCode;
  return code === undefined || code === null || code === '' || /token/i.test(code) ? 'maybe-invalid' : null;
}

/** A 403 with a permission code (the location did not authorise the app): not retried. */
function explain(error: unknown, route: string): ServiceError {
  const known = asServiceError(error, route);
  if (known.kind === 'http' && known.status === 403) {
    return relabel(known, 'forbidden', `403 on ${route}${reasonSuffix(known.serviceMessage)}`);
  }
  return known;
}

function withQuery(url: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) return url;
  const target = new URL(url);
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) target.searchParams.append(key, String(item));
    else target.searchParams.set(key, String(value));
  }
  return target.toString();
}
