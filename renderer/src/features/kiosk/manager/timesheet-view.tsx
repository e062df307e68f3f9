// The manager timesheet: a fiscal-day range, filtered by role and person, sorted by any of the
// service's three keys; totals, a timeline of one day, the entries with their edit history, and
// a CSV of exactly what is shown.
import { useEffect, useState } from 'react';
import type {
  LaborSortKey,
  LaborView,
  StaffRole,
  TimesheetQuery,
  TimesheetView as Sheet,
} from '../../../../../shared/labor';
import { addDays, fiscalDayOf } from '../../../../../shared/labor-calc';
import { DamagedHere, SHOWN_FROM } from '../../../components/damaged-here';
import { api } from '../../../api-context';
import { ACTION_LABELS, clockTime, longDay } from '../format';
import { useNow } from '../use-now';
import { useRequest } from '../../../hooks/use-request';
import { Problem } from '../../../components/problem';
import { DayRange } from '../../../components/day-range';
import { downloadTimesheet } from './csv-download';
import { shiftBreakFlags } from '../../../../../shared/labor-csv';
import { TimelineChart } from './timeline-chart';
import { useScheduledVsActual } from '../../schedule/use-scheduled-vs-actual';
import { ScheduledVsActualCard } from '../../schedule/scheduled-vs-actual';
import { TimesheetTable } from './timesheet-table';
import { TotalsTable } from './totals-table';
import { MoneyUnitNotice } from '../../../components/money-unit-notice';
import { NeedsReview } from './needs-review';
import { SignatureLines } from './signature-lines';
import { roleName } from '../role-name';

const SORT_LABELS: Record<LaborSortKey, string> = { punch_in: 'Punch in', punch_out: 'Punch out', created: 'Created' };

export function TimesheetView({ token, labor }: { token: string; labor: LaborView }) {
  const tz = labor.location?.timezone ?? null;
  const now = useNow(30_000);
  const today = fiscalDayOf(now, tz, labor.settings.fiscalDayStartHour);
  // Without the venue's zone (the service sent none), "today" is this computer's, while the service
  // files each entry under its own fiscal day: around midnight the two differ by a day either way,
  // and a range of one day would show nobody on the shift under way. So it spans the days around.
  const around = tz === null ? 1 : 0;
  const [query, setQuery] = useState<TimesheetQuery>(() => ({
    fromDay: addDays(today, -around),
    toDay: addDays(today, around),
    sortBy: 'punch_in',
    sortDir: 'asc',
  }));
  const [chartDay, setChartDay] = useState(today);
  // A filter changed twice in a row: only the newest answer may fill the table.
  const request = useRequest(() => api().laborTimesheet(token, query), [token, query]);
  const sheet: Sheet | null = request.data;
  useEffect(() => {
    if (chartDay < query.fromDay || chartDay > query.toDay) setChartDay(query.toDay);
  }, [query.fromDay, query.toDay, chartDay]);
  // Until a day is chosen, the timeline shows the latest day that has entries (with the range
  // around an unknown zone, "today" may hold none while the shift under way is filed under another).
  const [chartChosen, setChartChosen] = useState(false);
  useEffect(() => {
    if (chartChosen || !sheet || sheet.rows.some((r) => r.fiscalDay === chartDay)) return;
    const latest = sheet.rows.reduce<string | null>((d, r) => (d === null || r.fiscalDay > d ? r.fiscalDay : d), null);
    if (latest !== null && latest >= query.fromDay && latest <= query.toDay) setChartDay(latest);
  }, [sheet, chartDay, chartChosen, query.fromDay, query.toDay]);

  const roles = knownRoles(labor, sheet);
  const scheduled = useScheduledVsActual(
    token,
    sheet,
    tz,
    (id) => labor.staff.find((s) => s.userId === id)?.name ?? id,
    now,
    labor.settings.fiscalDayStartHour,
  );
  const set = (patch: Partial<TimesheetQuery>) => setQuery((q) => ({ ...q, ...patch }));
  const days = dayList(query.fromDay, query.toDay);

  return (
    <div className="k-timesheet print-area" data-testid="timesheet">
      <h2 className="print-only">
        Timesheet · {labor.location?.name} · {longDay(query.fromDay)}
        {query.toDay !== query.fromDay ? ` – ${longDay(query.toDay)}` : ''}
      </h2>
      <DamagedHere
        files={SHOWN_FROM.timesheet}
        className="k-damaged"
        meaning="Some saved punches or edits could not be read: check these hours against the service before paying."
      />
      <form className="k-filters no-print" onSubmit={(e) => e.preventDefault()} aria-label="Timesheet filters">
        <DayRange
          from={query.fromDay}
          to={query.toDay}
          onFrom={(fromDay) => set({ fromDay })}
          onTo={(toDay) => set({ toDay })}
        />
        <label>
          Role
          <select value={query.role ?? ''} onChange={(e) => set({ role: e.target.value || undefined })}>
            <option value="">All roles</option>
            {roles.map((r) => (
              <option key={r.role} value={r.role}>
                {roleName(r.role)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Person
          <select value={query.userId ?? ''} onChange={(e) => set({ userId: e.target.value || undefined })}>
            <option value="">Everyone</option>
            {labor.staff.map((s) => (
              <option key={s.userId} value={s.userId}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Sort by
          <select value={query.sortBy} onChange={(e) => set({ sortBy: e.target.value as LaborSortKey })}>
            {Object.entries(SORT_LABELS).map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Order
          <select value={query.sortDir} onChange={(e) => set({ sortDir: e.target.value as 'asc' | 'desc' })}>
            <option value="asc">Oldest first</option>
            <option value="desc">Newest first</option>
          </select>
        </label>
        <button type="button" className="k-small" onClick={request.reload} disabled={request.loading}>
          {request.loading ? 'Loading…' : 'Refresh'}
        </button>
        <button
          type="button"
          className="k-small k-small-go"
          disabled={!sheet || sheet.rows.length === 0}
          onClick={() =>
            sheet &&
            downloadTimesheet(
              sheet,
              labor.location?.name ?? 'venue',
              tz,
              {
                overtime: labor.settings.overtimePreset,
                breaks: labor.settings.breakPreset,
              },
              scheduled,
            )
          }
        >
          Export CSV
        </button>
        <button type="button" className="k-small" disabled={!sheet} onClick={() => window.print()}>
          Print
        </button>
      </form>
      <Problem text={request.error} detail={request.detail}>
        Could not load the timesheet:{' '}
      </Problem>
      {sheet && (
        <>
          {sheet.truncated && (
            <p className="k-warning" data-testid="timesheet-incomplete">
              Some entries may be missing: the service stopped the list before its end. Choose fewer days or one person
              to see them all.
            </p>
          )}
          {sheet.unsynced.length > 0 && (
            <p className="k-warning" data-testid="unsynced-note">
              Not on the service yet (not in these totals):{' '}
              {sheet.unsynced
                .map((u) => `${u.name} ${ACTION_LABELS[u.action].toLowerCase()} ${clockTime(u.capturedAt, tz)}`)
                .join(', ')}
            </p>
          )}
          <NeedsReview
            token={token}
            labor={labor}
            sheet={sheet}
            now={now}
            onOpen={(userId, day) => set({ userId, fromDay: day, toDay: day })}
          />
          <section className="k-card">
            <h2>Totals</h2>
            {sheet.totals.some((t) => t.tipsCents > 0) && <MoneyUnitNotice families={['numbers']} />}
            <TotalsTable totals={sheet.totals} />
            {sheet.totals.length === 0 && <p className="k-empty">Nobody worked on these days (with these filters).</p>}
          </section>
          <ScheduledVsActualCard rows={scheduled} timezone={tz} />
          <section className="k-card">
            <div className="k-card-head">
              <h2>Timeline · {longDay(chartDay)}</h2>
              {days.length > 1 && (
                <select
                  aria-label="Day shown in the timeline"
                  value={chartDay}
                  onChange={(e) => {
                    setChartChosen(true);
                    setChartDay(e.target.value);
                  }}
                >
                  {days.map((d) => (
                    <option key={d} value={d}>
                      {longDay(d)}
                    </option>
                  ))}
                </select>
              )}
            </div>
            <TimelineChart
              rows={sheet.rows}
              day={chartDay}
              startHour={labor.settings.fiscalDayStartHour}
              timezone={tz}
              now={now}
            />
          </section>
          <section className="k-card">
            <h2>Entries ({sheet.rows.length})</h2>
            <TimesheetTable
              rows={sheet.rows}
              token={token}
              roles={roles}
              timezone={tz}
              now={now}
              onEdited={request.reload}
              breakFlags={shiftBreakFlags(sheet.rows, labor.settings.breakPreset, now)}
              rolesOf={(userId) => rolesOf(labor, userId, roles)}
            />
          </section>
          <SignatureLines totals={sheet.totals} />
        </>
      )}
    </div>
  );
}

/**
 * The roles a person's entry may be changed to: the ones the staff list gives them here (with the
 * role id another record knows), so a server's shift is never offered "manager". Someone the staff
 * list has no role for here gets every known role.
 */
function rolesOf(labor: LaborView, userId: string, known: StaffRole[]): StaffRole[] {
  const own = labor.staff.find((s) => s.userId === userId)?.roles ?? [];
  if (own.length === 0) return known;
  return own.map((o) => known.find((k) => k.role === o.role && k.roleUuid) ?? o);
}

function knownRoles(labor: LaborView, sheet: Sheet | null): StaffRole[] {
  const roles = new Map<string, StaffRole>();
  for (const s of labor.staff)
    for (const r of s.roles)
      if (!roles.has(r.role) || (!roles.get(r.role)?.roleUuid && r.roleUuid)) roles.set(r.role, r);
  for (const r of sheet?.rows ?? [])
    if (r.role && !roles.has(r.role)) roles.set(r.role, { role: r.role, roleUuid: r.roleUuid });
  return [...roles.values()].sort((a, b) => a.role.localeCompare(b.role));
}

function dayList(from: string, to: string): string[] {
  const out: string[] = [];
  const d = new Date(`${from}T00:00:00Z`);
  while (out.length < 62) {
    const day = d.toISOString().slice(0, 10);
    if (day > to) break;
    out.push(day);
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}
