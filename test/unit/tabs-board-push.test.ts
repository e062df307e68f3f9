// Issue 12, the tabs board under load: no board work while no screen watches; once watched, one
// whole board and then only the tabs an event touched; the next push waits for the screen to draw
// the last one. Whatever the events, a screen that applies every push holds exactly the board the
// core would build from scratch.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyBoardPush, type BoardPush, type HeldBoard } from '../../shared/board-push';
import { CLOSED_ON_BOARD } from '../../shared/tabs';
import {
  BOARD_LEASE_MS,
  BOARD_MIN_GAP_MS,
  BOARD_RUSH_GAP_MS,
  BoardPusher,
} from '../../electron/core/tabs/board-pusher';
import { RUSH_PHASE } from '../../electron/core/push-gate';
import { boardTabOf, boardViewOf } from '../../electron/core/tabs/board-view';
import { OpenTabsProjection } from '../../electron/core/tabs/open-tabs-projection';
import { accepted, type Envelope } from './webhook-tab-story';
import { rng, T0 } from './webhook-fixtures';
import { tangledEvent } from './tangled-events';

beforeEach(() => void vi.useFakeTimers({ now: T0 }));
afterEach(() => void vi.useRealTimers());

// The rig leaves out the pushes' least gap (minGapMs 0) unless a test is about it, so each test
// here is about one rule.
function rig(location: { uuid: string | null } = { uuid: 'loc-1' }, minGapMs = 0) {
  const openTabs = new OpenTabsProjection();
  const pushes: BoardPush[] = [];
  let fullBuilds = 0;
  const pusher = new BoardPusher({
    openTabs,
    full: () => {
      fullBuilds++;
      return boardViewOf(openTabs.summary(location.uuid, CLOSED_ON_BOARD), location.uuid);
    },
    boardTabs: (tabs) => tabs.map((t) => boardTabOf(t)),
    location: () => location.uuid,
    emit: (push) => pushes.push(push),
    now: () => Date.now(),
    pushDelayMs: 50,
    minGapMs,
  });
  let seq = 0;
  const apply = (envelope: Envelope) => {
    openTabs.apply(accepted(envelope, ++seq));
    pusher.changed();
  };
  // What a screen holds after applying every push in order.
  let held: HeldBoard | null = null;
  let resyncs = 0;
  const screen = () => {
    for (const push of pushes.splice(0)) {
      const next = applyBoardPush(held, push);
      if (next === 'resync') resyncs++;
      else held = next;
    }
    return held;
  };
  const truth = () => boardViewOf(openTabs.summary(location.uuid, CLOSED_ON_BOARD), location.uuid);
  return {
    openTabs,
    pusher,
    pushes,
    apply,
    screen,
    truth,
    location,
    fullBuilds: () => fullBuilds,
    resyncs: () => resyncs,
  };
}

const minute = (n: number) => new Date(T0 + n * 60_000).toISOString();
const open = (tab: string, at: number, loc = 'loc-1'): Envelope => ({
  type: 'OPEN_TAB',
  targetUuid: tab,
  locationUuid: loc,
  createdAt: minute(at),
  data: { name: tab, spotName: 'T1', total: 0, openedFrom: 'SERVER_TAB' },
});
const close = (tab: string, at: number, loc = 'loc-1'): Envelope => ({
  type: 'CLOSE_TAB',
  targetUuid: tab,
  locationUuid: loc,
  createdAt: minute(at),
  data: {},
});
const item = (tab: string, uuid: string, at: number): Envelope => ({
  type: 'ITEM_ADDED',
  targetUuid: uuid,
  locationUuid: 'loc-1',
  createdAt: minute(at),
  data: {
    orderId: `o-${uuid}`,
    name: 'Fries',
    productName: 'Fries',
    quantity: 1,
    price: 500,
    tags: [],
    tabId: 't',
    tabUuid: tab,
    productId: 'p1',
    categoryName: 'Food',
  },
});

describe('tabs board pushes', () => {
  it('does no board work at all while no screen watches, then sends one whole board', () => {
    const r = rig();
    for (let n = 0; n < 500; n++) r.apply(open(`tab-${n}`, n));
    vi.advanceTimersByTime(5_000);
    expect(r.pushes).toEqual([]);
    expect(r.fullBuilds()).toBe(0);
    expect(r.pusher.counts).toEqual({ full: 0, delta: 0, tabsSent: 0 });

    r.pusher.watch('screen-1', null);
    vi.advanceTimersByTime(0);
    expect(r.pushes).toHaveLength(1);
    expect(r.pushes[0]).toMatchObject({ kind: 'full', version: 1 });
    expect(r.screen()).toEqual({ board: r.truth(), version: 1 });
  });

  it('after the whole board, an event sends only the tab it touched, whatever number of tabs are open', () => {
    const r = rig();
    for (let n = 0; n < 300; n++) r.apply(open(`tab-${n}`, n));
    r.pusher.watch('screen-1', null);
    vi.advanceTimersByTime(0);
    r.screen();
    r.pusher.watch('screen-1', 1);

    r.apply(item('tab-7', 'item-1', 400));
    vi.advanceTimersByTime(50);
    expect(r.pushes).toHaveLength(1);
    const push = r.pushes[0];
    expect(push.kind).toBe('delta');
    if (push.kind !== 'delta') return;
    expect(push.upsert.map((t) => t.uuid)).toEqual(['tab-7']);
    expect(push.remove).toEqual([]);
    expect(r.screen()?.board).toEqual(r.truth());
  });

  /** A rig with the least gap, one tab, and a screen that has drawn the whole board. */
  const drawnBoard = () => {
    const r = rig({ uuid: 'loc-1' }, BOARD_MIN_GAP_MS);
    r.apply(open('tab-a', 1));
    r.pusher.watch('screen-1', null);
    vi.advanceTimersByTime(0);
    r.pusher.watch('screen-1', r.screen()!.version);
    return r;
  };

  it('during a burst that a screen draws at once, pushes are at least BOARD_MIN_GAP_MS apart, and BOARD_RUSH_GAP_MS once the rate is a rush', () => {
    const r = drawnBoard();
    const times: number[] = [];
    // One event every 5 ms for 2 s; the screen draws every push the moment it arrives.
    for (let n = 0; n < 400; n++) {
      r.apply(item('tab-a', `item-${n}`, 2 + n));
      vi.advanceTimersByTime(5);
      if (r.pushes.length > 0) {
        times.push(Date.now());
        r.pusher.watch('screen-1', r.screen()!.version);
      }
    }
    vi.advanceTimersByTime(BOARD_RUSH_GAP_MS);
    if (r.pushes.length > 0) times.push(Date.now());
    expect(r.screen()?.board).toEqual(r.truth());
    const gaps = times.slice(1).map((t, i) => t - times[i]);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(BOARD_MIN_GAP_MS);
    // 200 events a second is a rush: once its rate is known (after the meter's first 500 ms
    // window), a board every BOARD_RUSH_GAP_MS.
    expect(BOARD_RUSH_GAP_MS).toBeGreaterThan(BOARD_MIN_GAP_MS);
    expect(gaps.slice(-2).every((g) => g >= BOARD_RUSH_GAP_MS)).toBe(true);
    // 2 s of events: about 5 pushes at the venue gap, then 3 at the rush gap; not 400, not one a frame.
    expect(times.length).toBeGreaterThanOrEqual(6);
    expect(times.length).toBeLessThanOrEqual(11);
  });

  it("in a rush, the board goes out halfway through each rush gap of the wall clock, between the other screens' pushes", () => {
    const r = drawnBoard();
    const pushedAt: number[] = [];
    let drawAt: number | null = null;
    // One event every 5 ms for 3 s, time in 1 ms steps; the screen says it drew each push 30 ms
    // after it came, while events keep coming (so its "drawn" finds the next push waiting).
    for (let ms = 0; ms < 3000; ms++) {
      if (ms % 5 === 0) r.apply(item('tab-a', `item-${ms}`, 2 + ms));
      const before = r.pushes.length;
      vi.advanceTimersByTime(1);
      if (r.pushes.length > before) {
        pushedAt.push(Date.now());
        drawAt = Date.now() + 30;
      }
      if (drawAt !== null && Date.now() >= drawAt) {
        drawAt = null;
        r.pusher.watch('screen-1', r.screen()!.version);
      }
    }
    expect(pushedAt.slice(-3).map((t) => t % BOARD_RUSH_GAP_MS)).toEqual([
      RUSH_PHASE.board,
      RUSH_PHASE.board,
      RUSH_PHASE.board,
    ]);
    // The last events go out at the next turn: the gap, then the phase (two gaps at most).
    vi.advanceTimersByTime(2 * BOARD_RUSH_GAP_MS);
    expect(r.screen()?.board).toEqual(r.truth());
  });

  it('waits for the screen to draw a push before sending the next; a screen that stops answering gets one a second', () => {
    const r = rig();
    r.apply(open('tab-a', 1));
    r.pusher.watch('screen-1', null);
    vi.advanceTimersByTime(0);
    expect(r.pushes).toHaveLength(1);

    // 200 events while the first push is not drawn yet: nothing more goes out...
    for (let n = 0; n < 200; n++) r.apply(item('tab-a', `item-${n}`, 2 + n));
    vi.advanceTimersByTime(500);
    expect(r.pushes).toHaveLength(1);
    // ...until the screen says it drew version 1: then one push carries all 200, at the board's
    // next turn (200 events at once are a rush: push-gate.ts's RUSH_PHASE).
    r.pusher.watch('screen-1', 1);
    for (let ms = 0; ms <= BOARD_RUSH_GAP_MS && r.pushes.length < 2; ms++) vi.advanceTimersByTime(1);
    expect(r.pushes).toHaveLength(2);
    expect(Date.now() % BOARD_RUSH_GAP_MS).toBe(RUSH_PHASE.board);
    expect(r.screen()?.board).toEqual(r.truth());

    // Never acknowledged: the next change still goes out, a second after the last push.
    r.apply(item('tab-a', 'item-late', 999));
    vi.advanceTimersByTime(900);
    expect(r.pushes).toHaveLength(0);
    vi.advanceTimersByTime(200);
    expect(r.pushes).toHaveLength(1);
  });

  it('a closed tab pushed off the most recent ones leaves the screen, and the count follows', () => {
    const r = rig();
    for (let n = 0; n < CLOSED_ON_BOARD; n++) {
      r.apply(open(`tab-${n}`, n));
      r.apply(close(`tab-${n}`, n + 1));
    }
    r.pusher.watch('s', null);
    vi.advanceTimersByTime(0);
    expect(r.screen()?.board.closed).toHaveLength(CLOSED_ON_BOARD);
    r.pusher.watch('s', 1);
    r.apply(open('tab-new', 500));
    r.apply(close('tab-new', 501));
    vi.advanceTimersByTime(50);
    const push = r.pushes[0];
    expect(push).toMatchObject({ kind: 'delta', remove: ['tab-0'], closedCount: CLOSED_ON_BOARD + 1 });
    expect(r.screen()?.board).toEqual(r.truth());
  });

  it('a lease not renewed ends the pushes; unwatching ends them at once', () => {
    const r = rig();
    r.pusher.watch('s', null);
    vi.advanceTimersByTime(0);
    r.screen();
    r.pusher.watch('s', 1);
    vi.advanceTimersByTime(BOARD_LEASE_MS + 1);
    r.apply(open('tab-a', 1));
    vi.advanceTimersByTime(2_000);
    expect(r.pushes).toEqual([]);

    r.pusher.watch('s', null);
    vi.advanceTimersByTime(0);
    expect(r.pushes).toHaveLength(1);
    r.pusher.unwatch('s');
    r.apply(open('tab-b', 2));
    vi.advanceTimersByTime(2_000);
    expect(r.pushes).toHaveLength(1);
  });

  it('a screen that missed a push asks again and gets a whole board', () => {
    const r = rig();
    r.pusher.watch('s', null);
    vi.advanceTimersByTime(0);
    r.screen();
    r.pusher.watch('s', 1);
    r.apply(open('tab-a', 1));
    vi.advanceTimersByTime(50);
    r.pushes.splice(0); // lost on the way (a reconnect)
    r.pusher.watch('s', 1);
    r.apply(open('tab-b', 2));
    vi.advanceTimersByTime(1_100);
    r.screen();
    expect(r.resyncs()).toBe(1);
    r.pusher.watch('s', null);
    vi.advanceTimersByTime(1_100);
    expect(r.screen()?.board).toEqual(r.truth());
  });

  it('whatever the events, acknowledgements and location changes, the screen holds the board built from scratch (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 80 }), (seed, length) => {
        vi.setSystemTime(T0);
        const random = rng(seed);
        const r = rig({ uuid: 'loc-1' });
        r.pusher.watch('s', null);
        for (let i = 0; i < length; i++) {
          const roll = random();
          if (roll < 0.55) r.apply(tangledEvent(random));
          else if (roll < 0.85) {
            // Many tabs opening and closing, so the most recent closed ones roll over.
            const tab = `many-${Math.floor(random() * 90)}`;
            r.apply(random() < 0.5 ? open(tab, Math.floor(random() * 600)) : close(tab, Math.floor(random() * 600)));
          } else if (roll < 0.9) {
            // As TabsService.setLocation does: the next push is a whole board.
            r.location.uuid = ['loc-1', 'loc-2', null][Math.floor(random() * 3)];
            r.pusher.everything();
          }
          if (random() < 0.5) vi.advanceTimersByTime(Math.floor(random() * 1_200));
          const held = r.screen();
          if (held && random() < 0.7) r.pusher.watch('s', held.version);
          if (r.resyncs() > 0) r.pusher.watch('s', null);
        }
        // Settle: acknowledge until nothing more is sent.
        for (let k = 0; k < 5; k++) {
          vi.advanceTimersByTime(1_100);
          const held = r.screen();
          if (held) r.pusher.watch('s', held.version);
        }
        vi.advanceTimersByTime(1_100);
        expect(r.screen()?.board).toEqual(r.truth());
        r.pusher.stop();
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
