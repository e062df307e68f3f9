// Scheduled against actual in the payroll CSV (shared/labor-csv.ts): each worked shift carries the
// times it was scheduled for, and each scheduled shift nobody worked gets a row of its own with no
// hours, so a no-show is in the file a manager hands on, never paid.
import type { ScheduledVsActual } from './labor-schedule';
import { toLocalInput } from './time';

export const SCHEDULED_COLUMNS = ['scheduled_start', 'scheduled_end', 'scheduled_hours'] as const;

const local = (ms: number, timezone: string | null) => toLocalInput(ms, timezone).replace('T', ' ');

/** The three scheduled cells of a worked shift (empty when it was not scheduled). */
export function scheduledCells(s: ScheduledVsActual | undefined, timezone: string | null): (string | null)[] {
  if (!s) return [null, null, null];
  return [local(s.startsAt, timezone), local(s.endsAt, timezone), ((s.endsAt - s.startsAt) / 3_600_000).toFixed(2)];
}

/** A cell of the row of a scheduled shift nobody worked, by the CSV's column name. */
export function notWorkedCell(column: string, s: ScheduledVsActual, timezone: string | null): string | null {
  const [start, end, hours] = scheduledCells(s, timezone);
  switch (column) {
    case 'date':
      return s.day;
    case 'employee':
      return s.name;
    case 'employee_id':
      return s.userId;
    case 'role':
      return s.role;
    case 'status':
      return 'not worked (scheduled)';
    case 'scheduled_start':
      return start;
    case 'scheduled_end':
      return end;
    case 'scheduled_hours':
      return hours;
    case 'shift_hours':
    case 'net_paid_hours':
      return '0.00';
    default:
      return null;
  }
}
