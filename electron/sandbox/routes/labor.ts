// /loc/{location}/labor/entries (spec 2.4 and part 4), served under /api like every REST route.
// Shapes and formats the spec leaves open are the sandbox's choice, listed in
// docs/service-assumptions.md: ISO 8601 times, integer-cent tips, time_punch_type
// shift | unpaid_break | paid_break, list answer { entries, count, limit }.
import { authenticate, requireLocationAccess } from '../access';
import { parseJsonObject, type BodyObject } from '../http/body';
import { errorJson, json, type SandboxResponse } from '../http/responses';
import type { RouteContext, RouteDef } from '../http/router';
import { BREAK_PUNCH_TYPES, PUNCH_TYPES, type LaborEntryRecord, type PunchType } from '../labor/labor-book';
import {
  findRole,
  isStaffAt,
  roleInputWords,
  keptTime,
  parseTime,
  parseTips,
  parseUserId,
} from '../labor/labor-fields';
import { listBody, pageOf } from '../http/paging';
import { parseLaborQuery } from '../labor/labor-query';
import { checkBreakInShift, checkOrder, checkShiftAgainstBreaks } from '../labor/labor-rules';
import { entryFiscalDay, entryView } from '../labor/labor-view';

const CREATE_FIELDS = ['time_punch_type', 'user_role', 'user_id', 'punch_in', 'punch_out', 'time_shift_id'];
const REQUIRED_FIELDS = ['time_punch_type', 'user_role', 'user_id'];
const PATCH_FIELDS = ['punch_in', 'punch_out', 'user_role_uuid', 'time_punch_type', 'declared_tips'];

const bad = (message: string, code = 'invalid_body') => errorJson(400, code, message);

/** Authenticates, checks the location, and hands the handler the location uuid. */
function atLocation(handler: (ctx: RouteContext, locationUuid: string) => SandboxResponse) {
  return (ctx: RouteContext): SandboxResponse => {
    const auth = authenticate(ctx);
    if (!auth.ok) return auth.response;
    const locationUuid = ctx.params.location;
    const denied = requireLocationAccess(ctx.world, auth.value, locationUuid);
    return denied ?? handler(ctx, locationUuid);
  };
}

function unknownFields(body: BodyObject, allowed: string[]): string[] {
  return Object.keys(body).filter((k) => !allowed.includes(k));
}

const isBreakType = (t: PunchType) => (BREAK_PUNCH_TYPES as readonly string[]).includes(t);

// Either spelling is accepted (shift or SHIFT): what the service answers with is the readings' choice.
function punchType(value: unknown): PunchType | null {
  const v = typeof value === 'string' ? value.toLowerCase() : null;
  return v !== null && (PUNCH_TYPES as readonly string[]).includes(v) ? (v as PunchType) : null;
}

function list(ctx: RouteContext, locationUuid: string): SandboxResponse {
  const parsed = parseLaborQuery(ctx.query);
  if (!parsed.ok) return bad(parsed.message, 'invalid_query');
  const q = parsed.value;
  const { world } = ctx;
  const role = q.userRole?.toLowerCase() ?? null;
  const rows = world.labor.atLocation(locationUuid).filter((e) => {
    if (q.type === 'shifts' && e.shiftUuid !== null) return false;
    if (q.type === 'breaks' && e.shiftUuid === null) return false;
    if (q.isOpen !== null && (e.punchOutMs === null) !== q.isOpen) return false;
    if (q.userId !== null && e.userId !== q.userId) return false;
    if (role !== null && e.role.toLowerCase() !== role && e.roleUuid.toLowerCase() !== role) return false;
    if (q.fiscalDayStart || q.fiscalDayEnd) {
      const day = entryFiscalDay(world, e);
      if (q.fiscalDayStart && day < q.fiscalDayStart) return false;
      if (q.fiscalDayEnd && day > q.fiscalDayEnd) return false;
    }
    return true;
  });
  const key = (e: LaborEntryRecord): number | null =>
    q.sortBy === 'created' ? e.createdMs : q.sortBy === 'punch_in' ? e.punchInMs : e.punchOutMs;
  const dir = q.sortDirection === 'asc' ? 1 : -1;
  // Open entries have no punch_out: they sort last in either direction.
  rows.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka === null || kb === null) return ka === kb ? a.seq - b.seq : ka === null ? 1 : -1;
    return (ka - kb || a.seq - b.seq) * dir;
  });
  const page = pageOf(ctx, rows, q.limit);
  const entries = page.rows.map((e) => entryView(world, e));
  return json(200, listBody(ctx, 'entries', entries, page, { count: entries.length, limit: page.limit }), page.headers);
}

function create(ctx: RouteContext, locationUuid: string): SandboxResponse {
  const parsedBody = parseJsonObject(ctx);
  if (!parsedBody.ok) return parsedBody.response;
  const body = parsedBody.value;
  const extra = unknownFields(body, CREATE_FIELDS);
  if (extra.length > 0)
    return bad(`Unknown field(s): ${extra.join(', ')}. Accepted: ${CREATE_FIELDS.join(', ')}.`, 'unknown_field');
  const missing = REQUIRED_FIELDS.filter((k) => body[k] === undefined || body[k] === null || body[k] === '');
  if (missing.length > 0) return bad(`Missing required field(s): ${missing.join(', ')}.`, 'missing_field');

  const { world } = ctx;
  const type = punchType(body.time_punch_type);
  if (!type) return bad(`time_punch_type must be one of ${PUNCH_TYPES.join(', ')}.`);
  const userId = parseUserId(body.user_id);
  if (!userId.ok) return bad(userId.message);
  if (!isStaffAt(world, locationUuid, userId.value))
    return bad(`user_id ${userId.value} is not a staff member at this location.`);
  const role = typeof body.user_role === 'string' ? findRole(world, body.user_role) : null;
  if (!role) return bad(`user_role must name a known role (${roleInputWords(world)}).`);

  const now = world.clock.nowMs();
  const precision = world.readings.punchPrecision;
  let punchInMs = keptTime(now, precision);
  if (body.punch_in !== undefined && body.punch_in !== null) {
    const t = parseTime('punch_in', body.punch_in);
    if (!t.ok) return bad(t.message);
    punchInMs = keptTime(t.value, precision);
  }
  let punchOutMs: number | null = null;
  if (body.punch_out !== undefined && body.punch_out !== null) {
    const t = parseTime('punch_out', body.punch_out);
    if (!t.ok) return bad(t.message);
    punchOutMs = keptTime(t.value, precision);
  }
  const order = checkOrder({ punchInMs, punchOutMs });
  if (order) return bad(order);

  let shiftUuid: string | null = null;
  if (body.time_shift_id !== undefined && body.time_shift_id !== null) {
    const ref = body.time_shift_id;
    if (!(typeof ref === 'string' && ref !== '') && !(typeof ref === 'number' && Number.isInteger(ref))) {
      return bad("time_shift_id must be the shift's id (a string, or its number).");
    }
    // The numeric readings know a shift by its number only: a uuid here is a client that did not read them.
    if (world.readings.shiftId !== 'uuid' && !/^\d+$/.test(String(ref))) {
      return bad(`time_shift_id must be the shift's number, not '${String(ref)}'.`);
    }
    const shift = world.labor.findShift(locationUuid, ref);
    if (!shift) return errorJson(404, 'not_found', `No shift ${String(ref)} at this location.`);
    if (shift.punchOutMs !== null)
      return bad(`Shift ${shift.uuid} is closed; a break can only be added to an open shift.`, 'shift_closed');
    if (shift.userId !== userId.value)
      return bad(`Shift ${shift.uuid} belongs to user_id ${shift.userId}, not ${userId.value}.`);
    if (!isBreakType(type))
      return bad(`With time_shift_id the entry is a break: time_punch_type must be ${BREAK_PUNCH_TYPES.join(' or ')}.`);
    const outside = checkBreakInShift(shift, { punchInMs, punchOutMs });
    if (outside) return bad(outside, 'outside_shift');
    shiftUuid = shift.uuid;
  } else if (isBreakType(type)) {
    return bad('A break needs time_shift_id (the shift it belongs to).');
  }

  const record = world.labor.add({
    locationUuid,
    shiftUuid,
    punchType: type,
    userId: userId.value,
    role: role.name,
    roleUuid: role.uuid,
    punchInMs,
    punchOutMs,
    declaredTips: null,
    createdMs: now,
  });
  return json(201, oneBody(ctx, entryView(world, record)));
}

function getOne(ctx: RouteContext, locationUuid: string): SandboxResponse {
  const e = ctx.world.labor.get(locationUuid, ctx.params.entry);
  if (!e) return errorJson(404, 'not_found', `No labor entry ${ctx.params.entry} at this location.`);
  return json(200, oneBody(ctx, entryView(ctx.world, e)));
}

function patch(ctx: RouteContext, locationUuid: string): SandboxResponse {
  const { world } = ctx;
  const e = world.labor.get(locationUuid, ctx.params.entry);
  if (!e) return errorJson(404, 'not_found', `No labor entry ${ctx.params.entry} at this location.`);
  const parsedBody = parseJsonObject(ctx);
  if (!parsedBody.ok) return parsedBody.response;
  const body = parsedBody.value;
  const extra = unknownFields(body, PATCH_FIELDS);
  if (extra.length > 0)
    return bad(
      `Field(s) that cannot be updated: ${extra.join(', ')}. Updatable: ${PATCH_FIELDS.join(', ')}.`,
      'unknown_field',
    );
  if (Object.keys(body).length === 0) return bad(`Nothing to update: send at least one of ${PATCH_FIELDS.join(', ')}.`);

  const next = { ...e };
  if ('punch_in' in body) {
    const t = parseTime('punch_in', body.punch_in);
    if (!t.ok) return bad(t.message);
    next.punchInMs = keptTime(t.value, world.readings.punchPrecision);
  }
  if ('punch_out' in body) {
    if (body.punch_out === null) next.punchOutMs = null;
    else {
      const t = parseTime('punch_out', body.punch_out);
      if (!t.ok) return bad(t.message);
      next.punchOutMs = keptTime(t.value, world.readings.punchPrecision);
    }
  }
  if ('user_role_uuid' in body) {
    const role =
      typeof body.user_role_uuid === 'string' ? world.roles.find((r) => r.uuid === body.user_role_uuid) : undefined;
    if (!role) return bad('user_role_uuid must be the uuid of a known role.');
    next.role = role.name;
    next.roleUuid = role.uuid;
  }
  if ('time_punch_type' in body) {
    const type = punchType(body.time_punch_type);
    if (!type) return bad(`time_punch_type must be one of ${PUNCH_TYPES.join(', ')}.`);
    if (isBreakType(type) !== (e.shiftUuid !== null)) {
      return bad(
        e.shiftUuid
          ? 'This entry is a break: time_punch_type must stay a break type.'
          : 'This entry is a shift: time_punch_type must stay shift.',
      );
    }
    next.punchType = type;
  }
  if ('declared_tips' in body) {
    if (e.shiftUuid !== null) return bad('declared_tips can only be set on a shift, not on a break.');
    const tips = parseTips(body.declared_tips, world.readings.moneyNumbers);
    if (!tips.ok) return bad(tips.message);
    next.declaredTips = tips.value;
  }

  const order = checkOrder(next);
  if (order) return bad(order);
  if (next.shiftUuid) {
    const shift = world.labor.get(locationUuid, next.shiftUuid);
    const outside = shift ? checkBreakInShift(shift, next) : null;
    if (outside) return bad(outside, 'outside_shift');
  } else {
    const outside = checkShiftAgainstBreaks(next, world.labor.breaksOf(e));
    if (outside) return bad(outside, 'outside_shift');
  }
  Object.assign(e, next, { updatedMs: world.clock.nowMs() });
  return json(200, oneBody(ctx, entryView(world, e)));
}

/** One entry as the reading wraps answers: bare (named and bare readings) or under `data`. */
function oneBody(ctx: RouteContext, view: unknown): unknown {
  return ctx.world.readings.wrapping === 'data' ? { data: view } : view;
}

export const laborRoutes: RouteDef[] = [
  { method: 'GET', path: '/api/loc/:location/labor/entries', handler: atLocation(list) },
  { method: 'POST', path: '/api/loc/:location/labor/entries', handler: atLocation(create) },
  { method: 'GET', path: '/api/loc/:location/labor/entries/:entry', handler: atLocation(getOne) },
  { method: 'PATCH', path: '/api/loc/:location/labor/entries/:entry', handler: atLocation(patch) },
];
