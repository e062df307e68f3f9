// Refund one payment of a tab: chosen items and quantities with reasons, or an amount. The item and
// payment ids come from the core (the service's tab read, or this workstation's own sale); when
// neither has them the manager types them. The service's answer is shown as it came. The state and
// the one request it sends are refund-state.ts's; an unknown outcome is the UnknownOutcome box,
// whose "Check again" sends the same request with the same id while Refund stays off.
// Layout: the title and the buttons stay in view, the form between them scrolls (1280x800 too).
import { useEffect, useReducer, useRef } from 'react';
import { LockLine } from '../../components/lock-line';
import { MoneyUnitNotice, useMoneyFamily } from '../../components/money-unit-notice';
import { isDecided, moneyReadings } from '../../../../shared/money-units';
import { UnknownOutcome } from '../../components/unknown-outcome';
import { useVenueZone } from '../../hooks/use-venue-zone';
import { formatMoney, type BoardTab } from '../../../../shared/tabs';
import { api } from '../../api-context';
import { useFocusTrap } from '../../hooks/use-focus-trap';
import { errorPayload } from '../../../../shared/errors';
import { failureDecides, holdRequest } from '../../hooks/once-request';
import { messageOf, useTimeOf } from './format';
import { tabTitle } from './tab-card';
import { Payments, RefundItems, TypedItems } from './refund-fields';
import {
  initialRefundState,
  isFrozen,
  readAgainNote,
  refundDraft,
  refundReducer,
  type RefundAction,
  type RefundForm,
  type SentRefund,
} from './refund-state';

/** An itemised refund's amount is only in the answer, whose unit may not be decided (the core refuses it). */
const ITEMISED_WAITS =
  'This service’s amounts read back are not confirmed to be cents or dollars, so an itemised refund waits: its amount could be shown a hundred times off. Refund by amount (cents by the spec), or confirm the unit.';

/**
 * By amount, the refund goes (its amount is cents by the spec), but the payments and the total it
 * is chosen against are read back in a unit not confirmed: said why they show two readings, and how
 * to decide it. Only the families still open are named.
 */
const BY_AMOUNT_TEXT: Record<'both' | 'answers' | 'numbers', string> = {
  both: 'This service’s amounts are not confirmed to be cents or dollars yet, so the payments and the tab’s total above show both readings ($13.00 or $0.13): check the receipt. The amount you type is sent in cents, as the spec fixes it, so a refund by amount goes as usual.',
  answers:
    'This service’s amounts read back are not confirmed to be cents or dollars yet, so the payments above show both readings ($13.00 or $0.13): check the receipt. The amount you type is sent in cents, as the spec fixes it, so a refund by amount goes as usual.',
  numbers:
    'The unit of the tab’s total is not confirmed to be cents or dollars yet, so it shows both readings ($13.00 or $0.13): check the receipt. The amount you type is sent in cents, as the spec fixes it, so a refund by amount goes as usual.',
};

export function RefundDialog({ tab, onClose }: { tab: BoardTab; onClose: () => void }) {
  const [state, dispatch] = useReducer(refundReducer, undefined, initialRefundState);
  const timezone = useVenueZone();
  const timeOf = useTimeOf();
  // The tab's total comes from the service's events (a "number" field): both readings until decided.
  const numbers = useMoneyFamily('numbers');
  const answers = useMoneyFamily('answers');
  const open = (view: typeof numbers) => view !== null && !isDecided(view);
  const byAmountText = BY_AMOUNT_TEXT[open(answers) && open(numbers) ? 'both' : open(answers) ? 'answers' : 'numbers'];
  const box = useRef<HTMLDivElement>(null);
  useFocusTrap(box, onClose);
  const unknownRef = useRef<HTMLDivElement>(null);
  const unknown = state.result?.kind === 'unknown';
  useEffect(() => {
    if (unknown) unknownRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [unknown]);

  // The board re-renders on every event: the details are read once per tab, not once per render.
  useEffect(() => {
    let live = true;
    api()
      .tabDetails(tab.uuid)
      .then((details) => live && dispatch({ type: 'loaded', details }))
      .catch(
        (e) =>
          live &&
          dispatch({ type: 'loaded', details: { source: 'none', note: messageOf(e), items: [], payments: [] } }),
      );
    return () => {
      live = false;
    };
  }, [tab.uuid]);

  const { details, form, result, busy } = state;
  const draft = refundDraft(state);
  const frozen = isFrozen(state);
  const edit = (patch: Partial<RefundForm>) => dispatch({ type: 'edit', patch });

  const send = async (request: SentRefund) => {
    dispatch({ type: 'send', request });
    try {
      const outcome = await api().tabRefund(tab.uuid, request.args, request.requestId);
      dispatch({ type: 'answer', outcome });
      if (outcome.ok) onClose();
    } catch (e) {
      dispatch({ type: 'fail', problem: errorPayload(e), text: messageOf(e, timezone) });
    }
  };

  // A press makes a new request (a new id); while one is out or unknown the button is off.
  const press = () => {
    if (!draft.input) return dispatch({ type: 'tried' });
    if (state.sent || busy) return;
    void send(holdRequest(draft.input));
  };

  // The same request again: the core answers with its outcome (or reads the service), never a
  // second refund. Still unknown, the tab read again says what is still refundable.
  const checkAgain = async () => {
    const request = state.sent;
    if (!request || busy) return;
    dispatch({ type: 'check' });
    let answer: Extract<RefundAction, { type: 'answer' | 'fail' }>;
    let open: boolean;
    try {
      const outcome = await api().tabRefund(tab.uuid, request.args, request.requestId);
      answer = { type: 'answer', outcome };
      open = !outcome.ok && outcome.uncertain;
    } catch (e) {
      const problem = errorPayload(e);
      answer = { type: 'fail', problem, text: messageOf(e, timezone) };
      open = !failureDecides(problem, 'check');
    }
    if (open) {
      const at = timeOf(Date.now());
      try {
        const read = await api().tabDetails(tab.uuid);
        dispatch({ type: 'read-again', details: read });
        answer = { ...answer, note: readAgainNote(read, request.args.paymentId ?? '', tab.refunds.length, at) };
      } catch (e) {
        answer = {
          ...answer,
          note: `Checked at ${at}: still no clear answer, and the tab could not be read again (${messageOf(e, timezone)}).`,
        };
      }
    }
    dispatch(answer);
  };

  // A refund asked here earlier whose outcome is still unknown: said before anyone refunds again.
  const earlier = tab.requestedRefunds.filter((r) => r.unknown && !r.confirmed);

  return (
    // A stray tap beside the dialog must not throw away a half-built refund: only Cancel or Escape close it.
    <div className="dialog-backdrop">
      <div
        ref={box}
        tabIndex={-1}
        className="dialog card refund-dialog"
        role="dialog"
        aria-modal="true"
        aria-label={`Refund ${tabTitle(tab)}`}
      >
        <h2>
          Refund {tabTitle(tab)} <span className="hint">{moneyReadings(tab.total, numbers, formatMoney)}</span>
        </h2>
        <div className="dialog-body">
          {!state.sent && result?.kind !== 'made' && earlier.length > 0 && (
            <p className="limit-warning maybe" data-testid="refund-earlier-unknown">
              {earlier.length === 1 ? 'A refund' : `${earlier.length} refunds`} sent from here at{' '}
              {earlier.map((r) => timeOf(r.at)).join(', ')} had no clear answer. If one was made it shows on the tab
              when the service reports it: refunding now may pay the guest twice.
            </p>
          )}
          {!details && <p className="hint">Reading the tab’s payments…</p>}
          {details?.note && <p className={details.source === 'none' ? 'warning' : 'hint'}>{details.note}</p>}
          {details && (
            // What was sent stays on screen, unchangeable, until its outcome is known.
            <fieldset className="refund-form" disabled={frozen}>
              <Payments details={details} paymentId={form.paymentId} onEdit={edit} />
              <div className="choice-row" role="radiogroup" aria-label="Refund by">
                <button
                  role="radio"
                  aria-checked={form.kind === 'items'}
                  className={form.kind === 'items' ? 'choice on' : 'choice'}
                  onClick={() => edit({ kind: 'items' })}
                >
                  Items
                </button>
                <button
                  role="radio"
                  aria-checked={form.kind === 'amount'}
                  className={form.kind === 'amount' ? 'choice on' : 'choice'}
                  onClick={() => edit({ kind: 'amount' })}
                >
                  Amount
                </button>
              </div>
              {form.kind === 'items' && <MoneyUnitNotice families={['answers']} text={ITEMISED_WAITS} />}
              {form.kind === 'items' && draft.known && <RefundItems details={details} form={form} onEdit={edit} />}
              {form.kind === 'items' && !draft.known && <TypedItems rows={form.typed} onEdit={edit} />}
              {draft.itemsProblem && (
                <p className="field-error" role="alert">
                  {draft.itemsProblem}
                </p>
              )}
              {form.kind === 'amount' && <MoneyUnitNotice families={['answers', 'numbers']} text={byAmountText} />}
              {form.kind === 'amount' && (
                <label className="fields">
                  Amount to refund ($)
                  <input
                    value={form.amountText}
                    onChange={(e) => edit({ amountText: e.target.value })}
                    inputMode="decimal"
                    placeholder="e.g. 5.00"
                    autoFocus
                    aria-invalid={draft.amountProblem !== null}
                    aria-describedby={draft.amountProblem ? 'refund-amount-problem' : undefined}
                  />
                  {draft.amountProblem && (
                    <span id="refund-amount-problem" className="field-error" role="alert">
                      {draft.amountProblem}
                    </span>
                  )}
                </label>
              )}
              {/* Items chosen from the tab carry their own reasons: one Reason field, never two. */}
              {draft.asksReason && (
                <label className="fields">
                  Reason (sent with the refund)
                  <input value={form.reason} onChange={(e) => edit({ reason: e.target.value })} placeholder="Refund" />
                </label>
              )}
              <label className="fields">
                Manager PIN (approves this refund)
                <input
                  type="password"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={8}
                  value={form.managerPin}
                  aria-invalid={state.pinProblem !== null || (state.tried && !draft.pinOk)}
                  onChange={(e) => edit({ managerPin: e.target.value.replace(/\D/g, '') })}
                  placeholder="4 to 8 digits"
                />
                {state.pinLock && <LockLine lock={state.pinLock} timezone={timezone} className="field-error" />}
                {!state.pinLock && (state.pinProblem || (state.tried && !draft.pinOk)) && (
                  <span className="field-error" role="alert">
                    {state.pinProblem ?? 'A manager must type their PIN to approve a refund.'}
                  </span>
                )}
              </label>
            </fieldset>
          )}
          {/* Under the form, not in the foot: stuck there, the tall box covered the Manager PIN it
              is about. It is scrolled into view as it appears (jsdom has no scrollIntoView). */}
          {result?.kind === 'unknown' && (
            <div ref={unknownRef}>
              <UnknownOutcome
                words={{
                  title: 'This refund may have been made',
                  text: `${result.text} Refund stays off until the outcome is known.`,
                  check: 'Check again',
                  checking: 'Checking…',
                  details: 'Details',
                }}
                checked={result.checked}
                detail={result.detail}
                busy={busy !== null}
                onCheck={() => void checkAgain()}
                buttonClass="big"
                second={{
                  offer: 'Refund again…',
                  warning:
                    'The first refund may already be made. Refunding again is a second refund: the guest may be paid twice.',
                  confirm: 'Yes, refund a second time',
                  cancel: 'Don’t refund',
                  onConfirm: () => draft.input && void send(holdRequest(draft.input)),
                }}
              />
            </div>
          )}
        </div>
        <div className="dialog-foot">
          {result?.kind === 'refused' && (
            <div className="result-box bad" role="alert" data-testid="refund-result">
              <strong>The service refused the refund</strong>
              <p>{result.text}</p>
            </div>
          )}
          {result?.kind === 'made' && (
            <div className="result-box good" role="status" data-testid="refund-result">
              <strong>{result.text}</strong>
            </div>
          )}
          <div className="actions">
            <button className="primary big" disabled={busy !== null || details === null || frozen} onClick={press}>
              {busy === 'sending' ? 'Refunding…' : draft.label}
            </button>
            <button className="big" onClick={onClose}>
              {frozen && busy === null ? 'Close' : 'Cancel'}
            </button>
            {draft.needsPayment && !frozen && <span className="hint">Pick the payment to refund.</span>}
          </div>
        </div>
      </div>
    </div>
  );
}
