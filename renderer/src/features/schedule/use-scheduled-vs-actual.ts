// The schedule of a timesheet's days beside what was worked (for its card and its CSV): read from
// the hub when the timesheet changes; an empty list while it loads or when nothing was scheduled.
import { useEffect, useState } from 'react';
import type { TimesheetView } from '../../../../shared/labor';
import { scheduledVersusActual, type ScheduledShift, type ScheduledVsActual } from '../../../../shared/labor-schedule';
import { api } from '../../api-context';

export function useScheduledVsActual(
  token: string,
  sheet: TimesheetView | null,
  timezone: string | null,
  nameOf: (userId: string) => string,
  now: number,
): ScheduledVsActual[] {
  const [shifts, setShifts] = useState<ScheduledShift[]>([]);
  const from = sheet?.query.fromDay;
  const to = sheet?.query.toDay;
  const userId = sheet?.query.userId;
  useEffect(() => {
    if (!from || !to) return;
    let live = true;
    api()
      .scheduleRange(token, from, to)
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
  return scheduledVersusActual(shifts, worked, timezone, nameOf, now);
}
