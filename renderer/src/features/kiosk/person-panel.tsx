// After someone identified: who they are, where they stand (with a running timer), and only the
// actions that make sense now: punch in (with a role), start or end a break, punch out. A punch
// whose outcome is unknown keeps every punch button off until "Check again" decides it.
import { useState } from 'react';
import { UnknownOutcome } from '../../components/unknown-outcome';
import type { BoardRow, PunchInput, StaffRole, StaffSession } from '../../../../shared/labor';
import { formatDuration } from '../../../../shared/labor-calc';
import { useKioskText } from '../i18n/use-kiosk-text';
import { TipsKeypad } from './tips-keypad';
import { useNow } from './use-now';
import { attestationFor } from '../../../../shared/labor-period';
import { BreakKindPicker } from './break-kind-picker';
import { DaySoFar, PunchOutCheck, type PunchOutAnswers } from './punch-out-check';
import { ShiftNoteField } from './shift-note-field';
import { roleName } from './role-name';

export interface PersonPanelProps {
  session: StaffSession;
  row: BoardRow | null;
  timezone: string | null;
  busy: boolean;
  error: string | null;
  onPunch(input: Omit<PunchInput, 'punchId'>): void;
  /** The last punch's outcome is unknown: `onCheck` sends that punch again with its own id. */
  unknown?: { detail: string | null; checkedAt: string | null; onCheck(): void } | null;
  onDone(): void;
  /** The venue's break preset: what punch-out asks ("did you get your breaks?"). */
  breakPreset?: string;
}

export function PersonPanel({
  session,
  row,
  timezone,
  busy: working,
  error,
  onPunch,
  unknown = null,
  onDone,
  breakPreset = 'none',
}: PersonPanelProps) {
  const now = useNow();
  const { t, time, language } = useKioskText();
  const [tips, setTips] = useState(false);
  const firstName = session.name.split(' ')[0];
  const busy = working || unknown !== null;
  // Punch-out first shows the day and asks the preset's question; a break first asks its kind.
  const [answers, setAnswers] = useState<PunchOutAnswers | null>(null);
  const [checking, setChecking] = useState(false);
  const [choosingBreak, setChoosingBreak] = useState(false);
  const [note, setNote] = useState('');

  if (tips && row && !unknown) {
    return (
      <TipsKeypad
        busy={busy}
        error={error}
        onBack={() => setTips(false)}
        onConfirm={(cents, card) =>
          onPunch({
            action: 'punch-out',
            declaredTipsCents: cents,
            ...(card > 0 ? { tipsCardCents: card } : {}),
            ...answers,
          })
        }
      />
    );
  }
  if (checking && row && !unknown)
    return (
      <PunchOutCheck
        row={row}
        now={now}
        asks={attestationFor(breakPreset) !== null}
        onBack={() => setChecking(false)}
        onNext={(given) => {
          setAnswers(given);
          setChecking(false);
          setTips(true);
        }}
      />
    );
  if (choosingBreak && row && row.breakStart === null && !unknown)
    return (
      <BreakKindPicker
        busy={busy}
        onBack={() => setChoosingBreak(false)}
        onPick={(breakKind, breakPaid) => onPunch({ action: 'break-start', breakKind, breakPaid })}
      />
    );

  const status = !row
    ? { tone: 'off', line: t('person.notOnShift') }
    : row.breakStart !== null
      ? {
          tone: 'break',
          line: t('person.onBreakSince', { time: time(row.breakStart, timezone) }),
          time: formatDuration(now - row.breakStart),
        }
      : {
          tone: 'on',
          line: row.role
            ? t('person.onShiftAsSince', { role: roleName(row.role, language), time: time(row.shiftStart, timezone) })
            : t('person.onShiftSince', { time: time(row.shiftStart, timezone) }),
          time: formatDuration(now - row.shiftStart),
        };

  return (
    <section className="k-person" aria-label={t('person.label', { name: session.name })}>
      <h2 className="k-hello">{t('person.hello', { name: firstName })}</h2>
      <div className={`k-status k-status-${status.tone}`} data-testid="person-status">
        <span>{status.line}</span>
        {'time' in status && <span className="k-status-timer">{status.time}</span>}
      </div>
      {row && <DaySoFar row={row} now={now} />}
      {unknown ? (
        <UnknownOutcome
          words={{
            title: t('unknownPunch.title'),
            text: t('unknownPunch.text'),
            check: t('unknownPunch.check'),
            checking: t('unknownPunch.checking'),
            details: t('failed.details'),
          }}
          checked={unknown.checkedAt ? t('unknownPunch.checked', { time: unknown.checkedAt }) : null}
          detail={unknown.detail}
          busy={working}
          onCheck={unknown.onCheck}
          buttonClass="k-big"
        />
      ) : (
        error && (
          <p className="k-error" role="alert">
            {error}
          </p>
        )
      )}
      <div className="k-actions">
        {!row && (
          <PunchInButtons
            roles={session.roles}
            busy={busy}
            onPick={(role) => onPunch({ action: 'punch-in', role, ...(note.trim() ? { note: note.trim() } : {}) })}
          />
        )}
        {!row && session.roles.length > 0 && <ShiftNoteField value={note} onChange={setNote} />}
        {row && row.breakStart === null && (
          <button type="button" className="k-big k-break" disabled={busy} onClick={() => setChoosingBreak(true)}>
            {t('person.startBreak')}
          </button>
        )}
        {row && row.breakStart !== null && (
          <button type="button" className="k-big k-go" disabled={busy} onClick={() => onPunch({ action: 'break-end' })}>
            {t('person.endBreak')}
          </button>
        )}
        {row && (
          <button
            type="button"
            className="k-big k-danger"
            disabled={busy}
            onClick={() => (attestationFor(breakPreset) !== null ? setChecking(true) : setTips(true))}
          >
            {t('person.punchOut')}
          </button>
        )}
      </div>
      <button type="button" className="k-link" onClick={onDone}>
        {t('person.notMe', { name: firstName })}
      </button>
    </section>
  );
}

function PunchInButtons({ roles, busy, onPick }: { roles: StaffRole[]; busy: boolean; onPick(role: StaffRole): void }) {
  const { t, language } = useKioskText();
  if (roles.length === 0) return <p className="k-error">{t('person.noRole')}</p>;
  return (
    <>
      {roles.length > 1 && <p className="k-hint">{t('person.whichRole')}</p>}
      {roles.map((r) => (
        <button
          key={`${r.role}-${r.roleUuid}`}
          type="button"
          className="k-big k-go"
          disabled={busy}
          onClick={() => onPick(r)}
        >
          {t('person.punchInAs', { role: roleName(r.role, language) })}
        </button>
      ))}
    </>
  );
}
