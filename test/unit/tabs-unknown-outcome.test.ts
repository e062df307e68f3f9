// Issue 9: a pass order, a refund or a gift-card sale whose answer is lost after the service
// committed it (the answer dropped, a proxy's 504, a reset) is "outcome unknown": the client never
// sends it again by itself, a re-read shows what happened, and the service ends with exactly one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaultMode } from '../../electron/sandbox/faults';
import type { BoardTab } from '../../shared/tabs';
import {
  PASSES,
  PRODUCTS,
  refundIds,
  removeTempDirs,
  startCore,
  until,
  type TestCore,
  sellGiftCards25,
} from './tabs-kit';
import { newRequestId as rid } from '../../shared/request-id';

const tabOn = (t: TestCore, uuid: string): BoardTab | undefined => {
  const board = t.core.tabs.boardView();
  return [...board.open, ...board.closed].find((tab) => tab.uuid === uuid);
};

describe('unknown outcome, never a double', () => {
  let t: TestCore;
  beforeAll(async () => {
    t = await startCore();
  });
  afterAll(async () => {
    await t.stop();
    removeTempDirs();
  });

  const ordersOnPass = () =>
    [...t.core.sandbox()!.world.tabs.orders.values()].filter((o) => (o as { viaPassItems?: boolean }).viaPassItems)
      .length;

  for (const mode of ['commit-lose-response', 'commit-then-504'] as FaultMode[]) {
    it(`a pass order committed then answered by ${mode} is unknown, and exactly one order exists`, async () => {
      const before = await t.core.handlers.passLookup(PASSES.noLimit);
      const ordersBefore = ordersOnPass();
      await t.control.addFault({ route: `POST /api/loc/:location/tabs/passes/${PASSES.noLimit}/items`, mode });
      const outcome = await t.core.handlers.passOrder(
        PASSES.noLimit,
        [{ productUuid: PRODUCTS.lager.uuid, quantity: 1 }],
        rid(),
      );
      expect(outcome).toMatchObject({ ok: false, reason: 'uncertain' });
      expect(ordersOnPass()).toBe(ordersBefore + 1);
      // "Check again" is a read: spent shows the order went through, and nothing is placed again.
      const again = await t.core.handlers.passLookup(PASSES.noLimit);
      expect(again.spent).toBe((before.spent ?? 0) + PRODUCTS.lager.price);
      expect(ordersOnPass()).toBe(ordersBefore + 1);
    });
  }

  it('a pass order lost to a reset before the service saw it is unknown too, and nothing was placed', async () => {
    const ordersBefore = ordersOnPass();
    await t.control.addFault({ route: `POST /api/loc/:location/tabs/passes/${PASSES.noLimit}/items`, mode: 'reset' });
    const outcome = await t.core.handlers.passOrder(
      PASSES.noLimit,
      [{ productUuid: PRODUCTS.lager.uuid, quantity: 1 }],
      rid(),
    );
    expect(outcome).toMatchObject({ ok: false, reason: 'uncertain' });
    expect(ordersOnPass()).toBe(ordersBefore);
  });

  it('a gift-card sale answered by a 504 after commit (commit-then-504) is unknown; Check again reads the tab; one sale', async () => {
    const world = t.core.sandbox()!.world;
    const tabsBefore = world.tabs.tabs.size;
    await t.control.addFault({ route: 'POST /api/loc/:location/tabs', mode: 'commit-then-504' });
    const sale = await sellGiftCards25(t.core, 1, 'CARD');
    expect(sale.state).toBe('unknown');
    expect(sale.message).toMatch(/may or may not exist/);
    expect(world.tabs.tabs.size).toBe(tabsBefore + 1);
    // Without a tab uuid there is nothing to re-read, and the core refuses to guess or resend.
    await expect(t.core.handlers.giftCardCheckAgain(sale.id)).rejects.toThrow(/Do not sell again/);
    expect(world.tabs.tabs.size).toBe(tabsBefore + 1);
  });

  for (const mode of ['commit-lose-response', 'commit-then-504'] as FaultMode[]) {
    it(`a refund committed then answered by ${mode} is unknown on the tab, and exactly one refund exists`, async () => {
      const { closed } = await t.control.simulateGuests({ tabs: 1, close: 'all' });
      const uuid = closed[0];
      await until(
        () => tabOn(t, uuid),
        (x) => !!x && x.closedAt !== null,
        5000,
        'closed tab',
      );
      const world = t.core.sandbox()!.world;
      const refundsBefore = world.tabs.refunds.size;
      await t.control.addFault({ route: 'POST /api/loc/:location/tabs/:tab/refund', mode });
      const outcome = await t.core.handlers.tabRefund(uuid, { managerPin: '9999', amount: 100 }, rid());
      expect(outcome).toMatchObject({ ok: false, uncertain: true });
      expect(world.tabs.refunds.size).toBe(refundsBefore + 1);
      // The card says "outcome unknown" (not "waiting to confirm"), and PAYMENT_REFUNDED shows the one refund.
      const tab = await until(
        () => tabOn(t, uuid)!,
        (x) => x.refunds.length === 1,
        5000,
        'PAYMENT_REFUNDED on board',
      );
      expect(tab.requestedRefunds).toMatchObject([{ unknown: true, amount: 100 }]);
      // "Check again" reads the tab: what is left to refund shows the one refund.
      const { payment } = await refundIds(t, uuid);
      expect(payment.refundable).toBe(payment.amount + payment.tip - 100);
      expect(world.tabs.refunds.size).toBe(refundsBefore + 1);
    });
  }
});
