// The table both punch lists share (punches not on the service yet, punches the venue hub did not
// record on its own): when it was taken, who, which punch, why it is listed, its state, and the two
// things a manager can do with it, the second one confirmed first because it cannot be undone.
import type { ReactNode } from 'react';
import { dayTime } from '../format';

export interface PunchRowAction {
  label: string;
  run: () => void;
  /** Asked before `run`; the action is skipped unless the manager confirms. */
  confirm?: string;
}

export interface PunchRowData {
  key: string;
  capturedAt: number;
  /** The device it came from, in the hub's list only. */
  device?: string;
  name: string;
  punch: ReactNode;
  why: ReactNode;
  /** The technical text behind `why`, as a tooltip. */
  whyDetail?: string | null;
  state: ReactNode;
  bad: boolean;
  /** Present when the manager can act on the row: [the way forward, the one that drops it]. */
  actions: [PunchRowAction, PunchRowAction] | null;
}

export function PunchTable({
  rows,
  timezone,
  busy,
  whyHeading,
  testId,
}: {
  rows: PunchRowData[];
  timezone: string | null;
  busy: boolean;
  whyHeading: string;
  testId: string;
}) {
  const devices = rows.some((r) => r.device !== undefined);
  return (
    <table className="k-table">
      <thead>
        <tr>
          <th>Captured</th>
          {devices && <th>Device</th>}
          <th>Who</th>
          <th>Punch</th>
          <th>{whyHeading}</th>
          <th>State</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} className={r.bad ? 'k-tr-bad' : ''} data-testid={testId}>
            <td>{dayTime(r.capturedAt, timezone)}</td>
            {devices && <td>{r.device}</td>}
            <td>{r.name}</td>
            <td>{r.punch}</td>
            <td className="k-wrap" title={r.whyDetail ?? undefined}>
              {r.why}
            </td>
            <td>{r.state}</td>
            <td className="k-nowrap">
              {r.actions && (
                <>
                  <ActionButton action={r.actions[0]} busy={busy} />{' '}
                  <ActionButton action={r.actions[1]} busy={busy} danger />
                </>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ActionButton({ action, busy, danger = false }: { action: PunchRowAction; busy: boolean; danger?: boolean }) {
  return (
    <button
      type="button"
      className={danger ? 'k-small k-small-danger' : 'k-small'}
      disabled={busy}
      onClick={() => {
        if (action.confirm === undefined || window.confirm(action.confirm)) action.run();
      }}
    >
      {action.label}
    </button>
  );
}
