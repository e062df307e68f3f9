// Events that tangle tabs together (items, orders and refunds moving between tabs, item IDs shared
// across tabs) for the property tests of the board: the projection and its pushes.
import { T0 } from './webhook-fixtures';
import type { Envelope } from './webhook-tab-story';

const TABS = ['tab-a', 'tab-b', 'tab-c', 'tab-d'];
const ITEMS = ['item-1', 'item-2', 'item-3', 'item-4'];
// Item IDs: some are UUIDs of items, some only ever given as an item ID, one never claimed.
const IDS = ['item-1', 'item-3', 'iid-x', 'iid-y', 'iid-z'];
const ORDERS = ['o-1', 'o-2', 'o-3'];
const REFUNDS = ['rp-1', 'rp-2'];
const LOCATIONS = [{ locationUuid: 'loc-1' }, { locationUuid: 'loc-2' }, {}];

/** Events that move items, orders and refunds between tabs and share item IDs across tabs. */
export function tangledEvent(random: () => number): Envelope {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const createdAt = new Date(T0 - 3_600_000 + Math.floor(random() * 20) * 60_000).toISOString();
  const base = { ...pick(LOCATIONS), createdAt };
  const tabUuid = pick(TABS);
  const itemData = () => {
    const roll = random();
    const extra = roll < 0.3 ? { itemId: pick(IDS) } : roll < 0.4 ? { id: pick(IDS) } : {};
    return {
      orderId: pick(ORDERS),
      name: `Dish ${Math.floor(random() * 3)}`,
      productName: 'Dish',
      quantity: 1 + Math.floor(random() * 3),
      price: 100 * (1 + Math.floor(random() * 5)),
      tags: [],
      tabId: 't',
      tabUuid,
      ...extra,
    };
  };
  switch (Math.floor(random() * 9)) {
    case 0:
      return {
        type: 'OPEN_TAB',
        targetUuid: tabUuid,
        ...base,
        data: { name: `Guest ${Math.floor(random() * 3)}`, spotName: 'Table 1', total: 0, openedFrom: 'SERVER_TAB' },
      };
    case 1:
      return { type: 'CLOSE_TAB', targetUuid: tabUuid, ...base, data: {} };
    case 2:
    case 3:
      return {
        type: 'ITEM_ADDED',
        targetUuid: pick(ITEMS),
        ...base,
        data: { ...itemData(), productId: 'p1', categoryName: 'Food' },
      };
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
        data: {
          created: createdAt,
          orderName: '#1',
          scheduled: false,
          zoneName: 'Main',
          spotName: 'Table 1',
          zoneTags: [],
          zoneGroupName: 'Inside',
          total: 1,
          tabUuid,
          itemNames: [],
          itemTags: [],
          categoryNames: [],
        },
      };
    default:
      return {
        type: 'PAYMENT_REFUNDED',
        targetId: 'pay-1',
        ...base,
        data: {
          tabId: 't',
          tabUuid,
          refundPaymentId: pick(REFUNDS),
          refundType: 'open',
          refundAmount: 100 * (1 + Math.floor(random() * 3)),
          refundSubtotal: 100,
          refundTip: 0,
          refundCustomerFee: 0,
          itemCount: 0,
          gateway: 'INTERNAL',
          paymentType: 'card',
        },
      };
  }
}
