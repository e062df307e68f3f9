// The property the Tabs screen relies on: any permutation and duplication of the events gives the
// same board (and the same gift cards and notices). The events are real: a venue story played on
// the embedded sandbox (guest tabs, POS orders, voids, comps, removals, a pass, gift-card sales,
// open and itemized refunds, notices) and taken from the core's webhook log.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardView } from '../../electron/core/tabs/board-view';
import { GiftCardProjection } from '../../electron/core/tabs/gift-card-projection';
import { deriveGiftCards } from '../../electron/core/tabs/gift-card-view';
import { NoticesProjection } from '../../electron/core/tabs/notices-projection';
import { OpenTabsProjection } from '../../electron/core/tabs/open-tabs-projection';
import type { AcceptedEvent } from '../../shared/webhooks';
import {
  HARBOUR,
  PASSES,
  PRODUCTS,
  SPOT_BAR_1,
  acceptedEvents,
  removeTempDirs,
  startCore,
  until,
  type TestCore,
} from './tabs-kit';
import { newRequestId as rid } from '../../shared/request-id';

let t: TestCore;
let events: AcceptedEvent[] = [];

beforeAll(async () => {
  t = await startCore();
  const c = t.control;
  const { opened, closed } = await c.simulateGuests({ tabs: 4, orders: 4, close: 'some' });
  expect(closed.length).toBeGreaterThan(0);
  const stillOpen = opened.filter((uuid) => !closed.includes(uuid));
  const guestTab = (await c.tab(stillOpen[0])) as { items: { id: string }[] };
  await c.itemAction(guestTab.items[0].id, 'void');
  if (guestTab.items[1]) await c.itemAction(guestTab.items[1].id, 'comp');
  await c.posOrder(stillOpen[1], { items: [{ product_uuid: PRODUCTS.fries.uuid, quantity: 2 }] });
  const second = (await c.tab(stillOpen[1])) as { items: { id: string }[] };
  await c.itemAction(second.items[second.items.length - 1].id, 'remove');
  await c.closeTab(stillOpen[1]);
  await t.core.handlers.passOrder(PASSES.noLimit, [{ productUuid: PRODUCTS.lager.uuid, quantity: 3 }], rid());
  const sale = await t.core.handlers.giftCardSell(
    {
      spotUuid: SPOT_BAR_1.uuid,
      lines: [
        { productUuid: PRODUCTS.giftCard25.uuid, quantity: 2, label: 'Gift Card $25', unitPrice: 2500 },
        { productUuid: PRODUCTS.partner25.uuid, quantity: 1, label: 'Partner', unitPrice: 2500 },
      ],
      paymentType: 'CARD',
      wait: true,
    },
    rid(),
  );
  const details = await t.core.handlers.tabDetails(sale.tabUuid!);
  await t.core.handlers.tabRefund(
    sale.tabUuid!,
    {
      managerPin: '9999',
      paymentId: details.payments[0].id,
      items: [{ itemId: details.items[0].id, quantity: 1, reason: 'Wrong card' }],
    },
    rid(),
  );
  await t.core.handlers.tabRefund(
    sale.tabUuid!,
    {
      managerPin: '9999',
      paymentId: details.payments[0].id,
      amount: 500,
    },
    rid(),
  );
  for (const type of ['QR_SCANNED', 'GUEST_VERIFIED', 'OPTION_GROUP_UPDATED', 'CATEGORY_UPDATED', 'MENU_UPDATED'])
    await t.core.handlers.triggerSandboxEvent({ type });
  await until(
    () => acceptedEvents(t.core),
    (list) =>
      list.filter((e) => e.type === 'PAYMENT_REFUNDED').length === 2 &&
      list.filter((e) => e.type === 'GIFT_CARD_CREATED').length === 3 &&
      list.some((e) => e.type === 'MENU_UPDATED'),
    8000,
    'story delivered',
  );
  await new Promise((r) => setTimeout(r, 300));
  events = acceptedEvents(t.core);
}, 30_000);

afterAll(async () => {
  await t.stop();
  removeTempDirs();
});

/** Everything the three screens derive from events, for one delivery order. */
function screensAfter(delivered: AcceptedEvent[]) {
  const tabs = new OpenTabsProjection();
  const cards = new GiftCardProjection();
  const notices = new NoticesProjection(3);
  delivered.forEach((e, i) => {
    const event = { ...e, seq: i + 1 } as AcceptedEvent;
    tabs.apply(event);
    cards.apply(event);
    notices.apply(event);
  });
  return {
    board: boardView(tabs.board(), HARBOUR.uuid),
    cards: cards.all().map(({ rank: _rank, ...c }) => c),
    giftCards: deriveGiftCards(t.core.tabs.sales.list(), cards.all(), Date.parse('2100-01-01'), 60).view,
    notices: notices.list(),
  };
}

describe('the tabs board is a function of the set of events', () => {
  it('the story reached the board: tabs, voids, comps, removals, refunds, cards, notices', () => {
    const { board, cards, notices } = screensAfter(events);
    const all = [...board.open, ...board.closed];
    expect(all.length).toBeGreaterThanOrEqual(6);
    const items = all.flatMap((tab) => tab.items);
    expect(items.some((i) => i.removed)).toBe(true);
    expect(
      all
        .flatMap((tab) => tab.refunds)
        .map((r) => r.refundType)
        .sort(),
    ).toEqual(['itemized', 'open']);
    expect(board.closed.length).toBeGreaterThanOrEqual(2);
    expect(cards).toHaveLength(3);
    expect(notices).toHaveLength(3);
  });

  it('any permutation and duplication of the events gives the same board, cards and notices (property)', () => {
    const expected = screensAfter(events);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: events.length, maxLength: events.length }),
        fc.infiniteStream(fc.nat()),
        (copies, picks) => {
          const delivered = events.flatMap((e, i) => Array.from({ length: copies[i] }, () => e));
          const it = picks[Symbol.iterator]();
          for (let i = delivered.length - 1; i > 0; i--) {
            const j = (it.next().value as number) % (i + 1);
            [delivered[i], delivered[j]] = [delivered[j], delivered[i]];
          }
          expect(screensAfter(delivered)).toEqual(expected);
        },
      ),
      { numRuns: 200 },
    );
  });
});
