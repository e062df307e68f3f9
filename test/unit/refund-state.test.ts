// The refund dialog's reducer and the screens' one rule for `once` requests: the request id made at
// the press is kept with exactly what was sent until the outcome is definite; an unknown outcome,
// whether answered (`uncertain`) or thrown (`outcome-unknown`), keeps it and freezes the form, so
// "Check again" is the same request and Refund cannot make a second one; a definite outcome lets go
// of it, so the next press is a new request with a new id.
import { describe, expect, it } from 'vitest';
import { ERROR_KINDS, type ErrorPayload } from '../../shared/app-error';
import type { RefundInput, RefundOutcome, TabDetails } from '../../shared/tabs';

// Renderer files, loaded by path: the node project's type check does not take in the renderer's.
const REFUND_STATE = '../../renderer/src/features/tabs/refund-state';
const ONCE_REQUEST = '../../renderer/src/hooks/once-request';
type Held<A> = { requestId: string; args: A };
type Form = {
  kind: 'items' | 'amount';
  paymentId: string;
  quantities: Record<string, number>;
  reasons: Record<string, string>;
  typed: { itemId: string; quantity: string }[];
  amountText: string;
  reason: string;
  managerPin: string;
};
type State = {
  details: TabDetails | null;
  form: Form;
  tried: boolean;
  busy: 'sending' | 'checking' | null;
  sent: Held<RefundInput> | null;
  result:
    | { kind: 'refused'; text: string }
    | { kind: 'unknown'; text: string; detail: string | null; checked: string | null }
    | { kind: 'made'; text: string }
    | null;
  pinProblem: string | null;
  pinLock: { until: number } | null;
};
type Action =
  | { type: 'loaded'; details: TabDetails }
  | { type: 'edit'; patch: Partial<Form> }
  | { type: 'send'; request: Held<RefundInput> }
  | { type: 'check' }
  | { type: 'answer'; outcome: RefundOutcome; note?: string }
  | { type: 'fail'; problem: ErrorPayload; text: string; note?: string };

const { initialRefundState, refundReducer, refundDraft, isFrozen, readAgainNote } = (await import(REFUND_STATE)) as {
  initialRefundState(): State;
  refundReducer(state: State, action: Action): State;
  refundDraft(state: State): { input: RefundInput | null; asksReason: boolean; label: string; known: boolean };
  isFrozen(state: State): boolean;
  readAgainNote(details: TabDetails, paymentId: string, refundsOnBoard: number, at: string): string;
};
const { failureDecides, holdRequest } = (await import(ONCE_REQUEST)) as {
  failureDecides(problem: ErrorPayload, answering: 'first' | 'check'): boolean;
  holdRequest<A>(args: A, makeId?: () => string): Held<A>;
};

const DETAILS: TabDetails = {
  source: 'service',
  note: null,
  items: [
    { id: 'item-1', name: 'Lager', quantity: 2, refundedQuantity: 0, price: 700, status: 'ACTIVE' },
    { id: 'item-2', name: 'Chips', quantity: 1, refundedQuantity: 0, price: 450, status: 'ACTIVE' },
  ],
  payments: [{ id: '30001', amount: 1850, tip: 0, refundable: 1850, gateway: 'INTERNAL', paymentType: 'CARD' }],
};

const UNCERTAIN: RefundOutcome = { ok: false, message: 'Service answered 504', status: 504, uncertain: true };
const CUT: ErrorPayload = {
  kind: 'outcome-unknown',
  data: { operation: 'tabRefund' },
  message: 'No answer from the app host for tabRefund within 30 s',
};

let ids = 0;
const nextId = () => `request-${++ids}-abcdef`;

function run(state: State, ...actions: Action[]): State {
  return actions.reduce(refundReducer, state);
}

/** A dialog with the tab read, one Lager chosen with a reason, and a manager's PIN typed. */
function filled(): State {
  return run(
    initialRefundState(),
    { type: 'loaded', details: DETAILS },
    { type: 'edit', patch: { quantities: { 'item-1': 1 }, reasons: { 'item-1': 'Sent back' } } },
    { type: 'edit', patch: { managerPin: '9999' } },
  );
}

/** The press: a new request from what the form says. */
function press(state: State): { state: State; request: Held<RefundInput> } {
  const input = refundDraft(state).input;
  expect(input).not.toBeNull();
  const request = holdRequest(input!, nextId);
  return { state: refundReducer(state, { type: 'send', request }), request };
}

describe('the refund dialog keeps one request until its outcome is definite', () => {
  it('builds the request from the form: items with their own reasons, the single payment, the PIN', () => {
    const draft = refundDraft(filled());
    expect(draft.known).toBe(true);
    expect(draft.input).toEqual({
      paymentId: '30001',
      items: [{ itemId: 'item-1', quantity: 1, reason: 'Sent back' }],
      managerPin: '9999',
    });
    expect(draft.label).toBe('Refund $7.00');
  });

  it('asks one reason, never two: items chosen from the tab carry theirs, an amount carries the refund’s', () => {
    const items = run(filled(), { type: 'edit', patch: { reason: 'Typed before switching' } });
    expect(refundDraft(items).asksReason).toBe(false);
    expect(refundDraft(items).input).not.toHaveProperty('reason');
    const amount = run(items, { type: 'edit', patch: { kind: 'amount', amountText: '5.00' } });
    expect(refundDraft(amount).asksReason).toBe(true);
    expect(refundDraft(amount).input).toEqual({
      paymentId: '30001',
      amount: 500,
      reason: 'Typed before switching',
      managerPin: '9999',
    });
  });

  for (const [how, answer] of [
    ['answered uncertain', { type: 'answer', outcome: UNCERTAIN }],
    [
      'thrown as outcome-unknown (the link cut while it was out)',
      { type: 'fail', problem: CUT, text: 'No clear answer' },
    ],
  ] as [string, Action][]) {
    it(`an outcome ${how} keeps the request and its id, and freezes the form`, () => {
      const sent = press(filled());
      const unknown = refundReducer(sent.state, answer);
      expect(unknown.result).toMatchObject({ kind: 'unknown', checked: null });
      expect(unknown.result?.kind === 'unknown' && unknown.result.text).toMatch(/may or may not have been made/);
      expect(unknown.sent).toBe(sent.request);
      expect(unknown.busy).toBeNull();
      expect(isFrozen(unknown)).toBe(true);
      // Nothing typed now changes what Check again sends.
      const edited = run(unknown, { type: 'edit', patch: { quantities: { 'item-1': 2 }, managerPin: '1111' } });
      expect(edited).toBe(unknown);
      expect(refundDraft(edited).input).toEqual(sent.request.args);
    });
  }

  it('Check again is the same request; still unknown, it says what the check found', () => {
    const sent = press(filled());
    const unknown = run(sent.state, { type: 'fail', problem: CUT, text: 'No clear answer' });
    const checking = refundReducer(unknown, { type: 'check' });
    expect(checking.busy).toBe('checking');
    expect(checking.sent).toBe(sent.request);
    const still = refundReducer(checking, { type: 'answer', outcome: UNCERTAIN, note: 'Checked at 9:42 PM: …' });
    expect(still.result).toMatchObject({ kind: 'unknown', checked: 'Checked at 9:42 PM: …', detail: CUT.message });
    expect(still.sent).toBe(sent.request);
    // A check that could not reach the core decides nothing either.
    const unreachable: ErrorPayload = { kind: 'unreachable', data: {}, message: 'hub unreachable' };
    const again = run(still, { type: 'check' }, { type: 'fail', problem: unreachable, text: 'Cannot reach' });
    expect(again.result?.kind).toBe('unknown');
    expect(again.sent).toBe(sent.request);
  });

  it('a check that finds the refund made says so, lets go of the request, and keeps Refund off', () => {
    const sent = press(filled());
    const made = run(
      sent.state,
      { type: 'fail', problem: CUT, text: 'No clear answer' },
      { type: 'check' },
      { type: 'answer', outcome: { ok: true, refundPaymentId: '40001', amount: 700, refundType: 'itemized' } },
    );
    expect(made.result).toEqual({
      kind: 'made',
      text: 'The refund of $7.00 was made (refund 40001). Do not refund it again.',
    });
    expect(made.sent).toBeNull();
    expect(isFrozen(made)).toBe(true);
  });

  it('a definite refusal lets go of the request: the next press is a new request with a new id', () => {
    const first = press(filled());
    const refused = refundReducer(first.state, {
      type: 'answer',
      outcome: { ok: false, message: 'The refund is more than the payment', status: 400, uncertain: false },
    });
    expect(refused.result).toEqual({ kind: 'refused', text: 'The refund is more than the payment' });
    expect(refused.sent).toBeNull();
    expect(isFrozen(refused)).toBe(false);
    const fixed = run(refused, { type: 'edit', patch: { quantities: { 'item-2': 1 } } });
    const second = press(fixed);
    expect(second.request.requestId).not.toBe(first.request.requestId);
    expect(second.request.args.items).toEqual([{ itemId: 'item-2', quantity: 1 }]);
  });

  it('a PIN the core refused is said at the PIN field, the PIN emptied, and a new PIN is a new request', () => {
    const first = press(filled());
    const pinRefused: ErrorPayload = {
      kind: 'pin-required',
      data: { role: 'manager' },
      message: 'A manager must enter their PIN',
    };
    const refused = refundReducer(first.state, { type: 'fail', problem: pinRefused, text: 'A manager must enter…' });
    expect(refused.pinProblem).toBe('A manager must enter…');
    expect(refused.form.managerPin).toBe('');
    expect(refused.sent).toBeNull();
    expect(refused.result).toBeNull();
    // The ledger leaves the PIN out of what it compares: the same id would answer the refusal again.
    const second = press(run(refused, { type: 'edit', patch: { managerPin: '9999' } }));
    expect(second.request.requestId).not.toBe(first.request.requestId);
  });

  it('a check that finds nothing new reads the tab: what is still refundable, and the board’s refunds', () => {
    const lowered = { ...DETAILS, payments: [{ ...DETAILS.payments[0], refundable: 1150 }] };
    expect(readAgainNote(lowered, '30001', 0, '9:42 PM')).toBe(
      'Checked at 9:42 PM: still no clear answer. $11.50 is still refundable on payment 30001; the board shows 0 refunds on this tab. A refund that was made lowers that amount.',
    );
    expect(readAgainNote({ ...DETAILS, payments: [] }, '', 1, '9:43 PM')).toMatch(
      /^Checked at 9:43 PM: still no clear answer; the board shows 1 refund on this tab\./,
    );
  });
});

describe('which failures decide a once request', () => {
  const payload = (kind: ErrorPayload['kind'], data: object = {}) =>
    ({ kind, data, message: 'as said' }) as ErrorPayload;

  it('an unknown outcome never decides, first or on a check; a refusal of the request always does', () => {
    for (const answering of ['first', 'check'] as const) {
      expect(failureDecides(payload('outcome-unknown', { operation: 'x' }), answering)).toBe(false);
      expect(failureDecides(payload('cannot-read', { what: 'x' }), answering)).toBe(false);
      expect(failureDecides(payload('invalid', { field: null }), answering)).toBe(true);
      expect(failureDecides(payload('spend-limit'), answering)).toBe(true);
      expect(failureDecides(payload('pin-required', { role: 'manager' }), answering)).toBe(true);
    }
  });

  it('a way to the core that failed decides the press (nothing left), never a check (the first may be done)', () => {
    for (const kind of ['unreachable', 'timed-out', 'internal', 'revoked'] as const) {
      expect(failureDecides(payload(kind, { waitingPunches: 0 }), 'first')).toBe(true);
      expect(failureDecides(payload(kind, { waitingPunches: 0 }), 'check')).toBe(false);
    }
    expect(failureDecides(payload('forbidden', { by: 'venue' }), 'check')).toBe(false);
    expect(failureDecides(payload('forbidden', { by: 'service' }), 'check')).toBe(true);
  });

  it('says something for every kind there is', () => {
    for (const kind of ERROR_KINDS)
      for (const answering of ['first', 'check'] as const)
        expect(typeof failureDecides(payload(kind, { by: 'service' }), answering), kind).toBe('boolean');
  });
});
