// The "it is saved" moment: one big line a person can read from a step away, then back to the
// pad by itself. If the service is unreachable it says so, and that the punch is safe anyway.
import { useEffect } from 'react';
import type { PunchReceipt } from '../../../../shared/labor';
import { formatCents } from '../../../../shared/labor-calc';
import { clockTime } from './format';

const CONFIRM_SECONDS = 5;

export function Confirmation({
  receipt,
  tipsCents,
  offline,
  timezone,
  onDone,
}: {
  receipt: PunchReceipt;
  tipsCents: number | null;
  offline: boolean;
  timezone: string | null;
  onDone(): void;
}) {
  useEffect(() => {
    const t = setTimeout(onDone, CONFIRM_SECONDS * 1000);
    return () => clearTimeout(t);
  }, [onDone]);
  const first = receipt.name.split(' ')[0];
  const at = clockTime(receipt.at, timezone);
  const line = {
    'punch-in': `${first}, you're punched in${receipt.role ? ` as ${receipt.role}` : ''} at ${at}.`,
    'break-start': `${first}, your break started at ${at}. Enjoy it.`,
    'break-end': `${first}, welcome back. Break ended at ${at}.`,
    'punch-out': `${first}, you're punched out at ${at}${tipsCents ? ` with ${formatCents(tipsCents)} in tips` : ''}. Good night!`,
  }[receipt.action];
  return (
    <section className="k-confirm" role="status" aria-live="assertive" data-testid="punch-confirmation">
      <div className="k-check" aria-hidden="true">
        ✓
      </div>
      <h2>Saved</h2>
      <p className="k-confirm-line">{line}</p>
      {offline && (
        <p className="k-confirm-note">
          The service can’t be reached right now. Your punch is safe on this kiosk and will be sent as soon as it’s
          back.
        </p>
      )}
      <button type="button" className="k-big k-secondary" onClick={onDone}>
        Done
      </button>
    </section>
  );
}
