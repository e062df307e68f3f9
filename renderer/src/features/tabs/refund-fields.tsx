// The refund form's parts: the payment to refund, the tab's items with quantities and reasons, and
// item ids typed from the receipt where the tab could not be read. Each takes its part of the form
// and says changes through `onEdit`; the dialog's reducer decides whether an edit is taken.
import { formatMoney, type TabDetails } from '../../../../shared/tabs';
import { moneyReadings } from '../../../../shared/money-units';
import { useMoneyFamily } from '../../components/money-unit-notice';
import { quantityProblem, type RefundForm, type TypedLine } from './refund-state';
import { TableHead } from '../../components/table-head';

/**
 * Prices and payments come from the service's answers (its tab read, or the answer to this
 * workstation's own sale): while that unit is not decided each shows both readings, never one as a fact.
 */
function useAnswerMoney(): (cents: number | null) => string {
  const answers = useMoneyFamily('answers');
  return (cents) => moneyReadings(cents, answers, formatMoney);
}

type Edit = (patch: Partial<RefundForm>) => void;

/** The service's payment type (CARD, CASH, …) as staff say it: "Card", "Cash", "Gift card". */
function paymentWords(type: string | null): string {
  if (!type) return 'Payment';
  const words = type.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function Payments({ details, paymentId, onEdit }: { details: TabDetails; paymentId: string; onEdit: Edit }) {
  const money = useAnswerMoney();
  if (details.payments.length === 0) {
    return (
      <label className="fields">
        Payment number from the receipt (leave it empty when the tab was paid once)
        <input value={paymentId} onChange={(e) => onEdit({ paymentId: e.target.value })} autoComplete="off" />
      </label>
    );
  }
  return (
    <fieldset className="choice payments">
      <legend>Payment</legend>
      {details.payments.map((p) => (
        <label key={p.id}>
          <input
            type="radio"
            name="payment"
            checked={paymentId === p.id}
            onChange={() => onEdit({ paymentId: p.id })}
          />
          {paymentWords(p.paymentType)} {money(p.amount + p.tip)}
          {p.refundable !== null && <span className="hint"> · {money(p.refundable)} refundable</span>}
        </label>
      ))}
      {/* The service's own names for the payments, for whoever helps: not the floor's words. */}
      <details className="problem-details">
        <summary>Details for support</summary>
        <code>{details.payments.map((p) => `payment ${p.id}: ${p.gateway ?? 'gateway not said'}`).join('; ')}</code>
      </details>
    </fieldset>
  );
}

/** The tab's items: − and + per item (never past what is left to refund), and each one's reason. */
export function RefundItems({ details, form, onEdit }: { details: TabDetails; form: RefundForm; onEdit: Edit }) {
  const money = useAnswerMoney();
  return (
    <table className="refund-items">
      <TableHead columns={['Item', 'Price', 'Refund', 'Reason']} />
      <tbody>
        {details.items.map((item) => {
          const left = Math.max(0, item.quantity - item.refundedQuantity);
          const active = item.status === null || item.status === 'ACTIVE';
          const qty = form.quantities[item.id] ?? 0;
          const set = (n: number) =>
            onEdit({ quantities: { ...form.quantities, [item.id]: Math.max(0, Math.min(left, n)) } });
          return (
            <tr key={item.id} className={active && left > 0 ? '' : 'gone'}>
              <td>
                {item.name}
                <span className="hint">
                  {' '}
                  ×{item.quantity}
                  {item.refundedQuantity ? `, ${item.refundedQuantity} refunded` : ''}
                  {active ? '' : `, ${item.status?.toLowerCase()}`}
                </span>
              </td>
              <td className="money">{money(item.price)}</td>
              <td>
                <span className="stepper">
                  <button aria-label={`Refund one less ${item.name}`} disabled={qty === 0} onClick={() => set(qty - 1)}>
                    −
                  </button>
                  <span className="qty" aria-label={`Refund quantity of ${item.name}`}>
                    {qty}
                  </span>
                  <button
                    aria-label={`Refund one more ${item.name}`}
                    disabled={!active || qty >= left}
                    onClick={() => set(qty + 1)}
                  >
                    +
                  </button>
                </span>
              </td>
              <td>
                <input
                  aria-label={`Reason for ${item.name}`}
                  value={form.reasons[item.id] ?? ''}
                  disabled={qty === 0}
                  onChange={(e) => onEdit({ reasons: { ...form.reasons, [item.id]: e.target.value } })}
                  placeholder="optional"
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function TypedItems({ rows, onEdit }: { rows: TypedLine[]; onEdit: Edit }) {
  const set = (i: number, patch: Partial<TypedLine>) =>
    onEdit({ typed: rows.map((r, k) => (k === i ? { ...r, ...patch } : r)) });
  return (
    <div className="typed-items">
      {rows.map((row, i) => (
        <div className="fields inline" key={i}>
          <label>
            Item number from the receipt
            <input value={row.itemId} onChange={(e) => set(i, { itemId: e.target.value })} autoComplete="off" />
          </label>
          <label>
            Quantity
            <input
              value={row.quantity}
              onChange={(e) => set(i, { quantity: e.target.value })}
              inputMode="numeric"
              aria-invalid={quantityProblem(row.quantity) !== null}
            />
            {quantityProblem(row.quantity) && (
              <span className="field-error" role="alert">
                {quantityProblem(row.quantity)}
              </span>
            )}
          </label>
        </div>
      ))}
      <button onClick={() => onEdit({ typed: [...rows, { itemId: '', quantity: '1' }] })}>Add another item</button>
    </div>
  );
}
