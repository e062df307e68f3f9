// The roster: who may punch here, in which roles, who is a manager, and their PINs (set by a
// manager, stored only as hashes; the screen never shows a PIN back).
import { useState } from 'react';
import type { LaborView, StaffRecordView } from '../../../../../shared/labor';
import { AddPerson } from './add-person';
import { api } from '../../../api-context';
import { useAction } from '../../../hooks/use-action';
import { useRequest } from '../../../hooks/use-request';
import { Problem } from '../../../components/problem';
import { TableHead } from '../../../components/table-head';
import { roleName } from '../role-name';
import { PinInput } from '../../../components/pin-input';

export function StaffEditor({ token, labor }: { token: string; labor: LaborView }) {
  const roster = useRequest(() => api().laborStaff(token), [token]);
  const staff = roster.data;
  const setStaff = roster.set;
  const request = useAction();
  const here = labor.location?.uuid ?? '';

  return (
    <div className="k-manager-grid">
      <section className="k-card" aria-label="Staff and PINs">
        <h2>Staff at {labor.location?.name}</h2>
        <Problem text={request.error ?? roster.error} detail={request.error ? request.detail : roster.detail} />
        <div className="k-table-scroll">
          <table className="k-table">
            <TableHead columns={['Name', 'Staff id', 'Roles here', 'PIN']} actions />
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
        </div>
      </section>
      <AddPerson token={token} here={here} staff={staff ?? []} onSaved={setStaff} />
    </div>
  );
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
      <td className="k-wrap-short">
        {person.name}
        {person.manager && <span className="k-badge k-badge-manager">Manager</span>}
      </td>
      <td>{person.userId}</td>
      <td className="k-wrap-short">{roles.map((r) => roleName(r.role)).join(', ') || '—'}</td>
      <td className="k-wrap-short">
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
            <PinInput aria-label={`New PIN for ${person.name}`} value={pin} onChange={setPin} required />
            <button type="submit" className="k-small k-small-go" disabled={busy}>
              Save
            </button>
            <button type="button" className="k-small" onClick={() => setEditingPin(false)}>
              Cancel
            </button>
          </form>
        ) : person.hasPin ? (
          'set'
        ) : (
          'none'
        )}
      </td>
      <td>
        <div className="k-actions">
          {!editingPin && (
            <button type="button" className="k-small" onClick={() => setEditingPin(true)}>
              {person.hasPin ? 'Change' : 'Set PIN'}
            </button>
          )}
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
        </div>
      </td>
    </tr>
  );
}
