// The spec gives webhook events no id (6.2) yet says deliveries repeat (6.3), so the listener
// derives one. It is a SHA-256 over what identifies the event - type, targetUuid, targetId,
// locationUuid, createdAt (as an instant) and the data - in a canonical form (object keys sorted,
// no whitespace), rather than over the raw bytes: a retry the service re-serializes (other key
// order or spacing, hence a new signature) is still the same event and must dedupe.
// The price: two distinct events identical in all of these, down to the millisecond of createdAt,
// count as one. locationName and locationId are left out because they describe, not identify.
import { hash } from 'node:crypto';
import type { WebhookEnvelope } from '../../../shared/schemas/webhook-events';

class Raw {
  constructor(readonly text: string) {}
}

/** Nesting handled by recursion; a deeper subtree is written by the iterative walk below. */
const RECURSION_LIMIT = 64;

/**
 * JSON with object keys sorted at every level, so equal values give equal text. Every delivery
 * goes through here, and real events nest two or three levels, so the common case is a plain
 * recursion (about 4x faster than the walk); only a subtree deeper than RECURSION_LIMIT takes the
 * iterative walk, since a 1 MiB body can nest arrays a few hundred thousand deep, which would
 * overflow the stack.
 */
export function canonicalJson(value: unknown): string {
  return canonicalAt(value, 0);
}

function canonicalAt(value: unknown, depth: number): string {
  // Scalars by type: the same text JSON.stringify gives, without its call for each leaf.
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      break;
    default:
      return JSON.stringify(value) ?? 'null';
  }
  if (depth >= RECURSION_LIMIT) return canonicalJsonIterative(value);
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i > 0 ? ',' : '') + canonicalAt(value[i], depth + 1);
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  let out = '{';
  let first = true;
  for (const key of keys) {
    const item = record[key];
    if (item === undefined) continue;
    out += `${first ? '' : ','}${quotedKey(key)}:${canonicalAt(item, depth + 1)}`;
    first = false;
  }
  return `${out}}`;
}

/**
 * Object keys are the schema's few field names, delivery after delivery: their quoted form is
 * kept rather than made again for every key of every event. Bounded, so a sender inventing keys
 * only fills it once; past the bound keys are quoted as they come.
 */
const QUOTED_KEYS_MAX = 512;
const quotedKeys = new Map<string, string>();

function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key);
    if (quotedKeys.size < QUOTED_KEYS_MAX) quotedKeys.set(key, quoted);
  }
  return quoted;
}

/** The same text as canonicalJson, by an explicit stack: no depth limit. Exported for the tests. */
export function canonicalJsonIterative(value: unknown): string {
  const out: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item instanceof Raw) {
      out.push(item.text);
    } else if (item === null || typeof item !== 'object') {
      out.push(JSON.stringify(item) ?? 'null');
    } else if (Array.isArray(item)) {
      stack.push(new Raw(']'));
      for (let i = item.length - 1; i >= 0; i--) {
        stack.push(item[i]);
        if (i > 0) stack.push(new Raw(','));
      }
      out.push('[');
    } else {
      const record = item as Record<string, unknown>;
      const keys = Object.keys(record)
        .filter((k) => record[k] !== undefined)
        .sort();
      stack.push(new Raw('}'));
      for (let i = keys.length - 1; i >= 0; i--) {
        stack.push(record[keys[i]]);
        stack.push(new Raw(`${i > 0 ? ',' : ''}${JSON.stringify(keys[i])}:`));
      }
      out.push('{');
    }
  }
  return out.join('');
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
  return hash('sha256', canonicalJson(identity), 'hex');
}
