// Labor entries as the service sends them, read tolerantly: the spec names the fields but not
// their formats or the response shapes (2.6), so each field has a few spellings and formats and
// each answer may be bare or wrapped. An entry without an id, a person or a punch_in is skipped.
import { AppError } from '../../../shared/app-error';
import type { LaborEntry } from '../../../shared/labor';
import { isBreakType } from '../../../shared/labor-calc';
import { lacksOffset, wallTimeToMs } from '../../../shared/time';

/**
 * The unit of declared_tips on the wire: an open money field (the spec types it only "number"),
 * so it follows the connection's money unit, handed in by whoever builds the labor context.
 */
export interface EntryMoney {
  unit: 'cents' | 'dollars';
  /**
   * Hears each tips value read as it came, so a fraction or a decimal string ("12.50") can decide
   * the unit, as money in any other answer does.
   */
  note?: (value: number | string) => void;
  /**
   * Throws the typed refusal (conflict, money unit) while the tips' unit is not decided: a write
   * that carries tips waits, since in the wrong unit they would be stored a hundred times over.
   */
  requireDecided?: () => void;
  /**
   * The location's IANA zone: a time the service writes without an offset is that location's wall
   * clock, never this computer's. null when the location's zone is not known.
   */
  timezone?: string | null;
  /**
   * What a time without an offset means on this service, once evidence decided it
   * (time-meaning.ts): 'utc', or 'venue' (the location's wall clock). Undecided: the wall clock.
   */
  offsetFree?: 'utc' | 'venue' | null;
}

/** A wire amount as integer cents: dollars when the unit says so or when it has a fraction. */
export function tipsToCents(value: unknown, unit: EntryMoney['unit']): number | null {
  const n = typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return null;
  return unit === 'dollars' || !Number.isInteger(n) || (typeof value === 'string' && value.includes('.'))
    ? Math.round(n * 100)
    : n;
}

const CENTS: EntryMoney = { unit: 'cents' };

function tipsOf(value: unknown, money: EntryMoney): number | null {
  if (value === undefined || value === null) return null;
  const cents = tipsToCents(value, money.unit);
  if (cents !== null && (typeof value === 'number' || typeof value === 'string')) money.note?.(value);
  return cents;
}

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

/**
 * ISO 8601, or a number in seconds or milliseconds since 1970. A date-time without an offset is
 * the location's wall clock (`timezone`); without a known zone it cannot be read, and that is said
 * (kind 'cannot-read') rather than read on this computer's clock.
 */
export function parseWhen(
  value: unknown,
  timezone?: string | null,
  offsetFree?: 'utc' | 'venue' | null,
): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value > 100_000_000_000 ? value : value * 1000;
  if (typeof value === 'string' && value.trim()) {
    if (/^\d+(\.\d+)?$/.test(value.trim())) return parseWhen(Number(value));
    if (lacksOffset(value) && offsetFree === 'utc') {
      const ms = Date.parse(`${value.trim()}Z`);
      return Number.isFinite(ms) ? ms : null;
    }
    if (lacksOffset(value)) {
      const ms = timezone ? wallTimeToMs(value, timezone) : null;
      if (ms === null)
        throw new AppError(
          'cannot-read',
          `The service wrote a labor time without a UTC offset (${value.trim()}) and the location's time zone ${timezone ? `'${timezone}' is not one this app knows` : 'is not known'}`,
          { what: 'labor times without a UTC offset' },
        );
      return ms;
    }
    const ms = Date.parse(value);
    return Number.isFinite(ms) ? ms : null;
  }
  return null;
}

/** A numeric-looking id keeps its number form, so it can be sent back the way the service wrote it. */
function idValue(value: unknown): string | number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  return text(value);
}

/**
 * One entry in our shape. `money` says the unit of declared_tips (an open money field, see
 * shared/money-units.ts) and hears every tips value, so a fraction can correct a cents assumption.
 */
export function normalizeEntry(
  value: unknown,
  fiscalDayOf: (ms: number) => string,
  money: EntryMoney = CENTS,
): LaborEntry | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const raw = value as Raw;
  const uuid = text(first(raw, ['time_entry_uuid', 'timeEntryUuid', 'uuid', 'id']));
  const userId = text(first(raw, ['user_id', 'userId', 'employee_id']));
  const zone = money.timezone;
  const meaning = money.offsetFree;
  const punchIn = parseWhen(first(raw, ['punch_in', 'punchIn']), zone, meaning);
  if (!uuid || !userId || punchIn === null) return null;
  const shiftRef = idValue(first(raw, ['time_shift_id', 'timeShiftId', 'shift_uuid', 'shiftUuid']));
  const rawType = text(first(raw, ['time_punch_type', 'timePunchType', 'punch_type']));
  // The punch type decides first: a shift may carry its own numeric time_shift_id, which must not
  // make it look like a break. Only without a type does a shift reference mean "break".
  const kind: 'shift' | 'break' =
    rawType !== null
      ? isBreakType(rawType)
        ? 'break'
        : 'shift'
      : shiftRef !== null && String(shiftRef) !== uuid
        ? 'break'
        : 'shift';
  const punchType = rawType ?? (kind === 'break' ? 'break' : 'shift');
  // How breaks name this shift: its own time_shift_id, else a separate numeric id, else its uuid.
  const ownId =
    kind === 'shift' ? (shiftRef ?? (raw.id !== undefined && text(raw.id) !== uuid ? idValue(raw.id) : null)) : null;
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
    punchOut: parseWhen(first(raw, ['punch_out', 'punchOut']), zone, meaning),
    declaredTips: tipsOf(first(raw, ['declared_tips', 'declaredTips', 'tips']), money),
    fiscalDay: fiscal && /^\d{4}-\d{2}-\d{2}/.test(fiscal) ? fiscal.slice(0, 10) : fiscalDayOf(punchIn),
    created: parseWhen(first(raw, ['created', 'created_at', 'createdAt']), zone, meaning),
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
export function findEntry(
  body: unknown,
  fiscalDayOf: (ms: number) => string,
  money: EntryMoney = CENTS,
): LaborEntry | null {
  const direct = normalizeEntry(body, fiscalDayOf, money);
  if (direct) return direct;
  if (!body || typeof body !== 'object') return null;
  for (const key of ['entry', 'time_entry', 'timeEntry', 'data', 'result']) {
    const inner = normalizeEntry((body as Raw)[key], fiscalDayOf, money);
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
