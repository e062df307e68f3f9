// The inspector's search, newest first: a free-text or target search stops once it has the page
// asked for (and one more, to know there are more), says so with `more`, and searches further
// when a later page is asked for; a call reads at most a slice of the log from disk, and asking
// again goes on where it stopped. Whatever the slicing, the matches are those of the exact scan.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EventLog, WebhookReceiver } from '../../electron/core/webhooks';
import { deliver, envelope, removeTempDirs, SECRET, TestClock, tempDir } from './webhook-fixtures';

afterAll(removeTempDirs);

const note = (n: number, text: string) => envelope('BRAND_NEW', { targetId: `n${n}`, data: { note: text } });

/** 40 rows: every third says "burger", row 20 says "rare". */
async function filledLog(): Promise<{ dataDir: string; clock: TestClock }> {
  const dataDir = tempDir();
  const clock = new TestClock();
  const receiver = new WebhookReceiver({ dataDir, secret: SECRET, now: clock.now, segmentEvents: 7 });
  const { url } = await receiver.start();
  for (let n = 1; n <= 40; n++)
    await deliver(url!, note(n, n === 20 ? 'a rare dish' : n % 3 === 0 ? `Burger ${n}` : `plain ${n}`));
  await receiver.stop();
  return { dataDir, clock };
}

const ids = (rows: { targetId: string | null }[]) => rows.map((r) => r.targetId);

describe('search newest first', () => {
  it('stops at the page asked for, says there is more, and goes on for a later page', async () => {
    const { dataDir, clock } = await filledLog();
    const log = new EventLog({ dir: join(dataDir, 'webhook-log'), now: clock.now });
    const first = log.newest({ text: 'burger' }, 0, 3);
    expect(ids(first.rows)).toEqual(['n39', 'n36', 'n33']);
    // One match past the page is known, no more: the rest of the log was not read.
    expect(first).toMatchObject({ total: 4, more: true });
    const second = log.newest({ text: 'BURGER' }, 3, 3);
    expect(ids(second.rows)).toEqual(['n30', 'n27', 'n24']);
    expect(second).toMatchObject({ total: 7, more: true });
    const rest = log.newest({ text: 'burger' }, 6, 100);
    expect(ids(rest.rows)).toEqual(['n21', 'n18', 'n15', 'n12', 'n9', 'n6', 'n3']);
    expect(rest.total).toBe(13);
    expect(rest.more).toBeUndefined();
    // The same matches as the exact oldest-first scan, reversed.
    expect(ids(log.page({ text: 'burger' }, 0, 100).rows).reverse()).toEqual([
      ...ids(first.rows),
      ...ids(second.rows),
      ...ids(rest.rows),
    ]);
    await log.close();
  });

  it('answers a rare text in slices of the log and finds it, then nothing more', async () => {
    const { dataDir, clock } = await filledLog();
    const log = new EventLog({ dir: join(dataDir, 'webhook-log'), now: clock.now, searchRowsPerCall: 8 });
    const pages = [];
    for (let call = 0; call < 10; call++) {
      const page = log.newest({ text: 'rare' }, 0, 10);
      pages.push(page);
      if (page.more !== true) break;
    }
    // 40 rows read 8 a call: five calls, the first two (rows 40..25) find nothing yet.
    expect(pages.map((p) => p.total)).toEqual([0, 0, 1, 1, 1]);
    expect(pages.slice(0, 4).every((p) => p.more === true)).toBe(true);
    expect(ids(pages[4].rows)).toEqual(['n20']);
    expect(log.newest({ text: 'no such dish' }, 0, 10).more).toBe(true);
    await log.close();
  });

  it('puts rows stored after a search began first, and counts index-only filters exactly', async () => {
    const { dataDir, clock } = await filledLog();
    const receiver = new WebhookReceiver({ dataDir, secret: SECRET, now: clock.now, segmentEvents: 7 });
    const { url } = await receiver.start();
    expect(ids(receiver.newest({ text: 'burger' }, 0, 2).rows)).toEqual(['n39', 'n36']);
    await deliver(url!, note(41, 'burger late'));
    const page = receiver.newest({ text: 'burger' }, 0, 3);
    expect(ids(page.rows)).toEqual(['n41', 'n39', 'n36']);
    expect(page.more).toBe(true);
    // A type filter is answered from memory: exact total, never `more`.
    const typed = receiver.newest({ type: 'BRAND_NEW' }, 0, 2);
    expect(typed.total).toBe(41);
    expect(typed.more).toBeUndefined();
    expect(ids(typed.rows)).toEqual(['n41', 'n40']);
    // Unfiltered, newest first.
    expect(ids(receiver.newest({}, 40, 5).rows)).toEqual(['n1']);
    await receiver.stop();
  });
});
