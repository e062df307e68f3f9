// Punches as they landed and managers' edits, into shifts: who is on shift where now, and hours
// per person across venues. A shift is keyed by the service's entry uuid the hub names it by (or
// the venue's local key, when its punch was sent before the service named the shift); an edit,
// which names every key the venue knows the shift by, finds it under any of them, folds a shift
// heard under two of them into one, and sets its times as they are after the edit. An edit that
// names no shift or break the office knows is kept with the kind of its refusal
// (office_edit_refusals, shown on the office page), never dropped and never made a second shift
// counted twice; a punch under its keys captured before the edit was made places it (and places it
// again after each such punch that lands later, which the edit corrected). Hours are a shift's length less
// its unpaid breaks, as the hub's own timesheet counts them: a break is paid only when its punch's
// time_punch_type says so (shared/labor-calc.ts isPaidBreak); a break whose type is unknown (a
// punch published before the type was carried) counts as unpaid until an edit says otherwise.
// Breaks are kept one by one, keyed by the service's entry uuid the hub names them by (or the
// venue's local key, or the punch, when the break-start named no uuid), so an edit of a break
// entry, which names every key the venue knows it by, moves that break and sets its paid, and the
// shift's break totals are summed again from its breaks.
import type { EditRefusalKind, GroupEdit, GroupPunch } from '../../../shared/group';
import { isPaidBreak } from '../../../shared/labor-calc';
import { businessDaySql, type Delivered, type ReadModel } from './read-model';
import type { Sql } from '../office-store';

export const laborModel: ReadModel = {
  name: 'labor',
  // 2: unpaid breaks kept apart from paid ones (version 1 subtracted every break).
  // 3: breaks one by one (office_breaks), so an edit of a break entry changes the shift's hours.
  // Edits matching a shift or break by its other keys, setting a break's paid and keeping refused
  // edits (a table of its own) leave these tables as they are.
  version: 3,
  // A punch's day follows its venue's zone; a shift's is read from its start (office-views.ts).
  dated: [{ table: 'office_punches', day: 'day', at: 'captured_at' }],
  filters: ['venue.*.labor.>'],
  tables: ['office_punches', 'office_shifts', 'office_edits', 'office_breaks', 'office_edit_refusals'],
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
    create table if not exists office_breaks (
      venue_id text not null, break_key text not null, shift_key text not null, start_at bigint not null,
      end_at bigint, paid boolean not null, primary key (venue_id, break_key));
    create table if not exists office_edits (
      venue_id text not null, audit_id text not null, entry_uuid text not null, at bigint not null,
      by_name text not null, reason text, changes jsonb not null, primary key (venue_id, audit_id));
    create table if not exists office_edit_refusals (
      venue_id text not null, audit_id text not null, entry_uuid text not null, kind text not null,
      keys text[] not null, edit jsonb not null, at bigint not null, placed boolean not null,
      primary key (venue_id, audit_id));`,
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

/**
 * The shift's break totals and open break, summed again from its breaks: a break's length goes to
 * the breaks, and to the unpaid ones unless paid; one still open is the shift's break now.
 */
async function sumBreaks(tx: Sql, venueId: string, shiftKey: string): Promise<void> {
  await tx.query(
    `update office_shifts set
       break_ms = coalesce((select sum(greatest(end_at - start_at, 0)) from office_breaks b
         where b.venue_id = $1 and b.shift_key = $2 and end_at is not null), 0),
       unpaid_break_ms = coalesce((select sum(greatest(end_at - start_at, 0)) from office_breaks b
         where b.venue_id = $1 and b.shift_key = $2 and end_at is not null and not paid), 0),
       break_since = (select max(start_at) from office_breaks b
         where b.venue_id = $1 and b.shift_key = $2 and end_at is null),
       break_paid = (select bool_or(paid) from office_breaks b
         where b.venue_id = $1 and b.shift_key = $2 and end_at is null)
     where venue_id = $1 and shift_key = $2`,
    [venueId, shiftKey],
  );
}

/** Ends the shift's open breaks at `at` (a break-end, or the shift's end). */
async function endOpenBreaks(tx: Sql, venueId: string, shiftKey: string, at: number, breakKey: string | null) {
  // The break the punch names; a punch that names none ends the one open.
  const named = breakKey
    ? await tx.query(
        `update office_breaks set end_at = $3 where venue_id = $1 and break_key = $2 and end_at is null returning break_key`,
        [venueId, breakKey, at],
      )
    : [];
  if (named.length === 0)
    await tx.query(`update office_breaks set end_at = $3 where venue_id = $1 and shift_key = $2 and end_at is null`, [
      venueId,
      shiftKey,
      at,
    ]);
}

async function applyPunch(tx: Sql, venueId: string, p: GroupPunch): Promise<void> {
  await landPunch(tx, venueId, p);
  const keys = [p.shiftKey, `punch:${p.punchId}`, ...(p.breakKey ? [p.breakKey] : [])];
  await placeKept(tx, venueId, keys, p.capturedAt);
}

async function landPunch(tx: Sql, venueId: string, p: GroupPunch): Promise<void> {
  const day = businessDaySql('$8::bigint', '$1');
  await tx.query(
    `insert into office_punches values ($1, $2, $3, $4, $5, $6, $7, $8, $9, ${day}) on conflict do nothing`,
    [venueId, p.punchId, p.kind, p.userId, p.name, p.role, p.shiftKey, p.capturedAt, p.landedAt],
  );
  await ensureShift(tx, venueId, p.shiftKey, p);
  const at = p.capturedAt;
  const where = 'where venue_id = $1 and shift_key = $2';
  if (p.kind === 'shift-start') {
    await tx.query(`update office_shifts set start_at = $3 ${where}`, [venueId, p.shiftKey, at]);
    return;
  }
  if (p.kind === 'shift-end') {
    await tx.query(`update office_shifts set end_at = $3 ${where}`, [venueId, p.shiftKey, at]);
    await endOpenBreaks(tx, venueId, p.shiftKey, at, null);
  } else if (p.kind === 'break-start') {
    // One break open at a time, as the hub's own punches: a second start while one is open is a repeat.
    const open = await tx.query(`select 1 from office_breaks ${where} and end_at is null`, [venueId, p.shiftKey]);
    if (open.length === 0)
      await tx.query(`insert into office_breaks values ($1, $2, $3, $4, null, $5) on conflict do nothing`, [
        venueId,
        p.breakKey ?? `punch:${p.punchId}`,
        p.shiftKey,
        at,
        isPaidBreak(p.breakType ?? ''),
      ]);
  } else await endOpenBreaks(tx, venueId, p.shiftKey, at, p.breakKey);
  await sumBreaks(tx, venueId, p.shiftKey);
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
  const refused = await placeEdit(tx, venueId, e);
  if (refused)
    await tx.query(
      `insert into office_edit_refusals values ($1, $2, $3, $4, $5, $6, $7, false) on conflict do nothing`,
      [venueId, e.auditId, e.entryUuid, refused.kind, refused.keys, JSON.stringify(e), e.at],
    );
  // Placed: the entry's edits kept from before it are behind it now.
  else
    await tx.query(
      `delete from office_edit_refusals where venue_id = $1 and entry_uuid = $2 and at <= $3 and audit_id <> $4`,
      [venueId, e.entryUuid, e.at, e.auditId],
    );
}

/**
 * Kept edits whose keys a punch just named and that were made after it was captured, placed in the
 * order made: the first such punch places an edit refused for want of its entry, and one that
 * lands after it (captured before the edit, so corrected by it) does not undo it.
 */
async function placeKept(tx: Sql, venueId: string, keys: string[], capturedAt: number): Promise<void> {
  const kept = await tx.query<{ audit_id: string; edit: GroupEdit | string }>(
    `select audit_id, edit from office_edit_refusals where venue_id = $1 and keys && $2::text[] and at >= $3
     order by at, audit_id`,
    [venueId, keys, capturedAt],
  );
  for (const row of kept) {
    const e = typeof row.edit === 'string' ? (JSON.parse(row.edit) as GroupEdit) : row.edit;
    const refused = await placeEdit(tx, venueId, e);
    await tx.query(
      `update office_edit_refusals set kind = coalesce($3, kind), placed = $4 where venue_id = $1 and audit_id = $2`,
      [venueId, row.audit_id, refused?.kind ?? null, refused === null],
    );
  }
}

const texts = (list: unknown): string[] =>
  Array.isArray(list) ? list.filter((k): k is string => typeof k === 'string') : [];

/**
 * The shift the office keeps under any of `keys` (the first key's row first), or null. Rows of one
 * shift heard under more than one of its keys (its start by the venue's local key, its end by the
 * service's uuid) are folded into that row: its breaks and punches move there, and it takes the
 * others' start and end where it has none.
 */
async function shiftUnder(tx: Sql, venueId: string, keys: string[]): Promise<string | null> {
  const rows = await tx.query<{ shift_key: string }>(
    `select shift_key from office_shifts where venue_id = $1 and shift_key = any($2::text[])
     order by array_position($2::text[], shift_key)`,
    [venueId, keys],
  );
  if (rows.length === 0) return null;
  const [kept, ...others] = rows.map((r) => r.shift_key);
  if (others.length === 0) return kept;
  const params = [venueId, kept, others];
  await tx.query(
    `update office_shifts set
       start_at = coalesce(start_at, (select min(start_at) from office_shifts where venue_id = $1 and shift_key = any($3::text[]))),
       end_at = coalesce(end_at, (select max(end_at) from office_shifts where venue_id = $1 and shift_key = any($3::text[])))
     where venue_id = $1 and shift_key = $2`,
    params,
  );
  await tx.query(`update office_breaks set shift_key = $2 where venue_id = $1 and shift_key = any($3::text[])`, params);
  await tx.query(
    `update office_punches set shift_key = $2 where venue_id = $1 and shift_key = any($3::text[])`,
    params,
  );
  await tx.query(`delete from office_shifts where venue_id = $1 and shift_key = any($2::text[])`, [venueId, others]);
  await sumBreaks(tx, venueId, kept);
  return kept;
}

/** Applies the edit to the shift or break it names; what stops it when the office knows neither. */
async function placeEdit(
  tx: Sql,
  venueId: string,
  e: GroupEdit,
): Promise<{ kind: EditRefusalKind; keys: string[] } | null> {
  // The entry under any key the venue may have published it by (its uuid first): a punch sent
  // before the service named its shift or break is kept under the venue's local key (a break-start
  // that named no break, under its punch). An edit from an earlier release names the uuid alone.
  const keys = [e.entryUuid, ...texts(e.entryKeys)];
  const [brk] = await tx.query<{ break_key: string; shift_key: string; start_at: unknown; end_at: unknown }>(
    `select break_key, shift_key, start_at, end_at from office_breaks where venue_id = $1 and break_key = any($2::text[])
     order by break_key = $3 desc limit 1`,
    [venueId, keys, e.entryUuid],
  );
  if (e.entry === null) {
    // Published from the hub's audit log alone: the changed times of a shift or break the office knows.
    const to = (field: string) => e.changes.find((c) => c.field === field);
    const ms = (value: string | number | null | undefined) => (typeof value === 'string' ? Date.parse(value) : null);
    const punchIn = to('punch_in');
    const punchOut = to('punch_out');
    const type = to('time_punch_type');
    if (brk) {
      await moveBreak(
        tx,
        venueId,
        brk.break_key,
        brk.shift_key,
        punchIn ? ms(punchIn.to) : Number(brk.start_at),
        punchOut ? ms(punchOut.to) : brk.end_at === null ? null : Number(brk.end_at),
        type ? isPaidBreak(String(type.to ?? '')) : null,
      );
      return null;
    }
    const shiftKey = await shiftUnder(tx, venueId, keys);
    if (shiftKey === null) return { kind: 'entry-not-found', keys };
    if (punchIn)
      await tx.query(`update office_shifts set start_at = $3 where venue_id = $1 and shift_key = $2`, [
        venueId,
        shiftKey,
        ms(punchIn.to),
      ]);
    if (punchOut)
      await tx.query(`update office_shifts set end_at = $3 where venue_id = $1 and shift_key = $2`, [
        venueId,
        shiftKey,
        ms(punchOut.to),
      ]);
    return null;
  }
  if (e.entry.kind === 'break') {
    // Paid as the edit says; an edit from an earlier release says nothing: the office keeps what it had.
    const paid = typeof e.entry.paid === 'boolean' ? e.entry.paid : null;
    // A break the office has not heard of under any of its keys is added to its shift (found by any
    // of the shift's keys), unpaid unless the edit says it is paid.
    const shiftKeys = e.entry.shiftUuid === null ? [] : [e.entry.shiftUuid, ...texts(e.entry.shiftKeys)];
    const shiftKey = brk?.shift_key ?? (await shiftUnder(tx, venueId, shiftKeys));
    if (shiftKey === null) return { kind: 'shift-not-found', keys: [...keys, ...shiftKeys] };
    if (!brk)
      await tx.query(`insert into office_breaks values ($1, $2, $3, $4, $5, $6) on conflict do nothing`, [
        venueId,
        e.entryUuid,
        shiftKey,
        e.entry.punchIn,
        e.entry.punchOut,
        paid ?? false,
      ]);
    await moveBreak(tx, venueId, brk?.break_key ?? e.entryUuid, shiftKey, e.entry.punchIn, e.entry.punchOut, paid);
    return null;
  }
  // A shift under none of its keys is not made up from the edit: an earlier release's edit names
  // the uuid alone, and the office may know that shift by its local key, so a shift added here
  // would count its hours twice.
  const shiftKey = await shiftUnder(tx, venueId, keys);
  if (shiftKey === null) return { kind: 'shift-not-found', keys };
  await tx.query(
    `update office_shifts set start_at = $3, end_at = $4, name = $5 where venue_id = $1 and shift_key = $2`,
    [venueId, shiftKey, e.entry.punchIn, e.entry.punchOut, e.entry.name],
  );
  return null;
}

/** Sets a break's times (and its paid, when known: null keeps it) and sums its shift's breaks again. */
async function moveBreak(
  tx: Sql,
  venueId: string,
  breakKey: string,
  shiftKey: string,
  startAt: number | null,
  endAt: number | null,
  paid: boolean | null,
): Promise<void> {
  await tx.query(
    `update office_breaks set start_at = coalesce($3, start_at), end_at = $4, paid = coalesce($5, paid)
     where venue_id = $1 and break_key = $2`,
    [venueId, breakKey, startAt, endAt, paid],
  );
  await sumBreaks(tx, venueId, shiftKey);
}

export type { Delivered };
