// How a request's outcome crosses Electron's context bridge with its kind intact. The bridge copies
// an Error's message only (its own fields are lost), but a plain object whole: so the preload
// rejects with the plain error payload, and the renderer's side rebuilds the AppError from it.
import { AppError, fromErrorPayload, readErrorPayload } from './app-error';
import { errorMessage } from './errors';

/** The preload's side: the result, or a rejection with the plain payload `{kind, data, message}`. */
export function settleOutcome(outcome: unknown): Promise<unknown> {
  const o = outcome as { ok?: unknown; result?: unknown; error?: unknown } | null;
  if (o && o.ok === true) return Promise.resolve(o.result);
  const payload = readErrorPayload(o?.error) ?? {
    kind: 'internal',
    data: {},
    message: 'The app refused the request without saying why',
  };
  // A plain object on purpose: an Error would arrive on the other side as its message alone.
  return Promise.reject(payload);
}

/** The renderer's side: whatever a call rejected with, as an AppError with its kind and data. */
export function rebuildError(reason: unknown): AppError {
  if (reason instanceof AppError) return reason;
  const payload = reason instanceof Error ? null : readErrorPayload(reason);
  if (payload) return fromErrorPayload(payload);
  return new AppError('internal', errorMessage(reason), {}, { cause: reason });
}
