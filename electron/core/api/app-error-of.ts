// Anything thrown in the core as an AppError, so the kind crosses every boundary: an AppError stays
// as it is, a ServiceError becomes the kind a screen tells apart, and anything else is `internal`
// with its message kept for the log.
import { AppError, type ErrorPayload } from '../../../shared/app-error';
import { errorMessage } from '../../../shared/errors';
import { isSpendLimitRefusal } from '../tabs/service-refusal';
import { ServiceError } from './errors';
import { mayHaveReachedService } from './http';

export function appErrorOf(error: unknown): AppError {
  if (error instanceof AppError) return error;
  // A ServiceError of our own making (the sign-in flow's) carries its kind as its cause.
  if (error instanceof ServiceError && error.cause instanceof AppError) return error.cause;
  if (error instanceof ServiceError) return fromServiceError(error);
  return new AppError('internal', errorMessage(error), {}, { cause: error });
}

export function errorPayloadOf(error: unknown): ErrorPayload {
  return appErrorOf(error).toPayload();
}

/** GET and HEAD change nothing; any other method may have changed something before it failed. */
function isWrite(route: string): boolean {
  return !/^(GET|HEAD|OPTIONS)\b/.test(route);
}

function fromServiceError(error: ServiceError): AppError {
  const message = error.message;
  const options = { cause: error };
  const write = isWrite(error.route);
  switch (error.kind) {
    case 'sign-in-required':
      return new AppError('not-signed-in', message, {}, options);
    case 'auth':
      // Credentials refused: 403 says they are known but not allowed, anything else that they are wrong.
      return error.status === 403
        ? new AppError('forbidden', message, { by: 'service' }, options)
        : new AppError('not-signed-in', message, {}, options);
    case 'forbidden':
      return new AppError('forbidden', message, { by: 'service' }, options);
    case 'network':
      // A write cut off after it may have reached the service is not "unreachable" (safe to press
      // again): it may have been done.
      return write && mayHaveReachedService(error.cause)
        ? new AppError('outcome-unknown', message, { operation: error.route }, options)
        : new AppError('unreachable', message, {}, options);
    case 'timeout':
      return write
        ? new AppError('outcome-unknown', message, { operation: error.route }, options)
        : new AppError('timed-out', message, {}, options);
    case 'bad-response':
      return new AppError('cannot-read', message, { what: error.route }, options);
    case 'http':
      break;
  }
  const status = error.status;
  if (status === 401) return new AppError('not-signed-in', message, {}, options);
  if (status === 403) return new AppError('forbidden', message, { by: 'service' }, options);
  if (status === 429) return new AppError('rate-limited', message, { retryAfterMs: error.retryAfterMs }, options);
  if (status !== null && status >= 500) {
    // A write the service failed on may still have happened on its side.
    return write
      ? new AppError('outcome-unknown', message, { operation: error.route }, options)
      : new AppError('service-failed', message, { status }, options);
  }
  if (isSpendLimitRefusal(error)) {
    return new AppError(
      'spend-limit',
      message,
      { limitCents: null, spentCents: null, orderCents: null, mode: null },
      options,
    );
  }
  const said = error.serviceMessage;
  if (status === 404) return new AppError('not-found', message, { what: error.route, said }, options);
  if (status === 409) return new AppError('conflict', message, { what: error.route, said }, options);
  // Any other refusal: nothing happened, and the service's reason says why.
  if (status !== null && status >= 400) return new AppError('invalid', message, { field: null, said }, options);
  return new AppError('internal', message, {}, options);
}
