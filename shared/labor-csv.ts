// CSV of a timesheet view for payroll: times in the venue's local time (what people read) and in
// UTC ISO 8601 (unambiguous), tips in dollars.
import type { TimesheetRow } from './labor';
import type { ScheduledVsActual } from './labor-schedule';
import { notWorkedCell, scheduledCells, SCHEDULED_COLUMNS } from './labor-schedule-columns';
import { isPaidBreak } from './labor-calc';
import { BREAK_PRESETS, checkBreaks, formatBreakFlags, type BreakPreset, type TakenBreak } from './labor-rules/breaks';
import { OVERTIME_PRESETS, splitOvertime, type OvertimePreset, type ShiftSplit } from './labor-rules/overtime';

// One row per shift, the shape payroll imports expect (7shifts' and Homebase's timesheet exports
// are the reference): gross shift hours, paid and unpaid break time, and net paid hours as columns,
// with the shift's breaks listed in one cell. Summing net_paid_hours never pays an unpaid break.
const HEADER = [
  'date',
  'employee',
  'employee_id',
  'role',
  'clock_in',
  'clock_out',
  'shift_hours',
  'paid_break_hours',
  'unpaid_break_hours',
  'net_paid_hours',
  'regular_hours',
  'overtime_hours',
  'double_time_hours',
  'declared_tips',
  'breaks',
  'break_flags',
  'status',
  // Time-card approval (kept on the hub): edits after the period's sign-off, the punch-out
  // attestation, the shift's notes.
  'late_edits',
  'attestation',
  'shift_notes',
  // Scheduled against actual (the hub's schedule).
  ...SCHEDULED_COLUMNS,
  'clock_in_utc',
  'clock_out_utc',
  'time_entry_uuid',
  'edits',
  'edit_reasons',
];

export interface PayrollRules {
  overtime: OvertimePreset;
  breaks: BreakPreset;
}

const MINUTE = 60_000;

/** Quotes a field when needed; a leading = + - @ is defused so spreadsheets never run it as a formula. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function localTime(ms: number | null, timezone: string | null): string | null {
  if (ms === null) return null;
  const options: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  };
  let f: Intl.DateTimeFormat;
  try {
    f = new Intl.DateTimeFormat('en-CA', timezone ? { ...options, timeZone: timezone } : options);
  } catch {
    f = new Intl.DateTimeFormat('en-CA', options);
  }
  return f.format(new Date(ms)).replace(',', '');
}

const HOUR = 3_600_000;

function hours(ms: number): string {
  return (Math.max(0, ms) / HOUR).toFixed(2);
}

function clock(ms: number | null, timezone: string | null): string {
  return ms === null ? 'open' : (localTime(ms, timezone) ?? '').slice(11);
}

interface ShiftFigures {
  row: TimesheetRow;
  breaks: TimesheetRow[];
  isShift: boolean;
  gross: number;
  paid: number;
  unpaid: number;
  taken: TakenBreak[];
}

function figures(r: TimesheetRow, breaks: TimesheetRow[], isShift: boolean, now: number): ShiftFigures {
  const end = r.punchOut ?? now;
  const gross = isShift ? end - r.punchIn : 0;
  let paid = 0;
  let unpaid = 0;
  const taken: TakenBreak[] = [];
  for (const b of breaks) {
    // A break counts only inside its shift, so a mistyped break never makes net hours negative.
    const from = Math.max(b.punchIn, isShift ? r.punchIn : b.punchIn);
    const to = Math.min(b.punchOut ?? now, isShift ? end : (b.punchOut ?? now));
    const length = Math.max(0, to - from);
    if (isPaidBreak(b.punchType)) paid += length;
    else unpaid += length;
    taken.push({
      startMinute: (from - r.punchIn) / MINUTE,
      minutes: length / MINUTE,
      paid: isPaidBreak(b.punchType),
      kind: b.breakKind ?? null,
    });
  }
  return { row: r, breaks, isShift, gross, paid, unpaid, taken };
}

/** The break flags of each closed shift in a timesheet view, by shift uuid, as the table shows them. */
export function shiftBreakFlags(rows: TimesheetRow[], preset: BreakPreset, now: number): Map<string, string> {
  const out = new Map<string, string>();
  for (const shift of rows.filter((r) => r.kind === 'shift' && r.punchOut !== null)) {
    const breaks = rows.filter((b) => b.kind === 'break' && b.shiftUuid === shift.uuid);
    if (breaks.some((b) => b.punchOut === null)) continue;
    const f = figures(shift, breaks, true, now);
    const text = formatBreakFlags(checkBreaks((f.gross - f.unpaid) / MINUTE, f.taken, BREAK_PRESETS[preset]));
    if (text) out.set(shift.uuid, text);
  }
  return out;
}

/** Each shift's split by the venue's overtime rules, over the shifts of a timesheet view. */
export function shiftOvertime(rows: TimesheetRow[], preset: OvertimePreset, now: number): Map<string, ShiftSplit> {
  const shifts = rows.filter((r) => r.kind === 'shift');
  const breaks = rows.filter((r) => r.kind === 'break');
  return overtimeSplits(
    shifts.map((s) =>
      figures(
        s,
        breaks.filter((b) => b.shiftUuid === s.uuid),
        true,
        now,
      ),
    ),
    preset,
  );
}

/** Each shift's split by the venue's overtime rules, one person at a time, by business day. */
function overtimeSplits(shifts: ShiftFigures[], preset: OvertimePreset): Map<string, ShiftSplit> {
  const byUser = new Map<string, ShiftFigures[]>();
  for (const f of shifts) byUser.set(f.row.userId, [...(byUser.get(f.row.userId) ?? []), f]);
  const out = new Map<string, ShiftSplit>();
  for (const list of byUser.values()) {
    const ordered = [...list].sort((a, b) => a.row.punchIn - b.row.punchIn);
    const worked = ordered.map((f) => ({
      id: f.row.uuid,
      day: f.row.fiscalDay,
      minutes: Math.max(0, f.gross - f.unpaid) / MINUTE,
    }));
    for (const split of splitOvertime(worked, OVERTIME_PRESETS[preset])) out.set(split.id, split);
  }
  return out;
}

/**
 * Regular, overtime and double-time hours follow the venue's overtime preset over the shifts in
 * this view only: a view that starts mid-week does not see the hours before it. Break flags are
 * left empty on a shift still open, which cannot yet have missed anything for good.
 */
export function timesheetCsv(
  rows: TimesheetRow[],
  timezone: string | null,
  now: number,
  rules: PayrollRules = { overtime: 'us-federal', breaks: 'none' },
  scheduled: ScheduledVsActual[] = [],
): string {
  const lines = [HEADER.join(',')];
  const planned = new Map(scheduled.flatMap((s) => (s.entryUuid ? [[s.entryUuid, s] as const] : [])));
  const shifts = rows.filter((r) => r.kind === 'shift');
  const shiftIds = new Set(shifts.map((s) => s.uuid));
  const breaksOf = new Map<string, TimesheetRow[]>();
  const orphans: TimesheetRow[] = [];
  for (const b of rows.filter((r) => r.kind === 'break')) {
    if (b.shiftUuid && shiftIds.has(b.shiftUuid)) breaksOf.set(b.shiftUuid, [...(breaksOf.get(b.shiftUuid) ?? []), b]);
    else orphans.push(b);
  }
  const shiftFigures = shifts.map((shift) =>
    figures(
      shift,
      (breaksOf.get(shift.uuid) ?? []).sort((a, b) => a.punchIn - b.punchIn),
      true,
      now,
    ),
  );
  const splits = overtimeSplits(shiftFigures, rules.overtime);
  const push = ({ row: r, breaks, isShift, gross, paid, unpaid, taken }: ShiftFigures) => {
    const listed = breaks
      .map(
        (b) =>
          `${clock(b.punchIn, timezone)}-${b.punchOut === null ? 'open' : clock(b.punchOut, timezone)} ${b.breakKind ? `${b.breakKind} ` : ''}${isPaidBreak(b.punchType) ? 'paid' : 'unpaid'}`,
      )
      .join('; ');
    const open = r.punchOut === null || breaks.some((b) => b.punchOut === null);
    const split = isShift ? splits.get(r.uuid) : undefined;
    const flags =
      isShift && !open
        ? formatBreakFlags(checkBreaks((gross - unpaid) / MINUTE, taken, BREAK_PRESETS[rules.breaks]))
        : '';
    lines.push(
      [
        r.fiscalDay,
        r.name,
        r.userId,
        r.role,
        localTime(r.punchIn, timezone),
        r.punchOut === null ? 'open' : localTime(r.punchOut, timezone),
        hours(gross),
        hours(paid),
        hours(unpaid),
        hours(gross - unpaid),
        split ? hours(split.regular * MINUTE) : null,
        split ? hours(split.overtime * MINUTE) : null,
        split ? hours(split.doubleTime * MINUTE) : null,
        isShift && r.declaredTips !== null ? (r.declaredTips / 100).toFixed(2) : null,
        listed,
        flags || null,
        isShift ? (open ? 'open' : 'closed') : 'break without its shift in this view',
        [...r.audit, ...breaks.flatMap((b) => b.audit)].filter((a) => a.late).length || null,
        r.attestation ? `${r.attestation.answer} (breaks)` : null,
        (r.notes ?? []).map((n) => `${n.byName}: ${n.text}`).join('; ') || null,
        ...scheduledCells(isShift ? planned.get(r.uuid) : undefined, timezone),
        new Date(r.punchIn).toISOString(),
        r.punchOut === null ? null : new Date(r.punchOut).toISOString(),
        r.uuid,
        r.audit.length + breaks.reduce((n, b) => n + b.audit.length, 0),
        [...r.audit, ...breaks.flatMap((b) => b.audit)]
          .map((a) => `${a.late ? 'LATE EDIT ' : ''}${a.byName}: ${a.reason ?? 'no reason recorded'}`)
          .join('; ') || null,
      ]
        .map(csvField)
        .join(','),
    );
  };
  for (const f of shiftFigures) push(f);
  for (const b of orphans) push(figures(b, [b], false, now));
  for (const s of scheduled)
    if (s.entryUuid === null)
      lines.push(HEADER.map((column) => csvField(notWorkedCell(column, s, timezone))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
