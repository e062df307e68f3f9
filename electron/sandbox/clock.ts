// The sandbox clock: a real clock plus an offset that tests move forward.
// Every expiry (tokens, codes, consent pages) and, later, every webhook retry reads this clock,
// never Date.now(), so "24 hours later" costs one POST /_sandbox/clock/advance instead of a day.

export interface SandboxClock {
  /** Sandbox time in unix ms. */
  nowMs(): number;
  /** How far the sandbox clock is ahead of the real one. */
  readonly offsetMs: number;
  /** Move the sandbox clock forward; returns the new sandbox time. */
  advanceMs(ms: number): number;
  /** Back to the real clock (used by reset). */
  resetOffset(): void;
  /**
   * Called after every advance with the new sandbox time, so work scheduled on the sandbox clock
   * (webhook retries, later) can run at once instead of waiting in real time. Returns an unsubscribe.
   */
  onAdvance(listener: (nowMs: number) => void): () => void;
}

export function createClock(realNow: () => number = Date.now): SandboxClock {
  let offset = 0;
  const listeners = new Set<(nowMs: number) => void>();
  return {
    nowMs: () => realNow() + offset,
    get offsetMs() {
      return offset;
    },
    advanceMs(ms: number) {
      // Going backwards would un-expire tokens and break the "codes are single-use in time" reasoning.
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the sandbox clock only moves forward');
      offset += ms;
      const now = realNow() + offset;
      for (const listener of listeners) listener(now);
      return now;
    },
    resetOffset() {
      offset = 0;
    },
    onAdvance(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Unix seconds, as the 2.2 token response carries them. */
export function toUnixSeconds(ms: number): number {
  return Math.floor(ms / 1000);
}
