// The schedule of a timesheet's days beside what was worked (for its card and its CSV): read from
// the hub when the timesheet changes; an empty list while it loads or when nothing was scheduled.
// A timesheet's days are business days (a 01:00 start belongs to the night before), so shifts are
// read a day further and kept by the business day they start in, as worked shifts are filed.
import { useEffect, useState } from 'react';
import type { TimesheetView } from '../../../../shared/labor';
import { scheduledVersusActual, type ScheduledShift, type ScheduledVsActual } from '../../../../shared/labor-schedule';
import { addDays, fiscalDayOf } from '../../../../shared/labor-calc';
import { api } from '../../api-context';

export function useScheduledVsActual(
  token: string,
  sheet: TimesheetView | null,
  timezone: string | null,
  nameOf: (userId: string) => string,
  now: number,
  fiscalDayStartHour: number,
): ScheduledVsActual[] {
  const [shifts, setShifts] = useState<ScheduledShift[]>([]);
  const from = sheet?.query.fromDay;
  const to = sheet?.query.toDay;
  const userId = sheet?.query.userId;
  useEffect(() => {
    if (!from || !to) return;
    let live = true;
    api()
      .scheduleRange(token, from, addDays(to, 1))
      .then((read) => live && setShifts(userId ? read.filter((s) => s.userId === userId) : read))
      // The timesheet stands without it: a failed read shows no schedule rather than an error here.
      .catch(() => live && setShifts([]));
    return () => {
      live = false;
    };
  }, [token, from, to, userId, sheet]);
  if (!sheet) return [];
  const worked = sheet.rows
    .filter((r) => r.kind === 'shift')
    .map((r) => ({ uuid: r.uuid, userId: r.userId, punchIn: r.punchIn, punchOut: r.punchOut }));
  const businessDay = (ms: number) => fiscalDayOf(ms, timezone, fiscalDayStartHour);
  return scheduledVersusActual(shifts, worked, timezone, nameOf, now)
    .map((s) => ({ ...s, day: businessDay(s.startsAt) }))
    .filter((s) => s.day >= sheet.query.fromDay && s.day <= sheet.query.toDay);
}
