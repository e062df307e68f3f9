// Turns a stored row back into the typed event projections receive. The log keeps only the raw
// body (the exact bytes are what the inspector and "copy as curl" need), so the data is parsed
// again here, with the same schemas that accepted it.
import { checkEventData, parseEnvelope } from '../../../shared/schemas/webhook-events';
import type { AcceptedEvent } from '../../../shared/webhooks';
import { isApplicable, type StoredEventRow } from './event-record';

export function toAcceptedEvent(row: StoredEventRow): AcceptedEvent | null {
  if (!isApplicable(row) || row.dedupeKey === null) return null;
  const parsed = parseEnvelope(row.rawBody);
  if (!parsed.ok) return null;
  const check = checkEventData(parsed.envelope);
  if (check.problem !== null) return null;
  const e = parsed.envelope;
  return {
    seq: row.seq,
    receivedAt: row.receivedAt,
    type: check.type,
    targetUuid: e.targetUuid ?? null,
    targetId: e.targetId ?? null,
    locationUuid: e.locationUuid ?? null,
    locationName: e.locationName ?? null,
    locationId: e.locationId ?? null,
    createdAt: e.createdAt,
    data: check.data,
    verification: row.verification === 'verified' ? 'verified' : 'unsigned',
    dedupeKey: row.dedupeKey,
  } as AcceptedEvent;
}
