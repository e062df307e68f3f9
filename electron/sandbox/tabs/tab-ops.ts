// Synchronous state changes on tabs: open, place an order, pay, close. None of them emits: the
// caller commits everything first and then emits (so a validation failure halfway never leaves
// events for state that was not kept), and none awaits (so a check and its commit are atomic).
import { randomUUID } from 'node:crypto';
import type { SandboxWorld } from '../world';
import type { TabEventInput } from './emit';
import { closeTabEvent, itemAddedEvent, orderPlacedEvent } from './event-data';
import { createGiftCards } from './gift-cards';
import { linesTotal, type OrderLine } from './lines';
import { tabPaid, tabTotal } from './totals';
import type { ItemRecord, OpenedFrom, OrderRecord, OrderSource, PaymentRecord, TabRecord } from './types';

export interface OpenTabInput {
  locationUuid: string;
  spotUuid: string;
  name: string;
  openedFrom: OpenedFrom;
  customerProfileUuid?: string | null;
}

export function openTab(world: SandboxWorld, input: OpenTabInput): TabRecord {
  const store = world.tabs;
  const tab: TabRecord = {
    uuid: randomUUID(),
    id: store.nextId('tab'),
    locationUuid: input.locationUuid,
    spotUuid: input.spotUuid,
    name: input.name,
    status: 'OPEN',
    openedFrom: input.openedFrom,
    xPassId: null,
    customerProfileUuid: input.customerProfileUuid ?? null,
    orderUuids: [],
    itemIds: [],
    paymentIds: [],
    createdAtMs: world.clock.nowMs(),
    closedAtMs: null,
  };
  store.tabs.set(tab.uuid, tab);
  return tab;
}

export interface PlaceOrderOptions {
  source: OrderSource;
  /** True only for POST …/tabs/passes/{x_pass_id}/items: only those orders count towards spent. */
  viaPassItems?: boolean;
}

export function placeOrder(
  world: SandboxWorld,
  tab: TabRecord,
  lines: OrderLine[],
  opts: PlaceOrderOptions,
): OrderRecord {
  const store = world.tabs;
  const nowMs = world.clock.nowMs();
  const order: OrderRecord = {
    uuid: randomUUID(),
    id: store.nextId('order'),
    tabUuid: tab.uuid,
    locationUuid: tab.locationUuid,
    name: '',
    status: 'PLACED',
    source: opts.source,
    viaPassItems: opts.viaPassItems === true,
    itemIds: [],
    placedTotal: linesTotal(lines),
    createdAtMs: nowMs,
  };
  order.name = `Order #${order.id}`;
  const items = lines.map((line): ItemRecord => ({
    id: store.nextId('item'),
    uuid: randomUUID(),
    orderUuid: order.uuid,
    orderId: order.id,
    tabUuid: tab.uuid,
    tabId: tab.id,
    productUuid: line.product.uuid,
    productId: line.product.id,
    name: line.note ? `${line.product.name} (${line.note})` : line.product.name,
    productName: line.product.name,
    categoryName: line.product.category,
    quantity: line.quantity,
    price: line.price,
    tags: [...line.product.tags],
    note: line.note,
    status: 'ACTIVE',
    refundedQuantity: 0,
  }));
  for (const item of items) {
    store.items.set(item.id, item);
    order.itemIds.push(item.id);
    tab.itemIds.push(item.id);
  }
  store.orders.set(order.uuid, order);
  tab.orderUuids.push(order.uuid);
  createGiftCards(world, tab, order, items);
  return order;
}

/** ORDER_PLACED, then one ITEM_ADDED per item. */
export function orderEvents(world: SandboxWorld, order: OrderRecord): TabEventInput[] {
  const store = world.tabs;
  const items = order.itemIds.map((id) => store.items.get(id)!);
  return [orderPlacedEvent(world, store, order), ...items.map((i) => itemAddedEvent(i, order.locationUuid))];
}

export interface PaymentInput {
  amount: number;
  tip?: number;
  customerFee?: number;
  gateway?: string;
  paymentType?: string;
}

export function addPayment(world: SandboxWorld, tab: TabRecord, input: PaymentInput): PaymentRecord {
  const store = world.tabs;
  const payment: PaymentRecord = {
    id: store.nextId('payment'),
    tabUuid: tab.uuid,
    amount: input.amount,
    tip: input.tip ?? 0,
    customerFee: input.customerFee ?? 0,
    gateway: input.gateway ?? 'INTERNAL',
    paymentType: input.paymentType ?? 'CARD',
    refundedSubtotal: 0,
    refundedTip: 0,
    refundedCustomerFee: 0,
    createdAtMs: world.clock.nowMs(),
  };
  store.payments.set(payment.id, payment);
  tab.paymentIds.push(payment.id);
  return payment;
}

/** Pays what is still owed with a card (as the POS or the guest's phone would), then closes. */
export function settleAndClose(world: SandboxWorld, tab: TabRecord): TabEventInput[] {
  const owed = tabTotal(world.tabs, tab) - tabPaid(world.tabs, tab);
  if (owed > 0) addPayment(world, tab, { amount: owed });
  return closeTab(world, tab);
}

export function closeTab(world: SandboxWorld, tab: TabRecord): TabEventInput[] {
  if (tab.status === 'CLOSED') return [];
  tab.status = 'CLOSED';
  tab.closedAtMs = world.clock.nowMs();
  return [closeTabEvent(tab)];
}
