// The three labor routes of spec 4, as the core calls them (always as the integration, through
// the current client so token and 401/403 handling stay in one place).
import type { LaborEntry } from '../../../shared/labor';
import { isServiceError } from '../api/errors';
import { readWholeList } from '../api/next-page';
import { AppError } from '../../../shared/app-error';
import type { ServiceClient } from '../api/service-client';
import { findEntry, findEntryList, findUuid, normalizeEntry, type EntryMoney } from './entry-normalize';
import { judgeByDate, judgeEcho, learn, meaningOf, punchStamps, type TimeMeaning } from './time-meaning';

export interface EntryQuery {
  type?: 'shifts' | 'breaks' | 'all';
  is_open?: boolean;
  fiscal_day_start?: string;
  fiscal_day_end?: string;
  user_role?: string;
  user_id?: string;
  limit?: number;
  sort_by?: string;
  sort_direction?: 'asc' | 'desc';
}

export interface LaborApiContext {
  client: ServiceClient;
  locationUuid: string;
  fiscalDayOf: (ms: number) => string;
  timeoutMs?: number;
  /** Unit of declared_tips on the wire (an open money field); cents when not given. */
  money?: EntryMoney;
  /** The location's IANA zone, for times the service writes without an offset; null when not known. */
  timezone?: string | null;
  /**
   * The roster's role for what an entry names (a role's name, uuid or a code of the service's own,
   * beside its user_role_uuid), so every form reads as the same role; null when the roster has none.
   */
  resolveRole?: (
    userId: string,
    named: string | null,
    uuid: string | null,
  ) => { role: string; roleUuid: string | null } | null;
}

/** An entry with its role read through the roster, whichever form the service named it in. */
function withRosterRole(ctx: LaborApiContext, e: LaborEntry): LaborEntry {
  const found = ctx.resolveRole?.(e.userId, e.role, e.roleUuid ?? null);
  return found ? { ...e, role: found.role, roleUuid: found.roleUuid ?? e.roleUuid } : e;
}

/** How entries of this context are read: the money unit, the location's zone, what offset-free times mean. */
function reading(ctx: LaborApiContext): EntryMoney {
  return {
    ...(ctx.money ?? { unit: 'cents' }),
    timezone: ctx.timezone ?? null,
    offsetFree: meaningOf(ctx.client, ctx.locationUuid)?.meaning ?? null,
  };
}

/** The entry object of an answer: bare, or under the usual keys (for the echo of a time sent). */
function rawEntry(answer: unknown): Record<string, unknown> | null {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return null;
  const a = answer as Record<string, unknown>;
  if ('punch_in' in a || 'punchIn' in a) return a;
  for (const key of ['entry', 'time_entry', 'timeEntry', 'data', 'result']) {
    const inner = a[key];
    if (inner && typeof inner === 'object' && !Array.isArray(inner)) return inner as Record<string, unknown>;
  }
  return null;
}

/** Evidence of what offset-free times mean from a write's answer: the echo of the time sent, else its Date. */
function learnFromWrite(ctx: LaborApiContext, sent: Record<string, unknown>, answer: unknown, date: string | null) {
  const raw = rawEntry(answer);
  if (!raw || meaningOf(ctx.client, ctx.locationUuid)) return;
  for (const [field, camel] of [
    ['punch_in', 'punchIn'],
    ['punch_out', 'punchOut'],
  ] as const) {
    const sentMs = typeof sent[field] === 'string' ? Date.parse(sent[field]) : NaN;
    if (!Number.isFinite(sentMs)) continue;
    learn(ctx.client, ctx.locationUuid, judgeEcho(sentMs, raw[field] ?? raw[camel], ctx.timezone ?? null, field));
  }
  learn(ctx.client, ctx.locationUuid, judgeByDate(date, punchStamps([raw]), ctx.timezone ?? null));
}

/** Tips as the wire wants them, in the connection's open money unit. */
export function tipsOnWire(ctx: LaborApiContext, cents: number): number {
  return ctx.money?.unit === 'dollars' ? Math.round(cents) / 100 : Math.round(cents);
}

/** What offset-free labor times mean at this context's location, with the evidence; null: not decided. */
export function offsetFreeTimes(ctx: Pick<LaborApiContext, 'client' | 'locationUuid'>): TimeMeaning | null {
  return meaningOf(ctx.client, ctx.locationUuid);
}

/** A list read to its end, or as far as the service would page it. */
export interface EntryList {
  entries: LaborEntry[];
  /** False when rows may be missing: the list came back full with no next-page marker, or paging stopped. */
  complete: boolean;
}

const base = (locationUuid: string) => `/loc/${encodeURIComponent(locationUuid)}/labor/entries`;

export async function listEntries(ctx: LaborApiContext, query: EntryQuery): Promise<LaborEntry[]> {
  return (await listAllEntries(ctx, query)).entries;
}

/**
 * Every page of a list: follows the service's next-page marker (a URL, or a token sent back as
 * `page`/`cursor`). Breaks are joined to their shifts by whichever id the service uses.
 */
export async function listAllEntries(ctx: LaborApiContext, query: EntryQuery): Promise<EntryList> {
  let date: string | null = null;
  const read = await readWholeList({
    fetchPage: async (path, q) => {
      const page = await ctx.client.requestWithHeaders('integration', 'GET', path, {
        query: q,
        timeoutMs: ctx.timeoutMs,
      });
      date = page.headers.get('date') ?? date;
      return page;
    },
    restPathOf: (link) => ctx.client.restPathOf(link),
    rowsOf: findEntryList,
    idOf: (row) => findUuid(row),
    unreadable: (body) =>
      new AppError(
        'cannot-read',
        `The service answered the labor entries list with something that is not a list of entries (${describeShape(body)})`,
        { what: 'the labor entries list' },
      ),
    refusal: (error) =>
      isServiceError(error) && error.kind !== 'network' && error.kind !== 'timeout' && !error.retryable,
    path: base(ctx.locationUuid),
    query: { ...query },
    paging: ctx.client.paging,
  });
  // An open entry cannot start after the service's own time: that may decide offset-free times.
  if (!meaningOf(ctx.client, ctx.locationUuid))
    learn(ctx.client, ctx.locationUuid, judgeByDate(date, punchStamps(read.rows), ctx.timezone ?? null));
  const entries: LaborEntry[] = [];
  let unreadRows = 0;
  for (const e of read.rows) {
    const entry = normalizeEntry(e, ctx.fiscalDayOf, reading(ctx));
    if (entry) entries.push(withRosterRole(ctx, entry));
    else unreadRows++;
  }
  // A row without an id, a person or a punch_in is left out, and the list says rows are missing.
  return { entries: joinBreaks(ctx, entries), complete: read.complete && unreadRows === 0 };
}

/** A short description of an answer's shape for a 'cannot-read' message (keys, never values). */
export function describeShape(body: unknown): string {
  if (body === null || body === undefined) return 'an empty answer';
  if (Array.isArray(body)) return `an array of ${body.length}`;
  if (typeof body !== 'object') return `a ${typeof body}`;
  const keys = Object.keys(body).slice(0, 6);
  return keys.length ? `an object with ${keys.join(', ')}` : 'an empty object';
}

/** Breaks name their shift by uuid or by the shift's own (numeric) id: map every reference to the uuid. */
function joinBreaks(ctx: LaborApiContext, entries: LaborEntry[]): LaborEntry[] {
  for (const e of entries) if (e.kind === 'shift') rememberShift(ctx, e);
  return entries.map((e) =>
    e.kind === 'break' && e.shiftUuid !== null ? { ...e, shiftUuid: shiftUuidOf(ctx, e.shiftUuid) } : e,
  );
}

// Shift ids seen on the service (uuid <-> the id breaks carry), kept across calls so a break read
// alone still joins its shift and a break punch names its shift the way the service does.
const shiftIdByUuid = new Map<string, string | number>();
const uuidByShiftId = new Map<string, string>();
const REMEMBERED = 5000;

// Keyed by location too: numeric shift ids are only unique within one service's location, and the
// app may talk to the practice venue and a real service in one run.
const keyOf = (ctx: LaborApiContext, id: string) => `${ctx.locationUuid}|${id}`;

// The role uuid of each shift seen, so a break is sent with its shift's role in the form a service
// keyed by uuid takes, even when the person is not on this kiosk's roster.
const roleUuidByShift = new Map<string, string>();

/** The role uuid of a shift read from the service, when it showed one. */
export function shiftRoleUuid(ctx: LaborApiContext, shiftUuid: string): string | null {
  return roleUuidByShift.get(keyOf(ctx, shiftUuid)) ?? null;
}

export function rememberShift(ctx: LaborApiContext, e: LaborEntry): void {
  if (e.kind === 'shift' && e.roleUuid) {
    if (roleUuidByShift.size >= REMEMBERED) roleUuidByShift.clear();
    roleUuidByShift.set(keyOf(ctx, e.uuid), e.roleUuid);
  }
  if (e.kind !== 'shift' || e.shiftId === null || e.shiftId === undefined) return;
  if (shiftIdByUuid.size >= REMEMBERED) {
    shiftIdByUuid.clear();
    uuidByShiftId.clear();
  }
  shiftIdByUuid.set(keyOf(ctx, e.uuid), e.shiftId);
  uuidByShiftId.set(keyOf(ctx, String(e.shiftId)), e.uuid);
}

function shiftUuidOf(ctx: LaborApiContext, ref: string): string {
  return uuidByShiftId.get(keyOf(ctx, ref)) ?? ref;
}

/** What to send as time_shift_id for a break of this shift: its own id when it has one, else its uuid. */
export async function shiftReference(ctx: LaborApiContext, shiftUuid: string): Promise<string | number> {
  const known = shiftIdByUuid.get(keyOf(ctx, shiftUuid));
  if (known !== undefined) return known;
  try {
    const shift = await getEntry(ctx, shiftUuid);
    return shift.shiftId ?? shiftUuid;
  } catch (error) {
    // Not answered now (timeout, reset, 5xx, 429): try the punch later rather than send a reference
    // a numeric-id service would refuse. Otherwise the uuid is the spec's reading; a refusal parks it.
    if (!isServiceError(error) || error.retryable) throw error;
    return shiftUuid;
  }
}

export async function getEntry(ctx: LaborApiContext, uuid: string): Promise<LaborEntry> {
  const { value: body, headers } = await ctx.client.requestWithHeaders(
    'integration',
    'GET',
    `${base(ctx.locationUuid)}/${encodeURIComponent(uuid)}`,
    { timeoutMs: ctx.timeoutMs },
  );
  if (!meaningOf(ctx.client, ctx.locationUuid))
    learn(
      ctx.client,
      ctx.locationUuid,
      judgeByDate(headers.get('date'), punchStamps([rawEntry(body)]), ctx.timezone ?? null),
    );
  const entry = findEntry(body, ctx.fiscalDayOf, reading(ctx));
  if (!entry)
    throw new AppError(
      'cannot-read',
      `The service answered for labor entry ${uuid} with something that is not an entry (${describeShape(body)})`,
      { what: 'a labor entry' },
    );
  rememberShift(ctx, entry);
  const read = withRosterRole(ctx, entry);
  return read.kind === 'break' && read.shiftUuid !== null
    ? { ...read, shiftUuid: shiftUuidOf(ctx, read.shiftUuid) }
    : read;
}

/** POST: resolves with the new entry's uuid, or null when the answer did not say (then reconcile). */
export async function createEntry(ctx: LaborApiContext, body: Record<string, unknown>): Promise<string | null> {
  const { value: answer, headers } = await ctx.client.requestWithHeaders(
    'integration',
    'POST',
    base(ctx.locationUuid),
    {
      body,
      timeoutMs: ctx.timeoutMs,
    },
  );
  learnFromWrite(ctx, body, answer, headers.get('date'));
  const entry = findEntry(answer, ctx.fiscalDayOf, reading(ctx));
  if (entry) rememberShift(ctx, entry);
  return findUuid(answer);
}

export async function patchEntry(
  ctx: LaborApiContext,
  uuid: string,
  body: Record<string, unknown>,
): Promise<LaborEntry | null> {
  const { value: answer, headers } = await ctx.client.requestWithHeaders(
    'integration',
    'PATCH',
    `${base(ctx.locationUuid)}/${encodeURIComponent(uuid)}`,
    { body, timeoutMs: ctx.timeoutMs },
  );
  learnFromWrite(ctx, body, answer, headers.get('date'));
  return findEntry(answer, ctx.fiscalDayOf, reading(ctx));
}
