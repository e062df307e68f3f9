// Keeping unreadable data aside, byte for byte, before anything cuts, rewrites or replaces it:
// `<file>.damaged-<time>` beside the original. A file that is still damaged at the next start
// (a middle segment of the event log, the staff list) is not copied again when an identical
// copy is already there.
import { copyFileSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fsyncDir } from './fsync-dir';

/** `2026-11-22T18-45-00-123Z`: sortable, and valid in a file name on every system. */
export function damagedStamp(now: number): string {
  return new Date(now).toISOString().replace(/[:.]/g, '-');
}

export function damagedPath(path: string, now: number): string {
  return `${path}.damaged-${damagedStamp(now)}`;
}

/** Earlier kept copies of this file. */
export function damagedCopies(path: string): string[] {
  const prefix = `${basename(path)}.damaged-`;
  try {
    return readdirSync(dirname(path))
      .filter((name) => name.startsWith(prefix))
      .sort()
      .map((name) => join(dirname(path), name));
  } catch {
    return [];
  }
}

function sameBytes(a: string, b: string): boolean {
  try {
    return statSync(a).size === statSync(b).size && readFileSync(a).equals(readFileSync(b));
  } catch {
    return false;
  }
}

/** A new name that no earlier copy uses (two damaged files found in one millisecond). */
function freeName(path: string, now: number): string {
  const taken = new Set(damagedCopies(path));
  let target = damagedPath(path, now);
  for (let n = 2; taken.has(target); n++) target = `${damagedPath(path, now)}-${n}`;
  return target;
}

/** Copies the file aside (the original stays); returns the copy's path. */
export function keepDamagedCopy(path: string, now: number): string {
  const same = damagedCopies(path).find((copy) => sameBytes(copy, path));
  if (same) return same;
  const target = freeName(path, now);
  copyFileSync(path, target);
  fsyncDir(dirname(path));
  return target;
}

/** Moves the file aside (the caller starts without it); returns the new path. */
export function moveDamagedAside(path: string, now: number): string {
  const target = freeName(path, now);
  renameSync(path, target);
  fsyncDir(dirname(path));
  return target;
}

/** Keeps bytes that are about to be cut from a file (a torn tail) in a file of their own. */
export function keepDamagedBytes(path: string, bytes: Buffer, now: number): string {
  const target = freeName(path, now);
  writeFileSync(target, bytes, { mode: 0o600 });
  fsyncDir(dirname(path));
  return target;
}
