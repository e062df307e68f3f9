// One tab on the board: who and where, its lines (voided, comped and removed ones struck through),
// the running total, and refunds: confirmed by PAYMENT_REFUNDED, or asked here and still waiting.
import { formatMoney, type BoardTab } from '../../../../shared/tabs';
import { useTimeOf } from './format';

export function tabTitle(tab: BoardTab): string {
  return tab.name ?? tab.label ?? `Tab …${tab.uuid.slice(-6)}`;
}

export function TabCard({ tab, onRefund }: { tab: BoardTab; onRefund: (tab: BoardTab) => void }) {
  const timeOf = useTimeOf();
  const waiting = tab.requestedRefunds.filter((r) => !r.confirmed);
  return (
    <article className={`tab-card ${tab.closedAt ? 'closed' : ''}`} data-testid="tab-card" aria-label={`Tab ${tabTitle(tab)}`}>
      <header>
        <div>
          <h3>{tabTitle(tab)}</h3>
          <span className="hint">{tab.spotName ?? 'spot unknown'}</span>
        </div>
        <strong className="tab-total" aria-label="Total">
          {formatMoney(tab.total)}
        </strong>
      </header>
      <ul className="tab-items">
        {tab.items.length === 0 && <li className="hint">No items yet</li>}
        {tab.items.map((item) => {
          const gone = item.voided || item.comped || item.removed;
          return (
            <li key={item.key} className={gone ? 'gone' : ''}>
              <span>
                {item.quantity > 0 ? `${item.quantity}× ` : ''}
                {item.name ?? 'Unknown item'}
              </span>
              {item.voided && <span className="badge bad">voided</span>}
              {item.comped && <span className="badge">comped</span>}
              {item.removed && <span className="badge">removed</span>}
              <span className="money">{formatMoney(item.price * item.quantity)}</span>
            </li>
          );
        })}
      </ul>
      {tab.refunds.map((r) => (
        <p key={r.refundPaymentId} className="refund-done" data-testid="refund-done">
          Refunded {formatMoney(r.amount)} ({r.refundType === 'itemized' ? 'items' : r.refundType === 'open' ? 'amount' : r.refundType})
          {r.paymentId ? ` from payment ${r.paymentId}` : ''}
        </p>
      ))}
      {waiting.map((r) => (
        <p key={`${r.at}-${r.refundPaymentId}`} className="warning">
          Refund of {formatMoney(r.amount)} sent at {timeOf(r.at)}: waiting for the service to confirm it…
        </p>
      ))}
      <footer>
        <span className="hint">
          {tab.openedAt ? `Opened ${timeOf(tab.openedAt)}` : ''}
          {tab.closedAt ? ` · closed ${timeOf(tab.closedAt)}` : ''}
        </span>
        <button onClick={() => onRefund(tab)}>Refund…</button>
      </footer>
    </article>
  );
}
