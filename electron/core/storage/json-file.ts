// A small JSON document kept in one file of a directory the caller passes in.
// Writes go to a temp file, are fsynced and renamed over the old one, so a crash mid-write
// leaves either the old or the new document, never half of one. A file that cannot be parsed
// or fails its schema is moved aside byte for byte (`<file>.damaged-<time>`, never deleted),
// reported to the damage sink, and defaults are used.
import { mkdirSync, openSync, readFileSync, renameSync, writeSync, fsyncSync, closeSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { fsyncDir } from './fsync-dir';
import { errorMessage } from '../../../shared/errors';
import { keepDamagedCopy, moveDamagedAside } from './damaged-copy';
import type { DamageSink } from './data-health';

export interface JsonFileLoad<T> {
  value: T;
  /** Set when the file existed but was unreadable; it has been moved (or copied) to `movedTo`. */
  problem: { message: string; movedTo: string } | null;
}

export interface JsonFileOptions {
  now?: () => number;
  /** Where to report an unreadable file (the data-health notices). */
  damage?: DamageSink;
  /** What the file is, in plain words ("The kiosk settings"); the file name otherwise. */
  label?: string;
  /** Leave the damaged file in place and keep a copy (the caller refuses to overwrite it). */
  keepInPlace?: boolean;
  /** Severity of the notice; a setting falling back to defaults is a warning. */
  severity?: 'warning' | 'error';
  /** The sentence's second half; default: "the defaults are in use". */
  consequence?: string;
}

export function loadJsonFile<T>(
  dir: string,
  name: string,
  schema: z.ZodType<T>,
  defaults: () => T,
  options: JsonFileOptions = {},
): JsonFileLoad<T> {
  const now = options.now ?? Date.now;
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  if (!existsSync(path)) return { value: defaults(), problem: null };
  let reason: string;
  try {
    const parsed = schema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    if (parsed.success) return { value: parsed.data, problem: null };
    reason = parsed.error.issues
      .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
      .slice(0, 3)
      .join('; ');
  } catch (error) {
    reason = errorMessage(error);
  }
  const movedTo = options.keepInPlace ? keepDamagedCopy(path, now()) : moveDamagedAside(path, now());
  const label = options.label ?? name;
  const consequence = options.consequence ?? 'the defaults are in use';
  const message = `${name} could not be read (${reason}); it was kept as ${movedTo} and ${consequence}`;
  options.damage?.({
    severity: options.severity ?? 'warning',
    path,
    keptAs: movedTo,
    count: null,
    sentence: `${label} could not be read; ${consequence}. The file as it was is kept aside.`,
    detail: message,
  });
  return { value: defaults(), problem: { message, movedTo } };
}

/**
 * `compact`: no indentation, for large machine-read files (the event log's carried dedupe keys):
 * it is written while the listener is answering, and a third of its size is spaces.
 */
export function saveJsonFile(dir: string, name: string, value: unknown, options: { compact?: boolean } = {}): void {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  const temp = `${path}.${process.pid}.tmp`;
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeSync(fd, options.compact ? JSON.stringify(value) : JSON.stringify(value, null, 2));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, path);
  fsyncDir(dir);
}
