// The heap trim: after a busy spell, once the loop is quiet, one full collection gives V8's grown
// heap back; never while work goes on, never twice for the same growth. Run against this
// process's real V8 heap and real gc; only time and loop utilisation are given by the test.
import { describe, expect, it } from 'vitest';
import { exposedGc, heapTrim, type HeapTrimReport } from '../../electron/core/heap-trim';
import { getHeapStatistics } from 'node:v8';

const MB = 1_048_576;

function clock() {
  let t = 0;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

/** About `mb` MB of small objects kept alive until the caller drops them. */
function grow(mb: number): unknown[] {
  const keep: unknown[] = [];
  for (let i = 0; i < mb * 8_000; i++) keep.push({ n: i, s: `row ${i}`, a: [i, i + 1] });
  return keep;
}

describe('heap trim', () => {
  it('a quiet loop after the heap grew: one full collection gives the pages back', () => {
    const gc = exposedGc();
    expect(gc).not.toBeNull();
    gc!();
    const c = clock();
    const trims: HeapTrimReport[] = [];
    const trim = heapTrim({ gc: gc!, now: c.now, utilization: () => 0, onTrim: (t) => trims.push(t) });
    // Kept alive through the quiet spell, so V8's own collector (busy on a loaded machine) cannot
    // hand the pages back first; dropped just before the look that trims.
    const holder: { kept: unknown[] | null } = { kept: grow(120) };
    expect(getHeapStatistics().total_heap_size).toBeGreaterThan(64 * MB);
    // The first quiet look starts the quiet spell; the trim comes once it has lasted 3 s.
    expect(trim.check()).toBe(false);
    c.advance(2_000);
    expect(trim.check()).toBe(false);
    c.advance(1_500);
    expect(holder.kept?.length).toBeGreaterThan(0);
    holder.kept = null;
    expect(trim.check()).toBe(true);
    expect(trims).toHaveLength(1);
    expect(trims[0].beforeBytes - trims[0].afterBytes).toBeGreaterThan(48 * MB);
    // The same growth is never trimmed twice.
    c.advance(60_000);
    expect(trim.check()).toBe(false);
  });

  it('never trims while the loop is busy, and a busy look starts the quiet spell over', () => {
    const c = clock();
    let busy = 0.6;
    let heap = 100 * MB;
    let collections = 0;
    const trim = heapTrim({
      gc: () => {
        collections += 1;
        heap = 110 * MB;
      },
      now: c.now,
      heapBytes: () => heap,
      utilization: () => busy,
    });
    heap = 300 * MB;
    for (let i = 0; i < 20; i++) {
      c.advance(1_000);
      expect(trim.check()).toBe(false);
    }
    busy = 0.02;
    c.advance(1_000);
    trim.check();
    c.advance(2_500);
    busy = 0.4;
    expect(trim.check()).toBe(false);
    busy = 0.02;
    c.advance(1_000);
    expect(trim.check()).toBe(false);
    c.advance(3_000);
    expect(trim.check()).toBe(true);
    expect(collections).toBe(1);
    // Growth past what was left (live data) is trimmed again, but not within 10 s of the last trim.
    heap = 200 * MB;
    c.advance(5_000);
    expect(trim.check()).toBe(false);
    c.advance(5_000);
    expect(trim.check()).toBe(true);
    expect(collections).toBe(2);
  });

  it('a heap V8 shrank on its own is the new floor: growth is counted from there', () => {
    const c = clock();
    let heap = 200 * MB;
    let collections = 0;
    const trim = heapTrim({ gc: () => (collections += 1), now: c.now, heapBytes: () => heap, utilization: () => 0 });
    heap = 120 * MB;
    trim.check();
    heap = 140 * MB;
    c.advance(5_000);
    expect(trim.check()).toBe(false);
    heap = 160 * MB;
    c.advance(1_000);
    expect(trim.check()).toBe(true);
    expect(collections).toBe(1);
  });
});
