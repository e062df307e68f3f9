// One JSON exchange with the service over an injected fetch. Whatever happens (refused
// connection, timeout, HTML from a proxy, a 500), the caller gets a ServiceError naming the
// route, never a bare TypeError('fetch failed').
import { parseJsonKeepingDigits } from '../../../shared/json-digits';
import { readAnswerRefusal } from './answer-refusal';
import { ServiceError, asServiceError, httpError, parseRetryAfter, reasonSuffix, refusedInBody } from './errors';
import { extractServiceCode, extractServiceMessage } from './service-message';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface JsonRequest {
  method: HttpMethod;
  url: string;
  /** How errors name this call, e.g. 'GET /api/loc'. */
  route: string;
  headers?: Record<string, string>;
  /** Sent as JSON when not undefined. */
  body?: unknown;
  /** Overrides the requester's default. */
  timeoutMs?: number;
}

export interface JsonResponse {
  status: number;
  /** Parsed JSON; null for an empty body (204 and friends). */
  body: unknown;
  headers: Headers;
}

export interface RequestJsonOptions {
  fetch?: FetchLike;
  /** Default 15 s: long enough for a slow service, short enough that the UI does not hang. */
  timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 15_000;

/** requestJson with its options bound: what the token providers and the client call. */
export type JsonRequester = (request: JsonRequest) => Promise<JsonResponse>;

export interface RequesterOptions extends RequestJsonOptions {
  /** Told about every exchange: null when the service answered sensibly, else the error. */
  onOutcome?: (error: ServiceError | null) => void;
}

export function createRequester(options: RequesterOptions = {}): JsonRequester {
  return async (request) => {
    try {
      const response = await requestJson(request, options);
      options.onOutcome?.(null);
      return response;
    } catch (error) {
      options.onOutcome?.(error as ServiceError);
      throw error;
    }
  };
}

/** Resolves with a 2xx answer's JSON; anything else rejects with a ServiceError. */
export async function requestJson(request: JsonRequest, options: RequestJsonOptions = {}): Promise<JsonResponse> {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = request.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const { route, url } = request;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);

  try {
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    let body: string | undefined;
    if (request.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.body);
    }

    let response: Response;
    let text: string;
    try {
      response = await doFetch(url, { method: request.method, headers, body, signal: controller.signal });
      // The body read is under the same timeout: a service may send headers and then stall.
      text = await response.text();
    } catch (error) {
      if (timedOut) {
        throw new ServiceError(`${origin(url)} did not answer ${route} within ${seconds(timeoutMs)}`, {
          kind: 'timeout',
          route,
          cause: error,
        });
      }
      throw new ServiceError(`Could not reach ${origin(url)} (${route}): ${describeNetworkError(error)}`, {
        kind: 'network',
        route,
        cause: error,
      });
    }

    const parsed = parseJson(text);
    if (response.status < 200 || response.status > 299) {
      const body = parsed.ok ? parsed.value : undefined;
      throw httpError(
        route,
        response.status,
        extractServiceMessage(body, text),
        extractServiceCode(body, response.headers.get('www-authenticate')),
        body,
        parseRetryAfter(response.headers.get('retry-after'), Date.now()),
      );
    }
    if (!parsed.ok) {
      throw new ServiceError(
        `The service answered ${route} with something that is not JSON (${describeBody(response, text)})`,
        { kind: 'bad-response', route, status: response.status },
      );
    }
    // The status alone is not the outcome: a body that refuses the request is a refusal.
    const reading = readAnswerRefusal(parsed.value);
    if (reading.kind === 'refused') {
      throw refusedInBody(
        route,
        response.status,
        reading.status,
        extractServiceMessage(parsed.value, text),
        extractServiceCode(parsed.value, null),
        parsed.value,
      );
    }
    if (reading.kind === 'mixed') {
      throw new ServiceError(
        `The service answered ${route} with ${response.status} and an answer that holds both \`${reading.marker}\` and other data, so the app cannot tell whether it was done${reasonSuffix(extractServiceMessage(parsed.value, text))}`,
        {
          kind: 'bad-response',
          route,
          status: response.status,
          body: parsed.value,
          serviceMessage: extractServiceMessage(parsed.value, text),
        },
      );
    }
    return { status: response.status, body: parsed.value, headers: response.headers };
  } catch (error) {
    throw asServiceError(error, route);
  } finally {
    clearTimeout(timer);
  }
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (!text.trim()) return { ok: true, value: null };
  try {
    // Ids written as numbers beyond 2^53 keep their digits (json-digits.ts).
    return { ok: true, value: parseJsonKeepingDigits(text) };
  } catch {
    return { ok: false };
  }
}

function origin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

function describeBody(response: Response, text: string): string {
  const type = response.headers.get('content-type')?.split(';')[0]?.trim() || 'no content type';
  const start = text.trim().replace(/\s+/g, ' ').slice(0, 60);
  return `${response.status}, ${type}, starting "${start}${text.trim().length > 60 ? '…' : ''}"`;
}

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'the connection was reset',
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'host name lookup failed (temporary DNS failure)',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EPIPE: 'the connection was closed while sending',
  UND_ERR_SOCKET: 'the service closed the connection before answering',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  UND_ERR_HEADERS_TIMEOUT: 'the service sent no answer headers in time',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate chain is self-signed',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate could not be verified',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate is for another host name',
  ERR_INVALID_URL: 'the address is not a valid URL',
};

/** fetch hides the reason in error.cause (sometimes an AggregateError of one try per address). */
/**
 * Failures of a connection that was open: the request may have reached the service and been acted
 * on before the connection broke. Refused connections, unknown hosts, TLS refusals and fetch's own
 * refusals (a "bad port") carry none of these and never reached it.
 */
const AFTER_CONNECTING = new Set([
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** Whether a network failure may have come after the request reached the service (for a write: maybe done). */
export function mayHaveReachedService(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && AFTER_CONNECTING.has(code)) return true;
    const inner = (current as { errors?: unknown[] }).errors;
    if (Array.isArray(inner) && inner.some((e) => mayHaveReachedService(e))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export function describeNetworkError(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES[code]) return NETWORK_CODES[code];
    const inner = (current as { errors?: unknown[] }).errors;
    if (Array.isArray(inner) && inner.length) {
      const described = describeNetworkError(inner[0]);
      if (described) return described;
    }
    if (typeof code === 'string') return `${(current as Error).message || 'network error'} (${code})`;
    current = (current as { cause?: unknown }).cause;
  }
  if (error instanceof Error) return error.message || 'network error';
  return String(error);
}

/** The base URL without trailing slashes, so `${base}/api` never has a double slash. */
export function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
