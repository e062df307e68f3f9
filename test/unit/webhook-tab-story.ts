// Generates the webhook events of tabs (open, items, orders, removals, voids, comps, refunds,
// close) for the open-tabs projection tests, and turns envelopes into accepted events directly.
import type { AcceptedEvent } from '../../shared/webhooks';
import { acceptedFromBody } from '../../electron/core/webhooks/accepted-event';
import { LOCATION, T0 } from './webhook-fixtures';

export type Envelope = Record<string, unknown>;

export function tabStory(n: number, random: () => number, startMs = T0 - 3_600_000): Envelope[] {
  const tabUuid = `tab-${n}`;
  const out: Envelope[] = [];
  let t = startMs + n * 7;
  const at = () => new Date((t += 1000)).toISOString();
  const push = (
    type: string,
    target: { targetUuid?: string | null; targetId?: string },
    data: Record<string, unknown>,
  ) => out.push({ type, ...target, ...LOCATION, createdAt: at(), data });
  push(
    'OPEN_TAB',
    { targetUuid: tabUuid },
    { name: `Guest ${n}`, spotName: `Table ${n % 12}`, total: 0, openedFrom: 'SERVER_TAB' },
  );
  if (random() < 0.2)
    push(
      'OPEN_TAB',
      { targetUuid: tabUuid },
      { name: `Guest ${n} (renamed)`, spotName: `Table ${n % 12}`, total: 0, openedFrom: 'SERVER_TAB' },
    );
  const orders = 1 + Math.floor(random() * 2);
  const items: { uuid: string; id: string; orderId: string }[] = [];
  for (let o = 0; o < orders; o++) {
    const orderId = `order-${n}-${o}`;
    const count = 1 + Math.floor(random() * 4);
    for (let i = 0; i < count; i++) {
      const uuid = `item-${n}-${o}-${i}`;
      const id = `iid-${n}-${o}-${i}`;
      items.push({ uuid, id, orderId });
      const quantity = 1 + Math.floor(random() * 3);
      const price = 100 + Math.floor(random() * 900);
      // Half the items carry an item ID beside the UUID (an extra key), so voids can find them.
      const roll = random();
      // Rarely two items claim the same item ID (bad data): the board must still not depend on order.
      const extra = roll < 0.08 && items.length > 1 ? { itemId: items[0].id } : roll < 0.5 ? { itemId: id } : {};
      const added = {
        orderId,
        productId: `p${i}`,
        name: `Dish ${i}`,
        productName: `Dish ${i}`,
        categoryName: 'Food',
        quantity,
        price,
        tags: [],
        tabId: `t${n}`,
        tabUuid,
        ...extra,
      };
      push('ITEM_ADDED', { targetUuid: uuid }, added);
      // Sometimes a second, different ITEM_ADDED for the same item: the later one must win in any order.
      if (random() < 0.15) push('ITEM_ADDED', { targetUuid: uuid }, { ...added, quantity: quantity + 1 });
    }
    push(
      'ORDER_PLACED',
      { targetUuid: orderId },
      {
        created: at(),
        orderName: `#${n}${o}`,
        scheduled: false,
        zoneName: 'Main',
        spotName: `Table ${n % 12}`,
        zoneTags: [],
        zoneGroupName: 'Inside',
        total: 999,
        tabUuid,
        itemNames: [],
        itemTags: [],
        categoryNames: [],
      },
    );
  }
  for (const item of items) {
    const roll = random();
    if (roll < 0.15)
      push(
        'ITEM_REMOVED',
        { targetUuid: item.uuid },
        {
          orderId: item.orderId,
          name: 'Dish',
          productName: 'Dish',
          quantity: 1,
          price: 100,
          tags: [],
          tabId: `t${n}`,
          tabUuid,
        },
      );
    else if (roll < 0.3) push('ITEM_VOIDED', { targetId: item.id }, { orderId: item.orderId });
    else if (roll < 0.4) push('ITEM_COMPED', { targetId: item.id }, { orderId: item.orderId });
  }
  if (random() < 0.3) push('ITEM_VOIDED', { targetId: `unknown-${n}` }, { orderId: `order-${n}-0` });
  if (random() < 0.4) {
    push(
      'PAYMENT_REFUNDED',
      { targetId: `pay-${n}` },
      {
        tabId: `t${n}`,
        tabUuid,
        refundPaymentId: `rp-${n}`,
        refundType: 'open',
        refundAmount: 250,
        refundSubtotal: 250,
        refundTip: 0,
        refundCustomerFee: 0,
        itemCount: 0,
        gateway: 'INTERNAL',
        paymentType: 'card',
      },
    );
  }
  if (random() < 0.6) push('CLOSE_TAB', { targetUuid: tabUuid }, {});
  if (random() < 0.2) push('CLOSE_TAB', { targetUuid: tabUuid }, {});
  return out;
}

/** The accepted event the receiver would build for this envelope (seq given). */
export function accepted(envelope: Envelope, seq: number): AcceptedEvent {
  const built = acceptedFromBody(JSON.stringify(envelope), { seq, receivedAt: T0, verification: 'verified' });
  if ('problem' in built) throw new Error(built.problem);
  return built.event;
}
