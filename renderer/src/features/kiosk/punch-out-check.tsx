// Before the tips at punch-out: the hours worked and the breaks taken today, the question the
// venue's break preset asks ("did you get your meal and rest breaks?" under California), and an
// optional note for the manager. A "no" goes to the manager's Needs review; the answer is kept
// with the shift on the hub.
import '../approval/approval.css';
import { useState } from 'react';
import type { BoardRow } from '../../../../shared/labor';
import { formatDuration } from '../../../../shared/labor-calc';
import { useKioskText } from '../i18n/use-kiosk-text';
import { NOTE_MAX_CHARS, ShiftNoteField } from './shift-note-field';

export interface PunchOutAnswers {
  attestation?: 'yes' | 'no';
  note?: string;
}

/** Paid time worked and unpaid breaks taken in this shift so far. */
function daySoFar(row: BoardRow, now: number) {
  const open = row.breakStart !== null ? now - row.breakStart : 0;
  const unpaid = (row.unpaidBreakMs ?? 0) + open;
  return { worked: Math.max(0, now - row.shiftStart - unpaid), unpaid };
}

/** The person panel's line: what punch-out will count, before anyone presses it. */
export function DaySoFar({ row, now }: { row: BoardRow; now: number }) {
  const { t } = useKioskText();
  const { worked, unpaid } = daySoFar(row, now);
  return (
    <p className="k-hint" data-testid="day-so-far">
      {t('punchOutCheck.todayLine', {
        worked: formatDuration(worked),
        breaks: formatDuration(unpaid),
        // "Worked" agrees with the minutes shown (Spanish: "1 min trabajado", "0 min trabajados").
        count: Math.floor(worked / 60_000),
      })}
    </p>
  );
}

export function PunchOutCheck({
  row,
  now,
  asks,
  onNext,
  onBack,
}: {
  row: BoardRow;
  now: number;
  /** The preset asks about breaks. */
  asks: boolean;
  onNext(answers: PunchOutAnswers): void;
  onBack(): void;
}) {
  const { t } = useKioskText();
  const [answer, setAnswer] = useState<'yes' | 'no' | null>(null);
  const [note, setNote] = useState('');
  const { worked, unpaid } = daySoFar(row, now);
  const ready = !asks || answer !== null;
  return (
    <section className="k-punch-out-check" aria-label={t('punchOutCheck.title')} data-testid="punch-out-check">
      <h2 className="k-pad-title">{t('punchOutCheck.title')}</h2>
      <dl className="k-summary">
        <div>
          <dt>{t('punchOutCheck.worked')}</dt>
          <dd data-testid="worked-today">{formatDuration(worked)}</dd>
        </div>
        <div>
          <dt>{t('punchOutCheck.breaks')}</dt>
          <dd data-testid="breaks-today">{formatDuration(unpaid)}</dd>
        </div>
      </dl>
      {asks && (
        <fieldset className="k-attest">
          <legend>{t('punchOutCheck.question')}</legend>
          <div className="k-row">
            <button
              type="button"
              className={`k-big ${answer === 'yes' ? 'k-go' : 'k-secondary'}`}
              aria-pressed={answer === 'yes'}
              onClick={() => setAnswer('yes')}
            >
              {t('punchOutCheck.yes')}
            </button>
            <button
              type="button"
              className={`k-big ${answer === 'no' ? 'k-danger' : 'k-secondary'}`}
              aria-pressed={answer === 'no'}
              onClick={() => setAnswer('no')}
            >
              {t('punchOutCheck.no')}
            </button>
          </div>
          {answer === 'no' && <p className="k-hint">{t('punchOutCheck.noHint')}</p>}
        </fieldset>
      )}
      <ShiftNoteField value={note} onChange={setNote} />
      <div className="k-row">
        <button type="button" className="k-big k-secondary" onClick={onBack}>
          {t('punchOutCheck.back')}
        </button>
        <button
          type="button"
          className="k-big k-neutral"
          disabled={!ready}
          onClick={() =>
            onNext({
              ...(asks && answer ? { attestation: answer } : {}),
              ...(note.trim() ? { note: note.trim().slice(0, NOTE_MAX_CHARS) } : {}),
            })
          }
        >
          {t('punchOutCheck.next')}
        </button>
      </div>
    </section>
  );
}
