// Refund one payment of a tab: chosen items and quantities with reasons, or an amount. The item and
// payment ids come from the core (the service's tab read, or this workstation's own sale); when
// neither has them the manager types them. The service's answer is shown as it came.
import { LockLine } from '../../components/lock-line';
import type { PadLock } from '../kiosk/pin-pad';
import { useVenueZone } from '../../hooks/use-venue-zone';
import { useEffect, useRef, useState } from 'react';
import { formatMoney, type BoardTab, type RefundInput, type TabDetails } from '../../../../shared/tabs';
import { api } from '../../api-context';
import { useFocusTrap } from '../../hooks/use-focus-trap';
import { parseDollars } from '../../../../shared/money';
import { errorPayload, plainWords } from '../../../../shared/errors';
import type { ErrorPayload } from '../../../../shared/app-error';
import { messageOf } from './format';
import { tabTitle } from './tab-card';
import { newRequestId } from '../../../../shared/request-id';

type Typed = { itemId: string; quantity: string };

export function RefundDialog({ tab, onClose }: { tab: BoardTab; onClose: () => void }) {
  const [details, setDetails] = useState<TabDetails | null>(null);
  const [kind, setKind] = useState<'items' | 'amount'>('items');
  const [paymentId, setPaymentId] = useState('');
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [typed, setTyped] = useState<Typed[]>([{ itemId: '', quantity: '1' }]);
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  // Every refund needs a manager's PIN, checked by the app's core (not this screen) and recorded with the refund.
  const [managerPin, setManagerPin] = useState('');
  const [pinProblem, setPinProblem] = useState<string | null>(null);
  // Refund approval locked after wrong manager PINs: shown with its moving countdown.
  const [pinLock, setPinLock] = useState<PadLock | null>(null);
  const timezone = useVenueZone();
  const [busy, setBusy] = useState(false);
  // Field messages show once the person typed something or tried to send: never before.
  const [tried, setTried] = useState(false);
  const [problem, setProblem] = useState<{ text: string; uncertain: boolean } | null>(null);
  // After an unknown outcome, a second refund needs this explicit, warned choice.
  const [confirmAgain, setConfirmAgain] = useState(false);
  const [checked, setChecked] = useState<string | null>(null);
  // The board re-renders on every event: the details are read once per tab, not once per render.
  const box = useRef<HTMLDivElement>(null);
  useFocusTrap(box, onClose);

  // "Check again" after an unknown outcome: only reads (the tab's payments and the board), never refunds.
  const checkAgain = async () => {
    setBusy(true);
    try {
      const d = await api().tabDetails(tab.uuid);
      setDetails(d);
      const p = d.payments.find((x) => x.id === paymentId) ?? (d.payments.length === 1 ? d.payments[0] : null);
      const seen = tab.refunds.length;
      setChecked(
        p && p.refundable !== null
          ? `Read again: ${formatMoney(p.refundable)} is still refundable on payment ${p.id}; the board shows ${seen} refund${seen === 1 ? '' : 's'} on this tab. A refund that went through lowers that amount.`
          : `Read again: the board shows ${seen} refund${seen === 1 ? '' : 's'} on this tab. The service did not say what is still refundable; a refund that went through appears on the tab when the service reports it.`,
      );
    } catch (e) {
      setChecked(`Could not read the tab again: ${messageOf(e)}`);
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    let live = true;
    api()
      .tabDetails(tab.uuid)
      .then((d) => {
        if (!live) return;
        setDetails(d);
        if (d.payments.length === 1) setPaymentId(d.payments[0].id);
        if (d.source !== 'none' && d.items.length === 0) setKind('amount');
      })
      .catch((e) => live && setDetails({ source: 'none', note: messageOf(e), items: [], payments: [] }));
    return () => {
      live = false;
    };
  }, [tab.uuid]);

  const known = details?.source !== 'none' && (details?.items.length ?? 0) > 0;
  const itemLines = known
    ? details!.items
        .filter((i) => (quantities[i.id] ?? 0) > 0)
        .map((i) => ({ itemId: i.id, quantity: quantities[i.id], reason: reasons[i.id]?.trim() || undefined }))
    : typed
        .filter((t) => t.itemId.trim() && quantityProblem(t.quantity) === null)
        .map((t) => ({ itemId: t.itemId.trim(), quantity: Number(t.quantity) }));
  const itemsValue = known ? details!.items.reduce((sum, i) => sum + i.price * (quantities[i.id] ?? 0), 0) : null;
  const chosen = details?.payments.find((p) => p.id === paymentId) ?? null;
  const parsed = parseDollars(amountText, chosen?.refundable ? { maxCents: chosen.refundable } : {});
  const amount = parsed.ok ? parsed.cents : null;
  const amountProblem = !parsed.ok && (tried || amountText.trim() !== '') ? parsed.message : null;
  const itemsProblem =
    kind === 'items' && tried && itemLines.length === 0
      ? known
        ? 'Choose at least one item to refund with +.'
        : 'Type the item id and how many to refund.'
      : null;
  const needsPayment = (details?.payments.length ?? 0) > 1 && !paymentId;
  const pinOk = /^\d{4,8}$/.test(managerPin);
  const ready =
    !busy && details !== null && !needsPayment && pinOk && (kind === 'items' ? itemLines.length > 0 : amount !== null);

  const submit = async () => {
    setTried(true);
    if (!ready) return;
    if (problem?.uncertain && !confirmAgain) return;
    const input: RefundInput = {
      ...(paymentId.trim() ? { paymentId: paymentId.trim() } : {}),
      ...(kind === 'items' ? { items: itemLines } : { amount: amount! }),
      ...(reason.trim() ? { reason: reason.trim() } : {}),
      managerPin,
    };
    setBusy(true);
    setProblem(null);
    setPinProblem(null);
    setConfirmAgain(false);
    setChecked(null);
    try {
      const outcome = await api().tabRefund(tab.uuid, input, newRequestId());
      if (outcome.ok) onClose();
      else setProblem({ text: outcome.message, uncertain: outcome.uncertain });
    } catch (e) {
      // A PIN the core refused is not the service refusing the refund: say it at the PIN field.
      const text = messageOf(e);
      const payload = errorPayload(e);
      setPinLock(payload.kind === 'locked-out' ? payload.data : null);
      if (isPinProblem(payload)) {
        setPinProblem(payload.kind === 'locked-out' ? null : text);
        setManagerPin('');
      } else setProblem({ text, uncertain: false });
    } finally {
      setBusy(false);
    }
  };

  const label =
    kind === 'items'
      ? itemsValue
        ? `Refund ${formatMoney(itemsValue)}`
        : 'Refund items'
      : `Refund ${amount ? formatMoney(amount) : ''}`;

  return (
    // A stray tap beside the dialog must not throw away a half-built refund: only Cancel or Escape close it.
    <div className="dialog-backdrop">
      <div
        ref={box}
        tabIndex={-1}
        className="dialog card"
        role="dialog"
        aria-modal="true"
        aria-label={`Refund ${tabTitle(tab)}`}
      >
        <h2>
          Refund {tabTitle(tab)} <span className="hint">{formatMoney(tab.total)}</span>
        </h2>
        {!details && <p className="hint">Reading the tab’s payments…</p>}
        {details?.note && <p className={details.source === 'none' ? 'warning' : 'hint'}>{details.note}</p>}
        {details && (
          <>
            <Payments details={details} paymentId={paymentId} onChange={setPaymentId} />
            <div className="choice-row" role="radiogroup" aria-label="Refund by">
              <button
                role="radio"
                aria-checked={kind === 'items'}
                className={kind === 'items' ? 'choice on' : 'choice'}
                onClick={() => setKind('items')}
              >
                Items
              </button>
              <button
                role="radio"
                aria-checked={kind === 'amount'}
                className={kind === 'amount' ? 'choice on' : 'choice'}
                onClick={() => setKind('amount')}
              >
                Amount
              </button>
            </div>
            {kind === 'items' && known && (
              <table className="refund-items">
                <thead>
                  <tr>
                    <th>Item</th>
                    <th>Price</th>
                    <th>Refund</th>
                    <th>Reason</th>
                  </tr>
                </thead>
                <tbody>
                  {details.items.map((item) => {
                    const left = Math.max(0, item.quantity - item.refundedQuantity);
                    const active = item.status === null || item.status === 'ACTIVE';
                    const qty = quantities[item.id] ?? 0;
                    const set = (n: number) =>
                      setQuantities({ ...quantities, [item.id]: Math.max(0, Math.min(left, n)) });
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
                        <td className="money">{formatMoney(item.price)}</td>
                        <td>
                          <span className="stepper">
                            <button
                              aria-label={`Refund one less ${item.name}`}
                              disabled={qty === 0}
                              onClick={() => set(qty - 1)}
                            >
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
                            value={reasons[item.id] ?? ''}
                            disabled={qty === 0}
                            onChange={(e) => setReasons({ ...reasons, [item.id]: e.target.value })}
                            placeholder="optional"
                          />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            )}
            {kind === 'items' && !known && <TypedItems rows={typed} onChange={setTyped} />}
            {itemsProblem && (
              <p className="field-error" role="alert">
                {itemsProblem}
              </p>
            )}
            {kind === 'amount' && (
              <label className="fields">
                Amount to refund ($)
                <input
                  value={amountText}
                  onChange={(e) => setAmountText(e.target.value)}
                  inputMode="decimal"
                  placeholder="e.g. 5.00"
                  autoFocus
                  aria-invalid={amountProblem !== null}
                  aria-describedby={amountProblem ? 'refund-amount-problem' : undefined}
                />
                {amountProblem && (
                  <span id="refund-amount-problem" className="field-error" role="alert">
                    {amountProblem}
                  </span>
                )}
              </label>
            )}
            <label className="fields">
              Reason (sent with the refund)
              <input value={reason} onChange={(e) => setReason(e.target.value)} placeholder="Refund" />
            </label>
            <label className="fields">
              Manager PIN (approves this refund)
              <input
                type="password"
                inputMode="numeric"
                autoComplete="off"
                maxLength={8}
                value={managerPin}
                aria-invalid={pinProblem !== null || (tried && !pinOk)}
                onChange={(e) => setManagerPin(e.target.value.replace(/\D/g, ''))}
                placeholder="4 to 8 digits"
              />
              {pinLock && <LockLine lock={pinLock} timezone={timezone} className="field-error" />}
              {!pinLock && (pinProblem || (tried && !pinOk)) && (
                <span className="field-error" role="alert">
                  {pinProblem ?? 'A manager must type their PIN to approve a refund.'}
                </span>
              )}
            </label>
          </>
        )}
        {problem && (
          <div className={`result-box ${problem.uncertain ? 'warn' : 'bad'}`} role="alert" data-testid="refund-result">
            <strong>
              {problem.uncertain
                ? 'Outcome unknown: the refund may or may not have been made'
                : 'The service refused the refund'}
            </strong>
            <p title={problem.text}>
              {problem.uncertain
                ? `No clear answer from the service (${plainWords(problem.text)}). Check again reads the tab; do not refund again until it shows.`
                : plainWords(problem.text)}
            </p>
            {checked && <p data-testid="refund-checked">{checked}</p>}
          </div>
        )}
        {problem?.uncertain && confirmAgain && (
          <p className="limit-warning refuse" role="alert">
            The first refund may already be made. Refunding again pays the guest a second time.
          </p>
        )}
        <div className="actions">
          {problem?.uncertain ? (
            confirmAgain ? (
              <>
                <button className="danger big" disabled={busy} onClick={() => void submit()}>
                  Yes, refund a second time
                </button>
                <button className="big" onClick={() => setConfirmAgain(false)}>
                  Don’t refund
                </button>
              </>
            ) : (
              <>
                <button className="primary big" disabled={busy} onClick={() => void checkAgain()}>
                  {busy ? 'Checking…' : 'Check again'}
                </button>
                <button className="big" disabled={busy} onClick={() => setConfirmAgain(true)}>
                  Refund again…
                </button>
              </>
            )
          ) : (
            <button className="primary big" disabled={busy || details === null} onClick={() => void submit()}>
              {busy ? 'Refunding…' : label}
            </button>
          )}
          <button className="big" onClick={onClose}>
            Cancel
          </button>
          {needsPayment && <span className="hint">Pick the payment to refund.</span>}
        </div>
      </div>
    </div>
  );
}

function Payments({
  details,
  paymentId,
  onChange,
}: {
  details: TabDetails;
  paymentId: string;
  onChange: (id: string) => void;
}) {
  if (details.payments.length === 0) {
    return (
      <label className="fields">
        Payment id (may be left empty when the tab has exactly one payment)
        <input value={paymentId} onChange={(e) => onChange(e.target.value)} autoComplete="off" />
      </label>
    );
  }
  return (
    <fieldset className="choice payments">
      <legend>Payment</legend>
      {details.payments.map((p) => (
        <label key={p.id}>
          <input type="radio" name="payment" checked={paymentId === p.id} onChange={() => onChange(p.id)} />
          {p.paymentType ?? 'Payment'} {formatMoney(p.amount + p.tip)}
          {p.refundable !== null && <span className="hint"> · {formatMoney(p.refundable)} refundable</span>}
          <span className="hint">
            {' '}
            · {p.gateway ?? 'gateway ?'} · id {p.id}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function TypedItems({ rows, onChange }: { rows: Typed[]; onChange: (rows: Typed[]) => void }) {
  const set = (i: number, patch: Partial<Typed>) => onChange(rows.map((r, k) => (k === i ? { ...r, ...patch } : r)));
  return (
    <div className="typed-items">
      {rows.map((row, i) => (
        <div className="fields inline" key={i}>
          <label>
            Item id
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
      <button onClick={() => onChange([...rows, { itemId: '', quantity: '1' }])}>Add another item</button>
    </div>
  );
}

/** What is wrong with a typed quantity, or null when it is a whole number of at least one. */
export function quantityProblem(text: string): string | null {
  const t = text.trim();
  if (t === '') return 'Type how many to refund.';
  if (!/^-?\d+$/.test(t)) return 'Type a whole number, for example 1.';
  const n = Number(t);
  if (n < 0) return 'The quantity cannot be negative.';
  if (n === 0) return 'Refund at least one.';
  return null;
}

/** A refusal of the manager's PIN (missing, wrong, not a manager's, or the pad locked), by its kind. */
function isPinProblem(problem: ErrorPayload): boolean {
  if (problem.kind === 'pin-required' || problem.kind === 'locked-out') return true;
  return problem.kind === 'invalid' && (problem.data.field === 'pin' || problem.data.field === 'managerPin');
}
