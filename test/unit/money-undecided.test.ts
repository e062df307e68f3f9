// Money writes while their family's unit is not decided, against a service (the sandbox as a real
// one, over HTTP) that takes and gives plain numbers as dollars: a pass order with a typed price and
// an itemised refund are refused in the core as a `conflict` about the money unit, and nothing
// reaches the service; once the unit is confirmed they go, with the amounts the service holds.
// Decimal strings ("13.00") are read as dollars, the unit their decimal point shows.
import { afterAll, describe, expect, it } from 'vitest';
import { namedReadings } from '../../electron/sandbox/readings';
import { MoneyUnits } from '../../electron/core/money/money-units';
import { passSchema, refundAnswerSchemaOf } from '../../shared/schemas/tabs';
import { MONEY_UNIT_CONFLICT, moneyReadings } from '../../shared/money-units';
import { formatMoney } from '../../shared/money';
import { PASSES, PRODUCTS, SPOT_BAR_1, removeTempDirs, startCore } from './tabs-kit';
import { newRequestId as rid } from '../../shared/request-id';

afterAll(removeTempDirs);

const DOLLARS = {
  ...namedReadings('default'),
  moneySent: 'dollars',
  moneyAnswers: 'dollars',
  moneyNumbers: 'dollars',
} as const;
const moneyUnitConflict = { kind: 'conflict', data: { what: MONEY_UNIT_CONFLICT } };

describe('a money write before its unit is decided', () => {
  it('a pass order with a typed price waits for the unit sent, then goes at that price', async () => {
    const t = await startCore({ readings: DOLLARS, confirmUnits: false });
    try {
      const world = t.world!;
      const orders = world.tabs.orders.size;
      const lines = [{ productUuid: PRODUCTS.lager.uuid, quantity: 1, price: 650 }];
      await expect(t.core.handlers.passOrder(PASSES.noLimit, lines, rid())).rejects.toMatchObject(moneyUnitConflict);
      expect(world.tabs.orders.size, 'nothing sent').toBe(orders);

      await t.core.handlers.tabsSetMoneyUnit('sent', 'dollars');
      const order = await t.core.handlers.passOrder(PASSES.noLimit, lines, rid());
      expect(order.ok).toBe(true);
      const placed = [...world.tabs.orders.values()].at(-1)!;
      const items = placed.itemIds.map((id) => world.tabs.items.get(id)!);
      expect(
        items.map((i) => i.price),
        'the service holds the typed price',
      ).toEqual([650]);
    } finally {
      await t.stop();
    }
  });

  it('an itemised refund waits for the unit of answers, then is confirmed at its real amount', async () => {
    const t = await startCore({ readings: DOLLARS, confirmUnits: false });
    try {
      const world = t.world!;
      const { closed } = await t.control.simulateGuests({ tabs: 1, orders: 1, close: 'all' });
      const tab = world.tabs.tabs.get(closed[0])!;
      const item = world.tabs.items.get(tab.itemIds[0])!;
      const input = { paymentId: tab.paymentIds[0], items: [{ itemId: item.id, quantity: 1 }], managerPin: '' };
      const refunds = world.tabs.refunds.size;
      await expect(t.core.tabs.refund(tab.uuid, input)).rejects.toMatchObject(moneyUnitConflict);
      expect(world.tabs.refunds.size, 'nothing refunded').toBe(refunds);

      await t.core.handlers.tabsSetMoneyUnit('answers', 'dollars');
      const outcome = await t.core.tabs.refund(tab.uuid, input);
      expect(outcome).toMatchObject({ ok: true, amount: [...world.tabs.refunds.values()].at(-1)!.amount });
      expect(outcome.ok && outcome.amount).toBe(item.price);
    } finally {
      await t.stop();
    }
  });
});

describe('money as decimal strings', () => {
  it('"13.00" is $13.00 and decides its family as dollars; a whole string follows the unit', () => {
    const units = new MoneyUnits(null, () => 1);
    const read = (f: Parameters<MoneyUnits['read']>[0], v: number | string | undefined) => units.read(f, v);
    const pass = passSchema('P', 0, read).parse({
      x_pass_id: 'P',
      spend_limit: { amount: 5000, enforce_mode: 'pre' },
      spent: '13.00',
    });
    expect(pass.spent).toBe(1300);
    expect(pass.limit).toMatchObject({ amount: 5000 });
    expect(units.current().numbers).toMatchObject({ unit: 'dollars', source: 'detected' });
    // A whole decimal string in an undecided family is read in its (assumed) unit, and shown both ways.
    expect(refundAnswerSchemaOf(read).parse({ refundPaymentId: '9', amount: '2500' }).amount).toBe(2500);
    expect(units.decided('answers')).toBe(false);
    expect(moneyReadings(25, units.family('answers'), formatMoney)).toBe('$25.00 or $0.25');
    expect(moneyReadings(1300, units.family('numbers'), formatMoney)).toBe('$13.00');
  });
});

describe('dollars chosen for every family on a service that takes payments in cents', () => {
  it('a gift-card sale at the catalog price still goes, and Settings shows the evidence against the choice', async () => {
    const readings = { ...DOLLARS, moneySent: 'cents' } as const;
    const t = await startCore({ readings, confirmUnits: false });
    try {
      for (const family of ['sent', 'answers', 'numbers'] as const)
        await t.core.handlers.tabsSetMoneyUnit(family, 'dollars');
      const catalog = await t.core.handlers.tabsCatalog();
      const price = catalog.available ? catalog.products.find((p) => p.uuid === PRODUCTS.giftCard25.uuid)?.price : null;
      expect(price, 'the catalog in the answers’ unit').toBe(PRODUCTS.giftCard25.price);
      const sold = await t.core.handlers.giftCardSell(
        {
          spotUuid: SPOT_BAR_1.uuid,
          spotName: SPOT_BAR_1.name,
          lines: [{ productUuid: PRODUCTS.giftCard25.uuid, quantity: 1, label: 'Gift Card $25', unitPrice: price! }],
          paymentType: 'CARD',
          wait: true,
        },
        rid(),
      );
      expect(sold.state, `sale (${sold.message})`).toBe('done');
      const tab = t.world!.tabs.tabs.get(sold.tabUuid!)!;
      const paid = tab.paymentIds.reduce((sum, id) => sum + t.world!.tabs.payments.get(id)!.amount, 0);
      expect(paid).toBe(PRODUCTS.giftCard25.price);
      expect(t.core.tabs.money.current().sent).toMatchObject({ unit: 'dollars', source: 'chosen' });
      expect(t.core.tabs.money.current().sent.conflict?.saw).toMatch(/payment\.amount .* is in cents/);
    } finally {
      await t.stop();
    }
  });
});
