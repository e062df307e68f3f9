// Builds each tab event with exactly the data keys of spec 6.4 and the target of 6.5.
// Money is integer cents (the spec says "number"; it names cents for balances and limits).
import type { SandboxWorld } from '../world';
import type { TabEventInput } from './emit';
import type { TabStore } from './store';
import { tabTotal } from './totals';
import type { GiftCardRecord, ItemRecord, OrderRecord, PaymentRecord, RefundRecord, TabRecord } from './types';
import { giftCardData } from './views';

const unique = (xs: string[]) => [...new Set(xs)];

export function spotAndZone(world: SandboxWorld, spotUuid: string) {
  const spot = world.spots.find((s) => s.uuid === spotUuid);
  const zone = spot ? world.zones.find((z) => z.uuid === spot.zoneUuid) : undefined;
  return { spot, zone };
}

export function openTabEvent(world: SandboxWorld, store: TabStore, tab: TabRecord): TabEventInput {
  const { spot } = spotAndZone(world, tab.spotUuid);
  return {
    type: 'OPEN_TAB',
    locationUuid: tab.locationUuid,
    targetUuid: tab.uuid,
    data: { name: tab.name, spotName: spot?.name ?? '', total: tabTotal(store, tab), openedFrom: tab.openedFrom },
  };
}

export function closeTabEvent(tab: TabRecord): TabEventInput {
  return { type: 'CLOSE_TAB', locationUuid: tab.locationUuid, targetUuid: tab.uuid, data: {} };
}

export function orderPlacedEvent(world: SandboxWorld, store: TabStore, order: OrderRecord): TabEventInput {
  const tab = store.tabs.get(order.tabUuid)!;
  const { spot, zone } = spotAndZone(world, tab.spotUuid);
  const items = order.itemIds.map((id) => store.items.get(id)!);
  return {
    type: 'ORDER_PLACED',
    locationUuid: order.locationUuid,
    targetUuid: order.uuid,
    data: {
      created: new Date(order.createdAtMs).toISOString(),
      orderName: order.name,
      scheduled: false,
      zoneName: zone?.name ?? '',
      spotName: spot?.name ?? '',
      zoneTags: [...(zone?.tags ?? [])],
      zoneGroupName: zone?.groupName ?? '',
      total: order.placedTotal,
      tabUuid: tab.uuid,
      itemNames: items.map((i) => i.name),
      itemTags: unique(items.flatMap((i) => i.tags)),
      categoryNames: unique(items.map((i) => i.categoryName)),
    },
  };
}

export function itemAddedEvent(item: ItemRecord, locationUuid: string): TabEventInput {
  return {
    type: 'ITEM_ADDED',
    locationUuid,
    targetUuid: item.uuid,
    data: {
      orderId: item.orderId,
      productId: item.productId,
      name: item.name,
      productName: item.productName,
      categoryName: item.categoryName,
      quantity: item.quantity,
      price: item.price,
      tags: [...item.tags],
      tabId: item.tabId,
      tabUuid: item.tabUuid,
    },
  };
}

export function itemRemovedEvent(item: ItemRecord, locationUuid: string): TabEventInput {
  return {
    type: 'ITEM_REMOVED',
    locationUuid,
    targetUuid: item.uuid,
    data: {
      orderId: item.orderId,
      name: item.name,
      productName: item.productName,
      quantity: item.quantity,
      price: item.price,
      tags: [...item.tags],
      tabId: item.tabId,
      tabUuid: item.tabUuid,
    },
  };
}

/** ITEM_VOIDED and ITEM_COMPED name the item by id and carry only orderId. */
export function itemStatusEvent(
  type: 'ITEM_VOIDED' | 'ITEM_COMPED',
  item: ItemRecord,
  locationUuid: string,
): TabEventInput {
  return { type, locationUuid, targetId: item.id, data: { orderId: item.orderId } };
}

export function paymentRefundedEvent(tab: TabRecord, payment: PaymentRecord, refund: RefundRecord): TabEventInput {
  return {
    type: 'PAYMENT_REFUNDED',
    locationUuid: tab.locationUuid,
    targetId: payment.id,
    data: {
      tabId: tab.id,
      tabUuid: tab.uuid,
      refundPaymentId: refund.id,
      refundType: refund.refundType,
      refundAmount: refund.amount,
      refundSubtotal: refund.subtotal,
      refundTip: refund.tip,
      refundCustomerFee: refund.customerFee,
      itemCount: refund.itemCount,
      gateway: payment.gateway,
      paymentType: payment.paymentType,
    },
  };
}

/** Only for cards bought through the API: onlyAccessId limits delivery to the buyer's integration. */
export function giftCardCreatedEvent(card: GiftCardRecord, onlyAccessId: string): TabEventInput {
  return {
    type: 'GIFT_CARD_CREATED',
    locationUuid: card.locationUuid,
    targetUuid: card.processorAccountUuid,
    targetId: card.itemId,
    data: giftCardData(card),
    onlyAccessId,
  };
}
