// The scanned pass: its limit as a bar (spent against the limit, with what is left), "No limit"
// where it has none, and no bar at all where the service reports no limits (flag off).
import { formatMoney, type PassView } from '../../../../shared/tabs';
import { useTimeOf } from '../tabs/format';
import { isDecided, moneyReadings, type MoneyFamily } from '../../../../shared/money-units';
import { MoneyUnitNotice, useMoneyFamily } from '../../components/money-unit-notice';

/**
 * What the card's notice says, by which of its two families is not decided: Spent is an open
 * "number" field (until its unit is decided it shows both readings, never one), and a typed price
 * on an order is an amount sent in (it waits for that family). Only what is unconfirmed is named.
 */
const PASS_UNITS_TEXT: Record<'both' | 'numbers' | 'sent', string> = {
  both: 'This service’s money units are not confirmed yet, so Spent shows both readings ($13.00 or $0.13) and an order with a typed price waits.',
  numbers:
    'The unit of Spent is not confirmed yet, so Spent shows both readings ($13.00 or $0.13). An order with a typed price goes as usual.',
  sent: 'The unit of amounts sent to this service is not confirmed yet, so an order with a typed price waits.',
};

const MODE_TEXT = {
  pre: 'Checked before each order: an order that would go over is refused.',
  post: 'The order that goes over is accepted, then the pass is blocked.',
};

export function PassCard({ pass }: { pass: PassView }) {
  const timeOf = useTimeOf();
  // Where spend limits are off the card shows no Spent, so only the typed price can be unconfirmed.
  const showsSpent = pass.limit.kind !== 'unknown';
  const spentOpen = useUndecided('numbers') && showsSpent;
  const sentOpen = useUndecided('sent');
  const families: MoneyFamily[] = [...(showsSpent ? (['numbers'] as const) : []), 'sent'];
  return (
    <section className="card pass-card" aria-label="Pass">
      <h2>
        {pass.name ?? 'Tab pass'} <span className="mono pass-id">{pass.xPassId}</span>
        {pass.status && pass.status !== 'ACTIVE' && <span className="badge bad">{statusWords(pass.status)}</span>}
      </h2>
      <Limit pass={pass} checkedAt={timeOf(pass.checkedAt)} />
      <MoneyUnitNotice
        families={families}
        text={PASS_UNITS_TEXT[spentOpen && sentOpen ? 'both' : spentOpen ? 'numbers' : 'sent']}
      />
    </section>
  );
}

/** A family the card names is not decided yet (false before the tabs settings came: nothing shows). */
function useUndecided(family: MoneyFamily): boolean {
  const view = useMoneyFamily(family);
  return view !== null && !isDecided(view);
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
