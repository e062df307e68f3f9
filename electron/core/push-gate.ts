// Pushes of state that only matters as of now (counters, listener status, "new events stored")
// go out at most once per gap: the first change after a quiet spell goes at the next tick (so a
// single event still reaches the screen at once), changes during a burst are folded into one push
// when the gap has passed. At 1 000 events/s a push per tick would be hundreds of WebSocket frames a
// second per window, each its own write system call, for screens that repaint at most once a frame.
// The gap is 50 ms (about three frames) at a venue's rates, so a row shows up at once, and 500 ms
// in a rush (rush-meter.ts: a hundred changes a second or more): two updates a second is as fast
// as anyone reads a list that moves that fast, and each redraw is CPU the webhook answers share
// (at 1 000 events/s a longer gap costs the two screens' renderers markedly less of a core).
import { RushMeter } from './rush-meter';

export const PUSH_GAP_MS = 50;
export const RUSH_GAP_MS = 500;

/**
 * Where in each rush gap a kind of push goes out, by the wall clock: the pushes of the Events
 * screen (counters, status, rows) at the start of each half second, the tabs board halfway
 * through. With their pushes landing at the same instant, two renderers and the host would wake
 * at once on two cores and the webhooks' tail latency would grow; taking turns spreads the same work.
 */
export const RUSH_PHASE = { screens: 0, board: RUSH_GAP_MS / 2 } as const;

/**
 * The wait before a push in a rush: at least `earliest` ms, then on to the next instant that is
 * `phase` ms into a `gap`-long period of the wall clock `wallNow` (so pushes of one kind keep a
 * steady beat, and kinds with different phases never coincide).
 */
export function waitForPhase(earliest: number, gap: number, phase: number, wallNow: number): number {
  const wait = Math.max(0, earliest);
  const into = (((wallNow + wait - phase) % gap) + gap) % gap;
  return into === 0 ? wait : wait + gap - into;
}

export class PushGate {
  private last = Number.NEGATIVE_INFINITY;
  private pending = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly rush: RushMeter;

  constructor(
    private readonly send: () => void,
    private readonly gapMs = PUSH_GAP_MS,
    private readonly now: () => number = () => performance.now(),
    private readonly rushGapMs = Math.max(gapMs, RUSH_GAP_MS),
  ) {
    this.rush = new RushMeter(now);
  }

  /** Something changed: push it soon, once. */
  poke(): void {
    this.rush.count();
    if (this.pending) return;
    this.pending = true;
    // setImmediate first: everything that happens in this tick joins the same push.
    setImmediate(() => {
      const rush = this.rush.rush;
      const earliest = this.last + (rush ? this.rushGapMs : this.gapMs) - this.now();
      // The phase is read from the wall clock, as the board's is, so the two keep one beat.
      const wait = rush ? waitForPhase(earliest, this.rushGapMs, RUSH_PHASE.screens, Date.now()) : earliest;
      if (wait <= 0) {
        this.fire();
      } else {
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
