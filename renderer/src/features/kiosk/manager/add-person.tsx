// Adding a person to the staff list: the manager finds them by name among the people the core
// gathered (the service's labor entries, the practice venue, this kiosk's staff list) and the ids
// are filled in; typing ids by hand stays possible under "Advanced" for anyone no source knows.
import { useMemo, useState } from 'react';
import type {
  CandidateSource,
  StaffCandidate,
  StaffCandidates,
  StaffRecordView,
  StaffRole,
} from '../../../../../shared/labor';
import { api } from '../../../api-context';
import { PinInput } from '../../../components/pin-input';
import { TextField } from '../../../components/text-field';
import { useAction } from '../../../hooks/use-action';
import { useRequest } from '../../../hooks/use-request';
import { Problem } from '../../../components/problem';
import { isRoleId, roleName } from '../role-name';

const SOURCE_WORDS: Record<CandidateSource, string> = {
  service: 'the service’s labor entries',
  'practice-venue': 'the practice venue',
  roster: 'this kiosk’s staff list',
};

/** A role as a manager reads it after the person's name: as every screen writes it, or that none is known. */
function roleWords(r: StaffRole | null): string {
  return r?.role ? roleName(r.role) : 'no role known here';
}

interface Choice {
  key: string;
  person: StaffCandidate;
  role: StaffRole | null;
  label: string;
}

function choicesOf(list: StaffCandidate[]): Choice[] {
  return list.flatMap((person) =>
    (person.roles.length > 0 ? person.roles : [null]).map((role) => ({
      key: `${person.userId}|${role?.roleUuid ?? role?.role ?? ''}`,
      person,
      role,
      label: `${person.name ?? `No name known (staff number ${person.userId})`} — ${roleWords(role)}`,
    })),
  );
}

export function AddPerson({
  token,
  here,
  staff,
  onSaved,
}: {
  token: string;
  here: string;
  staff: StaffRecordView[];
  onSaved(list: StaffRecordView[]): void;
}) {
  // Read again whenever the staff list changes, so "on the staff list" stays true.
  const rosterKey = staff.map((s) => `${s.userId}:${s.roles.length}`).join('|');
  const gathered = useRequest<StaffCandidates>(() => api().laborStaffCandidates(token), [token, rosterKey]);
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  const [userId, setUserId] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState('');
  const [roleUuid, setRoleUuid] = useState('');
  const [manager, setManager] = useState(false);
  const [pin, setPin] = useState('');
  const [advanced, setAdvanced] = useState(false);
  const request = useAction();

  const all = useMemo(() => choicesOf(gathered.data?.candidates ?? []), [gathered.data]);
  const knownRoles = gathered.data?.roles ?? [];
  const words = query.trim().toLowerCase();
  const shown = words
    ? all.filter((c) => `${c.label} ${c.person.userId}`.toLowerCase().includes(words))
    : all.filter((c) => !c.person.onRoster);

  const pick = (c: Choice) => {
    setPicked(c.key);
    setUserId(c.person.userId);
    setName(c.person.name ?? '');
    setRole(c.role && !isRoleId(c.role.role) ? c.role.role : '');
    setRoleUuid(c.role?.roleUuid ?? '');
    setManager(staff.find((s) => s.userId === c.person.userId)?.manager ?? false);
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    void request.run(async () => {
      const id = userId.trim();
      if (!id) {
        setAdvanced(true);
        throw new Error('Pick a person from the list, or enter their staff id under “Advanced”.');
      }
      const known = knownRoles.find((r) => r.role.toLowerCase() === role.trim().toLowerCase());
      // Roles at other locations are kept; this form sets the role here.
      const elsewhere = staff.find((s) => s.userId === id)?.roles.filter((r) => r.locationUuid !== here) ?? [];
      let list = await api().laborSaveStaff(token, {
        userId: id,
        name: name.trim(),
        manager,
        roles: [
          ...elsewhere,
          {
            locationUuid: here,
            role: role.trim() || known?.role || roleUuid.trim(),
            roleUuid: roleUuid.trim() || known?.roleUuid || null,
          },
        ],
      });
      if (pin) list = await api().laborSetPin(token, id, pin);
      onSaved(list);
      setPicked(null);
      setQuery('');
      setUserId('');
      setName('');
      setRole('');
      setRoleUuid('');
      setPin('');
      setManager(false);
    });
  };

  const current = all.find((c) => c.key === picked) ?? null;
  return (
    <form className="k-card k-form" onSubmit={submit} aria-label="Add or update a person">
      <h2>Add or update a person</h2>
      <label>
        Find a person by name
        <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
      </label>
      <p className="k-hint k-hint-left">
        People seen in {SOURCE_WORDS.service} of the last {gathered.data?.serviceDays ?? 28} days, in{' '}
        {SOURCE_WORDS['practice-venue']} and on {SOURCE_WORDS.roster}.
        {words ? '' : ' Type a name to find someone already on the list.'}
      </p>
      <Problem text={gathered.error} detail={gathered.detail} />
      {gathered.data?.unread.map((u) => (
        <Problem key={u.source} text={u.sentence} detail={u.detail} />
      ))}
      {gathered.loading && !gathered.data ? (
        <p className="k-hint k-hint-left">Looking for people…</p>
      ) : shown.length === 0 ? (
        <p className="k-hint k-hint-left" role="status">
          {words
            ? `No one matching “${query.trim()}” is known to the service’s labor entries, the practice venue or this kiosk’s staff list.`
            : 'Everyone the service’s labor entries and the practice venue know at this location is on the staff list.'}{' '}
          To add someone else, enter their staff id from the service under “Advanced”.
        </p>
      ) : (
        <ul className="k-pick-list" aria-label="People to pick">
          {shown.map((c) => (
            <li key={c.key}>
              <button type="button" className="k-pick" aria-pressed={c.key === picked} onClick={() => pick(c)}>
                <span className="k-pick-name">{c.label}</span>
                <span className="k-pick-from">
                  from {c.person.sources.map((s) => SOURCE_WORDS[s]).join(', ')}
                  {c.person.onRoster ? ' · already on the staff list' : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {current && (
        <p className="k-hint k-hint-left" role="status">
          Picked {current.person.name ?? `staff number ${current.person.userId}`}
          {current.person.name ? '' : ': no source knows their name, so type it below'}.
        </p>
      )}
      <TextField label="Name" value={name} onChange={setName} required />
      <TextField label="Role at this location" value={role} onChange={setRole} list="known-roles">
        <datalist id="known-roles">
          {knownRoles
            .filter((r) => !isRoleId(r.role))
            .map((r) => (
              <option key={r.roleUuid ?? r.role} value={r.role} />
            ))}
        </datalist>
      </TextField>
      <label>
        PIN (optional, 4 to 8 digits)
        <PinInput value={pin} onChange={setPin} />
      </label>
      <label className="k-check-label">
        <input type="checkbox" checked={manager} onChange={(e) => setManager(e.target.checked)} />
        Manager (can open this area)
      </label>
      <details className="k-advanced" open={advanced} onToggle={(e) => setAdvanced(e.currentTarget.open)}>
        <summary>Advanced: enter ids by hand</summary>
        <p className="k-hint k-hint-left">
          For someone none of the lists above know. The staff id must be the person’s id on the service, or their
          punches will be refused.
        </p>
        <label>
          Staff id on the service
          <input
            value={userId}
            onChange={(e) => {
              setUserId(e.target.value);
              setPicked(null);
            }}
            autoComplete="off"
          />
        </label>
        <label>
          Role id on the service (optional; lets the timesheet change roles)
          <input value={roleUuid} onChange={(e) => setRoleUuid(e.target.value)} autoComplete="off" />
        </label>
      </details>
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
