// A durable append-only JSON-lines file: append() returns only after the line is fsynced, so
// whatever the caller acknowledges survives a power cut or kill -9. A crash can only tear the
// last line; open() takes a torn or unreadable line out and rewrites the file before anything new
// is appended (otherwise the next record would be glued onto the torn one), after keeping the
// file as it was byte for byte (`<file>.damaged-<time>`), so nothing is ever only deleted.
import { fsyncDir } from '../storage/fsync-dir';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { keepDamagedCopy } from '../storage/damaged-copy';
import type { DamageSink } from '../storage/data-health';

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

  private constructor(
    private readonly dir: string,
    private readonly path: string,
  ) {
    this.fd = openSync(path, 'a', 0o600);
  }

  /** Reads every intact record (`parse` returns null for one it does not accept) and opens for appending. */
  static open<T>(
    dir: string,
    name: string,
    parse: (raw: unknown) => T | null,
    now: () => number = Date.now,
  ): OpenedLog<T> {
    mkdirSync(dir, { recursive: true });
    const path = join(dir, name);
    const existed = existsSync(path);
    const text = existed ? readFileSync(path, 'utf8') : '';
    const lines = text.split('\n');
    // The last piece is '' when the file ends with a newline; anything else is a torn write.
    const tail = lines.pop() ?? '';
    const unreadable: string[] = [];
    const records: T[] = [];
    for (const line of lines) {
      if (line.trim() === '') continue;
      let record: T | null;
      try {
        record = parse(JSON.parse(line));
      } catch {
        record = null;
      }
      if (record === null) unreadable.push(line.slice(0, 200));
      else records.push(record);
    }
    const tornTailOnly = tail.length > 0 && unreadable.length === 0;
    if (tail.length > 0) unreadable.push(tail.slice(0, 200));
    // Kept before the rewrite takes anything out of the file.
    const damaged =
      unreadable.length > 0 ? { keptAs: keepDamagedCopy(path, now()), lines: unreadable, tornTailOnly } : null;
    const log = new AppendLog<T>(dir, path);
    if (damaged) log.rewrite(records);
    else if (!existed) fsyncDir(dir);
    return { log, records, dropped: unreadable.length, damaged, wasEmpty: existed && text.length === 0, existed };
  }

  append(record: T): void {
    this.appendMany([record]);
  }

  /** Several records with one fsync (all or, after a crash, a prefix of them). */
  appendMany(records: T[]): void {
    if (this.fd === null) throw new Error('The log is closed');
    writeSync(this.fd, records.map((r) => `${JSON.stringify(r)}\n`).join(''));
    fsyncSync(this.fd);
  }

  /** Replaces the whole file atomically (temp file, fsync, rename, fsync the folder). */
  rewrite(records: T[]): void {
    const temp = `${this.path}.${process.pid}.tmp`;
    const fd = openSync(temp, 'w', 0o600);
    try {
      writeSync(fd, records.map((r) => `${JSON.stringify(r)}\n`).join(''));
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

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
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
