// The tabs board's checkpoint keeps each order's name and item count (a pass order out when the app
// stopped is decided by them), so its format went from 1 to 2. A checkpoint the release before
// wrote (test/fixtures/checkpoint-v1, make-checkpoint-v1.ts, whose log retention has already cut
// the first two tabs' events) is upgraded, never rebuilt away: the board restores from it with no
// notice, those tabs included; the file as it was is kept beside it; the orders whose events the
// log still holds get their names back; the next stop writes version 2, and the names of orders
// seen after the upgrade survive a restart from the checkpoint alone (a newer release's
// checkpoint: projection-checkpoint.test.ts).
import { cpSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_VERSION } from '../../electron/core/storage/data-format';
import { startTabsReceiver, type StartedTabs } from './tabs-receiver-kit';
import { CHECKPOINT_VERSION } from '../../electron/core/webhooks/projection-checkpoint';
import { deliver, envelope, removeTempDirs, T0, tempDir } from './webhook-fixtures';
import { LOG_OPTIONS, orderName, orderUuid } from '../fixtures/checkpoint-v1-events';

afterAll(removeTempDirs);

const FIXTURE = join(import.meta.dirname, '../fixtures/checkpoint-v1');
const CHECKPOINT = 'checkpoint-open-tabs+gift-cards+notices.bin';
const OVERLAP = 3;

const start = (dataDir: string, checkpoint = true): Promise<StartedTabs> =>
  startTabsReceiver(dataDir, { now: () => T0, overlap: OVERLAP, checkpoint, ...LOG_OPTIONS });

const tabsOn = (s: StartedTabs) => s.tabs.openTabs.board().map((t) => t.uuid);
const orders = (s: StartedTabs, tab: number) => s.tabs.openTabs.ordersOf(`tab-${tab}`).map((o) => o.uuid);
const header = (dataDir: string) =>
  JSON.parse(readFileSync(join(dataDir, CHECKPOINT), 'utf8').split('\n')[0]) as { format: number; writtenBy?: string };
const at = (n: number) => new Date(T0 + n * 1000).toISOString();

describe('a tabs board checkpoint of format version 1', () => {
  it('is upgraded: restored with no notice, kept as it was, written as version 2 at the next stop', async () => {
    const dataDir = tempDir();
    cpSync(FIXTURE, dataDir, { recursive: true });
    const original = readFileSync(join(dataDir, CHECKPOINT));
    expect(header(dataDir).format).toBe(1);

    const first = await start(dataDir);
    expect(first.reports).toEqual([]);
    expect(first.lines).toContainEqual(expect.stringMatching(/was of version 1: upgraded to 2/));
    expect(first.lines).not.toContainEqual(expect.stringMatching(/rebuilt/));
    const kept = readdirSync(dataDir).filter((f) => f.startsWith(`${CHECKPOINT}.v1-`));
    expect(kept).toHaveLength(1);
    expect(readFileSync(join(dataDir, kept[0])).equals(original)).toBe(true);
    // The log alone no longer has the first two tabs; the upgraded checkpoint keeps them.
    const full = await start(dataDir, false);
    expect(tabsOn(full)).toEqual(['tab-3']);
    expect(tabsOn(first)).toEqual(['tab-1', 'tab-2', 'tab-3']);
    for (const tab of [1, 2, 3]) expect(orders(first, tab)).toEqual([orderUuid(tab, 1), orderUuid(tab, 2)]);
    // Version 1 kept no names: the log gives them back where it still holds the order's event.
    expect(first.tabs.openTabs.factsOf(orderUuid(2, 2))).toBeUndefined();
    expect(first.tabs.openTabs.factsOf(orderUuid(3, 2))).toEqual({ name: orderName(3, 2), items: 3 });

    // An order after the upgrade, then more than the overlap: its facts come back from the checkpoint.
    const order = {
      targetUuid: 'order-3-3',
      data: {
        created: at(1),
        orderName: 'Order #33',
        scheduled: false,
        zoneName: 'Main',
        spotName: 'Bar 1',
        zoneTags: [],
        zoneGroupName: 'Inside',
        total: 1500,
        tabUuid: 'tab-3',
        itemNames: ['Lager', 'Lager', 'Cola'],
        itemTags: [],
        categoryNames: ['Beer'],
      },
    };
    expect((await deliver(first.url, envelope('ORDER_PLACED', order, at(1)))).status).toBe(200);
    for (let g = 0; g < OVERLAP + 2; g++) {
      const guest = { targetUuid: `guest-after-${g}`, data: { handle: `after${g}` } };
      expect((await deliver(first.url, envelope('GUEST_SUBSCRIBED', guest, at(2 + g)))).status).toBe(200);
    }
    await Promise.all([first.receiver.stop(), full.receiver.stop()]);
    expect(header(dataDir)).toMatchObject({ format: CHECKPOINT_VERSION, writtenBy: APP_VERSION });

    const second = await start(dataDir);
    expect(second.reports).toEqual([]);
    expect(second.visited).toBe(OVERLAP);
    expect(tabsOn(second)).toEqual(['tab-1', 'tab-2', 'tab-3']);
    expect(orders(second, 3)).toEqual([orderUuid(3, 1), orderUuid(3, 2), 'order-3-3']);
    expect(second.tabs.openTabs.factsOf('order-3-3')).toEqual({ name: 'Order #33', items: 3 });
    expect(second.tabs.openTabs.factsOf(orderUuid(3, 1))).toEqual({ name: orderName(3, 1), items: 2 });
    await second.receiver.stop();
  });
});
