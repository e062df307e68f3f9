// Webhook events as evidence for the unit of the spec's "number" fields. Two kinds:
// - money written as a decimal string with a decimal point ("13.00"): dollars, as REST answers'
//   strings are read (MoneyUnits.read). The projections keep such a value as its number (13), which
//   alone would read as cents, so the point is noted here before the event is applied;
// - the same money this workstation knows in cents: a gift-card sale's ORDER_PLACED `total`
//   against what the sale was charged (once read in a decided unit), and PAYMENT_REFUNDED
//   `refundAmount` against an open refund's `amount` (cents by the spec) asked for here.
import type { RequestedRefund } from '../../../shared/tabs';
import type { AcceptedEvent, OpenTab } from '../../../shared/webhooks';
import { eventWire, type OpenMoneyField } from '../../../shared/money-units';
import type { MoneyUnits } from '../money/money-units';
import type { GiftCardSales, StoredSale } from './gift-card-sales';

/** Each event type's open money fields, and the field of shared/money-units.ts they belong to. */
const MONEY_KEYS: Partial<Record<AcceptedEvent['type'], [string, OpenMoneyField][]>> = {
  ITEM_ADDED: [['price', 'ITEM_ADDED.price']],
  ITEM_REMOVED: [['price', 'ITEM_REMOVED.price']],
  OPEN_TAB: [['total', 'OPEN_TAB.total']],
  ORDER_PLACED: [['total', 'ORDER_PLACED.total']],
  PAYMENT_REFUNDED: [
    ['refundAmount', 'PAYMENT_REFUNDED.refund'],
    ['refundSubtotal', 'PAYMENT_REFUNDED.refund'],
    ['refundTip', 'PAYMENT_REFUNDED.refund'],
    ['refundCustomerFee', 'PAYMENT_REFUNDED.refund'],
  ],
};

/** A money field as the schema let it through: a number or a decimal string; null otherwise. */
const wireOf = (value: unknown): number | null =>
  typeof value === 'number' || typeof value === 'string' ? eventWire(value) : null;

export function eventMoneyEvidence(
  money: MoneyUnits,
  sales: GiftCardSales,
  requested: ReadonlyMap<string, RequestedRefund[]>,
): (event: AcceptedEvent) => void {
  return (event) => {
    const keys = MONEY_KEYS[event.type];
    if (!keys) return;
    const data = (event.data ?? {}) as Record<string, unknown>;
    for (const [key, field] of keys) {
      const value = data[key];
      if (typeof value === 'string') money.observeString(field, value);
    }
    const tabUuid = typeof data.tabUuid === 'string' ? data.tabUuid : null;
    if (!tabUuid) return;
    const total = wireOf(data.total);
    const refundAmount = wireOf(data.refundAmount);
    if (event.type === 'ORDER_PLACED' && total !== null) {
      const sale = sales.byTab(tabUuid);
      if (sale?.state === 'done' && sale.totalSure)
        money.anchor(
          'ORDER_PLACED.total',
          total,
          sale.total,
          'the gift-card sale’s charged total',
          'ORDER_PLACED event',
        );
    } else if (event.type === 'PAYMENT_REFUNDED' && refundAmount !== null) {
      const asked = (requested.get(tabUuid) ?? []).find(
        (r) =>
          r.refundType === 'open' &&
          r.amount !== null &&
          r.refundPaymentId !== null &&
          r.refundPaymentId === data.refundPaymentId,
      );
      if (asked?.amount)
        money.anchor('PAYMENT_REFUNDED.refund', refundAmount, asked.amount, 'refund.amount', 'PAYMENT_REFUNDED event');
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
