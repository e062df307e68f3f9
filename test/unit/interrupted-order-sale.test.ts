// A hub's headless host killed (SIGKILL) while a pass order, then a gift-card sale, was still
// with the service (the sandbox holds its answer back): the service made it, the ledger holds only
// its start. At the next start, with no one pressing anything, the host settles it by a read (the
// service's ORDER_PLACED or GIFT_CARD_CREATED, delivered again once it listens, and the pass read
// again), never a second write; "Check again" (the same press, or the sale list's) answers it, and
// the service holds one order or one sale. A pass order whose ORDER_PLACED a start took but could
// not decide (the pass unreadable) is decided at the start after, which knows the order only from
// the tabs board's checkpoint: its name and items are kept there.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createControlClient } from '../../electron/sandbox/control-client';
import { createWebhookControlClient } from '../../electron/sandbox/webhooks/control-client';
import { DEMO_ACCESS_ID } from '../../electron/sandbox';
import { signBody } from '../../electron/core/webhooks';
import { newRequestId as rid } from '../../shared/request-id';
import { freePort } from '../support';
import { hostCall } from '../support/host-cli-suite';
import { groupCrashSuite, type CrashHost } from './group-crash-kit';
import { eventually } from './group-kit';
import { HARBOUR, PASSES, PRODUCTS, SPOT_BAR_1 } from './tabs-kit';

// One hub for both cases: the second starts with the first's order settled in its ledger.
const kit = groupCrashSuite('interrupted-order', 'interrupted order and sale');
const SECRET = 'whsec-interrupted-order';
let dataDir = '';
let webhookPort = 0;
let webhookSecretFile = '';

beforeAll(async () => {
  dataDir = kit.joinHub();
  webhookSecretFile = join(kit.suite.dir, 'webhook-secret.txt');
  writeFileSync(webhookSecretFile, `${SECRET}\n`);
  webhookPort = await freePort();
  await createWebhookControlClient(kit.suite.sandbox.baseUrl).registerEndpoint({
    accessId: DEMO_ACCESS_ID,
    url: `http://127.0.0.1:${webhookPort}/webhooks`,
    eventTypes: ['OPEN_TAB', 'ITEM_ADDED', 'ORDER_PLACED', 'CLOSE_TAB', 'GIFT_CARD_CREATED'],
    secret: SECRET,
  });
});

const host = () => kit.host({ webhookPort, webhookSecretFile });

type Host = CrashHost;

async function setUp(h: Host): Promise<void> {
  expect(await hostCall(h, 'subscribeLocations', [HARBOUR.uuid], 'integration')).toMatchObject({ ok: true });
  expect(await hostCall(h, 'tabsSetLocation', HARBOUR)).toMatchObject({ ok: true });
  for (const family of ['sent', 'answers', 'numbers'])
    expect(await hostCall(h, 'tabsSetMoneyUnit', family, 'cents')).toMatchObject({ ok: true });
}

/** Sends a request the sandbox holds back, and kills the host while it does. */
async function killWhileOut(h: Host, route: string, channel: string, ...args: unknown[]): Promise<void> {
  const control = createControlClient(kit.suite.sandbox.baseUrl);
  await control.addFault({ route, mode: 'delay', delayMs: 1_500 });
  const asked = hostCall(h, channel, ...args);
  await eventually(async () => expect((await control.faults()).faults).toEqual([]));
  h.p.child.kill('SIGKILL');
  expect(await asked).toBe('closed without an answer');
  await h.p.exited;
}

/** The ledger's last line for a press: settled ("done") with no one pressing, or still open. */
function ledgerState(dataDir: string, press: string): string | null {
  const lines = readFileSync(join(dataDir, 'requests', 'request-ledger.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { t: string; key: string; state?: string });
  const mine = lines.filter((l) => l.key.endsWith(press));
  const last = mine.at(-1);
  return last ? (last.t === 'end' ? (last.state ?? null) : 'started') : null;
}

describe('a host killed while a pass order or a gift-card sale is with the service', () => {
  it('settles the pass order by a read at the next start; one order on the service', async () => {
    const control = createControlClient(kit.suite.sandbox.baseUrl);
    const first = await host();
    await setUp(first);
    const world = kit.suite.sandbox.world;
    const passTab = () => world.tabs.tabs.get(world.tabs.passTabs.get(PASSES.noLimit) ?? '');
    // The pass card is read before an order (it names the pass's tab).
    expect(await hostCall(first, 'passLookup', PASSES.noLimit)).toMatchObject({ ok: true });
    const before = passTab()?.orderUuids.length ?? 0;

    const press = rid();
    const lines = [{ productUuid: PRODUCTS.lager.uuid, quantity: 2 }];
    await killWhileOut(
      first,
      'POST /api/loc/:location/tabs/passes/:xPassId/items',
      'passOrder',
      PASSES.noLimit,
      lines,
      press,
    );
    // The service placed it after the host was gone; its ORDER_PLACED found nobody listening.
    await eventually(() => expect(passTab()?.orderUuids.length).toBe(before + 1));
    expect(ledgerState(dataDir, press)).toBe('started');

    const second = await host();
    try {
      // The events' next try (30 s later on the service's clock) reaches the new start.
      await control.advanceClock(31);
      await eventually(() => expect(ledgerState(dataDir, press)).toBe('done'), 40_000);
      // "Check again" (the same press) answers the settled order by reading; nothing is placed again.
      const placed = world.tabs.orders.get(passTab()!.orderUuids.at(-1)!)!;
      expect(await hostCall(second, 'passOrder', PASSES.noLimit, lines, press)).toMatchObject({
        ok: true,
        result: { ok: true, orderName: placed.name, total: placed.placedTotal, pass: { xPassId: PASSES.noLimit } },
      });
      expect(passTab()?.orderUuids.length).toBe(before + 1);
    } finally {
      second.p.child.kill('SIGTERM');
      await second.p.exited;
    }
  }, 150_000);

  it('settles the gift-card sale by the cards announced at the next start; one sale on the service', async () => {
    const control = createControlClient(kit.suite.sandbox.baseUrl);
    const first = await host();
    await setUp(first);
    const world = kit.suite.sandbox.world;
    const tabsBefore = world.tabs.tabs.size;

    const press = rid();
    const input = {
      spotUuid: SPOT_BAR_1.uuid,
      spotName: SPOT_BAR_1.name,
      lines: [{ productUuid: PRODUCTS.giftCard25.uuid, quantity: 2, label: 'Gift Card $25', unitPrice: 2500 }],
      paymentType: 'CARD',
      wait: false,
    };
    await killWhileOut(first, 'POST /api/loc/:location/tabs', 'giftCardSell', input, press);
    await eventually(() => expect(world.tabs.tabs.size).toBe(tabsBefore + 1));
    expect(ledgerState(dataDir, press)).toBe('started');

    const second = await host();
    try {
      await control.advanceClock(31);
      await eventually(async () => {
        await control.advanceClock(1);
        expect(ledgerState(dataDir, press)).toBe('done');
      }, 40_000);
      const sold = [...world.tabs.tabs.values()].at(-1)!;
      const checked = await hostCall(second, 'giftCardSell', input, press);
      expect(checked).toMatchObject({ ok: true, result: { id: press, state: 'done', tabId: String(sold.id) } });
      const cards = (checked as { result: { cards: { state: string }[] } }).result.cards;
      expect(cards.map((c) => c.state)).toEqual(['issued', 'issued']);
      // The list's Check again on it: made, with its cards (never "the service never confirmed it").
      const states = (answer: unknown) =>
        (answer as { result: { cards: { state: string }[] } }).result.cards.map((c) => c.state);
      const listed = await hostCall(second, 'giftCardCheckAgain', press);
      expect(listed).toMatchObject({ ok: true, result: { id: press, state: 'done', tabId: String(sold.id) } });
      expect(states(listed)).toEqual(['issued', 'issued']);
      // Once the board links the cards' order to its tab (ITEM_ADDED), the check reads that tab.
      await eventually(async () => {
        const again = await hostCall(second, 'giftCardCheckAgain', press);
        expect(again).toMatchObject({ ok: true, result: { state: 'done', tabUuid: sold.uuid } });
        expect(states(again)).toEqual(['issued', 'issued']);
      }, 20_000);
      expect(world.tabs.tabs.size).toBe(tabsBefore + 1);
    } finally {
      second.p.child.kill('SIGTERM');
      await second.p.exited;
    }
  }, 150_000);

  it('decides a pass order whose ORDER_PLACED a restart knows only from the checkpoint', async () => {
    const control = createControlClient(kit.suite.sandbox.baseUrl);
    const first = await host();
    await setUp(first);
    const world = kit.suite.sandbox.world;
    const passTab = () => world.tabs.tabs.get(world.tabs.passTabs.get(PASSES.noLimit) ?? '');
    expect(await hostCall(first, 'passLookup', PASSES.noLimit)).toMatchObject({ ok: true });
    const lines = [{ productUuid: PRODUCTS.lager.uuid, quantity: 2 }];
    // An answered order on the pass: its name is claimed, so an order whose name the app lost
    // could be that one.
    expect(await hostCall(first, 'passOrder', PASSES.noLimit, lines, rid())).toMatchObject({
      ok: true,
      result: { ok: true },
    });
    const before = passTab()?.orderUuids.length ?? 0;
    const press = rid();
    await killWhileOut(
      first,
      'POST /api/loc/:location/tabs/passes/:xPassId/items',
      'passOrder',
      PASSES.noLimit,
      lines,
      press,
    );
    await eventually(() => expect(passTab()?.orderUuids.length).toBe(before + 1));
    const placed = world.tabs.orders.get(passTab()!.orderUuids.at(-1)!)!;

    // The next start takes the order's ORDER_PLACED but cannot read the pass, so decides nothing;
    // more than the checkpoint's overlap of events come after it, then it stops (a checkpoint).
    await control.addFault({
      route: 'GET /api/loc/:location/tabs/passes/:xPassId',
      mode: 'status500',
      count: 'always',
    });
    const second = await host();
    try {
      await control.advanceClock(31);
      await eventually(async () => {
        const page = await hostCall(second, 'listEvents', { target: placed.uuid }, 0, 5);
        expect(page).toMatchObject({ ok: true, result: { rows: [{ type: 'ORDER_PLACED' }] } });
      }, 40_000);
      for (let n = 0; n < 150; n++) {
        const body = JSON.stringify({
          type: 'GUEST_SUBSCRIBED',
          locationUuid: HARBOUR.uuid,
          createdAt: new Date().toISOString(),
          targetUuid: `guest-after-${n}`,
          data: { handle: `+1555010${String(n).padStart(4, '0')}` },
        });
        const res = await fetch(`http://127.0.0.1:${webhookPort}/webhooks`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'X-Service-Signature': signBody(body, SECRET) },
          body,
        });
        expect(res.status).toBe(200);
      }
      expect(ledgerState(dataDir, press)).toBe('started');
    } finally {
      second.p.child.kill('SIGTERM');
      await second.p.exited;
      await control.clearFaults();
    }
    expect(readdirSync(join(dataDir, 'webhooks')).some((f) => /^checkpoint-.*\.bin$/.test(f))).toBe(true);

    const third = await host();
    try {
      await eventually(() => expect(ledgerState(dataDir, press)).toBe('done'), 30_000);
      expect(await hostCall(third, 'passOrder', PASSES.noLimit, lines, press)).toMatchObject({
        ok: true,
        result: { ok: true, orderName: placed.name, total: placed.placedTotal },
      });
      expect(passTab()?.orderUuids.length).toBe(before + 1);
    } finally {
      third.p.child.kill('SIGTERM');
      await third.p.exited;
    }
  }, 150_000);
});
