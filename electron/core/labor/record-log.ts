// The reader of the labor records kept for managers (the edit audit, the review notes): an
// append-only log whose unreadable lines are taken out, kept aside byte for byte, written to the
// log and reported as a data-health warning in words that say what the lost lines were.
import { join } from 'node:path';
import { AppendLog, reportNewerLog } from './append-log';
import type { DamageSink } from '../storage/data-health';
import type { DataFormat } from '../storage/data-format';

export interface RecordLogWords {
  /** The log line's prefix: "labor audit". */
  logName: string;
  /** One record and several, as a manager calls them: ['record', 'records']. */
  noun: readonly [one: string, many: string];
  /** What they are records of: "of who edited the timesheet". */
  of: string;
}

export interface RecordLogOptions<T> {
  dir: string;
  file: string;
  /** The record, or null for a line it does not accept. */
  parse: (raw: unknown) => T | null;
  words: RecordLogWords;
  log?: (line: string) => void;
  damage?: DamageSink;
  /** Its version and the steps from older ones; default: version 1, no steps. */
  format?: DataFormat;
}

/** Opens the log for appending and returns the records that read. */
export function openRecordLog<T>(options: RecordLogOptions<T>): { log: AppendLog<T>; records: T[] } {
  const { dir, file, words } = options;
  const opened = AppendLog.open(dir, file, options.parse, Date.now, options.format);
  const label = `The ${words.noun[1]} ${words.of}`;
  const newer = reportNewerLog(join(dir, file), opened, label, options.damage);
  if (newer) options.log?.(`${words.logName}: ${newer}`);
  if (opened.damaged) {
    const { keptAs, lines } = opened.damaged;
    const n = lines.length;
    options.log?.(`${words.logName}: ${n} unreadable line(s) taken out; the file as it was is kept as ${keptAs}`);
    options.damage?.({
      severity: 'warning',
      path: join(dir, file),
      keptAs,
      count: n,
      sentence: `${n} ${words.noun[n === 1 ? 0 : 1]} ${words.of} could not be read and ${n === 1 ? 'was' : 'were'} kept aside.`,
      detail: `${n} unreadable line(s) of ${file}; the file as it was is kept as ${keptAs}`,
    });
  }
  return { log: opened.log, records: opened.records };
}
