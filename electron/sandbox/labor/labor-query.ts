// GET /loc/{location}/labor/entries query parameters. Names from the spec; the sort parameter's
// name, direction and the page size are the sandbox's choice (docs/service-assumptions.md):
//   sort_by = created | punch_in | punch_out (default created), sort_direction = asc | desc (default asc),
//   limit 1..1000 (default 100; more is capped at 1000).
import type { FieldResult } from './labor-fields';

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;

export interface LaborQuery {
  type: 'shifts' | 'breaks' | 'all';
  isOpen: boolean | null;
  fiscalDayStart: string | null;
  fiscalDayEnd: string | null;
  userRole: string | null;
  userId: string | null;
  limit: number;
  sortBy: 'created' | 'punch_in' | 'punch_out';
  sortDirection: 'asc' | 'desc';
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isRealDay(day: string): boolean {
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
}

function oneOf<T extends string>(q: URLSearchParams, name: string, allowed: readonly T[], fallback: T): FieldResult<T> {
  const raw = q.get(name);
  if (raw === null || raw === '') return { ok: true, value: fallback };
  if ((allowed as readonly string[]).includes(raw)) return { ok: true, value: raw as T };
  return { ok: false, message: `${name} must be one of ${allowed.join(', ')} (got "${raw}").` };
}

function day(q: URLSearchParams, name: string): FieldResult<string | null> {
  const raw = q.get(name);
  if (raw === null || raw === '') return { ok: true, value: null };
  if (!DAY.test(raw) || !isRealDay(raw))
    return { ok: false, message: `${name} must be a date YYYY-MM-DD (got "${raw}").` };
  return { ok: true, value: raw };
}

export function parseLaborQuery(q: URLSearchParams): FieldResult<LaborQuery> {
  const problems: string[] = [];
  const take = <T>(r: FieldResult<T>, fallback: T): T => {
    if (r.ok) return r.value;
    problems.push(r.message);
    return fallback;
  };
  const type = take(oneOf(q, 'type', ['shifts', 'breaks', 'all'] as const, 'all'), 'all');
  const open = take(oneOf(q, 'is_open', ['true', 'false'] as const, 'true'), 'true');
  const fiscalDayStart = take(day(q, 'fiscal_day_start'), null);
  const fiscalDayEnd = take(day(q, 'fiscal_day_end'), null);
  const sortBy = take(oneOf(q, 'sort_by', ['created', 'punch_in', 'punch_out'] as const, 'created'), 'created');
  const sortDirection = take(oneOf(q, 'sort_direction', ['asc', 'desc'] as const, 'asc'), 'asc');
  let limit = DEFAULT_LIMIT;
  const rawLimit = q.get('limit');
  if (rawLimit !== null && rawLimit !== '') {
    if (!/^\d+$/.test(rawLimit) || Number(rawLimit) < 1)
      problems.push(`limit must be a whole number of at least 1 (got "${rawLimit}").`);
    else limit = Math.min(Number(rawLimit), MAX_LIMIT);
  }
  if (fiscalDayStart && fiscalDayEnd && fiscalDayStart > fiscalDayEnd)
    problems.push('fiscal_day_start is after fiscal_day_end.');
  if (problems.length > 0) return { ok: false, message: problems.join(' ') };
  return {
    ok: true,
    value: {
      type,
      isOpen: q.get('is_open') === null || q.get('is_open') === '' ? null : open === 'true',
      fiscalDayStart,
      fiscalDayEnd,
      userRole: q.get('user_role') || null,
      userId: q.get('user_id') || null,
      limit,
      sortBy,
      sortDirection,
    },
  };
}
