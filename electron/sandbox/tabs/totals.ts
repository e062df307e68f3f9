// Money sums. The sandbox charges no tax and no customer fee on orders, so an order's total is
// the sum of its live items; voided, comped and removed items no longer count.
import type { ItemRecord, OrderRecord, PaymentRecord, TabRecord } from './types';
import type { TabStore } from './store';

export const itemTotal = (i: ItemRecord) => (i.status === 'ACTIVE' ? i.price * i.quantity : 0);

export function orderTotal(store: TabStore, order: OrderRecord): number {
  return order.itemIds.reduce((sum, id) => sum + itemTotal(store.items.get(id)!), 0);
}

export function tabTotal(store: TabStore, tab: TabRecord): number {
  return tab.itemIds.reduce((sum, id) => sum + itemTotal(store.items.get(id)!), 0);
}

/** Amounts paid on the tab, without tips and fees (what settles the tab total). */
export function tabPaid(store: TabStore, tab: TabRecord): number {
  return tab.paymentIds.reduce((sum, id) => sum + store.payments.get(id)!.amount, 0);
}

/** What is left to refund on a payment: subtotal, tip and fee together. */
export function paymentRefundable(p: PaymentRecord): number {
  return p.amount + p.tip + p.customerFee - p.refundedSubtotal - p.refundedTip - p.refundedCustomerFee;
}
