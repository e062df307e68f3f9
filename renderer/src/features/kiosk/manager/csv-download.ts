// Saves the timesheet's CSV through the browser's download (the Electron window shows a save
// dialog for it); no file system access from the renderer.
import type { TimesheetView } from '../../../../../shared/labor';
import { timesheetCsv, type PayrollRules } from '../../../../../shared/labor-csv';
import type { ScheduledVsActual } from '../../../../../shared/labor-schedule';

export function downloadTimesheet(
  view: TimesheetView,
  locationName: string,
  timezone: string | null,
  rules: PayrollRules,
  scheduled: ScheduledVsActual[] = [],
): void {
  const csv = timesheetCsv(view.rows, timezone, Date.now(), rules, scheduled);
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  const place = locationName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  a.href = url;
  a.download = `timesheet-${place}-${view.query.fromDay}${view.query.toDay !== view.query.fromDay ? `-to-${view.query.toDay}` : ''}.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
