// 1 000 events, each delivered 1–5 times, shuffled, 32 at a time, with the receiver restarted in
// the middle: every event is applied exactly once and the open-tabs board equals the board of
// applying each event once, in order.
import { afterAll, describe, expect, it } from 'vitest';
import type { AcceptedEvent } from '../../shared/webhooks';
import { WebhookReceiver } from '../../electron/core/webhooks';
import { OpenTabsProjection } from '../../electron/core/tabs/open-tabs-projection';
import { deliver, keepAlive, removeTempDirs, rng, SECRET, shuffle, TestClock, tempDir } from './webhook-fixtures';
import { accepted, type Envelope, tabStory } from './webhook-tab-story';

afterAll(removeTempDirs);

/**
 * Sends `deliveries` with `concurrency` workers. A delivery that fails (non-2xx or a dropped
 * connection, as during a restart) is handed back, as the service would retry it later.
 */
async function run(
  deliveries: Envelope[],
  url: string,
  concurrency: number,
  onProgress: (sent: number) => void = () => {},
): Promise<Envelope[]> {
  const failed: Envelope[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < deliveries.length) {
        const e = deliveries[next++];
        onProgress(next);
        try {
          const reply = await deliver(url, e, SECRET, {}, keepAlive);
          if (reply.status !== 200) failed.push(e);
        } catch {
          failed.push(e);
        }
      }
    }),
  );
  return failed;
}

describe('soak', () => {
  it('applies each of 1 000 events exactly once across duplicates, reordering, concurrency and a restart', async () => {
    const random = rng(20250601);
    const events: Envelope[] = [];
    for (let n = 0; events.length < 1000; n++) events.push(...tabStory(n, random));
    events.length = 1000;
    const deliveries = shuffle(
      events.flatMap((e) => Array.from({ length: 1 + Math.floor(random() * 5) }, () => e)),
      random,
    );
    // Re-serialize some retries the way a service might (other key order), signed anew.
    const sent = deliveries.map((e, i) =>
      i % 7 === 0 ? JSON.stringify(Object.fromEntries(Object.entries(e).reverse())) : e,
    ) as Envelope[];

    const dataDir = tempDir();
    const clock = new TestClock();
    const applied: AcceptedEvent[] = [];
    const half = Math.floor(sent.length / 2);

    const first = new WebhookReceiver({ dataDir, secret: SECRET, now: clock.now });
    first.events.on('applied', (e) => applied.push(e));
    first.addProjection(new OpenTabsProjection());
    const a = await first.start();
    // Stop the first receiver while deliveries are still in flight.
    let stopping: Promise<void> | null = null;
    const failedA = await run(sent.slice(0, half + 200), a.url!, 32, (n) => {
      if (n >= half && stopping === null) stopping = first.stop();
    });
    // Assigned inside the callback, so TypeScript cannot see it is a promise by now.
    await (stopping as Promise<void> | null);

    const second = new WebhookReceiver({ dataDir, secret: SECRET, now: clock.now });
    const board = new OpenTabsProjection();
    second.addProjection(board);
    second.events.on('applied', (e) => applied.push(e));
    const b = await second.start();
    const failedB = await run([...failedA, ...sent.slice(half + 200)], b.url!, 32);
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(failedA.length).toBeGreaterThan(0);
    expect(failedB).toEqual([]);
    const keys = applied.map((e) => e.dedupeKey);
    expect(new Set(keys).size).toBe(1000);
    expect(keys).toHaveLength(1000);
    const counters = second.counters();
    // Deliveries dropped by the restart before they were read are not received; the rest are.
    expect(counters).toMatchObject({ verified: 1000, rejected: 0, flagged: 0, stale: 0 });
    expect(counters.duplicate).toBe(counters.received - 1000);
    expect(counters.received).toBeGreaterThanOrEqual(sent.length);
    expect(second.page().total).toBe(1000);

    const reference = new OpenTabsProjection();
    events.forEach((e, i) => reference.apply(accepted(e, i + 1)));
    expect(board.board()).toEqual(reference.board());
    expect(board.board().length).toBeGreaterThan(40);
    await second.stop();
  });
});
