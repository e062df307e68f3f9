// The manager's Schedule tab: a week of shifts by person (rows) and day (columns) at this kiosk's
// location, entered on the grid or imported from a CSV, and the rules the hub applies with it
// (early punch-in, late and no-show, the scheduled clock-out's grace). The hub keeps it.
import { useCallback, useEffect, useState } from 'react';
import type { LaborView } from '../../../../shared/labor';
import type { ScheduleWeekView, ShiftInput } from '../../../../shared/labor-schedule';
import { weekOf } from '../../../../shared/labor-schedule';
import { addDays } from '../../../../shared/labor-calc';
import { clockTime, longDay, shortDay, venueDay } from '../../../../shared/time';
import { api } from '../../api-context';
import { useAction } from '../../hooks/use-action';
import { ScheduleGrid } from './schedule-grid';
import { ShiftEditor } from './shift-editor';
import { ScheduleRulesForm } from './schedule-rules-form';
import { ScheduleImport } from './schedule-import';
import { useNow } from '../kiosk/use-now';
import './schedule.css';

export function SchedulePanel({ token, labor }: { token: string; labor: LaborView }) {
  const timezone = labor.location?.timezone ?? null;
  const today = venueDay(useNow(60_000), timezone);
  const [weekStart, setWeekStart] = useState(() => weekOf(today));
  const [view, setView] = useState<ScheduleWeekView | null>(null);
  const [editing, setEditing] = useState<ShiftInput | null>(null);
  const load = useAction();
  const save = useAction();

  const read = useCallback(
    (week: string) =>
      void load.run(async () => {
        setView(await api().scheduleWeek(token, week));
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [token],
  );
  useEffect(() => read(weekStart), [read, weekStart]);
  // Another manager (or an import on another device) may change the week: read it again now and then.
  useEffect(() => {
    const id = setInterval(() => read(weekStart), 30_000);
    return () => clearInterval(id);
  }, [read, weekStart]);

  const saveShift = (shift: ShiftInput) =>
    void save.run(async () => {
      setView(await api().scheduleSaveShift(token, shift));
      setEditing(null);
    });
  const removeShift = (id: string) =>
    void save.run(async () => {
      setView(await api().scheduleRemoveShift(token, id, weekStart));
    });

  return (
    <div className="sch-panel" data-testid="schedule-panel">
      <section className="k-card" aria-labelledby="sch-week-title">
        <div className="k-card-head">
          <h2 id="sch-week-title">Week of {longDay(weekStart)}</h2>
          <div className="sch-week-nav">
            <button type="button" className="k-small" onClick={() => setWeekStart(addDays(weekStart, -7))}>
              Previous week
            </button>
            <button type="button" className="k-small" onClick={() => setWeekStart(weekOf(today))}>
              This week
            </button>
            <button type="button" className="k-small" onClick={() => setWeekStart(addDays(weekStart, 7))}>
              Next week
            </button>
            {view && view.shifts.length === 0 && (
              <button
                type="button"
                className="k-small"
                disabled={save.busy}
                onClick={() =>
                  void save.run(async () => {
                    setView(await api().scheduleCopyLastWeek(token, weekStart));
                  })
                }
              >
                Copy last week here
              </button>
            )}
            <label>
              Go to the week of
              <input
                type="date"
                value={weekStart}
                onChange={(e) => /^\d{4}-\d{2}-\d{2}$/.test(e.target.value) && setWeekStart(weekOf(e.target.value))}
              />
            </label>
          </div>
        </div>
        {load.error && (
          <p className="k-error" role="alert">
            {load.error}
          </p>
        )}
        {view && (
          <ScheduleGrid
            view={view}
            today={today}
            onAdd={(userId, day, role) =>
              setEditing({ id: crypto.randomUUID(), userId, day, role, start: '09:00', end: '17:00' })
            }
            onEdit={(shift) => setEditing(shift)}
            onRemove={removeShift}
          />
        )}
        {editing && view && (
          <ShiftEditor
            shift={editing}
            person={view.staff.find((s) => s.userId === editing.userId) ?? null}
            busy={save.busy}
            error={save.error}
            onSave={saveShift}
            onCancel={() => {
              save.setError(null);
              setEditing(null);
            }}
          />
        )}
        {!editing && save.error && (
          <p className="k-error" role="alert">
            {save.error}
          </p>
        )}
      </section>
      <div className="k-manager-grid">
        {view && (
          <ScheduleRulesForm
            rules={view.rules}
            onSave={async (rules) => setView(await api().scheduleSaveRules(token, rules, weekStart))}
          />
        )}
        <ScheduleImport
          onImport={async (csv) => {
            const result = await api().scheduleImport(token, csv);
            if (result.ok) setWeekStart(result.weeks[0]);
            return result;
          }}
        />
      </div>
      {view && view.earlyAllowed.length > 0 && (
        <section className="k-card" aria-labelledby="sch-early-title">
          <h2 id="sch-early-title">Early punch-ins a manager allowed</h2>
          <ul>
            {view.earlyAllowed.slice(0, 10).map((e) => (
              <li key={`${e.userId}-${e.at}`}>
                {e.name}, {e.minutesEarly} min early: {shortDay(venueDay(e.at, timezone))} at{' '}
                {clockTime(e.at, timezone)}, allowed by {e.byName}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
