// First run on a kiosk with no manager yet: create one, with a PIN, before anything else.
import { useState } from 'react';
import type { StaffSession } from '../../../../../shared/labor';
import { api } from '../../../api-context';
import { useAction } from '../../../hooks/use-action';

export function ManagerSetup({ onDone, onCancel }: { onDone(session: StaffSession): void; onCancel(): void }) {
  const [name, setName] = useState('');
  const [userId, setUserId] = useState('');
  const [pin, setPin] = useState('');
  const request = useAction();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    void request.run(async () =>
      onDone(await api().laborSetupManager({ userId: userId.trim(), name: name.trim(), pin })),
    );
  };
  return (
    <form className="k-setup k-form" onSubmit={submit} aria-label="Create the first manager">
      <h2>Create the first manager</h2>
      <p className="k-hint">
        No manager is set up on this kiosk yet. The manager’s PIN opens the timesheet, staff PINs and settings.
      </p>
      <label>
        Name
        <input value={name} onChange={(e) => setName(e.target.value)} required autoComplete="off" />
      </label>
      <label>
        Staff id on the service (user_id)
        <input value={userId} onChange={(e) => setUserId(e.target.value)} required autoComplete="off" />
      </label>
      <label>
        PIN (4 to 8 digits)
        <input
          value={pin}
          onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
          required
          inputMode="numeric"
          type="password"
          pattern="\d{4,8}"
          autoComplete="off"
        />
      </label>
      {request.error && (
        <p className="k-error" role="alert">
          {request.error}
        </p>
      )}
      <div className="k-row">
        <button type="button" className="k-big k-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="k-big k-go" disabled={request.busy}>
          Create manager
        </button>
      </div>
    </form>
  );
}
