// A manager's PIN, typed on this device, signs that manager in here: settings on this device then
// work until the manager signs out or the session times out. The sign-in is the kiosk's own
// (laborIdentify); a PIN that is not a manager's is signed out again at once.
import { useId, useState, type FormEvent } from 'react';
import { api } from '../../api-context';
import { useAction } from '../../hooks/use-action';
import { PinInput } from '../../components/pin-input';
import { Problem } from '../../components/problem';

export function ManagerPinPrompt({ onSignedIn, compact = false }: { onSignedIn(): void; compact?: boolean }) {
  const [pin, setPin] = useState('');
  const request = useAction();
  const titleId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void request.run(async () => {
      const session = await api().laborIdentify({ pin });
      setPin('');
      if (!session.manager) {
        await api().laborEndSession(session.token);
        return request.setError('That PIN is not a manager’s. A manager must sign in to change settings.');
      }
      onSignedIn();
    });
  };
  return (
    <form
      className={compact ? 'manager-pin compact' : 'card manager-pin'}
      aria-labelledby={titleId}
      onSubmit={submit}
      data-testid="manager-pin-prompt"
    >
      <h2 id={titleId}>Manager PIN needed</h2>
      <p className="hint">
        Settings need a manager signed in on this computer. A manager types their PIN here; it stays signed in until
        they sign out or leave it unused for a while.
      </p>
      <div className="actions">
        <label>
          Manager PIN
          <PinInput value={pin} onChange={setPin} required />
        </label>
        <button className="primary" type="submit" disabled={request.busy || pin.length < 4}>
          Sign in
        </button>
      </div>
      <Problem text={request.error} detail={request.detail} />
    </form>
  );
}
