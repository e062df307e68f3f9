// The roster: who may punch here, in which roles, who is a manager, and their PINs (set by a
// manager, stored only as hashes; the screen never shows a PIN back).
import { useState } from 'react';
import type { LaborView, StaffRecordView, StaffRole } from '../../../../../shared/labor';
import { api } from '../../../api-context';
import { useAction } from '../../../hooks/use-action';
import { useRequest } from '../../../hooks/use-request';
import { Problem } from '../../../components/problem';

export function StaffEditor({ token, labor }: { token: string; labor: LaborView }) {
  const roster = useRequest(() => api().laborStaff(token), [token]);
  const staff = roster.data;
  const setStaff = roster.set;
  const request = useAction();
  const here = labor.location?.uuid ?? '';
  const knownRoles = uniqueRoles(staff ?? []);

  return (
    <div className="k-manager-grid">
      <section className="k-card" aria-label="Staff and PINs">
        <h2>Staff at {labor.location?.name}</h2>
        <Problem text={request.error ?? roster.error} detail={request.error ? request.detail : roster.detail} />
        <table className="k-table">
          <thead>
            <tr>
              <th>Name</th>
              <th>Staff id</th>
              <th>Roles here</th>
              <th>PIN</th>
              <th>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(staff ?? [])
              .filter((s) => s.manager || s.roles.some((r) => r.locationUuid === here))
              .map((s) => (
                <StaffRow
                  key={s.userId}
                  person={s}
                  here={here}
                  token={token}
                  busy={request.busy}
                  run={request.run}
                  setStaff={setStaff}
                />
              ))}
          </tbody>
        </table>
      </section>
      <AddPerson token={token} here={here} staff={staff ?? []} knownRoles={knownRoles} onSaved={setStaff} />
    </div>
  );
}

function uniqueRoles(staff: StaffRecordView[]): StaffRole[] {
  const seen = new Map<string, StaffRole>();
  for (const s of staff)
    for (const r of s.roles) if (!seen.has(r.role)) seen.set(r.role, { role: r.role, roleUuid: r.roleUuid });
  return [...seen.values()].sort((a, b) => a.role.localeCompare(b.role));
}

interface RowProps {
  person: StaffRecordView;
  here: string;
  token: string;
  busy: boolean;
  run: <T>(action: () => Promise<T>) => Promise<T | undefined>;
  setStaff(list: StaffRecordView[]): void;
}

function StaffRow({ person, here, token, busy, run, setStaff }: RowProps) {
  const [pin, setPin] = useState('');
  const [editingPin, setEditingPin] = useState(false);
  const roles = person.roles.filter((r) => r.locationUuid === here);
  return (
    <tr data-testid="staff-row">
      <td>
        {person.name}
        {person.manager && <span className="k-badge k-badge-manager">manager</span>}
      </td>
      <td>{person.userId}</td>
      <td>{roles.map((r) => r.role).join(', ') || '—'}</td>
      <td>
        {editingPin ? (
          <form
            className="k-inline"
            onSubmit={(e) => {
              e.preventDefault();
              void run(async () => {
                setStaff(await api().laborSetPin(token, person.userId, pin));
                setPin('');
                setEditingPin(false);
              });
            }}
          >
            <input
              aria-label={`New PIN for ${person.name}`}
              value={pin}
              onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
              inputMode="numeric"
              type="password"
              pattern="\d{4,8}"
              required
              autoComplete="off"
            />
            <button type="submit" className="k-small k-small-go" disabled={busy}>
              Save
            </button>
            <button type="button" className="k-small" onClick={() => setEditingPin(false)}>
              Cancel
            </button>
          </form>
        ) : (
          <>
            {person.hasPin ? 'set' : 'none'}{' '}
            <button type="button" className="k-small" onClick={() => setEditingPin(true)}>
              {person.hasPin ? 'Change' : 'Set PIN'}
            </button>
          </>
        )}
      </td>
      <td className="k-nowrap">
        <button
          type="button"
          className="k-small k-small-danger"
          disabled={busy}
          onClick={() => {
            if (window.confirm(`Remove ${person.name} from this kiosk? Their past entries stay on the service.`)) {
              void run(async () => setStaff(await api().laborRemoveStaff(token, person.userId)));
            }
          }}
        >
          Remove
        </button>
      </td>
    </tr>
  );
}

function AddPerson({
  token,
  here,
  staff,
  knownRoles,
  onSaved,
}: {
  token: string;
  here: string;
  staff: StaffRecordView[];
  knownRoles: StaffRole[];
  onSaved(list: StaffRecordView[]): void;
}) {
  const [userId, setUserId] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState('');
  const [roleUuid, setRoleUuid] = useState('');
  const [manager, setManager] = useState(false);
  const [pin, setPin] = useState('');
  const request = useAction();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    void request.run(async () => {
      const known = knownRoles.find((r) => r.role === role.trim());
      // Roles at other locations are kept; this form sets the role here.
      const elsewhere =
        staff.find((s) => s.userId === userId.trim())?.roles.filter((r) => r.locationUuid !== here) ?? [];
      let list = await api().laborSaveStaff(token, {
        userId: userId.trim(),
        name: name.trim(),
        manager,
        roles: [
          ...elsewhere,
          { locationUuid: here, role: role.trim(), roleUuid: roleUuid.trim() || known?.roleUuid || null },
        ],
      });
      if (pin) list = await api().laborSetPin(token, userId.trim(), pin);
      onSaved(list);
      setUserId('');
      setName('');
      setRole('');
      setRoleUuid('');
      setPin('');
      setManager(false);
    });
  };
  return (
    <form className="k-card k-form" onSubmit={submit} aria-label="Add or update a person">
      <h2>Add or update a person</h2>
      <p className="k-hint">
        The staff id must be the person’s user_id on the service, or their punches will be refused.
      </p>
      <label>
        Staff id (user_id)
        <input value={userId} onChange={(e) => setUserId(e.target.value)} required autoComplete="off" />
      </label>
      <label>
        Name
        <input value={name} onChange={(e) => setName(e.target.value)} required autoComplete="off" />
      </label>
      <label>
        Role at this location
        <input value={role} onChange={(e) => setRole(e.target.value)} list="known-roles" required autoComplete="off" />
        <datalist id="known-roles">
          {knownRoles.map((r) => (
            <option key={r.role} value={r.role} />
          ))}
        </datalist>
      </label>
      <label>
        Role uuid (optional; needed to change roles in the timesheet)
        <input value={roleUuid} onChange={(e) => setRoleUuid(e.target.value)} autoComplete="off" />
      </label>
      <label>
        PIN (optional, 4 to 8 digits)
        <input
          value={pin}
          onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
          inputMode="numeric"
          type="password"
          pattern="\d{4,8}"
          autoComplete="off"
        />
      </label>
      <label className="k-check-label">
        <input type="checkbox" checked={manager} onChange={(e) => setManager(e.target.checked)} />
        Manager (can open this area)
      </label>
      {request.error && (
        <p className="k-error" role="alert">
          {request.error}
        </p>
      )}
      <button type="submit" className="k-small k-small-go" disabled={request.busy}>
        Save person
      </button>
    </form>
  );
}
