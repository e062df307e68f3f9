// Wire shapes of tabs, orders, items, payments, refunds and gift cards (docs/service-assumptions.md).
// camelCase like the webhook data and the refund body; money in integer cents; ids as strings.
import type { TabStore } from './store';
import { orderTotal, paymentRefundable, tabPaid, tabTotal } from './totals';
import type { GiftCardRecord, ItemRecord, OrderRecord, PaymentRecord, RefundRecord, TabRecord } from './types';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function itemView(i: ItemRecord) {
  return {
    id: i.id,
    uuid: i.uuid,
    orderId: i.orderId,
    orderUuid: i.orderUuid,
    tabId: i.tabId,
    tabUuid: i.tabUuid,
    productId: i.productId,
    productUuid: i.productUuid,
    name: i.name,
    productName: i.productName,
    categoryName: i.categoryName,
    quantity: i.quantity,
    price: i.price,
    tags: [...i.tags],
    note: i.note,
    status: i.status,
    refundedQuantity: i.refundedQuantity,
  };
}

/** An order with its items; a tab view lists its orders with itemIds only (the items are beside them). */
export function orderView(store: TabStore, o: OrderRecord) {
  return { ...orderSummary(store, o), items: o.itemIds.map((id) => itemView(store.items.get(id)!)) };
}

function orderSummary(store: TabStore, o: OrderRecord) {
  return {
    uuid: o.uuid,
    id: o.id,
    tabUuid: o.tabUuid,
    name: o.name,
    status: o.status,
    source: o.source.kind,
    viaPassItems: o.viaPassItems,
    total: orderTotal(store, o),
    createdAt: iso(o.createdAtMs),
    itemIds: [...o.itemIds],
  };
}

export function paymentView(p: PaymentRecord) {
  return {
    id: p.id,
    amount: p.amount,
    tip: p.tip,
    customerFee: p.customerFee,
    gateway: p.gateway,
    paymentType: p.paymentType,
    refundedAmount: p.refundedSubtotal + p.refundedTip + p.refundedCustomerFee,
    refundableAmount: paymentRefundable(p),
    createdAt: iso(p.createdAtMs),
  };
}

export function tabView(store: TabStore, t: TabRecord) {
  return {
    uuid: t.uuid,
    id: t.id,
    locationUuid: t.locationUuid,
    spotUuid: t.spotUuid,
    name: t.name,
    status: t.status,
    openedFrom: t.openedFrom,
    xPassId: t.xPassId,
    total: tabTotal(store, t),
    paid: tabPaid(store, t),
    createdAt: iso(t.createdAtMs),
    closedAt: iso(t.closedAtMs),
    orders: t.orderUuids.map((u) => orderSummary(store, store.orders.get(u)!)),
    items: t.itemIds.map((id) => itemView(store.items.get(id)!)),
    payments: t.paymentIds.map((id) => paymentView(store.payments.get(id)!)),
  };
}

export function refundView(r: RefundRecord) {
  return {
    id: r.id,
    paymentId: r.paymentId,
    tabUuid: r.tabUuid,
    refundType: r.refundType,
    amount: r.amount,
    subtotal: r.subtotal,
    tip: r.tip,
    customerFee: r.customerFee,
    itemCount: r.itemCount,
    reason: r.reason,
    items: r.items.map((i) => ({ ...i })),
    createdAt: iso(r.createdAtMs),
  };
}

/** Exactly the GIFT_CARD_CREATED data keys (6.4); processorAccounts entries use the same shape. */
export function giftCardData(c: GiftCardRecord) {
  return {
    processorAccountUuid: c.processorAccountUuid,
    giftCardNumber: c.giftCardNumber,
    lastFour: c.lastFour,
    balance: c.balance,
    giftCardType: c.giftCardType,
    gateway: c.gateway,
    redemptionUrl: c.redemptionUrl,
    claimUrl: c.claimUrl,
    tabId: c.tabId,
    itemId: c.itemId,
    orderId: c.orderId,
    customerProfileUuid: c.customerProfileUuid,
  };
}

/** The control API's view: the card plus its issuance state and who may receive it. */
export function giftCardControlView(c: GiftCardRecord) {
  return {
    ...giftCardData(c),
    state: c.state,
    held: c.held,
    locationUuid: c.locationUuid,
    tabUuid: c.tabUuid,
    deliveredTo: c.source.kind === 'api' ? c.source.accessId : null,
    issuedAt: iso(c.issuedAtMs),
  };
}
