// The board's amounts are the numbers the events carried (ITEM_ADDED price, ORDER_PLACED total,
// PAYMENT_REFUNDED refundAmount: units the spec leaves open). Here they become cents in the
// connection's unit, and each one is shown to MoneyUnits first, so a fraction anywhere is noticed
// as "dollars" before any of them is converted (the board never mixes units).
import type { OpenTab } from '../../../shared/webhooks';
import type { MoneyUnits } from '../money/money-units';
import type { TabsSummary } from './open-tabs-projection';

export function boardMoneyInCents(summary: TabsSummary, money: MoneyUnits): TabsSummary {
  const [open, closed] = [summary.open.length, summary.closed.length];
  const all = tabsInCents([...summary.open, ...summary.closed], money);
  return { ...summary, open: all.slice(0, open), closed: all.slice(open, open + closed) };
}

/** Some tabs in cents (a board push's changed tabs): every amount observed first, then converted. */
export function tabsInCents(tabs: OpenTab[], money: MoneyUnits): OpenTab[] {
  for (const tab of tabs) {
    money.observe('ORDER_PLACED.total', tab.total);
    for (const item of tab.items) money.observe('ITEM_ADDED.price', item.price);
    for (const refund of tab.refunds) money.observe('PAYMENT_REFUNDED.refund', refund.amount);
  }
  return tabs.map((tab) => ({
    ...tab,
    total: money.read('ORDER_PLACED.total', tab.total) ?? 0,
    items: tab.items.map((item) => ({ ...item, price: money.read('ITEM_ADDED.price', item.price) ?? 0 })),
    refunds: tab.refunds.map((refund) => ({
      ...refund,
      amount: money.read('PAYMENT_REFUNDED.refund', refund.amount) ?? 0,
    })),
  }));
}
