// Turns a stored row back into the typed event projections receive. The log keeps only the raw
// body (the exact bytes are what the inspector and "copy as curl" need), so the data is parsed
// again here, with the same schemas that accepted it.
import { checkEventData, parseEnvelope } from '../../../shared/schemas/webhook-events';
import type { AcceptedEvent } from '../../../shared/webhooks';
import { dedupeKey } from './dedupe-key';
import { isApplicable, type StoredEventRow } from './event-record';

export function toAcceptedEvent(row: StoredEventRow): AcceptedEvent | null {
  if (!isApplicable(row) || row.dedupeKey === null) return null;
  const built = acceptedFromBody(row.rawBody, {
    seq: row.seq,
    receivedAt: row.receivedAt,
    verification: row.verification === 'verified' ? 'verified' : 'unsigned',
    dedupeKey: row.dedupeKey,
  });
  return 'event' in built ? built.event : null;
}

/** The typed event for a raw body, or why it is not one (bad envelope, data off its schema). */
export function acceptedFromBody(
  rawBody: string,
  meta: Pick<AcceptedEvent, 'seq' | 'receivedAt' | 'verification'> & { dedupeKey?: string },
): { event: AcceptedEvent } | { problem: string } {
  const parsed = parseEnvelope(rawBody);
  if (!parsed.ok) return { problem: parsed.message };
  const check = checkEventData(parsed.envelope);
  if (check.problem !== null) return { problem: check.problem };
  const e = parsed.envelope;
  const event = {
    ...meta,
    // The receiver passes the key it stored; callers replaying a body derive it the same way.
    dedupeKey: meta.dedupeKey ?? dedupeKey(e),
    type: check.type,
    targetUuid: e.targetUuid ?? null,
    targetId: e.targetId ?? null,
    locationUuid: e.locationUuid ?? null,
    locationName: e.locationName ?? null,
    locationId: e.locationId ?? null,
    createdAt: e.createdAt,
    data: check.data,
  } as AcceptedEvent;
  return { event };
}
