// Money moves once through any dropped link. The service's answer is held (gated fetch) so the link
// can be cut at the one moment that matters: the hub has sent the request and the service did it,
// the screen has not heard. The screen is told "outcome unknown"; pressing again with the same
// request id answers the first outcome, and the sandbox holds exactly one write.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatchRequest, type DispatchOutcome } from '../../electron/core/ipc-dispatch';
import { ledgerKey } from '../../electron/core/requests/ledger-handlers';
import { startHost } from '../../electron/host/host';
import { LOCAL_DEVICE_ID } from '../../electron/core/caller';
import { startSatellite, type RunningSatellite } from '../../electron/host/satellite';
import { newRequestId as rid } from '../../shared/request-id';
import type { GiftCardSaleInput, OrderLineInput } from '../../shared/tabs';
import { tempDirs, waitUntil } from '../support';
import { gatedFetch } from '../support/gated-fetch';
import { tcpRelay } from '../support/tcp-relay';
import { installPageWebSocket } from '../support/page-websocket';
import { PASSES, PRODUCTS, SPOT_BAR_1, removeTempDirs, startCore, type TestCore } from './tabs-kit';
import { allowedCode } from './hub-kit';

// Kept out of the node type check's file list: the renderer's bridge, run here as the page runs it.
const WS_BRIDGE = '../../renderer/src/bridge/ws-bridge';

const undo: (() => Promise<void> | void)[] = [];
const dirs = tempDirs('venue-once-');
afterEach(async () => {
  while (undo.length) await undo.pop()!();
  dirs.removeAll();
  removeTempDirs();
});

const isPost = (path: RegExp) => (url: URL, init: RequestInit) => init.method === 'POST' && path.test(url.pathname);

async function hubCore(match: (url: URL, init: RequestInit) => boolean) {
  const gate = gatedFetch(match);
  const t = await startCore({
    fetch: gate.fetch,
    labor: { scryptN: 1024 },
    hub: { when: 'always', host: '127.0.0.1', port: 0, mdns: false },
  });
  undo.push(() => t.stop());
  return { t, gate };
}

function world(t: TestCore) {
  return t.core.sandbox()!.world.tabs;
}

describe('a refund from a paired manager device, the hub link cut after the hub sent it', () => {
  it('says outcome unknown; a second press answers the first outcome; one refund on the service', async () => {
    const { t, gate } = await hubCore(isPost(/\/refund$/));
    const relay = await tcpRelay(t.core.hubServer()!.port);
    undo.push(() => relay.close());
    const office = await startSatellite({
      dataDir: dirs.make(),
      hubUrl: `127.0.0.1:${relay.port}`,
      pairCode: allowedCode(t.core, 'manager'),
      deviceName: 'Office',
      retryMs: { first: 50, max: 200 },
    });
    undo.push(() => office.close());
    const { closed } = await t.control.simulateGuests({ tabs: 1, close: 'all' });
    const tab = closed[0];
    const refunds = world(t).refunds.size;

    const press = rid();
    const input = { managerPin: '9999', amount: 150, reason: 'Cold food' };
    const first = screenCall(office, 'tabRefund', tab, input, press);
    await gate.reached();
    relay.cut();
    expect(await first).toMatchObject({ ok: false, error: { kind: 'outcome-unknown' } });
    // The service did it; the hub records the answer once it hears it.
    expect(world(t).refunds.size).toBe(refunds + 1);
    gate.release();
    const key = ledgerKey(office.pairing.deviceId, 'tabRefund', press);
    await waitUntil(() => t.core.requests.get(key)?.state === 'done');

    await waitUntil(() => office.status().link === 'connected');
    const second = await screenCall(office, 'tabRefund', tab, input, press);
    expect(second).toMatchObject({ ok: true, result: { ok: true, amount: 150 } });
    expect(t.core.requests.get(key)!.outcome).toEqual(second);
    // A third press too, and still one refund.
    expect(await screenCall(office, 'tabRefund', tab, input, press)).toEqual(second);
    expect(world(t).refunds.size).toBe(refunds + 1);

    // A new press (a new id) is a new refund: the ledger only stops repeats.
    expect(await screenCall(office, 'tabRefund', tab, { ...input, amount: 10 }, rid())).toMatchObject({
      ok: true,
      result: { ok: true },
    });
    expect(world(t).refunds.size).toBe(refunds + 2);
  });

  it('a repeat while the first is still with the service waits for it and writes nothing', async () => {
    const { t, gate } = await hubCore(isPost(/\/refund$/));
    const { closed } = await t.control.simulateGuests({ tabs: 1, close: 'all' });
    const refunds = world(t).refunds.size;
    const press = rid();
    const input = { managerPin: '9999', amount: 75 };
    const first = screenCall(t.core, 'tabRefund', closed[0], input, press);
    await gate.reached();
    const again = screenCall(t.core, 'tabRefund', closed[0], input, press);
    gate.release();
    const [a, b] = await Promise.all([first, again]);
    expect(a).toMatchObject({ ok: true, result: { ok: true, amount: 75 } });
    expect(b).toEqual(a);
    expect(world(t).refunds.size).toBe(refunds + 1);
    // The same id with another amount is a mistake, refused, never answered with the first refund.
    expect(await screenCall(t.core, 'tabRefund', closed[0], { ...input, amount: 80 }, press)).toMatchObject({
      ok: false,
      error: { kind: 'conflict', data: { what: 'request id' } },
    });
    expect(world(t).refunds.size).toBe(refunds + 1);
  });
});

describe('a refund the service did but answered 504 (its outcome unknown in the core too)', () => {
  it('a repeat reads, never refunds: unknown until the service’s event says it was made, then that refund', async () => {
    const { t, gate } = await hubCore(() => false);
    gate.release();
    const { closed } = await t.control.simulateGuests({ tabs: 1, close: 'all' });
    const tab = closed[0];
    const refunds = world(t).refunds.size;
    await t.control.addFault({ route: 'POST /api/loc/:location/tabs/:tab/refund', mode: 'commit-then-504' });
    const press = rid();
    const input = { managerPin: '9999', amount: 130 };
    const first = await screenCall(t.core, 'tabRefund', tab, input, press);
    expect(first).toMatchObject({ ok: true, result: { ok: false, uncertain: true } });
    expect(world(t).refunds.size).toBe(refunds + 1);
    // The service's PAYMENT_REFUNDED reaches the board; the repeat then settles from it.
    await waitUntil(() => (t.core.tabs.openTabs.tab(tab)?.refunds.length ?? 0) === 1);
    const made = [...world(t).refunds.values()].at(-1) as { id: string };
    const again = await screenCall(t.core, 'tabRefund', tab, input, press);
    expect(again).toMatchObject({ ok: true, result: { ok: true, amount: 130, refundPaymentId: made.id } });
    expect(await screenCall(t.core, 'tabRefund', tab, input, press)).toEqual(again);
    expect(world(t).refunds.size).toBe(refunds + 1);
  });
});

describe("the host's socket closed after sending", () => {
  async function bridgeThroughRelay(t: TestCore) {
    const rendererDir = join(t.dataDir, 'renderer');
    mkdirSync(rendererDir, { recursive: true });
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
    const host = await startHost({ rendererDir, handlers: t.core.handlers, events: t.core.events });
    undo.push(() => host.close());
    const relay = await tcpRelay(host.port);
    undo.push(() => relay.close());
    // The page's own origin and host, as the browser sends them; the bytes go through the relay.
    const page = installPageWebSocket(
      () => `http://127.0.0.1:${host.port}`,
      () => `127.0.0.1:${host.port}`,
    );
    undo.push(() => page.finish());
    const { createWsBridge } = (await import(WS_BRIDGE)) as {
      createWsBridge(url: string): { api: Record<string, (...args: unknown[]) => Promise<unknown>> };
    };
    const { api } = createWsBridge(`ws://127.0.0.1:${relay.port}/ws?token=${host.token}`);
    await api.tabsView();
    return { api, relay };
  }

  const settle = (p: Promise<unknown>): Promise<DispatchOutcome> =>
    p.then(
      (result) => ({ ok: true, result }),
      (error: { kind?: string; data?: unknown; message?: string }) => ({
        ok: false,
        error: { kind: error.kind, data: error.data, message: error.message } as never,
      }),
    );

  it('a pass order: outcome unknown, the same press again answers the order, one order on the service', async () => {
    const { t, gate } = await hubCore(isPost(/\/tabs\/passes\/[^/]+\/items$/));
    const { api, relay } = await bridgeThroughRelay(t);
    const orders = world(t).orders.size;
    const lines: OrderLineInput[] = [{ productUuid: PRODUCTS.water.uuid, quantity: 1, price: PRODUCTS.water.price }];
    const press = rid();
    const first = settle(api.passOrder(PASSES.noLimit, lines, press));
    await gate.reached();
    relay.cut();
    expect(await first).toMatchObject({ ok: false, error: { kind: 'outcome-unknown' } });
    gate.release();
    await waitUntil(() => t.core.requests.get(ledgerKey(LOCAL_DEVICE_ID, 'passOrder', press))?.state === 'done');
    const second = await settle(api.passOrder(PASSES.noLimit, lines, press));
    expect(second).toMatchObject({ ok: true, result: { ok: true } });
    expect(world(t).orders.size).toBe(orders + 1);
    expect(await settle(api.passOrder(PASSES.noLimit, lines, press))).toEqual(second);
    expect(world(t).orders.size).toBe(orders + 1);
  });

  it('a gift-card sale: outcome unknown, the same press again answers the sale, one tab on the service', async () => {
    const { t, gate } = await hubCore(isPost(/\/loc\/[^/]+\/tabs$/));
    const { api, relay } = await bridgeThroughRelay(t);
    const tabs = world(t).tabs.size;
    const sale: GiftCardSaleInput = {
      spotUuid: SPOT_BAR_1.uuid,
      lines: [{ productUuid: PRODUCTS.giftCard25.uuid, quantity: 1, label: 'Gift Card $25', unitPrice: 2500 }],
      paymentType: 'CARD',
      wait: false,
    };
    const press = rid();
    const first = settle(api.giftCardSell(sale, press));
    await gate.reached();
    relay.cut();
    expect(await first).toMatchObject({ ok: false, error: { kind: 'outcome-unknown' } });
    gate.release();
    await waitUntil(() => t.core.tabs.snapshot().giftCards.sales.some((s) => s.id === press && s.state !== 'sending'));
    const second = await settle(api.giftCardSell(sale, press));
    expect(second).toMatchObject({ ok: true, result: { id: press, state: 'done' } });
    expect(world(t).tabs.size).toBe(tabs + 1);
    expect(await settle(api.giftCardSell(sale, press))).toMatchObject({ ok: true, result: { id: press } });
    expect(world(t).tabs.size).toBe(tabs + 1);
  });
});

/** Through the device's own dispatcher, as its screen's requests go. */
function screenCall(s: RunningSatellite | TestCore['core'], channel: string, ...args: unknown[]) {
  return dispatchRequest(s.handlers, channel, args);
}
