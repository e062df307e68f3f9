// The open-tabs projection derives only the tabs an event can change (a dirty set) and pushes the
// open tabs plus the most recently closed ones. Whatever events arrive, in whatever order, with
// reads in between, board() must equal what deriving every tab from all the facts gives (the
// projection as it was, open-tabs-reference.ts), and the pushed board must equal boardView() of it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boardView, boardViewOf } from '../../electron/core/tabs/board-view';
import { OpenTabsProjection } from '../../electron/core/tabs/open-tabs-projection';
import { CLOSED_ON_BOARD } from '../../shared/tabs';
import { ReferenceOpenTabs } from './open-tabs-reference';
import { rng, T0 } from './webhook-fixtures';
import { accepted, type Envelope } from './webhook-tab-story';

const TABS = ['tab-a', 'tab-b', 'tab-c', 'tab-d'];
const ITEMS = ['item-1', 'item-2', 'item-3', 'item-4'];
// Item IDs: some are UUIDs of items, some only ever given as an item ID, one never claimed.
const IDS = ['item-1', 'item-3', 'iid-x', 'iid-y', 'iid-z'];
const ORDERS = ['o-1', 'o-2', 'o-3'];
const REFUNDS = ['rp-1', 'rp-2'];
const LOCATIONS = [{ locationUuid: 'loc-1' }, { locationUuid: 'loc-2' }, {}];

/** Events that move items, orders and refunds between tabs and share item IDs across tabs. */
function tangledEvent(random: () => number): Envelope {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const createdAt = new Date(T0 - 3_600_000 + Math.floor(random() * 20) * 60_000).toISOString();
  const base = { ...pick(LOCATIONS), createdAt };
  const tabUuid = pick(TABS);
  const itemData = () => {
    const roll = random();
    const extra = roll < 0.3 ? { itemId: pick(IDS) } : roll < 0.4 ? { id: pick(IDS) } : {};
    return { orderId: pick(ORDERS), name: `Dish ${Math.floor(random() * 3)}`, productName: 'Dish', quantity: 1 + Math.floor(random() * 3), price: 100 * (1 + Math.floor(random() * 5)), tags: [], tabId: 't', tabUuid, ...extra };
  };
  switch (Math.floor(random() * 9)) {
    case 0:
      return { type: 'OPEN_TAB', targetUuid: tabUuid, ...base, data: { name: `Guest ${Math.floor(random() * 3)}`, spotName: 'Table 1', total: 0, openedFrom: 'SERVER_TAB' } };
    case 1:
      return { type: 'CLOSE_TAB', targetUuid: tabUuid, ...base, data: {} };
    case 2:
    case 3:
      return { type: 'ITEM_ADDED', targetUuid: pick(ITEMS), ...base, data: { ...itemData(), productId: 'p1', categoryName: 'Food' } };
    case 4:
      return { type: 'ITEM_REMOVED', targetUuid: pick(ITEMS), ...base, data: itemData() };
    case 5:
      return { type: 'ITEM_VOIDED', targetId: pick(IDS), ...base, data: { orderId: pick(ORDERS) } };
    case 6:
      return { type: 'ITEM_COMPED', targetId: pick(IDS), ...base, data: { orderId: pick(ORDERS) } };
    case 7:
      return {
        type: 'ORDER_PLACED',
        targetUuid: pick(ORDERS),
        ...base,
        data: { created: createdAt, orderName: '#1', scheduled: false, zoneName: 'Main', spotName: 'Table 1', zoneTags: [], zoneGroupName: 'Inside', total: 1, tabUuid, itemNames: [], itemTags: [], categoryNames: [] },
      };
    default:
      return {
        type: 'PAYMENT_REFUNDED',
        targetId: 'pay-1',
        ...base,
        data: { tabId: 't', tabUuid, refundPaymentId: pick(REFUNDS), refundType: 'open', refundAmount: 100 * (1 + Math.floor(random() * 3)), refundSubtotal: 100, refundTip: 0, refundCustomerFee: 0, itemCount: 0, gateway: 'INTERNAL', paymentType: 'card' },
      };
  }
}

describe('OpenTabsProjection, incremental', () => {
  it('after every step of any event sequence, equals deriving every tab from all facts (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 60 }), (seed, length) => {
        const random = rng(seed);
        const incremental = new OpenTabsProjection();
        const reference = new ReferenceOpenTabs();
        for (let i = 0; i < length; i++) {
          const event = accepted(tangledEvent(random), i + 1);
          incremental.apply(event);
          reference.apply(event);
          // Read at random moments, so dirty sets of every size are exercised.
          if (random() < 0.4 || i === length - 1) {
            const all = reference.board();
            expect(incremental.board()).toEqual(all);
            for (const at of ['loc-1', 'loc-2', null]) {
              const summary = incremental.summary(at, 2);
              expect(boardViewOf(summary, at)).toEqual({ ...boardView(all, at), closed: boardView(all, at).closed.slice(0, 2) });
              expect(boardViewOf(incremental.summary(at, CLOSED_ON_BOARD), at)).toEqual(boardView(all, at));
            }
            const some = all[Math.floor(random() * Math.max(1, all.length))];
            if (some) expect(incremental.tab(some.uuid)).toEqual(some);
          }
        }
      }),
      { numRuns: 400 },
    );
    // 400 runs of up to 60 events each: seconds of CPU, more on a shared 2-core machine (not a speed check).
  }, 60_000);

  it('keeps the pushed board bounded: open tabs and the most recently closed, with the count of all', () => {
    const p = new OpenTabsProjection();
    let seq = 0;
    const at = (minute: number) => new Date(T0 + minute * 60_000).toISOString();
    for (let n = 0; n < 200; n++) {
      p.apply(accepted({ type: 'OPEN_TAB', targetUuid: `tab-${n}`, locationUuid: 'loc-1', createdAt: at(n), data: { name: `G${n}`, spotName: 'T', total: 0, openedFrom: 'SERVER_TAB' } }, ++seq));
      if (n < 150) p.apply(accepted({ type: 'CLOSE_TAB', targetUuid: `tab-${n}`, locationUuid: 'loc-1', createdAt: at(n + 1), data: {} }, ++seq));
    }
    const summary = p.summary('loc-1', CLOSED_ON_BOARD);
    expect(summary.open).toHaveLength(50);
    expect(summary.closed).toHaveLength(CLOSED_ON_BOARD);
    expect(summary.closed[0].uuid).toBe('tab-149');
    expect(summary.closedCount).toBe(150);
    expect(p.summary('loc-2', CLOSED_ON_BOARD)).toEqual({ open: [], closed: [], closedCount: 0 });
    // An unchanged tab is the same object from one push to the next (nothing re-derived or copied).
    p.apply(accepted({ type: 'CLOSE_TAB', targetUuid: 'tab-199', locationUuid: 'loc-1', createdAt: at(300), data: {} }, seq + 1));
    const next = p.summary('loc-1', CLOSED_ON_BOARD);
    expect(next.closed[0].uuid).toBe('tab-199');
    expect(next.closed[1]).toBe(summary.closed[0]);
    expect(next.open[0]).toBe(summary.open[0]);
  });
});
