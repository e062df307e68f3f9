// Who is on shift and who is on break, with running timers and the alerts a manager acts on
// (break due, break running long, overtime). Fed by the core: the service's open entries plus
// this kiosk's punches not yet sent, which are marked, and punch-ins parked for a manager, marked
// as not confirmed.
import { useState } from 'react';
import type { BoardView, LaborSettings } from '../../../../shared/labor';
import { computeAlerts, formatDuration, type LaborAlert } from '../../../../shared/labor-calc';
import { useKioskText, type KioskText } from '../i18n/use-kiosk-text';
import { useNow } from './use-now';
import { DamagedHere, SHOWN_FROM } from '../../components/damaged-here';
import { OvertimeBadge } from './overtime-badge';
import { roleName } from './role-name';
import { boardOvertime } from '../../../../shared/labor-rules/board-overtime';
import { ScheduleAlerts } from '../schedule/schedule-alerts';

const ALERT_TEXT: Record<LaborAlert['kind'], (a: LaborAlert, t: KioskText['t']) => string> = {
  'break-due': (a, t) => t('board.breakDue', { duration: formatDuration(a.elapsedMs) }),
  'break-long': (a, t) => t('board.breakLong', { duration: formatDuration(a.elapsedMs) }),
  'overtime-soon': (_a, t) => t('board.overtimeSoon'),
  overtime: (a, t) => t('board.overtime', { duration: formatDuration(a.elapsedMs) }),
};

export function LiveBoard({
  board,
  settings,
  timezone,
  offline,
  parked = 0,
}: {
  board: BoardView;
  settings: LaborSettings;
  timezone: string | null;
  offline: boolean;
  /** Punches parked for a manager (refused, or waiting on a refused one): the board is not the whole story. */
  parked?: number;
}) {
  const now = useNow();
  const { t, time, language } = useKioskText();
  // Overtime follows the venue's rules (OvertimeBadge); the alerts here are the break ones.
  const alerts = computeAlerts(board.rows, settings, now).filter(
    (a) => a.kind !== 'overtime' && a.kind !== 'overtime-soon',
  );
  const byUser = new Map<string, LaborAlert[]>();
  for (const a of alerts) byUser.set(a.userId, [...(byUser.get(a.userId) ?? []), a]);
  const onBreak = board.rows.filter((r) => r.breakStart !== null).length;
  // "yet" is only true before anyone came: once someone was on the board, an empty board means they left.
  // State, not a ref: what the screen shows must come from what React knows (set once, while drawing).
  const [someoneWasHere, setSomeoneWasHere] = useState(false);
  if (board.rows.length > 0 && !someoneWasHere) setSomeoneWasHere(true);

  return (
    <section className="k-board" aria-label={t('board.label')}>
      <header className="k-board-head">
        <h2>
          {t('board.onShift')} <span className="k-count">{board.rows.length}</span>
          {onBreak > 0 && <span className="k-count k-count-break">{t('board.onBreakCount', { count: onBreak })}</span>}
        </h2>
        <span className={board.error || offline ? 'k-board-note bad' : 'k-board-note'}>
          {board.error || offline
            ? board.fetchedAt
              ? t('board.offlineAt', { time: time(board.fetchedAt, timezone) })
              : t('board.offline')
            : board.fetchedAt
              ? t('board.updated', { time: time(board.fetchedAt, timezone) })
              : t('board.notLoaded')}
        </span>
      </header>
      <DamagedHere files={SHOWN_FROM.board} className="k-damaged" meaning={t('board.damaged')} />
      <ScheduleAlerts timezone={timezone} />
      {board.rows.length === 0 ? (
        <p className="k-empty" data-testid="board-empty">
          {/* A parked punch may be someone's shift: never "everyone has punched out" while one is. */}
          {parked > 0 ? t('board.notConfirmed') : someoneWasHere ? t('board.allOut') : t('board.nobody')}
        </p>
      ) : (
        <ul className="k-board-list">
          {board.rows.map((row) => {
            const rowAlerts = byUser.get(row.userId) ?? [];
            const tone = row.parked
              ? 'parked'
              : row.breakStart !== null
                ? 'break'
                : boardOvertime(row, settings, now)?.when === 'now'
                  ? 'alert'
                  : 'on';
            return (
              <li
                key={row.userId}
                className={`k-board-row k-row-${tone}`}
                data-testid="board-row"
                data-user={row.userId}
              >
                <div className="k-board-who">
                  <span className="k-board-name">{row.name}</span>
                  <span className="k-board-role">{roleName(row.role, language)}</span>
                </div>
                <div className="k-board-time">
                  {row.breakStart !== null ? (
                    <>
                      <span className="k-board-break">
                        {t('board.onBreakFor', { duration: formatDuration(now - row.breakStart) })}
                      </span>
                      <span className="k-board-sub">
                        {t('board.onShiftFor', { duration: formatDuration(now - row.shiftStart) })}
                      </span>
                    </>
                  ) : (
                    <>
                      <span className="k-board-timer">{formatDuration(now - row.shiftStart)}</span>
                      <span className="k-board-sub">{t('board.since', { time: time(row.shiftStart, timezone) })}</span>
                    </>
                  )}
                </div>
                <div className="k-board-flags">
                  <OvertimeBadge row={row} settings={settings} timezone={timezone} now={now} />
                  {rowAlerts.map((a) => (
                    <span key={a.kind} className={`k-badge k-alert-${a.kind}`}>
                      {ALERT_TEXT[a.kind](a, t)}
                    </span>
                  ))}
                  {row.parked ? (
                    <span className="k-badge k-badge-parked" data-testid="board-parked">
                      {t('board.parked')}
                    </span>
                  ) : (
                    row.pending && <span className="k-badge k-badge-pending">{t('board.notSynced')}</span>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
