// Webhook events as evidence for the unit of the spec's "number" fields: the same money this
// workstation knows in cents shows up in an event. A gift-card sale's ORDER_PLACED `total` against
// what the sale was charged (once read in a decided unit), and PAYMENT_REFUNDED `refundAmount`
// against an open refund's `amount` (cents by the spec) asked for here.
import type { RequestedRefund } from '../../../shared/tabs';
import type { AcceptedEvent } from '../../../shared/webhooks';
import type { MoneyUnits } from '../money/money-units';
import type { GiftCardSales } from './gift-card-sales';

const TYPES = new Set(['ORDER_PLACED', 'PAYMENT_REFUNDED']);

export function eventMoneyEvidence(
  money: MoneyUnits,
  sales: GiftCardSales,
  requested: ReadonlyMap<string, RequestedRefund[]>,
): (event: AcceptedEvent) => void {
  return (event) => {
    if (!TYPES.has(event.type)) return;
    const data = (event.data ?? {}) as Record<string, unknown>;
    const tabUuid = typeof data.tabUuid === 'string' ? data.tabUuid : null;
    if (!tabUuid) return;
    if (event.type === 'ORDER_PLACED' && typeof data.total === 'number') {
      const sale = sales.byTab(tabUuid);
      if (sale?.state === 'done' && sale.totalSure)
        money.anchor(
          'ORDER_PLACED.total',
          data.total,
          sale.total,
          'the gift-card sale’s charged total',
          'ORDER_PLACED event',
        );
    } else if (event.type === 'PAYMENT_REFUNDED' && typeof data.refundAmount === 'number') {
      const asked = (requested.get(tabUuid) ?? []).find(
        (r) =>
          r.refundType === 'open' &&
          r.amount !== null &&
          r.refundPaymentId !== null &&
          r.refundPaymentId === data.refundPaymentId,
      );
      if (asked?.amount)
        money.anchor(
          'PAYMENT_REFUNDED.refund',
          data.refundAmount,
          asked.amount,
          'refund.amount',
          'PAYMENT_REFUNDED event',
        );
    }
  };
}
