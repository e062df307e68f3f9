// Webhook events as evidence for the unit of the spec's "number" fields: the same money this
// workstation knows in cents shows up in an event. A gift-card sale's ORDER_PLACED `total` against
// what the sale was charged (once read in a decided unit), and PAYMENT_REFUNDED `refundAmount`
// against an open refund's `amount` (cents by the spec) asked for here.
import type { RequestedRefund } from '../../../shared/tabs';
import type { AcceptedEvent, OpenTab } from '../../../shared/webhooks';
import type { MoneyUnits } from '../money/money-units';
import type { GiftCardSales, StoredSale } from './gift-card-sales';

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

/**
 * The same check when the sale's answer comes after its events (the service waits for the cards,
 * and the events do not): the tab on the board, built from ORDER_PLACED (or its items' prices,
 * the same family), against what the sale was charged.
 */
export function saleMoneyEvidence(money: MoneyUnits, sale: StoredSale, tab: OpenTab | undefined): void {
  if (sale.state !== 'done' || !sale.totalSure || !tab || tab.total <= 0) return;
  money.anchor(
    'ORDER_PLACED.total',
    tab.total,
    sale.total,
    'the gift-card sale’s charged total',
    'the sale’s tab from its events',
  );
}
