// Labor entries as the service sends them, read tolerantly: the spec names the fields but not
// their formats or the response shapes (2.6), so each field has a few spellings and formats and
// each answer may be bare or wrapped. An entry without an id, a person or a punch_in is skipped.
import type { LaborEntry } from '../../../shared/labor';
import { isBreakType } from '../../../shared/labor-calc';

type Raw = Record<string, unknown>;

const first = (raw: Raw, keys: string[]): unknown => {
  for (const k of keys) if (raw[k] !== undefined && raw[k] !== null && raw[k] !== '') return raw[k];
  return undefined;
};

function text(value: unknown): string | null {
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (value && typeof value === 'object') {
    const o = value as Raw;
    return text(o.name ?? o.title ?? null);
  }
  return null;
}

/** ISO 8601, or a number in seconds or milliseconds since 1970. */
export function parseWhen(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value > 100_000_000_000 ? value : value * 1000;
  if (typeof value === 'string' && value.trim()) {
    if (/^\d+(\.\d+)?$/.test(value.trim())) return parseWhen(Number(value));
    const ms = Date.parse(value);
    return Number.isFinite(ms) ? ms : null;
  }
  return null;
}

/** The unit of declared_tips on the wire; the spec only says "number" (docs/service-assumptions.md). */
export type TipsUnit = 'cents' | 'dollars';

/**
 * declared_tips from the wire into cents. Whole numbers are in the connection's unit (cents unless
 * it says dollars); a fractional amount can only be dollars, whatever the setting says.
 */
export function parseTips(value: unknown, unit: TipsUnit = 'cents'): number | null {
  const n = typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return null;
  const whole = Number.isInteger(n) && !(typeof value === 'string' && value.includes('.'));
  return whole && unit === 'cents' ? n : Math.round(n * 100);
}

/** Cents to the wire's unit (12.5 for 1250 cents when the service counts dollars). */
export function tipsToWire(cents: number, unit: TipsUnit = 'cents'): number {
  return unit === 'dollars' ? cents / 100 : cents;
}

/** A numeric-looking id keeps its number form, so it can be sent back the way the service wrote it. */
function idValue(value: unknown): string | number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  return text(value);
}

export function normalizeEntry(value: unknown, fiscalDayOf: (ms: number) => string, tipsUnit: TipsUnit = 'cents'): LaborEntry | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const raw = value as Raw;
  const uuid = text(first(raw, ['time_entry_uuid', 'timeEntryUuid', 'uuid', 'id']));
  const userId = text(first(raw, ['user_id', 'userId', 'employee_id']));
  const punchIn = parseWhen(first(raw, ['punch_in', 'punchIn']));
  if (!uuid || !userId || punchIn === null) return null;
  const shiftRef = idValue(first(raw, ['time_shift_id', 'timeShiftId', 'shift_uuid', 'shiftUuid']));
  const rawType = text(first(raw, ['time_punch_type', 'timePunchType', 'punch_type']));
  // The punch type decides first: a shift may carry its own numeric time_shift_id, which must not
  // make it look like a break. Only without a type does a shift reference mean "break".
  const kind: 'shift' | 'break' = rawType !== null ? (isBreakType(rawType) ? 'break' : 'shift') : shiftRef !== null && String(shiftRef) !== uuid ? 'break' : 'shift';
  const punchType = rawType ?? (kind === 'break' ? 'break' : 'shift');
  // How breaks name this shift: its own time_shift_id, else a separate numeric id, else its uuid.
  const ownId = kind === 'shift' ? (shiftRef ?? (raw.id !== undefined && text(raw.id) !== uuid ? idValue(raw.id) : null)) : null;
  const fiscal = text(first(raw, ['fiscal_day', 'fiscalDay', 'business_date', 'businessDate']));
  return {
    uuid,
    kind,
    shiftUuid: kind === 'break' && shiftRef !== null ? String(shiftRef) : null,
    ...(ownId !== null && String(ownId) !== uuid ? { shiftId: ownId } : {}),
    punchType,
    userId,
    role: text(first(raw, ['user_role', 'userRole', 'role'])),
    roleUuid: text(first(raw, ['user_role_uuid', 'userRoleUuid', 'role_uuid'])),
    punchIn,
    punchOut: parseWhen(first(raw, ['punch_out', 'punchOut'])),
    declaredTips: parseTips(first(raw, ['declared_tips', 'declaredTips', 'tips']), tipsUnit),
    fiscalDay: fiscal && /^\d{4}-\d{2}-\d{2}/.test(fiscal) ? fiscal.slice(0, 10) : fiscalDayOf(punchIn),
    created: parseWhen(first(raw, ['created', 'created_at', 'createdAt'])),
  };
}

const LIST_KEYS = ['entries', 'time_entries', 'timeEntries', 'data', 'results', 'items'];

/** The array of entries: bare, or under one of the usual keys (one level of nesting). */
export function findEntryList(body: unknown, depth = 0): unknown[] | null {
  if (Array.isArray(body)) return body;
  if (depth > 1 || !body || typeof body !== 'object') return null;
  for (const key of LIST_KEYS) {
    const found = findEntryList((body as Raw)[key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** One entry: bare, or under entry / time_entry / data. */
export function findEntry(body: unknown, fiscalDayOf: (ms: number) => string, tipsUnit: TipsUnit = 'cents'): LaborEntry | null {
  const direct = normalizeEntry(body, fiscalDayOf, tipsUnit);
  if (direct) return direct;
  if (!body || typeof body !== 'object') return null;
  for (const key of ['entry', 'time_entry', 'timeEntry', 'data', 'result']) {
    const inner = normalizeEntry((body as Raw)[key], fiscalDayOf, tipsUnit);
    if (inner) return inner;
  }
  return null;
}

/** Just the new entry's uuid from a create answer, when the rest of it is unreadable. */
export function findUuid(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const raw = body as Raw;
  const direct = text(first(raw, ['time_entry_uuid', 'timeEntryUuid', 'uuid', 'id']));
  if (direct) return direct;
  for (const key of ['entry', 'time_entry', 'timeEntry', 'data', 'result']) {
    const inner = raw[key];
    if (inner && typeof inner === 'object') {
      const found = findUuid(inner);
      if (found) return found;
    }
  }
  return null;
}
