// The spec gives webhook events no id (6.2) yet says deliveries repeat (6.3), so the listener
// derives one. It is a SHA-256 over what identifies the event - type, targetUuid, targetId,
// locationUuid, createdAt (as an instant) and the data - in a canonical form (object keys sorted,
// no whitespace), rather than over the raw bytes: a retry the service re-serializes (other key
// order or spacing, hence a new signature) is still the same event and must dedupe.
// The price: two distinct events identical in all of these, down to the millisecond of createdAt,
// count as one. locationName and locationId are left out because they describe, not identify.
import { createHash } from 'node:crypto';
import type { WebhookEnvelope } from '../../../shared/schemas/webhook-events';

/** JSON with object keys sorted at every level, so equal values give equal text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((k) => record[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`).join(',')}}`;
}

export function dedupeKey(envelope: WebhookEnvelope): string {
  const instant = Date.parse(envelope.createdAt);
  const identity = [
    envelope.type,
    envelope.targetUuid ?? null,
    envelope.targetId ?? null,
    envelope.locationUuid ?? null,
    Number.isFinite(instant) ? instant : envelope.createdAt,
    envelope.data,
  ];
  return createHash('sha256').update(canonicalJson(identity)).digest('hex');
}
