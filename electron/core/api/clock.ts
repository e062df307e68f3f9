// Time as a dependency: token expiry and the refresh timer read it, so tests can move time
// forward instead of waiting 21 hours for a refresh.

export type TimerHandle = unknown;

export interface Clock {
  /** Unix ms. */
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

// Node's setTimeout overflows above 2^31-1 ms (about 24.8 days) and then fires at once.
const MAX_TIMER_MS = 2_147_483_647;

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(callback, ms) {
    const timer = setTimeout(callback, Math.min(Math.max(0, ms), MAX_TIMER_MS));
    // Background timers (token refresh, sign-in expiry) must never keep a process alive.
    timer.unref?.();
    return timer;
  },
  clearTimeout(handle) {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};

/** A clock that only moves when told to. advance() fires the timers that fall due, in order. */
export class ManualClock implements Clock {
  private timers: { id: number; at: number; callback: () => void }[] = [];
  private nextId = 1;

  constructor(private current: number = Date.UTC(2025, 0, 1)) {}

  now(): number {
    return this.current;
  }

  setTimeout(callback: () => void, ms: number): TimerHandle {
    const id = this.nextId++;
    this.timers.push({ id, at: this.current + Math.max(0, ms), callback });
    return id;
  }

  clearTimeout(handle: TimerHandle): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }

  /** Timers still waiting, for assertions. */
  pendingTimers(): number {
    return this.timers.length;
  }

  /** Unix ms of the next timer, or null. */
  nextTimerAt(): number | null {
    return this.timers.length ? Math.min(...this.timers.map((t) => t.at)) : null;
  }

  advance(ms: number): void {
    const target = this.current + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.current = Math.max(this.current, due.at);
      due.callback();
    }
    this.current = target;
  }
}

/** A clock reading `now` from a function but using real timers (ServiceClient's `now` option). */
export function clockFrom(now: () => number): Clock {
  return { ...systemClock, now };
}
