// The week as a grid: one row a person who works at this location, one column a day; each cell
// lists that person's shifts that day (start–end, role), each to change or remove, and a button
// to add one.
import type { ScheduledShift, ScheduleWeekView, ShiftInput } from '../../../../shared/labor-schedule';
import { weekDays } from '../../../../shared/labor-schedule';
import { shortDay } from '../../../../shared/time';
import { roleName } from '../kiosk/role-name';

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
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
