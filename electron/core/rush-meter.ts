// Tells a rush from a busy evening by the rate of changes. A venue's webhooks come a few to a few
// dozen a second; a hundred or more a second is a backlog being delivered or a load test, and
// then the screens fall back to a few redraws a second: nobody reads a list that moves faster,
// and on a two-core workstation every redraw of the two screens is CPU the webhook answers wait
// for (in a soak at 1 000 events/s the screens' Chromium processes went from about 55 % to 30 %
// of a core when their pushes went from ten to four a second). Rates below the line keep the
// short gaps, so a single order still reaches the screen at once.

/** Changes per second from which the screens slow down. */
export const RUSH_PER_SECOND = 100;
/** Length of each counting window. */
export const RUSH_WINDOW_MS = 500;

export class RushMeter {
  private windowStart = Number.NEGATIVE_INFINITY;
  private inWindow = 0;
  private rushing = false;

  constructor(
    private readonly now: () => number,
    private readonly perSecond = RUSH_PER_SECOND,
  ) {}

  /** One change happened. */
  count(): void {
    this.roll();
    this.inWindow += 1;
  }

  /** Whether the last whole window (or the one under way, once it alone reaches the rate) was a rush. */
  get rush(): boolean {
    this.roll();
    return this.rushing || this.inWindow >= this.threshold();
  }

  private threshold(): number {
    return (this.perSecond * RUSH_WINDOW_MS) / 1000;
  }

  private roll(): void {
    const at = this.now();
    if (at - this.windowStart < RUSH_WINDOW_MS) return;
    // A window just ended: it decides, unless more than a window passed with nothing counted.
    this.rushing = at - this.windowStart < 2 * RUSH_WINDOW_MS && this.inWindow >= this.threshold();
    this.windowStart = at;
    this.inWindow = 0;
  }
}
