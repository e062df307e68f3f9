// Turns a punch into its one request (starts are POSTs, ends are PATCHes), and answers "is this
// punch already on the service?" after an ambiguous outcome. The API has no idempotency key, so
// that question is answered by reading: the person's entries around the capture time for a
// POST, the entry itself for a PATCH. Only "absent" ever leads to a second send.
import { addDays } from '../../../shared/labor-calc';
import type { LaborEntry } from '../../../shared/labor';
import { isServiceError } from '../api/errors';
import {
  createEntry,
  getEntry,
  listAllEntries,
  patchEntry,
  shiftReference,
  shiftRoleUuid,
  tipsOnWire,
  type LaborApiContext,
} from './labor-api';
import type { Outbox, PunchState } from './outbox';
import { AppError } from '../../../shared/app-error';

/** A service may keep whole seconds only: a punch_in within this of the capture time is a match. */
const MATCH_TOLERANCE_MS = 1000;
const MINUTE = 60_000;

/**
 * Whether a stored punch time is this capture as the service keeps it: to the second (within a
 * second either way), or cut or rounded to the minute. Nothing coarser is ever taken as a match.
 */
export function sameMoment(stored: number, captured: number): boolean {
  if (Math.abs(stored - captured) < MATCH_TOLERANCE_MS) return true;
  return (
    stored % MINUTE === 0 &&
    (stored === Math.floor(captured / MINUTE) * MINUTE || stored === Math.round(captured / MINUTE) * MINUTE)
  );
}

const iso = (ms: number) => new Date(ms).toISOString();

function need(uuid: string | null, what: string): string {
  if (!uuid) throw new Error(`The ${what} of this punch is not on the service yet`);
  return uuid;
}

/**
 * user_role as sent: the role's uuid when the roster knows it (a service that keys roles by uuid or
 * by a code of its own takes the uuid too), else the name.
 */
function roleRef(ctx: LaborApiContext, userId: string, role: string | null, roleUuid: string | null): string | null {
  return roleUuid ?? ctx.resolveRole?.(userId, role, null)?.roleUuid ?? role;
}

/**
 * What a send's answer showed: the created entry's uuid (starts), and whether the answer read as
 * the punch done. An answer that does not (no entry named, an entry still open) is read back
 * before the punch counts as sent, never taken as done on its status alone.
 */
export interface SendResult {
  uuid: string | null;
  confirmed: boolean;
}

const created = (uuid: string | null): SendResult => ({ uuid, confirmed: uuid !== null });
const closed = (entry: LaborEntry | null): SendResult => ({ uuid: null, confirmed: entry?.punchOut != null });

/** Sends the punch; resolves with what its answer showed. */
export async function sendPunch(ctx: LaborApiContext, outbox: Outbox, s: PunchState): Promise<SendResult> {
  const p = s.p;
  switch (p.kind) {
    case 'shift-start':
      return created(
        await createEntry(ctx, {
          time_punch_type: 'shift',
          user_role: roleRef(ctx, p.userId, p.role, p.roleUuid),
          user_id: p.userId,
          punch_in: iso(p.capturedAt),
        }),
      );
    case 'break-start': {
      const shiftUuid = need(outbox.resolve(p.shift), 'shift');
      const shiftRef = await shiftReference(ctx, shiftUuid);
      return created(
        await createEntry(ctx, {
          time_punch_type: p.breakType ?? 'unpaid_break',
          user_role: roleRef(ctx, p.userId, p.role, p.roleUuid ?? shiftRoleUuid(ctx, shiftUuid)),
          user_id: p.userId,
          punch_in: iso(p.capturedAt),
          time_shift_id: shiftRef,
        }),
      );
    }
    case 'break-end':
      return closed(
        await patchEntry(ctx, need(p.brk && outbox.resolve(p.brk), 'break'), { punch_out: iso(p.capturedAt) }),
      );
    case 'shift-end':
      return closed(
        await patchEntry(ctx, need(outbox.resolve(p.shift), 'shift'), {
          punch_out: iso(p.capturedAt),
          ...(p.declaredTips !== null ? { declared_tips: tipsOnWire(ctx, p.declaredTips) } : {}),
        }),
      );
  }
}

export type Presence =
  { state: 'present'; uuid: string | null } | { state: 'absent' } | { state: 'gone'; message: string };

export async function findOnService(ctx: LaborApiContext, outbox: Outbox, s: PunchState): Promise<Presence> {
  const p = s.p;
  if (p.kind === 'shift-start' || p.kind === 'break-start') {
    const day = ctx.fiscalDayOf(p.capturedAt);
    // A day either side: the service's fiscal day may be cut in another zone or at another hour.
    const { entries, complete } = await listAllEntries(ctx, {
      type: p.kind === 'shift-start' ? 'shifts' : 'breaks',
      user_id: p.userId,
      fiscal_day_start: addDays(day, -1),
      fiscal_day_end: addDays(day, 1),
      limit: 1000,
    });
    const owned = outbox.ownedUuids();
    const shiftUuid = p.kind === 'break-start' ? outbox.resolve(p.shift) : null;
    // A break names its shift the way the service does (uuid or the shift's own number); after a
    // restart the list of breaks alone cannot map one to the other, so accept either.
    const shiftRef = shiftUuid === null ? null : String(await shiftReference(ctx, shiftUuid));
    const match = entries
      .filter(
        (e) =>
          e.userId === p.userId &&
          e.kind === (p.kind === 'shift-start' ? 'shift' : 'break') &&
          (shiftUuid === null || e.shiftUuid === shiftUuid || e.shiftUuid === shiftRef) &&
          !owned.has(e.uuid) &&
          sameMoment(e.punchIn, p.capturedAt),
      )
      .sort((a, b) => Math.abs(a.punchIn - p.capturedAt) - Math.abs(b.punchIn - p.capturedAt))[0];
    if (match) return { state: 'present', uuid: match.uuid };
    // Not in a list the reader could not read to its end is not "absent": the punch may sit in the
    // rows it could not reach, and a second send would double it. It waits and is read again.
    if (!complete)
      throw new AppError(
        'cannot-read',
        'The service’s list of this person’s entries may be incomplete (its paging could not be read to the end), so the app cannot tell whether the punch is already there',
        { what: 'the labor entries list' },
      );
    return { state: 'absent' };
  }
  const target = p.kind === 'break-end' ? p.brk && outbox.resolve(p.brk) : outbox.resolve(p.shift);
  try {
    const entry = await getEntry(ctx, need(target, p.kind === 'break-end' ? 'break' : 'shift'));
    // Closed already (by us, or by a manager since): never overwrite it.
    return entry.punchOut !== null ? { state: 'present', uuid: null } : { state: 'absent' };
  } catch (error) {
    if (isServiceError(error) && error.kind === 'http' && error.status === 404) {
      return {
        state: 'gone',
        message: `The ${p.kind === 'break-end' ? 'break' : 'shift'} no longer exists on the service`,
      };
    }
    throw error;
  }
}
