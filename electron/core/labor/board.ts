// The live board: who is on shift and on break. The service's open entries (as last fetched) are
// the base; punches this kiosk captured that the fetch cannot have seen yet are laid on top, so
// the board is right at once after a punch and stays right while the service is unreachable.
import type { BoardRow, LaborEntry, PunchAction } from '../../../shared/labor';
import { isPaidBreak } from '../../../shared/labor-calc';
import type { Outbox, PunchState } from './outbox';
import type { PunchKind, Ref } from './punch';

export interface BoardCache {
  locationUuid: string;
  /** When the fetch began: punches confirmed after this may be missing from it. */
  fetchStartedAt: number;
  fetchedAt: number;
  open: LaborEntry[];
  /** Closed breaks of the last two fiscal days, for "time since the last break". */
  recentBreaks: LaborEntry[];
}

export interface LiveRow extends BoardRow {
  shiftRef: Ref;
  breakRef: Ref | null;
}

export function projectBoard(
  cache: BoardCache | null,
  outbox: Outbox,
  locationUuid: string,
  nameOf: (userId: string) => string,
): LiveRow[] {
  const rows = new Map<string, LiveRow>();
  const usable = cache && cache.locationUuid === locationUuid ? cache : null;
  if (usable) {
    for (const e of usable.open) {
      if (e.kind !== 'shift' || e.punchOut !== null) continue;
      const endedBreaks = usable.recentBreaks.filter((b) => b.shiftUuid === e.uuid && b.punchOut !== null);
      const ended = endedBreaks.map((b) => b.punchOut as number);
      const unpaidBreakMs = endedBreaks
        .filter((b) => !isPaidBreak(b.punchType))
        .reduce((n, b) => n + Math.max(0, (b.punchOut as number) - b.punchIn), 0);
      rows.set(e.userId, {
        userId: e.userId,
        name: nameOf(e.userId),
        role: e.role,
        shiftStart: e.punchIn,
        breakStart: null,
        lastBreakEnd: ended.length ? Math.max(...ended) : null,
        pending: false,
        day: e.fiscalDay,
        unpaidBreakMs,
        shiftRef: { uuid: e.uuid },
        breakRef: null,
      });
    }
    for (const b of usable.open) {
      if (b.kind !== 'break' || b.punchOut !== null) continue;
      const row = [...rows.values()].find((r) => 'uuid' in r.shiftRef && r.shiftRef.uuid === b.shiftUuid);
      if (row) {
        row.breakStart = b.punchIn;
        row.breakRef = { uuid: b.uuid };
      }
    }
  }
  const overlay = outbox
    .all()
    .filter((s) => s.p.locationUuid === locationUuid)
    .filter(
      (s) => s.status === 'pending' || (s.status === 'done' && (!usable || (s.doneAt ?? 0) >= usable.fetchStartedAt)),
    );
  for (const s of overlay) apply(rows, s, outbox, nameOf);
  return [...rows.values()].sort((a, b) => a.shiftStart - b.shiftStart);
}

/**
 * People whose punch-in the service refused, or that was parked for a manager: they punched in
 * here, so the board shows them, marked parked, rather than as gone (an empty board would say
 * everyone punched out). A later punch-in or punch-out of theirs ends the parked row; breaks on the
 * parked shift (waiting behind it) are laid on it. For the board alone: what a person's next punch
 * is follows the rows projectBoard makes, where a refused punch-in has no shift.
 */
export function parkedPunchIns(
  outbox: Outbox,
  locationUuid: string,
  shown: readonly BoardRow[],
  nameOf: (userId: string) => string,
): BoardRow[] {
  const onBoard = new Set(shown.map((r) => r.userId));
  const rows = new Map<string, BoardRow>();
  const parkedShift = new Map<string, string>();
  for (const s of outbox.all()) {
    const p = s.p;
    if (p.locationUuid !== locationUuid || onBoard.has(p.userId) || s.status === 'discarded') continue;
    const laid = { userId: p.userId, kind: p.kind, at: p.capturedAt, name: nameOf(p.userId), role: p.role };
    if (p.kind === 'shift-start') {
      rows.delete(p.userId);
      parkedShift.delete(p.userId);
      if (s.status !== 'failed' || !('local' in p.shift)) continue;
      layPunch(rows, laid, true, (row) => ({ ...row, parked: true }));
      parkedShift.set(p.userId, p.shift.local);
    } else if ('local' in p.shift && parkedShift.get(p.userId) === p.shift.local) {
      layPunch(rows, laid, true, (row) => row);
    } else if (p.kind === 'shift-end') rows.delete(p.userId);
  }
  return [...rows.values()];
}

const refOf = (outbox: Outbox, ref: Ref | null): Ref | null => {
  if (!ref) return null;
  const uuid = outbox.resolve(ref);
  return uuid ? { uuid } : ref;
};

function apply(rows: Map<string, LiveRow>, s: PunchState, outbox: Outbox, nameOf: (userId: string) => string): void {
  const p = s.p;
  if (p.kind === 'shift-start') {
    const row = rows.get(p.userId);
    const shiftRef = refOf(outbox, p.shift) as Ref;
    if (row && 'uuid' in row.shiftRef && 'uuid' in shiftRef && row.shiftRef.uuid === shiftRef.uuid) return;
  }
  const laid = { userId: p.userId, kind: p.kind, at: p.capturedAt, name: nameOf(p.userId), role: p.role };
  const row = layPunch(rows, laid, s.status !== 'done', (started) => ({
    ...started,
    shiftRef: refOf(outbox, p.shift) as Ref,
    breakRef: null,
  }));
  if (row && p.kind === 'break-start') row.breakRef = refOf(outbox, p.brk);
  if (row && p.kind === 'break-end') row.breakRef = null;
}

/** Which board step each punch a person makes is. */
export const PUNCH_KIND: Readonly<Record<PunchAction, PunchKind>> = {
  'punch-in': 'shift-start',
  'break-start': 'break-start',
  'break-end': 'break-end',
  'punch-out': 'shift-end',
};

/** One punch as the board lays it on the rows. */
export interface LaidPunch {
  userId: string;
  kind: PunchKind;
  at: number;
  /** The person's name and role, for the row a punch-in starts. */
  name: string;
  role: string | null;
}

/**
 * Lays one punch on the board's rows (one per person), as the board shows it before the service
 * has it: a punch-in starts a row (`started` adds what the caller's rows carry besides), a break
 * starts or ends on the person's row, a punch-out ends it. Returns the person's row after it.
 */
export function layPunch<R extends BoardRow>(
  rows: Map<string, R>,
  punch: LaidPunch,
  pending: boolean,
  started: (row: BoardRow) => R,
): R | undefined {
  const row = rows.get(punch.userId);
  switch (punch.kind) {
    case 'shift-start': {
      const fresh = started({
        userId: punch.userId,
        name: punch.name,
        role: punch.role,
        shiftStart: punch.at,
        breakStart: null,
        lastBreakEnd: null,
        pending,
        unpaidBreakMs: 0,
      });
      rows.set(punch.userId, fresh);
      return fresh;
    }
    case 'break-start':
      if (!row) return undefined;
      row.breakStart = punch.at;
      row.pending ||= pending;
      return row;
    case 'break-end':
      if (!row) return undefined;
      // Kiosk breaks are unpaid: the time off stops counting toward overtime.
      if (row.breakStart !== null)
        row.unpaidBreakMs = (row.unpaidBreakMs ?? 0) + Math.max(0, punch.at - row.breakStart);
      row.breakStart = null;
      row.lastBreakEnd = Math.max(row.lastBreakEnd ?? 0, punch.at);
      row.pending ||= pending;
      return row;
    case 'shift-end':
      rows.delete(punch.userId);
      return undefined;
  }
}

/** The renderer's view of a row (refs are the core's business). */
export function publicRow(row: LiveRow): BoardRow {
  const { shiftRef: _s, breakRef: _b, ...rest } = row;
  return rest;
}
