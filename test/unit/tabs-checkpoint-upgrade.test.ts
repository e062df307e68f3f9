// The tabs board's checkpoint keeps each order's name and item count (a pass order out when the app
// stopped is decided by them), so its format went from 1 to 2. A checkpoint the release before
// wrote (test/fixtures/checkpoint-v1, make-checkpoint-v1.ts) is upgraded, never rebuilt away: the
// board restores from it with no notice, the file as it was is kept beside it, the next stop writes
// version 2, and the facts of orders seen after the upgrade survive a restart from the checkpoint
// alone (a newer release's checkpoint: projection-checkpoint.test.ts).
import { cpSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EventLog, WebhookReceiver } from '../../electron/core/webhooks';
import type { DamageReport } from '../../electron/core/storage/data-health';
import { APP_VERSION } from '../../electron/core/storage/data-format';
import { TabsService } from '../../electron/core/tabs/tabs-service';
import { CHECKPOINT_VERSION } from '../../electron/core/webhooks/projection-checkpoint';
import { deliver, envelope, removeTempDirs, SECRET, T0, tempDir } from './webhook-fixtures';
import { checkpointV1Events, orderName, orderUuid } from '../fixtures/checkpoint-v1-events';

afterAll(removeTempDirs);

const FIXTURE = join(import.meta.dirname, '../fixtures/checkpoint-v1');
const CHECKPOINT = 'checkpoint-open-tabs+gift-cards+notices.bin';
const OVERLAP = 3;

interface Started {
  receiver: WebhookReceiver;
  tabs: TabsService;
  url: string;
  visited: number;
  reports: DamageReport[];
}

async function start(dataDir: string, checkpoint = true): Promise<Started> {
  const reports: DamageReport[] = [];
  const receiver = new WebhookReceiver({
    dataDir,
    secret: SECRET,
    now: () => T0,
    checkpoint: checkpoint ? { overlap: OVERLAP } : false,
    damage: (r) => reports.push(r),
  });
  const tabs = new TabsService({
    dataDir: tempDir(),
    api: () => {
      throw new Error('offline');
    },
    now: () => T0,
  });
  let visited = 0;
  const original = EventLog.prototype.replay;
  EventLog.prototype.replay = function (this: EventLog, ...args: Parameters<EventLog['replay']>) {
    visited = original.apply(this, args);
    return visited;
  };
  try {
    receiver.addProjections(tabs.projections());
  } finally {
    EventLog.prototype.replay = original;
  }
  const { url } = await receiver.start();
  return { receiver, tabs, url: url!, visited, reports };
}

const state = (s: Started) => ({ board: s.tabs.boardView(), cards: s.tabs.giftCardEvents.all() });
const header = (dataDir: string) =>
  JSON.parse(readFileSync(join(dataDir, CHECKPOINT), 'utf8').split('\n')[0]) as { format: number; writtenBy?: string };
const at = (n: number) => new Date(T0 + n * 1000).toISOString();

describe('a tabs board checkpoint of format version 1', () => {
  it('is upgraded: restored with no notice, kept as it was, written as version 2 at the next stop', async () => {
    const dataDir = tempDir();
    cpSync(FIXTURE, dataDir, { recursive: true });
    const original = readFileSync(join(dataDir, CHECKPOINT));
    expect(header(dataDir).format).toBe(1);
    const events = checkpointV1Events();

    const first = await start(dataDir);
    expect(first.reports).toEqual([]);
    // Restored, not rebuilt: only the overlap before its position is read again.
    expect(first.visited).toBe(OVERLAP);
    const kept = readdirSync(dataDir).filter((f) => f.startsWith(`${CHECKPOINT}.v1-`));
    expect(kept).toHaveLength(1);
    expect(readFileSync(join(dataDir, kept[0])).equals(original)).toBe(true);
    const full = await start(dataDir, false);
    expect(full.visited).toBe(events.length);
    expect(state(first)).toEqual(state(full));
    expect(first.tabs.openTabs.ordersOf('tab-2').map((o) => o.uuid)).toEqual([orderUuid(2, 1), orderUuid(2, 2)]);
    // Version 1 kept no names: an order it alone holds has none (as before the upgrade).
    expect(first.tabs.openTabs.factsOf(orderUuid(2, 1))).toBeUndefined();

    // An order after the upgrade, then more than the overlap: its facts come back from the checkpoint.
    const placed = checkpointV1Events().find((e) => e.targetUuid === orderUuid(3, 2))!;
    const order = {
      ...placed,
      targetUuid: 'order-3-3',
      createdAt: at(1),
      data: { ...placed.data, orderName: 'Order #33', itemNames: ['Lager', 'Lager', 'Cola'] },
    };
    expect((await deliver(first.url, envelope(order.type, order, order.createdAt))).status).toBe(200);
    for (let g = 0; g < OVERLAP + 2; g++) {
      const guest = { targetUuid: `guest-after-${g}`, data: { handle: `after${g}` } };
      expect((await deliver(first.url, envelope('GUEST_SUBSCRIBED', guest, at(2 + g)))).status).toBe(200);
    }
    await Promise.all([first.receiver.stop(), full.receiver.stop()]);
    expect(header(dataDir)).toMatchObject({ format: CHECKPOINT_VERSION, writtenBy: APP_VERSION });

    const second = await start(dataDir);
    expect(second.reports).toEqual([]);
    expect(second.visited).toBe(OVERLAP);
    expect(second.tabs.openTabs.factsOf('order-3-3')).toEqual({ name: 'Order #33', items: 3 });
    expect(second.tabs.openTabs.ordersOf('tab-3').map((o) => o.uuid)).toEqual([
      orderUuid(3, 1),
      orderUuid(3, 2),
      'order-3-3',
    ]);
    // The names the full replay reads are the ones the fixture's events carry.
    const replayed = await start(dataDir, false);
    expect(replayed.tabs.openTabs.factsOf(orderUuid(2, 1))).toEqual({ name: orderName(2, 1), items: 2 });
    await Promise.all([second.receiver.stop(), replayed.receiver.stop()]);
  });
});
