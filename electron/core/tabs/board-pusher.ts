// When and what the tabs board pushes. Rebuilding and sending the board on a timer costs more
// the more tabs are open, whether or not a screen shows it, so under a busy venue's load:
// - no board work at all while no screen watches it (a screen holds a lease it renews);
// - a screen that starts watching gets the whole board once, then only the tabs that changed;
// - the next push waits until a screen says it drew the last one (its animation frame), so a
//   burst of 1 000 events is as many pushes as the screen can draw, not 1 000. A screen that stops
//   answering (hidden, frozen) slows pushes to one a second instead of stopping them.
import { CLOSED_ON_BOARD, type BoardTab, type BoardView } from '../../../shared/tabs';
import type { BoardPush } from '../../../shared/board-push';
import type { OpenTab } from '../../../shared/webhooks';
import { OpenTabsProjection } from './open-tabs-projection';
import { RUSH_GAP_MS, RUSH_PHASE, waitForPhase } from '../push-gate';
import { RushMeter } from '../rush-meter';

/** A watcher that does not renew within this long is gone (a closed window, a dropped socket). */
export const BOARD_LEASE_MS = 30_000;
/** How long an undrawn push holds the next one back. */
const ACK_WAIT_MS = 1_000;
/**
 * The least time between two pushes during a burst: ten a second is as fast as anyone reads a
 * board, and each push costs the host a derive and the screen a render, on the cores that also
 * answer the service's webhooks.
 */
export const BOARD_MIN_GAP_MS = 100;
/** The least gap in a rush (rush-meter.ts): two boards a second, as the other screens' pushes. */
export const BOARD_RUSH_GAP_MS = RUSH_GAP_MS;

export interface BoardPusherOptions {
  openTabs: OpenTabsProjection;
  /** The whole board as a screen shows it. */
  full(): BoardView;
  /** Tabs as a screen shows them (cents, labels, refunds asked here). */
  boardTabs(tabs: OpenTab[]): BoardTab[];
  location(): string | null;
  emit(push: BoardPush): void;
  now(): number;
  /** The first push after a quiet spell waits this long, so a burst that just started is one push. */
  pushDelayMs: number;
  /** The least time between two pushes (BOARD_MIN_GAP_MS unless a test says otherwise). */
  minGapMs?: number;
  /** The same in a rush (BOARD_RUSH_GAP_MS unless a test says otherwise). */
  rushGapMs?: number;
}

export class BoardPusher {
  private readonly leases = new Map<string, number>();
  private version = 0;
  private acked = 0;
  private lastPushAt = 0;
  private needFull = true;
  private pending = false;
  private pushedLocation: string | null = null;
  private readonly pushedOpen = new Set<string>();
  private readonly pushedClosed = new Set<string>();
  private pushedClosedCount = 0;
  /** Tabs whose board-only facts changed (a label, a refund asked here). */
  private readonly extraChanged = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  /** Pushes sent, whole and partial, for the bench and the tests. */
  readonly counts = { full: 0, delta: 0, tabsSent: 0 };
  private readonly rush: RushMeter;

  constructor(private readonly options: BoardPusherOptions) {
    this.rush = new RushMeter(options.now);
  }

  /**
   * A screen shows the board: its lease is renewed, and `seen` is the version it has drawn (null:
   * it holds no board it can build on and needs a whole one).
   */
  watch(watcherId: string, seen: number | null): void {
    const first = !this.watched();
    this.leases.set(watcherId, this.options.now() + BOARD_LEASE_MS);
    if (first || seen === null) {
      this.needFull = true;
      this.schedule(true);
      return;
    }
    if (seen > this.acked && seen <= this.version) {
      this.acked = seen;
      // The screen caught up: what waited for it goes now.
      if (this.pending) this.schedule(true);
    }
  }

  /** Screens holding a live lease. */
  get watchers(): number {
    return this.watched() ? this.leases.size : 0;
  }

  unwatch(watcherId: string): void {
    this.leases.delete(watcherId);
    if (!this.watched()) this.idle();
  }

  /** Something on the board may have changed (an event, or a tab's label or refunds). */
  changed(tabUuid?: string): void {
    if (tabUuid !== undefined) this.extraChanged.add(tabUuid);
    // Only the rate screens are shown matters: changes before anyone watched are not a rush.
    if (this.leases.size > 0) this.rush.count();
    this.pending = true;
    this.schedule(false);
  }

  /** Every amount or the location changed: the next push is a whole board. */
  everything(): void {
    this.needFull = true;
    this.schedule(false);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private watched(): boolean {
    const now = this.options.now();
    for (const [id, until] of this.leases) if (until <= now) this.leases.delete(id);
    return this.leases.size > 0;
  }

  /** Nobody watches: drop what was collected; whoever watches next starts from a whole board. */
  private idle(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.needFull = true;
    this.pending = false;
    this.extraChanged.clear();
    this.options.openTabs.stopChanges();
  }

  private schedule(now: boolean): void {
    if (this.stopped) return;
    if (!this.watched()) return this.idle();
    if (this.timer) {
      if (!now) return;
      clearTimeout(this.timer);
    }
    const undrawn = this.version > this.acked;
    const sinceLast = this.options.now() - this.lastPushAt;
    const gap = this.rush.rush
      ? (this.options.rushGapMs ?? BOARD_RUSH_GAP_MS)
      : (this.options.minGapMs ?? BOARD_MIN_GAP_MS);
    let wait = undrawn
      ? Math.max(0, ACK_WAIT_MS - sinceLast)
      : Math.max(now ? 0 : this.options.pushDelayMs, gap - sinceLast);
    // In a rush the board takes its turn between the other screens' pushes (push-gate.ts), also
    // when a screen's "drawn" lets the next push go; a screen that needs a whole board gets it now.
    if (this.rush.rush && !undrawn && !this.needFull)
      wait = waitForPhase(wait, gap, RUSH_PHASE.board * (gap / RUSH_GAP_MS), Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush();
    }, wait);
  }

  private flush(): void {
    if (this.stopped) return;
    if (!this.watched()) return this.idle();
    const at = this.options.location();
    if (this.needFull || at !== this.pushedLocation) return this.pushFull(at);
    if (!this.pending) return;
    this.pending = false;
    this.pushDelta(at);
  }

  private pushFull(at: string | null): void {
    // Changes from here on are what the next delta sends.
    this.options.openTabs.takeChanged();
    this.extraChanged.clear();
    const board = this.options.full();
    this.pushedOpen.clear();
    this.pushedClosed.clear();
    for (const t of board.open) this.pushedOpen.add(t.uuid);
    for (const t of board.closed) this.pushedClosed.add(t.uuid);
    this.pushedClosedCount = board.closedCount;
    this.pushedLocation = at;
    this.needFull = false;
    this.pending = false;
    this.counts.full++;
    this.counts.tabsSent += board.open.length + board.closed.length;
    this.send({ kind: 'full', version: this.version + 1, board });
  }

  private pushDelta(at: string | null): void {
    const { openTabs } = this.options;
    const changed = openTabs.takeChanged();
    for (const uuid of this.extraChanged) changed.add(uuid);
    this.extraChanged.clear();
    // The closed tabs shown are the most recent few: a close elsewhere can push one off the end.
    const top = openTabs.closedTop(at, CLOSED_ON_BOARD);
    const topIds = new Set(top.map((t) => t.uuid));
    const upsert: OpenTab[] = [];
    const remove: string[] = [];
    for (const uuid of changed) {
      const tab = openTabs.tab(uuid);
      if (tab !== undefined && (OpenTabsProjection.openAt(tab, at) || topIds.has(uuid))) upsert.push(tab);
      else if (this.pushedOpen.has(uuid) || this.pushedClosed.has(uuid)) remove.push(uuid);
    }
    for (const tab of top) if (!this.pushedClosed.has(tab.uuid) && !changed.has(tab.uuid)) upsert.push(tab);
    for (const uuid of this.pushedClosed) if (!topIds.has(uuid) && !changed.has(uuid)) remove.push(uuid);
    const closedCount = openTabs.closedCount(at);
    if (upsert.length === 0 && remove.length === 0 && closedCount === this.pushedClosedCount) return;
    for (const uuid of remove) {
      this.pushedOpen.delete(uuid);
      this.pushedClosed.delete(uuid);
    }
    for (const tab of upsert) {
      (tab.closedAt === null ? this.pushedOpen : this.pushedClosed).add(tab.uuid);
      (tab.closedAt === null ? this.pushedClosed : this.pushedOpen).delete(tab.uuid);
    }
    this.pushedClosedCount = closedCount;
    this.counts.delta++;
    this.counts.tabsSent += upsert.length;
    this.send({
      kind: 'delta',
      version: this.version + 1,
      base: this.version,
      upsert: this.options.boardTabs(upsert),
      remove,
      closedCount,
    });
  }

  private send(push: BoardPush): void {
    this.version = push.version;
    this.lastPushAt = this.options.now();
    this.options.emit(push);
  }
}
