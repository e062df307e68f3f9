// The week as a grid: one row a person who works at this location, one column a day; each cell
// lists that person's shifts that day (start–end, role), each to change or remove, and a button
// to add one.
import type { ScheduledShift, ScheduleWeekView, ShiftInput } from '../../../../shared/labor-schedule';
import { weekDays } from '../../../../shared/labor-schedule';
import { shortDay } from '../../../../shared/time';
import { roleName } from '../kiosk/role-name';

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3));

/** A person's scheduled hours in the week, as the clock reads them (an end at or before the start: the next day). */
function weekHours(shifts: ScheduledShift[]): string {
  const minutes = shifts.reduce((sum, s) => {
    const length = minutesOf(s.end) - minutesOf(s.start);
    return sum + (length <= 0 ? length + 24 * 60 : length);
  }, 0);
  return minutes === 0 ? '—' : `${(minutes / 60).toFixed(1)} h`;
}

export function ScheduleGrid({
  view,
  today,
  onAdd,
  onEdit,
  onRemove,
}: {
  view: ScheduleWeekView;
  today: string;
  onAdd(userId: string, day: string, role: string): void;
  onEdit(shift: ShiftInput): void;
  onRemove(id: string): void;
}) {
  const days = weekDays(view.weekStart);
  const cell = new Map<string, ScheduledShift[]>();
  for (const s of view.shifts) cell.set(`${s.userId}|${s.day}`, [...(cell.get(`${s.userId}|${s.day}`) ?? []), s]);
  if (view.staff.length === 0)
    return <p className="k-hint">Nobody has a role at this location yet: add staff under Staff &amp; PINs first.</p>;
  return (
    <div className="sch-grid-scroll">
      <table className="sch-grid" aria-label="Schedule">
        <thead>
          <tr>
            <th scope="col">Person</th>
            {days.map((d) => (
              <th scope="col" key={d}>
                {shortDay(d)}
                {d === today ? ' (today)' : ''}
              </th>
            ))}
            <th scope="col">Week</th>
          </tr>
        </thead>
        <tbody>
          {view.staff.map((p) => (
            <tr key={p.userId}>
              <th scope="row">{p.name}</th>
              {days.map((d) => (
                <td key={d} className={d === today ? 'sch-today' : undefined}>
                  {(cell.get(`${p.userId}|${d}`) ?? []).map((s) => (
                    <div className="sch-shift" key={s.id} data-testid="scheduled-shift">
                      <button
                        type="button"
                        aria-label={`${s.start}–${s.end} ${roleName(s.role)}: change ${p.name}'s shift on ${shortDay(d)}`}
                        onClick={() => onEdit(s)}
                      >
                        {s.start}–{s.end} {roleName(s.role)}
                      </button>
                      <button
                        type="button"
                        aria-label={`Remove ${p.name}'s shift on ${shortDay(d)}, ${s.start} to ${s.end}`}
                        onClick={() => onRemove(s.id)}
                      >
                        ×
                      </button>
                    </div>
                  ))}
                  <button
                    type="button"
                    className="sch-add"
                    aria-label={`Add a shift for ${p.name} on ${shortDay(d)}`}
                    onClick={() => onAdd(p.userId, d, p.roles[0] ?? '')}
                  >
                    Add
                  </button>
                </td>
              ))}
              <td className="sch-week-hours">{weekHours(view.shifts.filter((s) => s.userId === p.userId))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
