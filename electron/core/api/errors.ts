// The one error type the API client throws. Every failure names the route it happened on and
// says in plain words what went wrong, because these messages end up on the Settings screen.
import { errorMessage } from '../../../shared/errors';

export type ServiceErrorKind =
  'network' | 'timeout' | 'http' | 'bad-response' | 'auth' | 'forbidden' | 'sign-in-required';

export interface ServiceErrorInit {
  kind: ServiceErrorKind;
  /** e.g. 'GET /api/loc' */
  route: string;
  status?: number | null;
  serviceMessage?: string | null;
  /** A machine code the service sent ('invalid_token'), when it sent one. */
  serviceCode?: string | null;
  /** Defaults by kind: network, timeout and 5xx/429 answers are worth trying again. */
  retryable?: boolean;
  /** The parsed JSON error body, for callers that must show a field verbatim (a spend-limit `alert`). */
  body?: unknown;
  /** From a Retry-After header (429, 503): how long the service asked us to wait, in ms. */
  retryAfterMs?: number | null;
  /**
   * The 2xx the service answered with when its body refused the request; `status` is then the
   * status that body implies (answer-refusal.ts), so a refusal is handled like any 4xx/5xx.
   */
  answeredStatus?: number | null;
  cause?: unknown;
}

export class ServiceError extends Error {
  readonly kind: ServiceErrorKind;
  readonly status: number | null;
  readonly route: string;
  readonly serviceMessage: string | null;
  readonly serviceCode: string | null;
  readonly retryable: boolean;
  readonly body: unknown;
  readonly retryAfterMs: number | null;
  readonly answeredStatus: number | null;

  constructor(message: string, init: ServiceErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ServiceError';
    this.kind = init.kind;
    this.route = init.route;
    this.status = init.status ?? null;
    this.serviceMessage = init.serviceMessage ?? null;
    this.serviceCode = init.serviceCode ?? null;
    this.retryable = init.retryable ?? defaultRetryable(init.kind, this.status);
    this.body = init.body;
    this.retryAfterMs = init.retryAfterMs ?? null;
    this.answeredStatus = init.answeredStatus ?? null;
  }
}

function defaultRetryable(kind: ServiceErrorKind, status: number | null): boolean {
  if (kind === 'network' || kind === 'timeout') return true;
  if (kind === 'http' && status !== null) return status >= 500 || status === 429;
  return false;
}

export function isServiceError(error: unknown): error is ServiceError {
  return error instanceof ServiceError;
}

/** ': <service message>' or a plain note that the service gave no reason. */
export function reasonSuffix(serviceMessage: string | null): string {
  return serviceMessage ? `: ${serviceMessage}` : ' (the service gave no reason)';
}

/** The error for a non-2xx answer, before a caller gives it a more specific meaning. */
export function httpError(
  route: string,
  status: number,
  serviceMessage: string | null,
  serviceCode: string | null = null,
  body?: unknown,
  retryAfterMs: number | null = null,
): ServiceError {
  return new ServiceError(`The service answered ${route} with ${status}${reasonSuffix(serviceMessage)}`, {
    kind: 'http',
    route,
    status,
    serviceMessage,
    serviceCode,
    body,
    retryAfterMs,
  });
}

/**
 * A 2xx whose body refuses the request: an 'http' error at the status the body implies, saying
 * what the service answered, so no caller takes it as done.
 */
export function refusedInBody(
  route: string,
  answeredStatus: number,
  impliedStatus: number,
  serviceMessage: string | null,
  serviceCode: string | null,
  body: unknown,
): ServiceError {
  return new ServiceError(
    `The service answered ${route} with ${answeredStatus}, but its answer refuses the request${reasonSuffix(serviceMessage)}`,
    { kind: 'http', route, status: impliedStatus, serviceMessage, serviceCode, body, answeredStatus },
  );
}

/** Retry-After as ms: delta-seconds or an HTTP date (RFC 9110 10.2.3); null when absent or unreadable. */
export function parseRetryAfter(value: string | null, nowMs: number): number | null {
  if (value === null || value.trim() === '') return null;
  const v = value.trim();
  if (/^\d{1,9}$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isFinite(at) ? Math.max(0, at - nowMs) : null;
}

/** Re-label an error as another kind with a better sentence, keeping status and service message. */
export function relabel(error: ServiceError, kind: ServiceErrorKind, message: string): ServiceError {
  return new ServiceError(message, {
    kind,
    route: error.route,
    status: error.status,
    serviceMessage: error.serviceMessage,
    serviceCode: error.serviceCode,
    body: error.body,
    retryAfterMs: error.retryAfterMs,
    answeredStatus: error.answeredStatus,
    cause: error,
  });
}

/** Anything thrown inside the client that is not already a ServiceError, as one. */
export function asServiceError(error: unknown, route: string): ServiceError {
  if (error instanceof ServiceError) return error;
  const detail = errorMessage(error);
  return new ServiceError(`Unexpected failure on ${route}: ${detail}`, {
    kind: 'bad-response',
    route,
    cause: error,
  });
}
