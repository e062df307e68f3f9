// Who is on shift and who is on break, with running timers and the alerts a manager acts on
// (break due, break running long, overtime). Fed by the core: the service's open entries plus
// this kiosk's punches not yet sent, which are marked.
import { useRef } from 'react';
import type { BoardView, LaborSettings } from '../../../../shared/labor';
import { computeAlerts, formatDuration, type LaborAlert } from '../../../../shared/labor-calc';
import { clockTime } from './format';
import { useNow } from './use-now';
import { DamagedHere, SHOWN_FROM } from '../../components/damaged-here';
import { OvertimeBadge } from './overtime-badge';
import { boardOvertime } from '../../../../shared/labor-rules/board-overtime';

const ALERT_TEXT: Record<LaborAlert['kind'], (a: LaborAlert) => string> = {
  'break-due': (a) => `Break due (${formatDuration(a.elapsedMs)} without one)`,
  'break-long': (a) => `Break running long (${formatDuration(a.elapsedMs)})`,
  'overtime-soon': () => 'Overtime soon',
  overtime: (a) => `Overtime (${formatDuration(a.elapsedMs)} on shift)`,
};

export function LiveBoard({
  board,
  settings,
  timezone,
  offline,
}: {
  board: BoardView;
  settings: LaborSettings;
  timezone: string | null;
  offline: boolean;
}) {
  const now = useNow();
  // Overtime follows the venue's rules (OvertimeBadge); the alerts here are the break ones.
  const alerts = computeAlerts(board.rows, settings, now).filter(
    (a) => a.kind !== 'overtime' && a.kind !== 'overtime-soon',
  );
  const byUser = new Map<string, LaborAlert[]>();
  for (const a of alerts) byUser.set(a.userId, [...(byUser.get(a.userId) ?? []), a]);
  const onBreak = board.rows.filter((r) => r.breakStart !== null).length;
  // "yet" is only true before anyone came: once someone was on the board, an empty board means they left.
  const someoneWasHere = useRef(false);
  if (board.rows.length > 0) someoneWasHere.current = true;

  return (
    <section className="k-board" aria-label="Who is on shift">
      <header className="k-board-head">
        <h2>
          On shift <span className="k-count">{board.rows.length}</span>
          {onBreak > 0 && <span className="k-count k-count-break">{onBreak} on break</span>}
        </h2>
        <span className={board.error || offline ? 'k-board-note bad' : 'k-board-note'}>
          {board.error || offline
            ? `Service offline: this kiosk’s punches on top of the last update${board.fetchedAt ? ` (${clockTime(board.fetchedAt, timezone)})` : ''}`
            : board.fetchedAt
              ? `Updated ${clockTime(board.fetchedAt, timezone)}`
              : 'Not loaded from the service yet'}
        </span>
      </header>
      <DamagedHere
        files={SHOWN_FROM.board}
        className="k-damaged"
        meaning="Some saved punches could not be read: this board may be missing people. Tell a manager."
      />
      {board.rows.length === 0 ? (
        <p className="k-empty" data-testid="board-empty">
          {someoneWasHere.current ? 'Everyone has punched out.' : 'Nobody is on shift right now.'}
        </p>
      ) : (
        <ul className="k-board-list">
          {board.rows.map((row) => {
            const rowAlerts = byUser.get(row.userId) ?? [];
            const tone =
              row.breakStart !== null ? 'break' : boardOvertime(row, settings, now)?.when === 'now' ? 'alert' : 'on';
            return (
              <li
                key={row.userId}
                className={`k-board-row k-row-${tone}`}
                data-testid="board-row"
                data-user={row.userId}
              >
                <div className="k-board-who">
                  <span className="k-board-name">{row.name}</span>
                  <span className="k-board-role">{row.role ?? ''}</span>
                </div>
                <div className="k-board-time">
                  {row.breakStart !== null ? (
                    <>
                      <span className="k-board-break">On break {formatDuration(now - row.breakStart)}</span>
                      <span className="k-board-sub">on shift {formatDuration(now - row.shiftStart)}</span>
                    </>
                  ) : (
                    <>
                      <span className="k-board-timer">{formatDuration(now - row.shiftStart)}</span>
                      <span className="k-board-sub">since {clockTime(row.shiftStart, timezone)}</span>
                    </>
                  )}
                </div>
                <div className="k-board-flags">
                  <OvertimeBadge row={row} settings={settings} timezone={timezone} now={now} />
                  {rowAlerts.map((a) => (
                    <span key={a.kind} className={`k-badge k-alert-${a.kind}`}>
                      {ALERT_TEXT[a.kind](a)}
                    </span>
                  ))}
                  {row.pending && <span className="k-badge k-badge-pending">not synced yet</span>}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
