// The tabs side of the client under random readings of the spec's open points (fast-check over
// READING_SPACE, money families included), each run a fresh core whose money units nobody
// confirmed: they must come from evidence. A run first lets a guest's tab arrive by webhook (no
// money of the app's own in it), then sells gift cards at the catalog's price (waiting for the
// cards), lets the webhooks arrive, orders on a pass with a spend limit and refunds part of the
// sale, each write through a one-shot fault (a refusal, a lost answer, a 504 after commit).
// Invariants: the sale is never refused by a money reading; no sale, order or refund doubled or
// lost (at most one, and exactly one when the app says it happened); money equal to what was
// charged or asked for, wherever its family is decided; every amount as a screen shows it is the
// service's truth or one of its two readings, never 100x off as a fact, and an amount the service
// wrote as a decimal string with a point ("25.00", REST or event) is shown as the fact at once;
// a family's unit is never decided wrong; without faults on the sale every family ends decided.
// VENUE_READINGS_TABS_RUNS (default 20; 30 more in readings-property.test.ts) and VENUE_READINGS_SEED set the run; `npm run test:readings --
// --runs N [--seed S]` runs more. A failure names the seed and the reading.
import fc from 'fast-check';
import { afterAll, describe, expect } from 'vitest';
import { namedReadings, type SandboxReadings } from '../../electron/sandbox/readings';
import type { FaultMode } from '../../electron/sandbox/faults';
import { passSpent } from '../../electron/sandbox/tabs/pass-spend';
import { MONEY_FAMILIES, moneyReadings, type MoneyFamily } from '../../shared/money-units';
import { formatMoney } from '../../shared/money';
import { readingsProperty, readingsRuns } from '../support/readings-property';
import { PASSES, PRODUCTS, SPOT_BAR_1, removeTempDirs, startCore, until, type TestCore } from './tabs-kit';
import { newRequestId as rid } from '../../shared/request-id';

const RUNS = readingsRuns('VENUE_READINGS_TABS_RUNS', 20);
const SALE = 'POST /api/loc/:location/tabs';
const REFUND = 'POST /api/loc/:location/tabs/:tab/refund';
const PASS_ITEMS = 'POST /api/loc/:location/tabs/passes/:pass/items';

afterAll(() => removeTempDirs());

interface Scenario {
  faults: { sale: FaultMode | null; pass: FaultMode | null; refund: FaultMode | null };
  cards: number;
  refundCents: number;
}

const fault = fc.constantFrom<FaultMode | null>(null, null, 'status500', 'commit-lose-response', 'commit-then-504');
const scenarioArb: fc.Arbitrary<Scenario> = fc.record({
  faults: fc.record({ sale: fault, pass: fault, refund: fault }),
  cards: fc.integer({ min: 1, max: 2 }),
  refundCents: fc.integer({ min: 1, max: 2500 }),
});

const UNIT_POINT: Record<MoneyFamily, keyof SandboxReadings> = {
  sent: 'moneySent',
  answers: 'moneyAnswers',
  numbers: 'moneyNumbers',
};

/** A family decided from evidence must be decided right; one not decided says so (source default). */
function expectUnitsRight(t: TestCore, r: SandboxReadings, when: string): void {
  const view = t.core.tabs.money.current();
  for (const family of MONEY_FAMILIES) {
    const f = view[family];
    if (f.source === 'detected')
      expect(f.unit, `${family} unit ${when} (${f.evidence?.saw})`).toBe(r[UNIT_POINT[family]]);
    expect(f.conflict, `${family} evidence against the decision ${when}`).toBeNull();
  }
}

/** An amount of `family` in cents as the screens show it: one amount once decided, else both readings. */
function shown(t: TestCore, family: MoneyFamily, cents: number | null): string {
  return moneyReadings(cents, t.core.tabs.money.family(family), formatMoney);
}

/**
 * The amount as a screen shows it holds the truth: as the fact, or as one of the two readings
 * while the family is undecided (never only the reading 100x off). Money the service wrote as a
 * decimal string with a point is dollars by its form, so that alone shows it as the fact.
 */
function expectShownRight(
  t: TestCore,
  r: SandboxReadings,
  family: MoneyFamily,
  cents: number | null,
  truth: number,
  what: string,
): void {
  const text = shown(t, family, cents);
  expect(text.split(' or '), `${what} as shown (${text})`).toContain(formatMoney(truth));
  if (r.moneyText === 'string' && r[UNIT_POINT[family]] === 'dollars' && truth !== 0)
    expect(text, `${what} written as a decimal string in dollars`).toBe(formatMoney(truth));
}

async function runOnce(r: SandboxReadings, s: Scenario): Promise<void> {
  const t = await startCore({ readings: r, confirmUnits: false });
  const world = t.world!;
  const money = t.core.tabs.money;
  const fault = async (route: string, mode: FaultMode | null) => {
    if (mode) await t.control.addFault({ route, mode, count: 1 });
  };
  try {
    // 0. A guest's tab from the service, by webhook only: its amounts on the board are the
    // service's (the events' "number" fields), with no sale or refund of this app's to anchor them.
    const { opened } = await t.control.simulateGuests({ tabs: 1, orders: 1 });
    const guestTruth = ((await t.control.tab(opened[0])) as { total: number }).total;
    const boardTab = (uuid: string) =>
      [...t.core.tabs.boardView().open, ...t.core.tabs.boardView().closed].find((b) => b.uuid === uuid);
    const guest = await until(
      () => boardTab(opened[0]),
      (b) => b !== undefined && shown(t, 'numbers', b.total).split(' or ').includes(formatMoney(guestTruth)),
      10_000,
      `the guest's tab on the board, ${formatMoney(guestTruth)} among what is shown`,
    );
    expectShownRight(t, r, 'numbers', guest!.total, guestTruth, "the guest's tab total on the board");
    expectUnitsRight(t, r, 'after the guest’s events');

    // The price as the bartender sees it: the catalog's (read in the answers' unit), or typed from
    // the POS where the service has no catalog route. Either way the line sends no price of its own.
    const catalog = await t.core.handlers.tabsCatalog();
    const listed = catalog.available ? catalog.products.find((p) => p.uuid === PRODUCTS.giftCard25.uuid) : undefined;
    const unitPrice = listed?.price ?? PRODUCTS.giftCard25.price;
    if (listed) expectShownRight(t, r, 'answers', listed.price, PRODUCTS.giftCard25.price, 'the catalog price');

    // 1. The gift-card sale.
    const tabsBefore = world.tabs.tabs.size;
    await fault(SALE, s.faults.sale);
    const sold = await t.core.handlers.giftCardSell(
      {
        spotUuid: SPOT_BAR_1.uuid,
        spotName: SPOT_BAR_1.name,
        lines: [{ productUuid: PRODUCTS.giftCard25.uuid, quantity: s.cards, label: 'Gift Card $25', unitPrice }],
        paymentType: 'CARD',
        wait: true,
      },
      rid(),
    );
    await t.control.clearFaults();
    const made = [...world.tabs.tabs.values()].slice(tabsBefore);
    expect(made.length, 'tabs the sale made').toBeLessThanOrEqual(1);
    if (s.faults.sale === null) expect(sold.state, `sale state (${sold.message})`).toBe('done');
    if (sold.state === 'done') {
      expect(made, 'a done sale made one tab').toHaveLength(1);
      const tab = made[0];
      const paid = tab.paymentIds.reduce((sum, id) => sum + world.tabs.payments.get(id)!.amount, 0);
      expect(paid, 'charged the catalog price of the cards').toBe(PRODUCTS.giftCard25.price * s.cards);
      if (money.decided('answers')) expect(sold.total, 'the sale total as charged').toBe(paid);
      expectShownRight(t, r, 'answers', sold.total, paid, 'the sale total');
    } else if (sold.state === 'failed') {
      expect(made, 'a failed sale made nothing').toHaveLength(0);
    }
    expectUnitsRight(t, r, 'after the sale');

    // 2. The webhooks: the sale's ORDER_PLACED reaches the board (and decides the "number" fields).
    const saleTab = made[0]?.uuid ?? null;
    if (saleTab && sold.state === 'done')
      await until(
        () => t.core.tabs.boardView(),
        (b) => [...b.open, ...b.closed].some((tab) => tab.uuid === saleTab),
        10_000,
        'the sale on the board',
      );
    if (s.faults.sale === null) {
      await until(
        () => MONEY_FAMILIES.every((f) => money.decided(f)),
        (all) => all,
        10_000,
        `every money family decided (${JSON.stringify(money.current())})`,
      );
    }
    expectUnitsRight(t, r, 'after the events');

    // 3. An order on the pass with a spend limit ('pre'), at the catalog's price.
    const passTruth = () => passSpent(world, world.passes.get(PASSES.pre)!);
    const ordersBefore = world.tabs.orders.size;
    await fault(PASS_ITEMS, s.faults.pass);
    const order = await t.core.handlers.passOrder(
      PASSES.pre,
      [{ productUuid: PRODUCTS.lager.uuid, quantity: 1 }],
      rid(),
    );
    await t.control.clearFaults();
    const orders = world.tabs.orders.size - ordersBefore;
    expect(orders, 'orders placed on the pass').toBeLessThanOrEqual(1);
    if (order.ok) {
      expect(orders, 'an accepted order exists once').toBe(1);
      if (money.decided('answers'))
        expect(order.total, 'order total as the service holds it').toBe(PRODUCTS.lager.price);
      expectShownRight(t, r, 'answers', order.total, PRODUCTS.lager.price, 'the order total');
    } else if (order.reason !== 'uncertain') expect(orders, 'a refused order placed nothing').toBe(0);
    if (order.pass && order.pass.spent !== null && money.decided('numbers'))
      expect(order.pass.spent, 'spent as the service counts it').toBe(passTruth());
    if (order.pass && order.pass.spent !== null)
      expectShownRight(t, r, 'numbers', order.pass.spent, passTruth(), 'the pass’s Spent');

    // 4. An open refund of part of the sale (the amount is cents by the spec).
    const payment = made[0]?.paymentIds[0];
    if (sold.state === 'done' && saleTab && payment) {
      const refundsBefore = world.tabs.refunds.size;
      await fault(REFUND, s.faults.refund);
      const refund = await t.core.tabs.refund(saleTab, { paymentId: payment, amount: s.refundCents, managerPin: '' });
      await t.control.clearFaults();
      const made = [...world.tabs.refunds.values()].slice(refundsBefore);
      expect(made.length, 'refunds made').toBeLessThanOrEqual(1);
      if (refund.ok) {
        expect(made, 'an accepted refund exists once').toHaveLength(1);
        expect(made[0].amount, 'refunded what was asked').toBe(s.refundCents);
        expect(refund.amount, 'the refund as the app shows it').toBe(s.refundCents);
        // 5. Its PAYMENT_REFUNDED on the board, in cents, once the "number" fields are decided.
        const onBoard = await until(
          () => [...t.core.tabs.boardView().open, ...t.core.tabs.boardView().closed].find((b) => b.uuid === saleTab),
          (b) => (b?.refunds.length ?? 0) > 0,
          10_000,
          'the refund on the board',
        );
        if (money.decided('numbers'))
          expect(
            onBoard!.refunds.map((x) => x.amount),
            'refund on the board',
          ).toEqual([s.refundCents]);
        expectShownRight(t, r, 'numbers', onBoard!.refunds[0].amount, s.refundCents, 'the refund on the board');
      } else if (!refund.uncertain) expect(made, 'a refused refund made nothing').toHaveLength(0);
    }
    expectUnitsRight(t, r, 'at the end');
  } finally {
    await t.control.clearFaults().catch(() => undefined);
    await t.stop();
  }
}

describe('the tabs under random readings, money units from evidence', () => {
  const plain: Scenario = { faults: { sale: null, pass: 'commit-then-504', refund: null }, cards: 2, refundCents: 700 };
  readingsProperty({
    runOnce,
    scenario: scenarioArb,
    plain,
    more: [
      {
        name: 'answers and amounts sent in as cents, the "number" fields as dollars (fixed case)',
        readings: { ...namedReadings('default'), moneySent: 'cents', moneyAnswers: 'cents', moneyNumbers: 'dollars' },
      },
      {
        // Only the decimal point of "25.00" (a REST answer) and "14.00" (an event) says dollars:
        // a guest's whole-dollar tab and the catalog come before any anchor.
        name: 'money as decimal strings in dollars, REST answers and events (fixed case)',
        readings: {
          ...namedReadings('default'),
          moneySent: 'dollars',
          moneyAnswers: 'dollars',
          moneyNumbers: 'dollars',
          moneyText: 'string',
        },
      },
    ],
    runs: RUNS,
    perRunMs: 60_000,
  });
});
