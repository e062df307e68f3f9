// What the outbox says when its file was damaged: how many punches (and status notes) could not be
// read, where the file as it was is kept, and an empty or missing outbox that should have held
// punches. Counted from the unreadable lines themselves, so the number is exact.
import { reportNewerLog, type OpenedLog } from './append-log';
import type { DamageSink } from '../storage/data-health';

const PUNCH_LINE = /"t"\s*:\s*"punch"/;
const NOTE_LINE = /"t"\s*:\s*"(head|attempt|unsure|done|failed|retry|discard)"/;

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function reportOutboxDamage(
  path: string,
  opened: OpenedLog<unknown>,
  expected: boolean,
  damage: DamageSink | undefined,
): string | null {
  const newer = reportNewerLog(path, opened, 'The punch outbox', damage);
  if (newer) return `labor outbox: ${newer}`;
  if (opened.damaged) {
    const { keptAs, lines, tornTailOnly } = opened.damaged;
    const punches = lines.filter((l) => PUNCH_LINE.test(l)).length;
    const notes = lines.filter((l) => NOTE_LINE.test(l)).length;
    // Garbage says nothing about what it was: counted as lines, never guessed to be notes.
    const unknown = lines.length - punches - notes;
    if (tornTailOnly) {
      // A power cut mid-write looks the same as a file cut short: say both, never "nothing lost".
      const sentence =
        'The punch outbox ended in a cut-off line (the computer stopped while saving, or the file was cut short). It was kept aside; check the timesheet for punches that may be missing.';
      damage?.({
        key: 'torn',
        severity: 'warning',
        path,
        keptAs,
        count: lines.length,
        sentence,
        detail: `torn last line of ${path}; the file as it was is kept as ${keptAs}`,
      });
      return `labor outbox: a torn last line (a write cut off by a crash) was taken out; the file as it was is kept as ${keptAs}`;
    }
    const what = [
      punches > 0 ? plural(punches, 'punch', 'punches') : null,
      notes > 0 ? plural(notes, 'status note', 'status notes') : null,
      unknown > 0 ? `${plural(unknown, 'line', 'lines')} that may each have been a punch` : null,
    ]
      .filter(Boolean)
      .join(' and ');
    const sentence = `${what} in the punch outbox could not be read and ${lines.length === 1 ? 'was' : 'were'} kept aside; check the timesheet for shifts that may be missing.`;
    damage?.({
      key: 'lines',
      severity: 'warning',
      path,
      keptAs,
      count: lines.length,
      sentence,
      detail: `${lines.length} unreadable line(s) of ${path}; the file as it was is kept as ${keptAs}`,
    });
    return `labor outbox: ${what} could not be read; the file as it was is kept as ${keptAs}`;
  }
  if (opened.wasEmpty) {
    const sentence =
      'The punch outbox was found empty: punches not yet sent to the service may be lost. Check the timesheet.';
    damage?.({
      key: 'empty',
      severity: 'warning',
      path,
      keptAs: null,
      count: null,
      sentence,
      detail: `${path} had zero bytes (a healthy outbox always starts with a header line)`,
    });
    return `labor outbox: ${path} was empty (it always holds a header line); punches not yet sent may be lost`;
  }
  if (!opened.existed && expected) {
    const sentence =
      'The punch outbox was missing: punches not yet sent to the service may be lost. Check the timesheet.';
    damage?.({
      key: 'missing',
      severity: 'warning',
      path,
      keptAs: null,
      count: null,
      sentence,
      detail: `${path} was missing although this kiosk had been set up before`,
    });
    return `labor outbox: ${path} was missing although the kiosk had been set up; punches not yet sent may be lost`;
  }
  return null;
}
