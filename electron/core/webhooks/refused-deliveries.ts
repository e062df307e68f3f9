// The core's view of deliveries the listener refuses, for the screens where the events they
// carried are missing (Tabs, Gift cards, the manager's): a refused delivery is answered 401/400 and
// kept in the Events log, which nobody at the till looks at, while the service retries for a day
// and then drops the event. Read from the kept rows, so it holds across restarts and needs no
// state of its own; the cause comes from what the listener recorded (signature result, status),
// never from its sentence.
import type {
  DeliveryRefusalCause,
  EventDetail,
  EventFilter,
  EventPage,
  RefusedDeliveries,
} from '../../../shared/webhooks';

/** What the view reads: the listener's log (listener-service.ts). */
export interface RefusalSource {
  list(filter: EventFilter, offset: number, limit: number): EventPage;
  detail(seq: number): EventDetail | null;
}

/** Refused rows read at most: enough to say "at least this many", cheap enough for every change. */
const NEWEST = 50;

/** The cause of a refused row; null for one no service sent (a web page's request to the port). */
export function refusalCause(row: Pick<EventDetail, 'signature' | 'httpStatus'>): DeliveryRefusalCause | null {
  if (row.httpStatus === 413) return 'too-large';
  // 403 and 415 are a browser's requests without a secret set (assess-delivery.ts): not the service.
  if (row.httpStatus === 403 || row.httpStatus === 415) return null;
  if (row.httpStatus === 400) return 'not-an-event';
  switch (row.signature.result) {
    case 'mismatch':
      return 'signature-mismatch';
    case 'missing':
      return 'signature-missing';
    case 'malformed':
      return 'signature-unreadable';
    case 'not-configured':
      return row.signature.header ? 'signed-without-secret' : 'custom-header';
    // The signature matched or was not checked: the custom header check refused it.
    case 'match':
    case 'unchecked':
      return 'custom-header';
  }
}

export function refusedDeliveries(source: RefusalSource): RefusedDeliveries | null {
  const lastTakenAt = newestAt(source, 'verified', 'unsigned');
  const page = source.list({ verification: 'rejected' }, 0, NEWEST);
  let latest: { detail: EventDetail; cause: DeliveryRefusalCause } | null = null;
  let count = 0;
  let firstAt = 0;
  for (const row of page.rows) {
    if (lastTakenAt !== null && row.receivedAt <= lastTakenAt) break;
    const detail = source.detail(row.seq);
    const cause = detail ? refusalCause(detail) : null;
    if (!detail || cause === null) continue;
    latest ??= { detail, cause };
    count += 1;
    firstAt = row.receivedAt;
  }
  if (!latest) return null;
  return {
    count,
    more: page.rows.length === NEWEST && (page.total > NEWEST || page.more === true),
    firstAt,
    lastAt: latest.detail.receivedAt,
    cause: latest.cause,
    reason: latest.detail.problem ?? 'refused',
    seq: latest.detail.seq,
    lastTakenAt,
  };
}

function newestAt(source: RefusalSource, ...kinds: ('verified' | 'unsigned')[]): number | null {
  let newest: number | null = null;
  for (const verification of kinds) {
    const row = source.list({ verification }, 0, 1).rows[0];
    if (row && (newest === null || row.receivedAt > newest)) newest = row.receivedAt;
  }
  return newest;
}
