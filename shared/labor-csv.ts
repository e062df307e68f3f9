// CSV of a timesheet view, as a payroll spreadsheet wants it: one row per entry, times both in
// UTC ISO 8601 (unambiguous) and in the venue's local time (what people read), tips in dollars.
import type { TimesheetRow } from './labor';
import { isPaidBreak } from './labor-calc';

const HEADER = [
  'fiscal_day',
  'name',
  'user_id',
  'role',
  'type',
  'punch_in_local',
  'punch_out_local',
  'hours',
  'declared_tips',
  'punch_in_utc',
  'punch_out_utc',
  'time_entry_uuid',
  'time_shift_id',
  'edits',
];

/** Quotes a field when needed; a leading = + - @ is defused so spreadsheets never run it as a formula. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function localTime(ms: number | null, timezone: string | null): string | null {
  if (ms === null) return null;
  const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false };
  let f: Intl.DateTimeFormat;
  try {
    f = new Intl.DateTimeFormat('en-CA', timezone ? { ...options, timeZone: timezone } : options);
  } catch {
    f = new Intl.DateTimeFormat('en-CA', options);
  }
  return f.format(new Date(ms)).replace(',', '');
}

export function timesheetCsv(rows: TimesheetRow[], timezone: string | null, now: number): string {
  const lines = [HEADER.join(',')];
  for (const r of rows) {
    const hours = ((r.punchOut ?? now) - r.punchIn) / 3_600_000;
    const type = r.kind === 'shift' ? 'shift' : isPaidBreak(r.punchType) ? 'paid break' : 'break';
    lines.push(
      [
        r.fiscalDay,
        r.name,
        r.userId,
        r.role,
        type,
        localTime(r.punchIn, timezone),
        r.punchOut === null ? 'open' : localTime(r.punchOut, timezone),
        hours.toFixed(2),
        r.declaredTips === null ? null : (r.declaredTips / 100).toFixed(2),
        new Date(r.punchIn).toISOString(),
        r.punchOut === null ? null : new Date(r.punchOut).toISOString(),
        r.uuid,
        r.shiftUuid,
        r.audit.length,
      ]
        .map(csvField)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
