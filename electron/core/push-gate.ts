// Pushes of state that only matters as of now (counters, listener status, "new events stored")
// go out at most once per gap: the first change after a quiet spell goes at the next tick (so a
// single event still reaches the screen at once), changes during a burst are folded into one push
// when the gap has passed. At 1 000 events/s a push per tick meant hundreds of WebSocket frames a
// second per window, each its own write system call, for screens that repaint at most once a frame.
// The gap is 50 ms (about three frames) while events come one at a time or in short bursts, so a
// row shows up at once, and widens to 100 ms once a rush has kept every push waiting for a while
// (as the tabs board's): ten updates a second is as fast as anyone reads a list, and in a soak at
// 1 000 events/s each screen's redraws took a third of a core on a two-core machine the host
// shares with them.
export const PUSH_GAP_MS = 50;
export const RUSH_GAP_MS = 100;
/** Pushes in a row that had to wait for the gap before the gap widens (about half a second). */
export const RUSH_AFTER = 10;

export class PushGate {
  private last = Number.NEGATIVE_INFINITY;
  private pending = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private waitedInARow = 0;

  constructor(
    private readonly send: () => void,
    private readonly gapMs = PUSH_GAP_MS,
    private readonly now: () => number = () => performance.now(),
    private readonly rushGapMs = Math.max(gapMs, RUSH_GAP_MS),
  ) {}

  /** Something changed: push it soon, once. */
  poke(): void {
    if (this.pending) return;
    this.pending = true;
    // setImmediate first: everything that happens in this tick joins the same push.
    setImmediate(() => {
      const gap = this.waitedInARow >= RUSH_AFTER ? this.rushGapMs : this.gapMs;
      const wait = this.last + gap - this.now();
      if (wait <= 0) {
        // Quiet for a whole gap: the rush, if there was one, is over.
        this.waitedInARow = 0;
        this.fire();
      } else {
        this.waitedInARow += 1;
        this.timer = setTimeout(() => this.fire(), wait);
        // A pending push never keeps the process alive.
        this.timer.unref?.();
      }
    });
  }

  /** Drops a push not sent yet (the owner stopped). */
  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private fire(): void {
    this.timer = null;
    this.pending = false;
    this.last = this.now();
    this.send();
  }
}
