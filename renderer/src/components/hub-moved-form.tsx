// On a satellite whose hub does not answer (or answers as another hub): the hub may have moved to
// another computer, restored from a backup. A person types where it is now; the satellite keeps
// that address only when something answers there, and still talks only to the hub it pinned at
// pairing (electron/host/moved-hub.ts), so no PIN is asked: a wrong address gets nothing.
import { useState, type FormEvent } from 'react';
import { api } from '../api-context';
import { useAction } from '../hooks/use-action';
import { Problem } from './problem';

export function HubMovedForm() {
  const [open, setOpen] = useState(false);
  const [address, setAddress] = useState('');
  const move = useAction();
  if (!open)
    return (
      <button type="button" className="hub-moved-open" onClick={() => setOpen(true)}>
        The hub moved to another computer?
      </button>
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void move.run(async () => {
      await api().satelliteMoveHub(address.trim());
      setOpen(false);
    });
  };
  return (
    <form className="hub-moved" aria-label="The hub's new address" onSubmit={submit}>
      <label>
        The hub’s address now (its Devices tab shows it)
        <input value={address} placeholder="192.168.1.20:47800" onChange={(e) => setAddress(e.target.value)} />
      </label>
      <button type="submit" className="primary" disabled={!address.trim() || move.busy}>
        Try this address
      </button>
      <button type="button" onClick={() => setOpen(false)} disabled={move.busy}>
        Cancel
      </button>
      <Problem text={move.error} detail={move.detail} />
    </form>
  );
}
