// The scanned pass: its limit as a bar (spent against the limit, with what is left), "No limit"
// where it has none, and no bar at all where the service reports no limits (flag off).
import { formatMoney, type PassView } from '../../../../shared/tabs';
import { useTimeOf } from '../tabs/format';
import { moneyReadings } from '../../../../shared/money-units';
import { MoneyUnitNotice, useMoneyFamily } from '../../components/money-unit-notice';

/**
 * Spent is an open "number" field: until its unit is decided it shows both readings, never one,
 * and the card says so. It is the card's only such amount (the limit is cents by the spec), and an
 * order from this screen sends no amount of its own (lines name products; a typed price only
 * checks the limit here), so no other family's unit is named on it.
 */
const SPENT_UNIT_TEXT = 'The unit of Spent is not confirmed yet, so Spent shows both readings ($13.00 or $0.13).';

const MODE_TEXT = {
  pre: 'Checked before each order: an order that would go over is refused.',
  post: 'The order that goes over is accepted, then the pass is blocked.',
};

export function PassCard({ pass }: { pass: PassView }) {
  const timeOf = useTimeOf();
  // Where spend limits are off the card shows no Spent: nothing on it is unconfirmed then.
  const showsSpent = pass.limit.kind !== 'unknown';
  return (
    <section className="card pass-card" aria-label="Pass">
      <h2>
        {pass.name ?? 'Tab pass'} <span className="mono pass-id">{pass.xPassId}</span>
        {pass.status && pass.status !== 'ACTIVE' && <span className="badge bad">{statusWords(pass.status)}</span>}
      </h2>
      <Limit pass={pass} checkedAt={timeOf(pass.checkedAt)} />
      {showsSpent && <MoneyUnitNotice families={['numbers']} text={SPENT_UNIT_TEXT} />}
    </section>
  );
}

function Limit({ pass, checkedAt }: { pass: PassView; checkedAt: string }) {
  const { limit } = pass;
  const numbers = useMoneyFamily('numbers');
  const spentText = moneyReadings(pass.spent, numbers, formatMoney);
  const sure = numbers === null || numbers.source !== 'default';
  if (limit.kind === 'unknown') {
    return (
      <p className="hint" data-testid="pass-limit">
        Spend limits are off at this location: the service reports no limit and no spent amount for this pass (read{' '}
        {checkedAt}).
      </p>
    );
  }
  if (limit.kind === 'none') {
    return (
      <dl className="pass-figures" title={`Read from the service at ${checkedAt}`}>
        <div>
          <dt>Limit</dt>
          <dd data-testid="pass-limit">No limit</dd>
        </div>
        <div>
          <dt>Spent</dt>
          <dd data-testid="pass-spent">{spentText}</dd>
        </div>
      </dl>
    );
  }
  const spent = pass.spent ?? 0;
  const left = Math.max(0, limit.amount - spent);
  const reached = spent >= limit.amount;
  const percent = limit.amount > 0 ? Math.min(100, (spent / limit.amount) * 100) : 100;
  return (
    <>
      <dl className="pass-figures">
        <div>
          <dt>Limit</dt>
          <dd data-testid="pass-limit">{formatMoney(limit.amount)}</dd>
        </div>
        <div>
          <dt>Spent</dt>
          <dd data-testid="pass-spent">{spentText}</dd>
        </div>
        <div>
          <dt>Left</dt>
          <dd data-testid="pass-left" className={reached ? 'bad' : ''}>
            {sure ? formatMoney(left) : 'unit not confirmed'}
          </dd>
        </div>
      </dl>
      <div
        className={`limit-bar ${reached ? 'full' : percent >= 80 ? 'near' : ''}`}
        role="meter"
        aria-label="Spent of the limit"
        aria-valuemin={0}
        aria-valuemax={limit.amount}
        aria-valuenow={spent}
      >
        <div style={{ width: `${percent}%` }} />
      </div>
      {reached && (
        <p className="error">Limit reached{limit.mode === 'post' ? ': the service refuses further orders.' : '.'}</p>
      )}
      <p className="hint">
        {limit.mode ? MODE_TEXT[limit.mode] : 'The service did not say how the limit is enforced.'} Read {checkedAt}.
      </p>
    </>
  );
}

/** "BLOCKED" → "Blocked", "LIMIT_REACHED" → "Limit reached": the service's status in words. */
function statusWords(status: string): string {
  const words = status.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
