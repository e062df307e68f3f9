// Start-up replay: projections registered together share one pass over the log, one added later
// still gets the whole log, and the sequential reads return exactly the rows the index points at
// (rows across read windows, a row larger than a window, the live segment's tail).
import { afterAll, describe, expect, it } from 'vitest';
import { EventLog, WebhookReceiver } from '../../electron/core/webhooks';
import type { StoredEventRow } from '../../electron/core/webhooks/event-record';
import { deliver, envelope, removeTempDirs, SECRET, TestClock, tempDir } from './webhook-fixtures';

afterAll(removeTempDirs);

const guest = (n: number) => envelope('GUEST_SUBSCRIBED', { targetUuid: `cust-${n}`, data: { handle: `h${n}` } });

describe('replay at start', () => {
  it('feeds every projection registered together from one pass, in log order; a later one gets the whole log too', async () => {
    const dataDir = tempDir();
    const clock = new TestClock();
    const a = new WebhookReceiver({ dataDir, secret: SECRET, now: clock.now });
    const { url } = await a.start();
    for (let n = 0; n < 12; n++) await deliver(url!, guest(n));
    await deliver(url!, guest(3)); // a duplicate: stored once, replayed once
    await a.stop();

    const b = new WebhookReceiver({ dataDir, secret: SECRET, now: clock.now });
    const seen: Record<string, number[]> = { one: [], two: [], late: [] };
    const spy = (name: string) => ({ name, apply: (e: { seq: number }) => seen[name].push(e.seq) });
    const replays: number[] = [];
    const original = EventLog.prototype.replay;
    EventLog.prototype.replay = function (this: EventLog, ...args: Parameters<EventLog['replay']>) {
      const visited = original.apply(this, args);
      replays.push(visited);
      return visited;
    };
    try {
      b.addProjections([spy('one'), spy('two')]);
      expect(replays).toEqual([12]);
      b.addProjection(spy('late'));
      expect(replays).toEqual([12, 12]);
    } finally {
      EventLog.prototype.replay = original;
    }
    const all = Array.from({ length: 12 }, (_, i) => i + 1);
    expect(seen).toEqual({ one: all, two: all, late: all });
    const { url: again } = await b.start();
    await deliver(again!, guest(99));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen.one.at(-1)).toBe(13);
    expect(seen.late.at(-1)).toBe(13);
    await b.stop();
  });
});

describe('sequential replay reads', () => {
  it('returns the same rows as reading each by seq, across windows, segments and rows larger than a window', async () => {
    const dir = tempDir();
    const log = new EventLog({ dir, retentionEvents: null, retentionMs: null, segmentEvents: 7 });
    const sizes = [10, 400_000, 300_000, 1_500_000, 50, 700_000, 20, 2_100_000, 5, 900_000, 30, 10];
    for (const [n, size] of sizes.entries()) {
      const body = JSON.stringify({ n, pad: 'x'.repeat(size) });
      await log.append({
        receivedAt: 1000 + n,
        type: 'GUEST_SUBSCRIBED',
        knownType: true,
        targetUuid: `cust-${n}`,
        targetId: null,
        locationUuid: null,
        locationName: null,
        locationId: null,
        createdAt: null,
        verification: 'verified',
        problem: null,
        dedupeKey: `key-${n}`,
        headers: {},
        rawBody: body,
        rawBodyBase64: null,
        bodyBytes: body.length,
        truncated: false,
        httpStatus: 200,
        signature: { header: null, valid: true } as unknown as StoredEventRow['signature'],
      });
    }
    const replayed: StoredEventRow[] = [];
    expect(log.replay(0, (row) => replayed.push(row))).toBe(sizes.length);
    expect(replayed.map((r) => r.seq)).toEqual(sizes.map((_, i) => i + 1));
    for (const row of replayed) expect(row).toEqual(log.row(row.seq));
    const fromFive: number[] = [];
    log.replay(5, (row) => fromFive.push(row.seq));
    expect(fromFive).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);
    await log.close();
  });
});
