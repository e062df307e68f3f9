// One shift as the grid adds or changes it: role (the person's roles here), start and end on the
// venue's clock; an end at or before the start ends the next morning (a bar's 18:00–02:00).
import { useState } from 'react';
import type { ShiftInput } from '../../../../shared/labor-schedule';
import { longDay } from '../../../../shared/time';
import { roleName } from '../kiosk/role-name';
import { SaveRow } from '../../components/save-row';

export function ShiftEditor({
  shift,
  person,
  busy,
  error,
  onSave,
  onCancel,
}: {
  shift: ShiftInput;
  person: { name: string; roles: string[] } | null;
  busy: boolean;
  error: string | null;
  onSave(shift: ShiftInput): void;
  onCancel(): void;
}) {
  const [s, setS] = useState(shift);
  const roles = person?.roles.includes(s.role) || !s.role ? (person?.roles ?? []) : [s.role, ...(person?.roles ?? [])];
  return (
    <form
      className="k-form sch-editor"
      aria-label="Shift"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(s);
      }}
    >
      <h3>
        {person?.name ?? s.userId}, {longDay(s.day)}
      </h3>
      <label>
        Role
        <select value={s.role} onChange={(e) => setS({ ...s, role: e.target.value })}>
          {roles.map((r) => (
            <option key={r} value={r}>
              {roleName(r)}
            </option>
          ))}
        </select>
      </label>
      <label>
        Starts
        <input type="time" required value={s.start} onChange={(e) => setS({ ...s, start: e.target.value })} />
      </label>
      <label>
        Ends (at or before the start: the next day)
        <input type="time" required value={s.end} onChange={(e) => setS({ ...s, end: e.target.value })} />
      </label>
      <SaveRow label="Save shift" error={error} busy={busy}>
        <button type="button" className="k-small" onClick={onCancel}>
          Cancel
        </button>
      </SaveRow>
    </form>
  );
}
