// The timesheet's "Scheduled against actual": each scheduled shift of these days with when the
// person punched in and out, how late or early, and the shifts nobody worked.
import type { ScheduledVsActual } from '../../../../shared/labor-schedule';
import { clockTime, shortDay } from '../../../../shared/time';
import { roleName } from '../kiosk/role-name';
import './schedule.css';
import { TableHead } from '../../components/table-head';

const MINUTE = 60_000;

function difference(s: ScheduledVsActual): { text: string; tone: string | null } {
  if (s.actualIn === null) return { text: 'Not worked', tone: 'sch-missed' };
  const late = Math.round((s.actualIn - s.startsAt) / MINUTE);
  const parts: string[] = [];
  if (late > 0) parts.push(`in ${late} min late`);
  else if (late < 0) parts.push(`in ${-late} min early`);
  if (s.actualOut !== null) {
    const out = Math.round((s.actualOut - s.endsAt) / MINUTE);
    if (out < 0) parts.push(`out ${-out} min early`);
    else if (out > 0) parts.push(`out ${out} min after the end`);
  }
  return { text: parts.length ? parts.join(', ') : 'As scheduled', tone: late > 0 ? 'sch-late' : null };
}

export function ScheduledVsActualCard({ rows, timezone }: { rows: ScheduledVsActual[]; timezone: string | null }) {
  if (rows.length === 0) return null;
  return (
    <section className="k-card" aria-labelledby="sch-vs-title" data-testid="scheduled-vs-actual">
      <h2 id="sch-vs-title">Scheduled against actual</h2>
      <div className="k-table-scroll">
        <table className="k-table">
          <TableHead columns={['Person', 'Day', 'Scheduled', 'Worked', 'Difference']} />
          <tbody>
            {rows.map((s) => {
              const d = difference(s);
              return (
                <tr key={s.shiftId}>
                  <td>
                    {s.name} <span className="k-hint">{roleName(s.role)}</span>
                  </td>
                  <td>{shortDay(s.day)}</td>
                  <td>
                    {clockTime(s.startsAt, timezone)}–{clockTime(s.endsAt, timezone)}
                  </td>
                  <td>
                    {s.actualIn === null
                      ? '—'
                      : `${clockTime(s.actualIn, timezone)}–${s.actualOut === null ? 'open' : clockTime(s.actualOut, timezone)}`}
                  </td>
                  <td className={d.tone ?? undefined}>{d.text}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
