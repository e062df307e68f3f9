// A durable append-only JSON-lines file: append() returns only after the line is fsynced, so
// whatever the caller acknowledges survives a power cut or kill -9. A crash can only tear the
// last line; open() drops a torn or unreadable line and rewrites the file before anything new is
// appended (otherwise the next record would be glued onto the torn one).
import { fsyncDir } from '../storage/fsync-dir';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export interface OpenedLog<T> {
  log: AppendLog<T>;
  records: T[];
  /** Lines that could not be read (a torn tail, or damage); they are gone from the file now. */
  dropped: number;
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
  static open<T>(dir: string, name: string, parse: (raw: unknown) => T | null): OpenedLog<T> {
    mkdirSync(dir, { recursive: true });
    const path = join(dir, name);
    const existed = existsSync(path);
    const text = existed ? readFileSync(path, 'utf8') : '';
    const lines = text.split('\n');
    // The last piece is '' when the file ends with a newline; anything else is a torn write.
    const tail = lines.pop() ?? '';
    let dropped = tail.length > 0 ? 1 : 0;
    const records: T[] = [];
    for (const line of lines) {
      if (line.trim() === '') continue;
      let record: T | null;
      try {
        record = parse(JSON.parse(line));
      } catch {
        record = null;
      }
      if (record === null) dropped += 1;
      else records.push(record);
    }
    const log = new AppendLog<T>(dir, path);
    if (dropped > 0) log.rewrite(records);
    else if (!existed) fsyncDir(dir);
    return { log, records, dropped };
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
