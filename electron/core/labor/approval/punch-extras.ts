// What a kiosk punch carries beyond the service's entry, kept on the hub as the punch is captured:
// the break's kind (meal or rest), the person's note, and the answer at punch-out to the break
// preset's question. A "no" is a Needs review item (shared/labor-review.ts).
import { AppError } from '../../../../shared/app-error';
import type { PunchInput } from '../../../../shared/labor';
import { attestationFor } from '../../../../shared/labor-period';
import type { LiveRow } from '../board';
import type { Punch } from '../punch';
import type { TimeCardLog } from './time-card-log';

export const NOTE_MAX = 500;

/** Refuses what the kiosk may not send, before anything is captured. */
export function checkExtras(input: PunchInput): void {
  if (input.note !== undefined && input.note.length > NOTE_MAX)
    throw new AppError('invalid', `A note is at most ${NOTE_MAX} characters`, { field: 'note' });
}

export interface CapturedPunch {
  input: PunchInput;
  /** The person's board row before the punch (null before a punch-in). */
  row: LiveRow | null;
  punches: Punch[];
  userId: string;
  name: string;
  breakPreset: string;
  dayOf: (ms: number) => string;
}

export function recordExtras(cards: TimeCardLog, c: CapturedPunch): void {
  const main = c.punches[c.punches.length - 1];
  if (!main) return;
  const who = { userId: c.userId, name: c.name };
  if (main.kind === 'break-start' && main.brk && c.input.breakKind)
    cards.setBreakKind(main.id, main.brk, c.input.breakKind);
  const note = c.input.note?.trim();
  if (note) cards.addNote(main.shift, note, who, main.capturedAt, 'kiosk');
  const question = attestationFor(c.breakPreset);
  if (main.kind === 'shift-end' && c.row && question && c.input.attestation) {
    const open = c.row.breakStart !== null ? Math.max(0, main.capturedAt - c.row.breakStart) : 0;
    const unpaid = (c.row.unpaidBreakMs ?? 0) + open;
    cards.attest({
      id: main.id,
      shift: main.shift,
      userId: c.userId,
      name: c.name,
      day: c.dayOf(c.row.shiftStart),
      at: main.capturedAt,
      question,
      answer: c.input.attestation,
      workedMinutes: Math.max(0, Math.round((main.capturedAt - c.row.shiftStart - unpaid) / 60_000)),
      breakMinutes: Math.round(unpaid / 60_000),
    });
  }
}
