// Deliveries the webhook listener refuses, said where their events are missing (Tabs, Gift cards,
// the manager's view): the listener answers them 401/400 and keeps them in Events, the service
// retries each for about a day and then drops it, so a wrong secret or header otherwise shows only
// as tabs and cards that never arrive. The core reads the cause from what it recorded
// (refusedDeliveries); the words and the fix are chosen by that cause, never by its sentence.
import type { DeliveryRefusalCause } from '../../../shared/webhooks';
import { clockTime, dayTime, venueDay } from '../../../shared/time';
import { api } from '../api-context';
import { useRequest } from '../hooks/use-request';
import { useVenueZone } from '../hooks/use-venue-zone';
import { useAppStore } from '../store';

const DASHBOARD = 'this app’s endpoint on the service’s integrations dashboard';

const WORDS: Record<DeliveryRefusalCause, { what: string; fix: string }> = {
  'signature-mismatch': {
    what: 'they are signed with another secret than the one set in Settings → Webhooks',
    fix: `Copy the signature secret of ${DASHBOARD} into Settings → Webhooks, or set the secret shown there on the dashboard. While the service rotates its secret, either one works.`,
  },
  'signature-missing': {
    what: 'they carry no signature, while a secret is set in Settings → Webhooks',
    fix: `Set the same signature secret on ${DASHBOARD}.`,
  },
  'signature-unreadable': {
    what: 'their signature header is in a form this app does not read',
    fix: `Check the signature setting of ${DASHBOARD}: the app reads hex HMAC-SHA256 signatures, bare or as sha256=…, one or several. Events shows the header as it came.`,
  },
  'signed-without-secret': {
    what: 'they are signed, and no secret is set in Settings → Webhooks to check them',
    fix: `Copy the signature secret of ${DASHBOARD} into Settings → Webhooks.`,
  },
  'custom-header': {
    what: 'a custom header set in Settings → Webhooks is missing from them or different',
    fix: `Set the same header name and value on ${DASHBOARD}, or change it in Settings → Webhooks.`,
  },
  'not-an-event': {
    what: 'what arrives is not an event this app can read',
    fix: `Check that the URL of ${DASHBOARD} is this app’s webhook address (Settings → Webhooks); Events shows what arrived.`,
  },
  'too-large': {
    what: 'they are larger than the listener accepts',
    fix: 'Events shows the start of each; subscribe the endpoint to fewer event types on the dashboard if one type is that large.',
  },
};

/**
 * `floor` (Tabs, Gift cards): what is missing and who can fix it, in staff words; `manager` (the
 * manager area): the cause and the fix on the service's dashboard, with the recorded detail.
 */
/** Today's moment as a time, another day's with its day: the floor reads it at a glance. */
function sinceWhen(ms: number, timezone: string | null): string {
  return venueDay(ms, timezone) === venueDay(Date.now(), timezone) ? clockTime(ms, timezone) : dayTime(ms, timezone);
}

export function RefusedDeliveriesNotice({ audience = 'manager' }: { audience?: 'floor' | 'manager' }) {
  // Counters are pushed on every delivery: a change is the cue to ask the core again.
  const counters = useAppStore((s) => s.counters);
  const timezone = useVenueZone();
  const key = counters ? `${counters.rejected}/${counters.verified}/${counters.unsigned}` : null;
  const view = useRequest(key === null ? null : () => api().refusedDeliveries(), [key]);
  const refused = view.data;
  if (!refused) return null;
  const words = WORDS[refused.cause];
  const count = `${refused.count}${refused.more ? '+' : ''} ${refused.count === 1 && !refused.more ? 'delivery' : 'deliveries'}`;
  if (audience === 'floor') {
    const updates = `${refused.count}${refused.more ? '+' : ''} ${refused.count === 1 && !refused.more ? 'update' : 'updates'}`;
    return (
      <section className="card refused-deliveries" role="status" data-testid="refused-deliveries" data-audience="floor">
        <h2>Updates from the service are not getting through</h2>
        <p>
          {updates} from the service did not get through since {sinceWhen(refused.firstAt, timezone)}, so tabs, orders
          and gift cards they carry are missing here.
        </p>
        <p>
          <strong>Tell a manager:</strong> the manager area says what to change.
        </p>
      </section>
    );
  }
  return (
    <section className="card refused-deliveries" role="status" data-testid="refused-deliveries">
      <h2>Events from the service are being refused</h2>
      <p>
        The webhook listener refused {count} from the service since {dayTime(refused.firstAt, timezone)} (the latest at{' '}
        {dayTime(refused.lastAt, timezone)}): {words.what}. Tabs, orders and gift cards they carry are missing here, and
        the service stops retrying each event after about a day.
      </p>
      <p>
        <strong>To fix: </strong>
        {words.fix}
      </p>
      <details className="problem-details">
        <summary>Details</summary>
        <code>{`Events #${refused.seq}: ${refused.reason}`}</code>
      </details>
    </section>
  );
}
