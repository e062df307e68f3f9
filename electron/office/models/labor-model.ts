// Punches as they landed and managers' edits, into shifts: who is on shift where now, and hours
// per person across venues. A shift is keyed by the service's entry uuid the hub names it by; an
// edit of that entry sets its times as they are after the edit. Hours are a shift's length less
// its unpaid breaks, as the hub's own timesheet counts them: a break is paid only when its punch's
// time_punch_type says so (shared/labor-calc.ts isPaidBreak); a break whose type is unknown (a
// punch published before the type was carried) counts as unpaid.
import type { GroupEdit, GroupPunch } from '../../../shared/group';
import { isPaidBreak } from '../../../shared/labor-calc';
import { dayOf, type Delivered, type ReadModel } from './read-model';
import type { Sql } from '../office-store';

export const laborModel: ReadModel = {
  name: 'labor',
  // 2: unpaid breaks kept apart from paid ones (version 1 subtracted every break).
  version: 2,
  filters: ['venue.*.labor.>'],
  tables: ['office_punches', 'office_shifts', 'office_edits'],
  schema: `
    create table if not exists office_punches (
      venue_id text not null, punch_id text not null, kind text not null, user_id text not null,
      name text not null, role text, shift_key text not null, captured_at bigint not null,
      landed_at bigint not null, day text not null, primary key (venue_id, punch_id));
    create table if not exists office_shifts (
      venue_id text not null, shift_key text not null, user_id text not null, name text not null,
      role text, start_at bigint, end_at bigint, break_ms bigint not null default 0,
      unpaid_break_ms bigint not null default 0, break_since bigint, break_paid boolean,
      primary key (venue_id, shift_key));
    create table if not exists office_edits (
      venue_id text not null, audit_id text not null, entry_uuid text not null, at bigint not null,
      by_name text not null, reason text, changes jsonb not null, primary key (venue_id, audit_id));`,
  async apply(tx, m) {
    if (m.kind === 'labor.punch') await applyPunch(tx, m.venueId, m.payload as GroupPunch);
    else if (m.kind === 'labor.edit') await applyEdit(tx, m.venueId, m.payload as GroupEdit);
  },
};

async function ensureShift(
  tx: Sql,
  venueId: string,
  key: string,
  p: { userId: string; name: string; role: string | null },
) {
  await tx.query(
    `insert into office_shifts (venue_id, shift_key, user_id, name, role) values ($1, $2, $3, $4, $5)
     on conflict (venue_id, shift_key) do update set name = excluded.name, role = coalesce(excluded.role, office_shifts.role)`,
    [venueId, key, p.userId, p.name, p.role],
  );
}

/** Ends the open break, if any, at $3: its length goes to the breaks, and to the unpaid ones unless paid. */
const ENDS_BREAK = `
  break_ms = break_ms + case when break_since is null then 0 else greatest($3 - break_since, 0) end,
  unpaid_break_ms = unpaid_break_ms +
    case when break_since is null or break_paid is true then 0 else greatest($3 - break_since, 0) end,
  break_since = null, break_paid = null`;

async function applyPunch(tx: Sql, venueId: string, p: GroupPunch): Promise<void> {
  await tx.query(`insert into office_punches values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) on conflict do nothing`, [
    venueId,
    p.punchId,
    p.kind,
    p.userId,
    p.name,
    p.role,
    p.shiftKey,
    p.capturedAt,
    p.landedAt,
    dayOf(p.capturedAt),
  ]);
  await ensureShift(tx, venueId, p.shiftKey, p);
  const at = p.capturedAt;
  const where = 'where venue_id = $1 and shift_key = $2';
  if (p.kind === 'shift-start')
    await tx.query(`update office_shifts set start_at = $3 ${where}`, [venueId, p.shiftKey, at]);
  else if (p.kind === 'shift-end')
    await tx.query(`update office_shifts set end_at = $3, ${ENDS_BREAK} ${where}`, [venueId, p.shiftKey, at]);
  else if (p.kind === 'break-start')
    await tx.query(`update office_shifts set break_since = $3, break_paid = $4 ${where} and break_since is null`, [
      venueId,
      p.shiftKey,
      at,
      isPaidBreak(p.breakType ?? ''),
    ]);
  else
    await tx.query(`update office_shifts set ${ENDS_BREAK} ${where} and break_since is not null`, [
      venueId,
      p.shiftKey,
      at,
    ]);
}

async function applyEdit(tx: Sql, venueId: string, e: GroupEdit): Promise<void> {
  await tx.query(`insert into office_edits values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing`, [
    venueId,
    e.auditId,
    e.entryUuid,
    e.at,
    e.byName,
    e.reason,
    JSON.stringify(e.changes),
  ]);
  if (e.entry === null) {
    // Published from the hub's audit log alone: the changed times of a shift the office knows.
    const to = (field: string) => e.changes.find((c) => c.field === field);
    const ms = (value: string | number | null | undefined) => (typeof value === 'string' ? Date.parse(value) : null);
    const punchIn = to('punch_in');
    const punchOut = to('punch_out');
    if (punchIn)
      await tx.query(`update office_shifts set start_at = $3 where venue_id = $1 and shift_key = $2`, [
        venueId,
        e.entryUuid,
        ms(punchIn.to),
      ]);
    if (punchOut)
      await tx.query(`update office_shifts set end_at = $3 where venue_id = $1 and shift_key = $2`, [
        venueId,
        e.entryUuid,
        ms(punchOut.to),
      ]);
    return;
  }
  if (e.entry.kind !== 'shift') return;
  await ensureShift(tx, venueId, e.entryUuid, { userId: e.entry.userId, name: e.entry.name, role: null });
  await tx.query(`update office_shifts set start_at = $3, end_at = $4 where venue_id = $1 and shift_key = $2`, [
    venueId,
    e.entryUuid,
    e.entry.punchIn,
    e.entry.punchOut,
  ]);
}

export type { Delivered };
