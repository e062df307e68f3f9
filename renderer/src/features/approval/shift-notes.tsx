// A shift's notes in the entry editor: those written at the kiosk and by managers, with who and
// when, and a field to add one (a `once` write with its request id).
import { useState } from 'react';
import type { ShiftNote } from '../../../../shared/labor-period';
import { newRequestId } from '../../../../shared/request-id';
import { api } from '../../api-context';
import { useAction } from '../../hooks/use-action';
import { Problem } from '../../components/problem';
import { dayTime } from '../kiosk/format';

export function ShiftNotes({
  token,
  entryUuid,
  notes,
  timezone,
}: {
  token: string;
  entryUuid: string;
  notes: ShiftNote[];
  timezone: string | null;
}) {
  const [added, setAdded] = useState<ShiftNote[] | null>(null);
  const [text, setText] = useState('');
  const request = useAction();
  const shown = added ?? notes;
  const add = () =>
    void request.run(async () => {
      const view = await api().laborAddShiftNote(token, entryUuid, text.trim(), newRequestId());
      setAdded(view.notes[entryUuid] ?? []);
      setText('');
    });
  return (
    <div className="k-shift-notes" data-testid="shift-notes">
      {shown.length > 0 && (
        <ul>
          {shown.map((n) => (
            <li key={n.id}>
              {n.text}{' '}
              <span className="k-hint">
                ({n.where === 'kiosk' ? 'at the kiosk' : 'manager'}, {n.byName}, {dayTime(n.at, timezone)})
              </span>
            </li>
          ))}
        </ul>
      )}
      <label>
        Note on this shift
        <input value={text} maxLength={500} onChange={(e) => setText(e.target.value)} placeholder="optional" />
      </label>
      <button type="button" className="k-small" disabled={request.busy || !text.trim()} onClick={add}>
        Add note
      </button>
      <Problem text={request.error} detail={request.detail} />
    </div>
  );
}
