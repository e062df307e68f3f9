// State pushes (counters, listener status, "new events stored") go out at once after a quiet
// spell and are folded into one push per gap during a burst, so 1 000 events/s do not mean
// hundreds of WebSocket frames a second per window. Fake timers: what is checked is the count and
// the order of pushes, never how fast they came.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PushGate, RUSH_GAP_MS, RUSH_PHASE, waitForPhase } from '../../electron/core/push-gate';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('PushGate', () => {
  it('sends a lone change at the next tick, and folds a burst into one push per gap', async () => {
    const sent: number[] = [];
    let state = 0;
    const gate = new PushGate(
      () => sent.push(state),
      50,
      () => Date.now(),
    );
    state = 1;
    gate.poke();
    gate.poke();
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    // One push for both pokes of the tick, at once.
    expect(sent).toEqual([1]);
    // A burst: a change every millisecond for 200 ms.
    for (let ms = 0; ms < 200; ms++) {
      state = 2 + ms;
      gate.poke();
      await vi.advanceTimersByTimeAsync(1);
    }
    // The last push of a rush waits for its gap and then for its turn (RUSH_PHASE): two gaps at most.
    await vi.advanceTimersByTimeAsync(2 * RUSH_GAP_MS);
    // A push per gap, never one per change (1 000 a second is a rush: the gap soon widens to
    // RUSH_GAP_MS), and the last state always goes out.
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(sent.length).toBeLessThanOrEqual(4);
    expect(sent[sent.length - 1]).toBe(201);
    // Quiet again: the next change goes at the next tick.
    await vi.advanceTimersByTimeAsync(1000);
    state = 500;
    gate.poke();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent[sent.length - 1]).toBe(500);
  });

  it('widens the gap to RUSH_GAP_MS in a rush (100+ changes a second), keeps 50 ms at a venue’s rates, and narrows it after a quiet spell', async () => {
    const sentAt: number[] = [];
    const gate = new PushGate(
      () => sentAt.push(Date.now()),
      50,
      () => Date.now(),
    );
    const start = Date.now();
    // A change every 5 ms (200 a second) for 3 s: a rush.
    for (let ms = 0; ms < 3000; ms += 5) {
      gate.poke();
      await vi.advanceTimersByTimeAsync(5);
    }
    await vi.advanceTimersByTimeAsync(RUSH_GAP_MS + 50);
    const gaps = sentAt.slice(1).map((t, i) => t - sentAt[i]);
    // The first pushes of the rush are 50 ms apart (the rate is not known yet), the later ones RUSH_GAP_MS.
    expect(RUSH_GAP_MS).toBeGreaterThanOrEqual(250);
    expect(gaps.slice(0, 3).every((g) => g >= 50 && g < 60)).toBe(true);
    expect(gaps.slice(-3).every((g) => g >= RUSH_GAP_MS && g < RUSH_GAP_MS + 10)).toBe(true);
    expect(sentAt.length).toBeLessThan(3000 / 100);
    expect(sentAt[0] - start).toBeLessThan(10);
    // A lone change after the rush goes at once.
    await vi.advanceTimersByTimeAsync(1000);
    const before = sentAt.length;
    gate.poke();
    await vi.advanceTimersByTimeAsync(0);
    expect(sentAt.length).toBe(before + 1);
    // A busy evening, not a rush: a change every 30 ms for 3 s keeps pushes about 50-60 ms apart.
    await vi.advanceTimersByTimeAsync(1000);
    const evening = sentAt.length;
    for (let ms = 0; ms < 3000; ms += 30) {
      gate.poke();
      await vi.advanceTimersByTimeAsync(30);
    }
    const eveningGaps = sentAt.slice(evening + 1).map((t, i) => t - sentAt[evening + i]);
    expect(eveningGaps.length).toBeGreaterThan(40);
    expect(Math.max(...eveningGaps)).toBeLessThanOrEqual(60);
  });

  it('in a rush, pushes keep the beat of the wall clock at RUSH_PHASE.screens, so the board (half a gap later) never lands with them', async () => {
    const sentAt: number[] = [];
    const gate = new PushGate(
      () => sentAt.push(Date.now()),
      50,
      () => Date.now(),
    );
    for (let ms = 0; ms < 3000; ms += 5) {
      gate.poke();
      await vi.advanceTimersByTimeAsync(5);
    }
    await vi.advanceTimersByTimeAsync(RUSH_GAP_MS + 50);
    const rushPushes = sentAt.slice(-3);
    expect(rushPushes.map((t) => t % RUSH_GAP_MS)).toEqual([
      RUSH_PHASE.screens,
      RUSH_PHASE.screens,
      RUSH_PHASE.screens,
    ]);
    expect(RUSH_PHASE.board - RUSH_PHASE.screens).toBe(RUSH_GAP_MS / 2);
  });

  it('waitForPhase: at least the earliest wait, then on to the next instant at the phase', () => {
    // Wall 1 000 ms, gap 500: phase 250 is 250 ms away; phase 0 is now.
    expect(waitForPhase(0, 500, 250, 1_000)).toBe(250);
    expect(waitForPhase(0, 500, 0, 1_000)).toBe(0);
    // At least 100 ms from 1 200 is 1 300; the next instant at phase 250 is 1 750.
    expect(waitForPhase(100, 500, 250, 1_200)).toBe(550);
    // A negative earliest (the gap passed long ago) counts as now.
    expect(waitForPhase(-40, 500, 0, 1_499)).toBe(1);
  });
});
