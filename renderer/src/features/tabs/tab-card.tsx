// One tab on the board: who and where, its lines (voided, comped and removed ones struck through),
// the running total, and refunds: confirmed by PAYMENT_REFUNDED, or asked here and still waiting.
import { memo } from 'react';
import { formatMoney, type BoardTab } from '../../../../shared/tabs';
import { useTimeOf } from './format';
import { moneyReadings } from '../../../../shared/money-units';
import { useMoneyFamily } from '../../components/money-unit-notice';
import { netTotal, tabTitle } from '../../../../shared/tabs-board-order';

export { netTotal, tabTitle };

/**
 * Whether a refund can be offered: a tab is paid when it closes (or a refund already proves a
 * payment), and something of it is left to give back. An unpaid open tab has nothing to refund.
 */
export function isRefundable(tab: BoardTab): boolean {
  const paid = tab.closedAt !== null || tab.refunds.length > 0;
  return paid && netTotal(tab) > 0;
}

/** "12 min", "1 h 05 min" since the tab opened (until it closed). */
export function timeOpen(tab: BoardTab, now: number): string | null {
  if (!tab.openedAt) return null;
  const from = Date.parse(tab.openedAt);
  const to = tab.closedAt ? Date.parse(tab.closedAt) : now;
  if (!Number.isFinite(from) || !Number.isFinite(to)) return null;
  const minutes = Math.max(0, Math.floor((to - from) / 60_000));
  const h = Math.floor(minutes / 60);
  return h > 0 ? `${h} h ${String(minutes % 60).padStart(2, '0')} min` : `${minutes} min`;
}

// Memoised: a board push keeps the objects of the tabs it did not touch, so only the cards of
// changed tabs render again (a busy venue's board has hundreds of cards, ten pushes a second).
export const TabCard = memo(function TabCard({
  tab,
  now,
  tooLong = false,
  onRefund,
}: {
  tab: BoardTab;
  now: number;
  /** Open longer than the venue's setting: flagged in words, not by colour alone. */
  tooLong?: boolean;
  onRefund: (tab: BoardTab) => void;
}) {
  const timeOf = useTimeOf();
  // The board's amounts come from events (the spec's "number" fields): both readings until decided.
  const numbers = useMoneyFamily('numbers');
  const shown = (cents: number | null) => moneyReadings(cents, numbers, formatMoney);
  const waiting = tab.requestedRefunds.filter((r) => !r.confirmed);
  // Who approved a refund asked on this workstation (their manager PIN), shown once the service confirms it.
  const approvedBy = (refundPaymentId: string | null) =>
    tab.requestedRefunds.find((q) => q.refundPaymentId !== null && q.refundPaymentId === refundPaymentId)?.approvedBy
      ?.name ?? null;
  return (
    <article
      className={`tab-card ${tab.closedAt ? 'closed' : ''} ${tooLong ? 'too-long' : ''}`}
      data-testid="tab-card"
      aria-label={`Tab ${tabTitle(tab)}`}
    >
      <header>
        <div>
          <h2>{tabTitle(tab)}</h2>
          <span className="hint">{tab.spotName ?? 'spot unknown'}</span>
          {tooLong && (
            <span className="badge warn too-long-flag" data-testid="open-too-long">
              Open too long
            </span>
          )}
        </div>
        <div className="tab-totals">
          <strong className="tab-total" aria-label="Total">
            {shown(netTotal(tab))}
          </strong>
          {tab.refunds.length > 0 && <span className="hint">{shown(tab.total)} before refunds</span>}
        </div>
      </header>
      <ul className="tab-items">
        {tab.items.length === 0 && <li className="hint">No items yet</li>}
        {tab.items.map((item) => {
          const gone = item.voided || item.comped || item.removed;
          return (
            <li key={item.key} className={gone ? 'gone' : ''} title={item.name ?? undefined}>
              <span className="item-name">
                {item.quantity > 0 ? `${item.quantity}× ` : ''}
                {item.name ?? 'Unknown item'}
              </span>
              {item.voided && <span className="badge bad">voided</span>}
              {item.comped && <span className="badge">comped</span>}
              {item.removed && <span className="badge">removed</span>}
              <span className="money">{shown(item.price * item.quantity)}</span>
            </li>
          );
        })}
      </ul>
      {tab.refunds.map((r) => (
        // The payment's number is for support, not the floor: on the line's title, not in its words.
        <p
          key={r.refundPaymentId}
          className="refund-done"
          data-testid="refund-done"
          title={r.paymentId ? `Payment ${r.paymentId}` : undefined}
        >
          Refunded {shown(r.amount)} (
          {r.refundType === 'itemized'
            ? 'items'
            : r.refundType === 'open'
              ? 'amount'
              : r.refundType.toLowerCase().replace(/_/g, ' ')}
          ){approvedBy(r.refundPaymentId) ? `, approved by ${approvedBy(r.refundPaymentId)}` : ''}
        </p>
      ))}
      {waiting.map((r) => (
        <p
          key={`${r.at}-${r.refundPaymentId}`}
          className="warning"
          data-testid={r.unknown ? 'refund-unknown' : undefined}
        >
          {r.unknown
            ? `Refund${r.amount !== null ? ` of ${formatMoney(r.amount)}` : ''} sent at ${timeOf(r.at)}: outcome unknown. If it was made it shows above when the service reports it; use Refund… → Check again before refunding again.`
            : `Refund of ${formatMoney(r.amount)} sent at ${timeOf(r.at)}: waiting for the service to confirm it…`}
          {r.approvedBy && ` Approved by ${r.approvedBy.name}.`}
        </p>
      ))}
      <footer>
        <span className="hint">
          {tab.openedAt ? `Opened ${timeOf(tab.openedAt)}` : ''}
          {tab.closedAt ? ` · closed ${timeOf(tab.closedAt)}` : ''}
          {timeOpen(tab, now) ? ` · ${tab.closedAt ? 'was open' : 'open'} ${timeOpen(tab, now)}` : ''}
        </span>
        {isRefundable(tab) && <button onClick={() => onRefund(tab)}>Refund…</button>}
      </footer>
    </article>
  );
});
