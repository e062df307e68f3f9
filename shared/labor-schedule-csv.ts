// A schedule imported from a CSV (what 7shifts, Homebase or a spreadsheet exports): one shift a
// line, `date,employee_id,role,start,end` (or `employee` by name instead of the id). Every line is
// checked before anything is kept: one bad line refuses the whole file with a sentence per line,
// so nothing is half imported.
import type { ScheduledShift, ScheduleImportProblem } from './labor-schedule';
import { isClock, shiftTimes } from './labor-schedule';

export const SCHEDULE_CSV_HEADER = 'date,employee_id,employee,role,start,end';

/** The staff a CSV may name: by id, or by name when no id is given. */
export interface ImportStaff {
  userId: string;
  name: string;
  roles: string[];
}

export type ScheduleCsvRead =
  { ok: true; shifts: Omit<ScheduledShift, 'id'>[] } | { ok: false; problems: ScheduleImportProblem[] };

/** Splits CSV text into rows of fields (RFC 4180 quotes, CRLF or LF). */
export function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (d: string) =>
  DAY.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);

/** Reads a schedule CSV for one location; every problem of every line, or every shift. */
export function readScheduleCsv(
  text: string,
  staff: ImportStaff[],
  locationUuid: string,
  timezone: string | null,
): ScheduleCsvRead {
  const rows = csvRows(text.replace(/^\uFEFF/, '')).filter((r) => r.some((f) => f.trim() !== ''));
  if (rows.length === 0) return { ok: false, problems: [{ line: 1, message: 'The file is empty' }] };
  const head = rows[0].map((h) => h.trim().toLowerCase());
  const col = (name: string) => head.indexOf(name);
  const missing = ['date', 'role', 'start', 'end'].filter((n) => col(n) < 0);
  if (col('employee_id') < 0 && col('employee') < 0) missing.push('employee_id or employee');
  if (missing.length > 0)
    return {
      ok: false,
      problems: [{ line: 1, message: `The first line must name the columns; missing: ${missing.join(', ')}` }],
    };
  const problems: ScheduleImportProblem[] = [];
  const shifts: (Omit<ScheduledShift, 'id'> & { line: number; startsAt: number; endsAt: number })[] = [];
  const at = (r: string[], name: string) => (col(name) >= 0 ? (r[col(name)] ?? '').trim() : '');
  rows.slice(1).forEach((r, n) => {
    const line = n + 2;
    const said: string[] = [];
    const day = at(r, 'date');
    if (!validDay(day)) said.push(`date "${day}" is not a date YYYY-MM-DD`);
    const id = at(r, 'employee_id');
    const name = at(r, 'employee');
    let person: ImportStaff | undefined;
    if (id) {
      person = staff.find((s) => s.userId === id);
      if (!person) said.push(`employee_id "${id}" is not on the staff list`);
    } else if (name) {
      const named = staff.filter((s) => s.name.toLowerCase() === name.toLowerCase());
      if (named.length === 1) person = named[0];
      else
        said.push(
          named.length === 0
            ? `employee "${name}" is not on the staff list`
            : `employee "${name}" names ${named.length} people: give their employee_id`,
        );
    } else said.push('no employee_id or employee');
    const role = at(r, 'role');
    if (!role) said.push('no role');
    else if (person && !person.roles.some((x) => x.toLowerCase() === role.toLowerCase()))
      said.push(`${person.name} has no role "${role}" at this location`);
    const start = at(r, 'start');
    const end = at(r, 'end');
    if (!isClock(start)) said.push(`start "${start}" is not a time HH:MM (24-hour)`);
    if (!isClock(end)) said.push(`end "${end}" is not a time HH:MM (24-hour)`);
    else if (end === start) said.push('the shift ends at the time it starts');
    if (said.length > 0 || !person) {
      problems.push({ line, message: said.join('; ') });
      return;
    }
    const own = person.roles.find((x) => x.toLowerCase() === role.toLowerCase()) ?? role;
    const shift = { userId: person.userId, role: own, locationUuid, day, start, end };
    shifts.push({ ...shift, line, ...shiftTimes(shift, timezone) });
  });
  for (const a of shifts)
    for (const b of shifts)
      if (a.line < b.line && a.userId === b.userId && a.startsAt < b.endsAt && b.startsAt < a.endsAt)
        problems.push({ line: b.line, message: `overlaps the shift on line ${a.line} for the same person` });
  if (problems.length > 0) return { ok: false, problems: problems.sort((a, b) => a.line - b.line) };
  return { ok: true, shifts: shifts.map(({ line: _l, startsAt: _s, endsAt: _e, ...s }) => s) };
}
