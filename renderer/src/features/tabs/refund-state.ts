// The refund dialog's state as one reducer: the form, and the one request it sends. A refund is a
// `once` request: its id is made when Refund is pressed and kept with exactly what was sent until
// the outcome is definite, so "Check again" after an unknown outcome is that same request again
// (the core answers it from its ledger and never refunds twice), and Refund and the form stay off
// meanwhile. A new id is made only for a press after a definite outcome, or for a second refund a
// manager chose behind a warning. Pure, so test/unit/refund-state.test.ts runs it without a screen.
import type { ErrorPayload } from '../../../../shared/app-error';
import { parseDollars } from '../../../../shared/money';
import { formatMoney, type RefundInput, type RefundOutcome, type TabDetails } from '../../../../shared/tabs';
import { failureDecides, type HeldRequest } from '../../hooks/once-request';
import type { PadLock } from '../kiosk/pin-pad';

export type TypedLine = { itemId: string; quantity: string };

export interface RefundForm {
  kind: 'items' | 'amount';
  paymentId: string;
  /** Known items (from the tab read): how many of each to refund, and each one's reason. */
  quantities: Record<string, number>;
  reasons: Record<string, string>;
  /** Item ids typed from the receipt where the tab could not be read. */
  typed: TypedLine[];
  amountText: string;
  /** The refund's own reason: asked only where no item carries one (an amount, or typed item ids). */
  reason: string;
  managerPin: string;
}

/** A refund's request as it left: kept until its outcome is definite. */
export type SentRefund = HeldRequest<RefundInput>;

/** What the dialog says about the last request. */
export type RefundResult =
  | { kind: 'refused'; text: string }
  | { kind: 'unknown'; text: string; detail: string | null; checked: string | null }
  | { kind: 'made'; text: string };

export interface RefundState {
  details: TabDetails | null;
  form: RefundForm;
  /** Field messages show once the person typed something or tried to send: never before. */
  tried: boolean;
  busy: 'sending' | 'checking' | null;
  /** The request sent, from the press until its outcome is definite. */
  sent: SentRefund | null;
  result: RefundResult | null;
  /** A PIN the core refused is not the service refusing the refund: said at the PIN field. */
  pinProblem: string | null;
  /** Refund approval locked after wrong manager PINs: shown with its moving countdown. */
  pinLock: PadLock | null;
}

export type RefundAction =
  | { type: 'loaded'; details: TabDetails }
  | { type: 'read-again'; details: TabDetails }
  | { type: 'edit'; patch: Partial<RefundForm> }
  | { type: 'tried' }
  | { type: 'send'; request: SentRefund }
  | { type: 'check' }
  // `note`: what a check found beside the answer (the tab read again), when it did not decide.
  | { type: 'answer'; outcome: RefundOutcome; note?: string }
  | { type: 'fail'; problem: ErrorPayload; text: string; note?: string };

export function initialRefundState(): RefundState {
  return {
    details: null,
    form: {
      kind: 'items',
      paymentId: '',
      quantities: {},
      reasons: {},
      typed: [{ itemId: '', quantity: '1' }],
      amountText: '',
      reason: '',
      managerPin: '',
    },
    tried: false,
    busy: null,
    sent: null,
    result: null,
    pinProblem: null,
    pinLock: null,
  };
}

/** While a request is out or its outcome unknown, the form shows what was sent and takes no edits. */
export function isFrozen(state: RefundState): boolean {
  return state.sent !== null || state.result?.kind === 'made';
}

export function refundReducer(state: RefundState, action: RefundAction): RefundState {
  switch (action.type) {
    case 'loaded': {
      const { details } = action;
      const form = { ...state.form };
      if (details.payments.length === 1 && !form.paymentId) form.paymentId = details.payments[0].id;
      if (details.source !== 'none' && details.items.length === 0) form.kind = 'amount';
      return { ...state, details, form };
    }
    case 'read-again':
      return { ...state, details: action.details };
    case 'edit':
      return isFrozen(state) ? state : { ...state, form: { ...state.form, ...action.patch } };
    case 'tried':
      return { ...state, tried: true };
    case 'send':
      return {
        ...state,
        tried: true,
        busy: 'sending',
        sent: action.request,
        result: null,
        pinProblem: null,
      };
    case 'check':
      return state.sent ? { ...state, busy: 'checking' } : state;
    case 'answer':
      return answered(state, action.outcome, action.note);
    case 'fail':
      return failed(state, action.problem, action.text, action.note);
  }
}

function answered(state: RefundState, outcome: RefundOutcome, note?: string): RefundState {
  const base = { ...state, busy: null, pinLock: null };
  if (outcome.ok) return { ...base, sent: null, result: { kind: 'made', text: madeWords(outcome, state.busy) } };
  if (outcome.uncertain) return { ...base, result: unknownResult(state, outcome.message, note) };
  return { ...base, sent: null, result: { kind: 'refused', text: outcome.message } };
}

function failed(state: RefundState, problem: ErrorPayload, text: string, note?: string): RefundState {
  const checking = state.busy === 'checking';
  const base = { ...state, busy: null };
  if (!failureDecides(problem, checking ? 'check' : 'first'))
    return { ...base, result: unknownResult(state, problem.message || text, note ?? text) };
  // Decided: the request is done with, and the next press is a new request with a new id.
  const pinLock = problem.kind === 'locked-out' ? problem.data : null;
  if (isPinProblem(problem)) {
    return {
      ...base,
      sent: null,
      pinLock,
      pinProblem: problem.kind === 'locked-out' ? null : text,
      form: { ...state.form, managerPin: '' },
    };
  }
  return { ...base, sent: null, pinLock, result: { kind: 'refused', text } };
}

/** Unknown after the press, or still unknown after a check (then with what the check found). */
function unknownResult(state: RefundState, detail: string, note?: string): RefundResult {
  const checking = state.busy === 'checking';
  const previous = state.result?.kind === 'unknown' ? state.result : null;
  return {
    kind: 'unknown',
    text: 'No clear answer came back, so this refund may or may not have been made. Check again asks for its outcome; it never refunds twice.',
    detail: previous?.detail ?? detail,
    checked: checking ? (note ?? 'Checked again: still no clear answer.') : null,
  };
}

function madeWords(outcome: Extract<RefundOutcome, { ok: true }>, busy: RefundState['busy']): string {
  const amount = outcome.amount !== null ? ` of ${formatMoney(outcome.amount)}` : '';
  const id = outcome.refundPaymentId ? ` (refund ${outcome.refundPaymentId})` : '';
  return busy === 'checking' ? `The refund${amount} was made${id}. Do not refund it again.` : `Refunded${amount}${id}.`;
}

/** A refusal of the manager's PIN (missing, wrong, not a manager's, or the pad locked), by its kind. */
export function isPinProblem(problem: ErrorPayload): boolean {
  if (problem.kind === 'pin-required' || problem.kind === 'locked-out') return true;
  return problem.kind === 'invalid' && (problem.data.field === 'pin' || problem.data.field === 'managerPin');
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

/** Whether the tab's items are known (read from the service or this workstation's sale). */
export function itemsKnown(details: TabDetails | null): boolean {
  return details !== null && details.source !== 'none' && details.items.length > 0;
}

/** Everything the form says, worked out from the state: what would be sent, and what is missing. */
export function refundDraft(state: RefundState) {
  const { details, form, tried } = state;
  const known = itemsKnown(details);
  const itemLines = known
    ? details!.items
        .filter((i) => (form.quantities[i.id] ?? 0) > 0)
        .map((i) => ({
          itemId: i.id,
          quantity: form.quantities[i.id],
          reason: form.reasons[i.id]?.trim() || undefined,
        }))
    : form.typed
        .filter((t) => t.itemId.trim() && quantityProblem(t.quantity) === null)
        .map((t) => ({ itemId: t.itemId.trim(), quantity: Number(t.quantity) }));
  const itemsValue = known ? details!.items.reduce((sum, i) => sum + i.price * (form.quantities[i.id] ?? 0), 0) : null;
  const chosen = details?.payments.find((p) => p.id === form.paymentId) ?? null;
  const parsed = parseDollars(form.amountText, chosen?.refundable ? { maxCents: chosen.refundable } : {});
  const amount = parsed.ok ? parsed.cents : null;
  const amountProblem = !parsed.ok && (tried || form.amountText.trim() !== '') ? parsed.message : null;
  const itemsProblem =
    form.kind === 'items' && tried && itemLines.length === 0
      ? known
        ? 'Choose at least one item to refund with +.'
        : 'Type the item id and how many to refund.'
      : null;
  const needsPayment = (details?.payments.length ?? 0) > 1 && !form.paymentId;
  const pinOk = /^\d{4,8}$/.test(form.managerPin);
  // One reason per refund: each item's own where items are chosen from the tab, else the refund's.
  const asksReason = form.kind === 'amount' || !known;
  const ready =
    details !== null && !needsPayment && pinOk && (form.kind === 'items' ? itemLines.length > 0 : amount !== null);
  const input: RefundInput | null = ready
    ? {
        ...(form.paymentId.trim() ? { paymentId: form.paymentId.trim() } : {}),
        ...(form.kind === 'items' ? { items: itemLines } : { amount: amount! }),
        ...(asksReason && form.reason.trim() ? { reason: form.reason.trim() } : {}),
        managerPin: form.managerPin,
      }
    : null;
  const label =
    form.kind === 'items'
      ? itemsValue
        ? `Refund ${formatMoney(itemsValue)}`
        : 'Refund items'
      : `Refund ${amount ? formatMoney(amount) : ''}`;
  return { known, itemsProblem, amountProblem, needsPayment, pinOk, asksReason, input, label };
}

/** What a read of the tab after an unknown outcome shows: what is still refundable, and the board's refunds. */
export function readAgainNote(details: TabDetails, paymentId: string, refundsOnBoard: number, at: string): string {
  const p =
    details.payments.find((x) => x.id === paymentId) ?? (details.payments.length === 1 ? details.payments[0] : null);
  const board = `the board shows ${refundsOnBoard} refund${refundsOnBoard === 1 ? '' : 's'} on this tab`;
  return p && p.refundable !== null
    ? `Checked at ${at}: still no clear answer. ${formatMoney(p.refundable)} is still refundable on payment ${p.id}; ${board}. A refund that was made lowers that amount.`
    : `Checked at ${at}: still no clear answer; ${board}. A refund that was made shows on the tab when the service reports it.`;
}
