// First run on a kiosk with no manager yet: create one, with a PIN, before anything else.
import { useState } from 'react';
import type { StaffSession } from '../../../../../shared/labor';
import { api } from '../../../api-context';
import { PinInput } from '../../../components/pin-input';
import { TextField } from '../../../components/text-field';
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
      <TextField label="Name" value={name} onChange={setName} required />
      <TextField label="Your staff number on the service" value={userId} onChange={setUserId} required />
      <p className="k-hint k-hint-left">
        As the service shows it for you among its staff: your punches and edits are sent under it. Other people are then
        added by name in Staff &amp; PINs.
      </p>
      <details className="k-advanced">
        <summary>Details for support</summary>
        <p className="k-hint k-hint-left">The number is the labor entries’ user_id on the service.</p>
      </details>
      <label>
        PIN (4 to 8 digits)
        <PinInput value={pin} onChange={setPin} required />
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
