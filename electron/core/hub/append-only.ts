// A small append-only file of JSON lines, fsynced per line: what a satellite queues and what the
// hub has accepted must survive a power cut the moment the call returns. A line that cannot be
// read (a torn tail cut mid-write, or damage) never costs the lines around it, and is never
// dropped unseen: the file as it was is kept aside byte for byte, the damage reported to the
// data-health notices, and the file rewritten with the lines that read.
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { keepDamagedCopy } from '../storage/damaged-copy';
import type { DamageSink } from '../storage/data-health';
import { fsyncDir } from '../storage/fsync-dir';

export interface ReadLinesOptions<T> {
  /** Whether a parsed value is a record of this file; one that is not counts as damaged. */
  valid: (value: unknown) => value is T;
  /** What the file is, in plain words, and what a lost line of it means. */
  label: string;
  consequence: string;
  damage?: DamageSink;
  now?: () => number;
  log?: (line: string) => void;
}

export function readLines<T>(path: string, options: ReadLinesOptions<T>): T[] {
  if (!existsSync(path)) return [];
  const bytes = readFileSync(path);
  const out: T[] = [];
  const good: Buffer[] = [];
  let damaged = 0;
  let start = 0;
  while (start < bytes.length) {
    const end = bytes.indexOf(0x0a, start);
    const stop = end < 0 ? bytes.length : end;
    const raw = bytes.subarray(start, stop);
    start = stop + 1;
    const text = raw.toString('utf8');
    if (!text.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      damaged += 1;
      continue;
    }
    if (!options.valid(value)) {
      damaged += 1;
      continue;
    }
    out.push(value);
    good.push(raw, NEWLINE);
  }
  if (damaged > 0) keepAside(path, Buffer.concat(good), damaged, options);
  return out;
}

const NEWLINE = Buffer.from('\n');

/** Copies the file aside as it was, then replaces it with its readable lines (temp file, rename). */
function keepAside<T>(path: string, good: Buffer, damaged: number, options: ReadLinesOptions<T>): void {
  const now = options.now ?? Date.now;
  let keptAs: string | null = null;
  try {
    keptAs = keepDamagedCopy(path, now());
    const temp = `${path}.${process.pid}.tmp`;
    const fd = openSync(temp, 'w', 0o600);
    try {
      writeSync(fd, good);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
    fsyncDir(dirname(path));
  } catch (error) {
    // Kept in place: the readable lines are used, and the next start finds the damage again.
    options.log?.(`could not set aside the damaged lines of ${path}: ${String(error)}`);
  }
  const lines = damaged === 1 ? '1 line' : `${damaged} lines`;
  options.damage?.({
    severity: 'error',
    path,
    keptAs,
    count: damaged,
    sentence: `${options.label} had ${lines} that could not be read. ${options.consequence} The file as it was is kept aside.`,
    detail: `${damaged} unreadable line(s) in ${path}${keptAs === null ? '' : `; the file as it was is kept as ${keptAs}`}`,
  });
}

export class AppendOnly {
  private fd: number | null = null;

  constructor(private readonly path: string) {}

  append(value: unknown): void {
    if (this.fd === null) {
      mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
      // A torn tail from a crash: start on a fresh line so the next record parses.
      const torn =
        existsSync(this.path) && !readFileSync(this.path, 'utf8').endsWith('\n') && readFileSync(this.path).length > 0;
      this.fd = openSync(this.path, 'a', 0o600);
      if (torn) writeSync(this.fd, '\n');
    }
    writeSync(this.fd, `${JSON.stringify(value)}\n`);
    fsyncSync(this.fd);
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}
