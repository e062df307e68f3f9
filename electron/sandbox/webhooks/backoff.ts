// Retry timing (spec 6.3 and 8): exponential backoff for about 24 hours, on the SANDBOX clock, so a
// test reaches "permanently failed" by advancing the clock instead of waiting a day.

export const FIRST_RETRY_MS = 30_000;
/** Doubling stops here: 30 s, 1, 2, 4, 8, 16, 32, 64 min, then every 2 h (19 attempts in 24 h). */
export const MAX_RETRY_GAP_MS = 2 * 60 * 60 * 1000;
/** Counted from the first attempt; no retry is scheduled past it. */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Spec 8: each delivery gets 10 s to answer (real time: the answer is a real HTTP response). */
export const DEFAULT_TIMEOUT_MS = 10_000;

/** Gap after the `failedAttempts`-th failure (1-based). */
export function retryGapMs(failedAttempts: number): number {
  const exp = Math.min(Math.max(failedAttempts - 1, 0), 30);
  return Math.min(FIRST_RETRY_MS * 2 ** exp, MAX_RETRY_GAP_MS);
}

/** When to try next, or null when the window is over and the delivery is permanently failed. */
export function nextAttemptMs(firstAttemptMs: number, lastAttemptMs: number, failedAttempts: number): number | null {
  const next = lastAttemptMs + retryGapMs(failedAttempts);
  return next <= firstAttemptMs + RETRY_WINDOW_MS ? next : null;
}
