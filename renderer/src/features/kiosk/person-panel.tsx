// After someone identified: who they are, where they stand (with a running timer), and only the
// actions that make sense now: punch in (with a role), start or end a break, punch out.
import { useState } from 'react';
import type { BoardRow, PunchInput, StaffRole, StaffSession } from '../../../../shared/labor';
import { formatDuration } from '../../../../shared/labor-calc';
import { clockTime } from './format';
import { TipsKeypad } from './tips-keypad';
import { useNow } from './use-now';

export interface PersonPanelProps {
  session: StaffSession;
  row: BoardRow | null;
  timezone: string | null;
  busy: boolean;
  error: string | null;
  onPunch(input: Omit<PunchInput, 'punchId'>): void;
  onDone(): void;
}

const title = (role: string) => role.charAt(0).toUpperCase() + role.slice(1);

export function PersonPanel({ session, row, timezone, busy, error, onPunch, onDone }: PersonPanelProps) {
  const now = useNow();
  const [tips, setTips] = useState(false);
  const firstName = session.name.split(' ')[0];

  if (tips && row) {
    return (
      <TipsKeypad
        busy={busy}
        onBack={() => setTips(false)}
        onConfirm={(cents) => onPunch({ action: 'punch-out', declaredTipsCents: cents })}
      />
    );
  }

  const status = !row
    ? { tone: 'off', line: 'You are not on shift.' }
    : row.breakStart !== null
      ? {
          tone: 'break',
          line: `On break since ${clockTime(row.breakStart, timezone)}`,
          time: formatDuration(now - row.breakStart),
        }
      : {
          tone: 'on',
          line: `On shift${row.role ? ` as ${title(row.role)}` : ''} since ${clockTime(row.shiftStart, timezone)}`,
          time: formatDuration(now - row.shiftStart),
        };

  return (
    <section className="k-person" aria-label={`Punch for ${session.name}`}>
      <h2 className="k-hello">Hi {firstName}</h2>
      <div className={`k-status k-status-${status.tone}`} data-testid="person-status">
        <span>{status.line}</span>
        {'time' in status && <span className="k-status-timer">{status.time}</span>}
      </div>
      {error && (
        <p className="k-error" role="alert">
          {error}
        </p>
      )}
      <div className="k-actions">
        {!row && (
          <PunchInButtons roles={session.roles} busy={busy} onPick={(role) => onPunch({ action: 'punch-in', role })} />
        )}
        {row && row.breakStart === null && (
          <button
            type="button"
            className="k-big k-break"
            disabled={busy}
            onClick={() => onPunch({ action: 'break-start' })}
          >
            Start break
          </button>
        )}
        {row && row.breakStart !== null && (
          <button type="button" className="k-big k-go" disabled={busy} onClick={() => onPunch({ action: 'break-end' })}>
            End break
          </button>
        )}
        {row && (
          <button type="button" className="k-big k-danger" disabled={busy} onClick={() => setTips(true)}>
            Punch out
          </button>
        )}
      </div>
      <button type="button" className="k-link" onClick={onDone}>
        Not {firstName}? Back to the PIN pad
      </button>
    </section>
  );
}

function PunchInButtons({ roles, busy, onPick }: { roles: StaffRole[]; busy: boolean; onPick(role: StaffRole): void }) {
  if (roles.length === 0)
    return <p className="k-error">You have no role at this location yet. Ask a manager to add one.</p>;
  return (
    <>
      {roles.length > 1 && <p className="k-hint">Which role are you working?</p>}
      {roles.map((r) => (
        <button
          key={`${r.role}-${r.roleUuid}`}
          type="button"
          className="k-big k-go"
          disabled={busy}
          onClick={() => onPick(r)}
        >
          Punch in as {title(r.role)}
        </button>
      ))}
    </>
  );
}
