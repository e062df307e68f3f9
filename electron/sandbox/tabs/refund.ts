// Refunds of one payment on a tab (spec 4). Open refunds take an amount and consume the payment's
// subtotal first, then its tip, then its customer fee; itemized refunds take item units and refund
// their price from the subtotal. Nothing is refunded beyond what the payment still holds or beyond
// an item's unrefunded units. Returns an error message naming the field, or the committed refund.
import type { SandboxWorld } from '../world';
import { paymentRefundable } from './totals';
import type { PaymentRecord, RefundRecord, TabRecord } from './types';

export interface RefundInput {
  paymentId?: string;
  amount?: number;
  items?: Array<{ itemId: string; quantity: number; reason?: string }>;
  reason?: string;
}

export type RefundResult =
  | { ok: true; refund: RefundRecord; payment: PaymentRecord }
  | { ok: false; error: 'invalid_refund' | 'refund_exceeds_payment' | 'refund_exceeds_quantity'; message: string };

const fail = (error: Extract<RefundResult, { ok: false }>['error'], message: string): RefundResult => ({
  ok: false,
  error,
  message,
});

function pickPayment(world: SandboxWorld, tab: TabRecord, paymentId: string | undefined): PaymentRecord | string {
  const payments = tab.paymentIds.map((id) => world.tabs.payments.get(id)!);
  if (paymentId !== undefined) {
    const p = payments.find((x) => x.id === paymentId);
    if (!p) return `paymentId: no payment ${paymentId} on tab ${tab.uuid}.`;
    return p;
  }
  const refundable = payments.filter((p) => paymentRefundable(p) > 0);
  if (refundable.length === 1) return refundable[0];
  return `paymentId: required, because the tab has ${refundable.length} refundable payments.`;
}

export function refundPayment(world: SandboxWorld, tab: TabRecord, input: RefundInput): RefundResult {
  const store = world.tabs;
  const picked = pickPayment(world, tab, input.paymentId);
  if (typeof picked === 'string') return fail('invalid_refund', picked);
  const payment = picked;
  const left = paymentRefundable(payment);
  if (left <= 0) return fail('refund_exceeds_payment', `paymentId: payment ${payment.id} has nothing left to refund.`);

  let subtotal = 0;
  let tip = 0;
  let customerFee = 0;
  let itemCount = 0;
  const lines: RefundRecord['items'] = [];

  if (input.amount !== undefined) {
    if (input.amount > left) {
      return fail(
        'refund_exceeds_payment',
        `amount: ${input.amount} is more than the ${left} cents left to refund on payment ${payment.id}.`,
      );
    }
    let rest = input.amount;
    subtotal = Math.min(rest, payment.amount - payment.refundedSubtotal);
    rest -= subtotal;
    tip = Math.min(rest, payment.tip - payment.refundedTip);
    rest -= tip;
    customerFee = rest;
  } else {
    const wanted = new Map<string, number>();
    for (const [i, line] of (input.items ?? []).entries()) {
      const item = store.items.get(line.itemId);
      if (!item || item.tabUuid !== tab.uuid)
        return fail('invalid_refund', `items.${i}.itemId: no item ${line.itemId} on this tab.`);
      if (item.status !== 'ACTIVE')
        return fail(
          'invalid_refund',
          `items.${i}.itemId: item ${item.id} is ${item.status.toLowerCase()} and cannot be refunded.`,
        );
      const total = (wanted.get(item.id) ?? 0) + line.quantity;
      const available = item.quantity - item.refundedQuantity;
      if (total > available) {
        return fail(
          'refund_exceeds_quantity',
          `items.${i}.quantity: only ${available} of item ${item.id} left to refund.`,
        );
      }
      wanted.set(item.id, total);
      lines.push({
        itemId: item.id,
        quantity: line.quantity,
        amount: item.price * line.quantity,
        reason: line.reason ?? null,
      });
      subtotal += item.price * line.quantity;
      itemCount += line.quantity;
    }
    const subtotalLeft = payment.amount - payment.refundedSubtotal;
    if (subtotal > subtotalLeft) {
      return fail(
        'refund_exceeds_payment',
        `items: they come to ${subtotal} cents, more than the ${subtotalLeft} left on payment ${payment.id}.`,
      );
    }
  }

  // Every check passed: commit.
  for (const line of lines) store.items.get(line.itemId)!.refundedQuantity += line.quantity;
  payment.refundedSubtotal += subtotal;
  payment.refundedTip += tip;
  payment.refundedCustomerFee += customerFee;
  const refund: RefundRecord = {
    id: store.nextId('payment'),
    paymentId: payment.id,
    tabUuid: tab.uuid,
    refundType: input.amount !== undefined ? 'open' : 'itemized',
    amount: subtotal + tip + customerFee,
    subtotal,
    tip,
    customerFee,
    itemCount,
    reason: input.reason ?? 'Refund',
    items: lines,
    createdAtMs: world.clock.nowMs(),
  };
  store.refunds.set(refund.id, refund);
  return { ok: true, refund, payment };
}
