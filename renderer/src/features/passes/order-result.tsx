// What the Passes screen says after an order: sent, refused (in the service's own words, with the
// spend limit's figures), or not sent. An order whose outcome is unknown is not a result: it is the
// UnknownOutcome box, until a check decides it.
import { formatMoney, type PassOrderOutcome } from '../../../../shared/tabs';
import { spendLimitWords } from '../../../../shared/errors';
import { moneyReadings, type MoneyFamilyView } from '../../../../shared/money-units';

// `final`: the service refused this very order for good (spec 7: do not retry it), so Send stays
// off until the order changes; otherwise a busy bartender reads a blue "Send anyway" as "try again".
// `said`: the service's own alert, shown under our sentence as what it said (its spend-limit alert
// says "reached its limit" even when a 'pre' pass has room left, so it is never the only words).
export type OrderResult = {
  tone: 'good' | 'bad' | 'warn';
  title: string;
  text: string | null;
  final?: boolean;
  said?: string | null;
};

// An order the app knows the service will refuse never reaches this label: Send is off for it.
export function sendLabel(sending: boolean, scanned: boolean, total: number | null): string {
  if (sending) return 'Sending…';
  if (!scanned) return 'Scan a pass first';
  return `Send order${total === null ? '' : ` ${formatMoney(total)}`}`;
}

/** The units of the families an answer's amounts are in: its total (answers) and Spent (numbers). */
export interface AnswerUnits {
  answers: MoneyFamilyView | null;
  numbers: MoneyFamilyView | null;
}

/**
 * A decided outcome in words; `checked`: the answer came to "Check again", after an unknown one.
 * An amount in a unit not decided (`units`) shows both readings, never one as a fact.
 */
export function describe(
  outcome: Exclude<PassOrderOutcome, { ok: false; reason: 'uncertain' }>,
  total: number | null,
  checked = false,
  units?: AnswerUnits,
): OrderResult {
  if (outcome.ok) {
    const spent = outcome.pass ? `Spent is now ${moneyReadings(outcome.pass.spent, units?.numbers, formatMoney)}.` : '';
    const sent = checked ? 'The order went through' : 'Order sent';
    return {
      tone: 'good',
      title: `${sent}${outcome.orderName ? `: ${outcome.orderName}` : ''}${outcome.total !== null ? `, ${moneyReadings(outcome.total, units?.answers, formatMoney)}` : ''}`,
      text: `${spent} ${outcome.passProblem ?? ''} ${checked ? 'Do not send it again.' : ''}`.trim() || null,
    };
  }
  const problem = outcome.problem;
  if (problem.kind === 'spend-limit') {
    // The amounts come with the kind; this order's total from the ticket when the core had no prices.
    const text = spendLimitWords({ ...problem.data, orderCents: problem.data.orderCents ?? total });
    const title = outcome.title ? `Refused: spend limit: ${outcome.title}` : 'Refused: spend limit';
    return { tone: 'bad', title, text, said: outcome.alert, final: true };
  }
  // The service's alert title and body as it sent them ({alert: {title, body}}), else our title.
  const ours = `Refused by the service${outcome.status ? ` (${outcome.status})` : ''}`;
  const title = outcome.title ? `${ours}: ${outcome.title}` : ours;
  return { tone: 'bad', title, text: outcome.alert, final: false };
}

export function ResultBox({ result }: { result: OrderResult }) {
  return (
    <div
      className={`result-box ${result.tone}`}
      role={result.tone === 'good' ? 'status' : 'alert'}
      data-testid="order-result"
    >
      <strong>{result.title}</strong>
      {result.text && <p>{result.text}</p>}
      {result.said && (
        <p className="hint" data-testid="service-said">
          The service said: “{result.said}”
        </p>
      )}
    </div>
  );
}
