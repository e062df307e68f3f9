// The tabs board, refunds and notices through the real core: tabs built from the sandbox's events,
// an itemized refund whose PAYMENT_REFUNDED lands on the tab, the fallbacks when the service cannot
// read a tab, and the board, issued cards and dismissed notices surviving a restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchLike } from '../../electron/core/api/http';
import type { BoardTab } from '../../shared/tabs';
import {
  PASSES,
  PRODUCTS,
  READINGS,
  refundIds,
  removeTempDirs,
  startCore,
  tempDir,
  until,
  type TestCore,
  sellGiftCards25,
} from './tabs-kit';
import { newRequestId as rid } from '../../shared/request-id';

const tabOn = (t: TestCore, uuid: string): BoardTab | undefined => {
  const board = t.core.tabs.boardView();
  return [...board.open, ...board.closed].find((tab) => tab.uuid === uuid);
};

/** Answers 404 for GET …/tabs/{uuid}, as a service without that (assumed) route would. */
const withoutTabRead: FetchLike = (input, init) =>
  init.method === 'GET' &&
  /\/api\/loc\/[^/]+\/tabs\/[^/]+$/.test(new URL(input).pathname) &&
  !input.includes('/passes/')
    ? Promise.resolve(
        new Response(JSON.stringify({ error: 'not_found', message: 'No such route.' }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
      )
    : fetch(input, init);

describe('tabs board and refunds', () => {
  let t: TestCore;
  beforeAll(async () => {
    t = await startCore({ dataDir: tempDir() });
  });
  afterAll(async () => {
    await t.stop();
  });

  it('builds open tabs from the events: spot, name, items and running total, updated live', async () => {
    const { opened } = await t.control.simulateGuests({ tabs: 2, close: 'none' });
    // Each item is its own delivery: wait until the board has all of them (the sandbox's own total).
    const truth = (await t.control.tab(opened[0])) as { total: number; items: unknown[] };
    const tab = await until(
      () => tabOn(t, opened[0]),
      (x) => !!x && x.name !== null && x.items.length === truth.items.length && x.total === truth.total,
      5000,
      'guest tab on board',
    );
    expect(tab).toMatchObject({ name: 'Guest 1', closedAt: null });
    expect(tab!.spotName).toBeTruthy();
    expect(tab!.total).toBe(tab!.items.reduce((n, i) => n + i.price * i.quantity, 0));
    // A later order on the same tab raises its total on the board.
    const before = tab!.total;
    await t.control.posOrder(opened[0], { items: [{ product_uuid: PRODUCTS.negroni.uuid, quantity: 1 }] });
    await until(
      () => tabOn(t, opened[0])!.total,
      (total) => total === before + 1400,
      5000,
      'total raised',
    );
  });

  it('labels a pass tab the events never named', async () => {
    const pass = await t.core.handlers.passLookup(PASSES.noLimit);
    await t.core.handlers.passOrder(PASSES.noLimit, [{ productUuid: PRODUCTS.lager.uuid, quantity: 2 }], rid());
    const tab = await until(
      () => tabOn(t, pass.tabUuid!),
      (x) => !!x && x.total === 1600,
      5000,
      'pass tab',
    );
    expect(tab).toMatchObject({ name: null, label: `Pass ${PASSES.noLimit}` });
  });

  it('refunds chosen items of a paid tab and shows the PAYMENT_REFUNDED result on it', async () => {
    const { closed } = await t.control.simulateGuests({ tabs: 1, close: 'all' });
    const uuid = closed[0];
    await until(
      () => tabOn(t, uuid),
      (x) => !!x && x.closedAt !== null,
      5000,
      'closed tab',
    );
    const details = await refundIds(t, uuid);
    // The service's tab read where it has one; typed ids where it has none (the other reading).
    expect(details.source).toBe(READINGS.extraRoutes === 'absent' ? 'typed' : 'service');
    const item = details.items[0];
    const outcome = await t.core.handlers.tabRefund(
      uuid,
      {
        managerPin: '9999',
        paymentId: details.payment.id,
        items: [{ itemId: item.id, quantity: 1, reason: 'Sent back' }],
        reason: 'Kitchen error',
      },
      rid(),
    );
    expect(outcome).toMatchObject({ ok: true, amount: item.price, refundType: 'itemized' });
    const refunded = await until(
      () => tabOn(t, uuid)!,
      (x) => x.refunds.length === 1,
      5000,
      'PAYMENT_REFUNDED on board',
    );
    expect(refunded.refunds[0]).toMatchObject({
      refundType: 'itemized',
      amount: item.price,
      paymentId: details.payment.id,
    });
    expect(refunded.requestedRefunds).toMatchObject([
      { confirmed: true, refundType: 'itemized', approvedBy: { userId: '2001', name: 'Alex Manager' } },
    ]);
    // The service's reason comes back verbatim when it refuses.
    const tooMany = await t.core.handlers.tabRefund(
      uuid,
      {
        managerPin: '9999',
        paymentId: details.payment.id,
        items: [{ itemId: item.id, quantity: 99 }],
      },
      rid(),
    );
    expect(tooMany).toMatchObject({ ok: false, status: 400, uncertain: false });
    if (!tooMany.ok) expect(tooMany.message).toMatch(/^(items|paymentId)\.?[^ ]*: /);
  });

  it('an open refund of part of the amount', async () => {
    const { closed } = await t.control.simulateGuests({ tabs: 1, close: 'all' });
    await until(
      () => tabOn(t, closed[0]),
      (x) => !!x && x.closedAt !== null,
      5000,
      'closed tab',
    );
    const outcome = await t.core.handlers.tabRefund(closed[0], { managerPin: '9999', amount: 100 }, rid());
    expect(outcome).toMatchObject({ ok: true, amount: 100, refundType: 'open' });
    await until(
      () => tabOn(t, closed[0])!,
      (x) => x.refunds.some((r) => r.amount === 100 && r.refundType === 'open'),
      5000,
      'open refund',
    );
  });

  it('turns other events into notices that stay dismissed', async () => {
    await t.core.handlers.triggerSandboxEvent({ type: 'QR_SCANNED' });
    await t.core.handlers.triggerSandboxEvent({ type: 'GUEST_SUBSCRIBED' });
    await t.core.handlers.triggerSandboxEvent({ type: 'ITEM_VOIDED' });
    const view = await until(
      () => t.core.tabs.noticesView(),
      (v) => v.notices.length >= 2,
      5000,
      'notices',
    );
    expect(view.notices.map((n) => n.type).sort()).toEqual(['GUEST_SUBSCRIBED', 'QR_SCANNED']);
    const guest = view.notices.find((n) => n.type === 'GUEST_SUBSCRIBED')!;
    expect(guest.detail).toMatch(/•/);
    const after = await t.core.handlers.tabsDismissNotices([guest.key]);
    expect(after.notices.map((n) => n.type)).toEqual(['QR_SCANNED']);
    expect(after.dismissed).toBe(1);
  });

  it('keeps the board, issued cards and dismissals across a restart (replayed from the webhook log)', async () => {
    const sale = await sellGiftCards25(t.core, 1, 'CASH');
    await until(
      () => t.core.tabs.giftCardsView().sales.find((s) => s.id === sale.id)!,
      (s) => s.cards[0]?.state === 'issued',
      5000,
      'card issued',
    );
    await until(
      () => tabOn(t, sale.tabUuid!),
      (x) => !!x && x.closedAt !== null,
      5000,
      'sale tab closed',
    );
    const strip = (tabs: BoardTab[]) => tabs.map(({ requestedRefunds: _r, ...tab }) => tab);
    // Read after stopping, so no delivery still in flight can land between the two readings.
    await t.stop();
    const board = t.core.tabs.boardView();
    const cards = t.core.tabs.giftCardsView();
    const notices = t.core.tabs.noticesView();

    const again = await startCore({ dataDir: t.dataDir, subscribe: false });
    try {
      const boardAgain = again.core.tabs.boardView();
      expect(strip(boardAgain.open)).toEqual(strip(board.open));
      expect(strip(boardAgain.closed)).toEqual(strip(board.closed));
      expect(board.open.length + board.closed.length).toBeGreaterThanOrEqual(5);
      expect(again.core.tabs.giftCardsView().sales).toEqual(cards.sales);
      expect(again.core.tabs.noticesView()).toEqual(notices);
      expect(again.core.tabs.settingsView().location?.name).toBe('Harbour Bar & Kitchen');
    } finally {
      await again.stop();
    }
    t = await startCore({ dataDir: tempDir() });
  });
});

describe('refund ids when the service cannot read a tab', () => {
  let t: TestCore;
  beforeAll(async () => {
    t = await startCore({ fetch: withoutTabRead });
  });
  afterAll(async () => {
    await t.stop();
    removeTempDirs();
  });

  it("uses this workstation's own sale, else asks for typed ids", async () => {
    const sale = await sellGiftCards25(t.core, 2, 'CARD');
    const local = await t.core.handlers.tabDetails(sale.tabUuid!);
    expect(local.source).toBe('this-workstation');
    expect(local.items).toHaveLength(2);
    const refund = await t.core.handlers.tabRefund(
      sale.tabUuid!,
      {
        managerPin: '9999',
        paymentId: local.payments[0].id,
        items: [{ itemId: local.items[0].id, quantity: 1 }],
      },
      rid(),
    );
    expect(refund).toMatchObject({ ok: true, amount: 2500 });

    const { closed } = await t.control.simulateGuests({ tabs: 1, close: 'all' });
    const none = await t.core.handlers.tabDetails(closed[0]);
    expect(none).toMatchObject({ source: 'none', items: [], payments: [] });
    expect(none.note).toMatch(/Type the payment id/);
    // Typed ids still work: the guest tab has exactly one payment, so paymentId may be left out.
    const typed = await t.core.handlers.tabRefund(closed[0], { managerPin: '9999', amount: 50 }, rid());
    expect(typed).toMatchObject({ ok: true, amount: 50 });
  });
});
