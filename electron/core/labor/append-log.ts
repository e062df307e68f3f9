// A durable append-only JSON-lines file: append() returns only after the line is fsynced, so
// whatever the caller acknowledges survives a power cut or kill -9. A crash can only tear the
// last line; open() takes a torn or unreadable line out and rewrites the file before anything new
// is appended (otherwise the next record would be glued onto the torn one), after keeping the
// file as it was byte for byte (`<file>.damaged-<time>`), so nothing is ever only deleted.
// Versions (storage/data-format.ts): a log whose format is past version 1 starts with a header
// line `{"format", "version", "writtenBy"}`; a log without one is version 1, which is why a
// version 1 log is written without it (the releases before versions read every line as a
// record). An older log is upgraded (its records through the steps) and rewritten, the original
// kept beside it first; a newer one is left as it is, read as empty, and refuses every write.
import { fsyncDir } from '../storage/fsync-dir';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { basename, join } from 'node:path';
import { keepDamagedCopy } from '../storage/damaged-copy';
import type { DamageSink } from '../storage/data-health';
import { AppError } from '../../../shared/app-error';
import {
  checkVersion,
  defineFormat,
  logHeader,
  newerSentence,
  readLogHeader,
  upgrade,
  type DataFormat,
} from '../storage/data-format';
import { keepBeforeUpgrade, newerReport } from '../storage/newer-files';

export interface OpenedLog<T> {
  log: AppendLog<T>;
  records: T[];
  /** Lines that could not be read (a torn tail, or damage); they are out of the file now. */
  dropped: number;
  /** Set when lines were taken out: the file as it was, kept aside, and what was unreadable. */
  damaged: DamagedLines | null;
  /** The file existed but held nothing at all. */
  wasEmpty: boolean;
  existed: boolean;
  /** A newer release wrote it: nothing was read, and the log refuses every write. */
  newer: { version: number; writtenBy: string | null } | null;
  /** It was of an older version: upgraded and rewritten, the original kept as `keptAs`. */
  upgraded: { from: number; keptAs: string } | null;
}

export interface DamagedLines {
  keptAs: string;
  /** The first 200 characters of each unreadable line, in file order (for counting what they were). */
  lines: string[];
  /** Only the last line was unreadable and it had no newline: a write cut off by a crash. */
  tornTailOnly: boolean;
}

export class AppendLog<T> {
  private fd: number | null;
  /** Set on a log a newer release wrote: why it is never written. */
  private refusal: string | null = null;

  private constructor(
    private readonly dir: string,
    private readonly path: string,
    private readonly format: DataFormat,
    readOnly = false,
  ) {
    this.fd = readOnly ? null : openSync(path, 'a', 0o600);
  }

  /** Reads every intact record (`parse` returns null for one it does not accept) and opens for appending. */
  static open<T>(
    dir: string,
    name: string,
    parse: (raw: unknown) => T | null,
    now: () => number = Date.now,
    format: DataFormat = defineFormat(name),
  ): OpenedLog<T> {
    mkdirSync(dir, { recursive: true });
    const path = join(dir, name);
    const existed = existsSync(path);
    const text = existed ? readFileSync(path, 'utf8') : '';
    const lines = text.split('\n');
    // The last piece is '' when the file ends with a newline; anything else is a torn write.
    const tail = lines.pop() ?? '';
    const header = lines.length > 0 ? readLogHeader(parseOrNull(lines[0])) : null;
    if (header) lines.shift();
    const check = checkVersion(format, header?.version ?? 1, header?.writtenBy ?? null);
    if (check.state === 'newer') {
      const log = new AppendLog<T>(dir, path, format, true);
      log.refusal = newerSentence(name, check);
      const newer = { version: check.version, writtenBy: check.writtenBy };
      return { log, records: [], dropped: 0, damaged: null, wasEmpty: false, existed, newer, upgraded: null };
    }
    const from = check.state === 'older' ? check.from : null;
    const { records, unreadable } =
      from === null ? readLines(lines, parse) : readOlderLines(lines, parse, format, from);
    const tornTailOnly = tail.length > 0 && unreadable.length === 0;
    if (tail.length > 0) unreadable.push(tail.slice(0, 200));
    // Kept before the rewrite takes anything out of the file.
    const damaged =
      unreadable.length > 0 ? { keptAs: keepDamagedCopy(path, now()), lines: unreadable, tornTailOnly } : null;
    const upgraded = from === null ? null : { from, keptAs: keepBeforeUpgrade(path, from, now()) };
    const log = new AppendLog<T>(dir, path, format);
    if (damaged || upgraded || (format.version > 1 && text.length === 0)) log.rewrite(records);
    else if (!existed) fsyncDir(dir);
    return {
      log,
      records,
      dropped: unreadable.length,
      damaged,
      wasEmpty: existed && text.length === 0,
      existed,
      newer: null,
      upgraded,
    };
  }

  /** Why this log is never written (a newer release wrote it), or null. */
  get readOnly(): string | null {
    return this.refusal;
  }

  append(record: T): void {
    this.appendMany([record]);
  }

  /** Several records with one fsync (all or, after a crash, a prefix of them). */
  appendMany(records: T[]): void {
    this.refuseIfNewer();
    if (this.fd === null) throw new Error('The log is closed');
    writeSync(this.fd, records.map((r) => `${JSON.stringify(r)}\n`).join(''));
    fsyncSync(this.fd);
  }

  /** Replaces the whole file atomically (temp file, fsync, rename, fsync the folder). */
  rewrite(records: T[]): void {
    this.refuseIfNewer();
    const temp = `${this.path}.${process.pid}.tmp`;
    const fd = openSync(temp, 'w', 0o600);
    const lines = this.format.version > 1 ? [logHeader(this.format), ...records] : records;
    try {
      writeSync(fd, lines.map((r) => `${JSON.stringify(r)}\n`).join(''));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (this.fd !== null) closeSync(this.fd);
    renameSync(temp, this.path);
    fsyncDir(this.dir);
    this.fd = openSync(this.path, 'a', 0o600);
  }

  get closed(): boolean {
    return this.fd === null;
  }

  private refuseIfNewer(): void {
    if (this.refusal !== null) throw new AppError('data-damaged', this.refusal, { file: basename(this.path) });
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}

/** Each line's record, or the line's start where it is unreadable, in file order. */
function readLines<T>(lines: string[], parse: (raw: unknown) => T | null): { records: T[]; unreadable: string[] } {
  const records: T[] = [];
  const unreadable: string[] = [];
  for (const line of lines) {
    if (line.trim() === '') continue;
    const record = parseRecord(parseOrNull(line), parse);
    if (record === null) unreadable.push(line.slice(0, 200));
    else records.push(record);
  }
  return { records, unreadable };
}

/**
 * The records of an older log, brought to the current version: a step takes and returns the list
 * of parsed lines. A step that fails leaves no line readable (the file as it was is kept aside).
 */
function readOlderLines<T>(
  lines: string[],
  parse: (raw: unknown) => T | null,
  format: DataFormat,
  from: number,
): { records: T[]; unreadable: string[] } {
  const unreadable: string[] = [];
  const values: unknown[] = [];
  for (const line of lines) {
    if (line.trim() === '') continue;
    const value = parseOrNull(line);
    if (value === null) unreadable.push(line.slice(0, 200));
    else values.push(value);
  }
  let upgraded: unknown;
  try {
    upgraded = upgrade(format, values, from);
  } catch {
    upgraded = null;
  }
  if (!Array.isArray(upgraded)) {
    return { records: [], unreadable: lines.filter((l) => l.trim() !== '').map((l) => l.slice(0, 200)) };
  }
  const records: T[] = [];
  for (const value of upgraded) {
    const record = parseRecord(value, parse);
    if (record === null) unreadable.push(JSON.stringify(value).slice(0, 200));
    else records.push(record);
  }
  return { records, unreadable };
}

function parseOrNull(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return null;
  }
}

function parseRecord<T>(value: unknown, parse: (raw: unknown) => T | null): T | null {
  if (value === null) return null;
  try {
    return parse(value);
  } catch {
    return null;
  }
}

/** A log a newer release wrote: an error notice that says which release, and that it is left as it is. */
export function reportNewerLog(
  path: string,
  opened: OpenedLog<unknown>,
  label: string,
  damage: DamageSink | undefined,
): string | null {
  if (!opened.newer) return null;
  const sentence = newerSentence(label, opened.newer);
  damage?.(
    newerReport(
      path,
      sentence,
      `${path} is`,
      opened.newer,
      'nothing of it was read, and it is not written while this release runs',
    ),
  );
  return sentence;
}

/** What a log is, in plain words, and what a lost line of it means to a manager. */
export interface LogWords {
  label: string;
  consequence: string;
}

/** Reports the lines open() took out (kept aside in the copy) to the data-health notices. */
export function reportDamagedLines(
  path: string,
  opened: OpenedLog<unknown>,
  words: LogWords,
  damage: DamageSink | undefined,
): void {
  reportNewerLog(path, opened, words.label, damage);
  if (!opened.damaged) return;
  const { keptAs, lines } = opened.damaged;
  const count = lines.length === 1 ? '1 line' : `${lines.length} lines`;
  damage?.({
    severity: 'error',
    path,
    keptAs,
    count: lines.length,
    sentence: `${words.label} had ${count} that could not be read. ${words.consequence} The file as it was is kept aside.`,
    detail: `${lines.length} unreadable line(s) in ${path}; the file as it was is kept as ${keptAs}`,
  });
}
