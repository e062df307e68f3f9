// A small JSON document kept in one file of a directory the caller passes in.
// Writes go to a temp file, are fsynced and renamed over the old one, so a crash mid-write
// leaves either the old or the new document, never half of one. A file that cannot be parsed
// or fails its schema is moved aside (never deleted) and reported, and defaults are used.
import { mkdirSync, openSync, readFileSync, renameSync, writeSync, fsyncSync, closeSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { fsyncDir } from './fsync-dir';
import { errorMessage } from '../../../shared/errors';

export interface JsonFileLoad<T> {
  value: T;
  /** Set when the file existed but was unreadable; it has been moved to `movedTo`. */
  problem: { message: string; movedTo: string } | null;
}

export function loadJsonFile<T>(dir: string, name: string, schema: z.ZodType<T>, defaults: () => T, now = Date.now): JsonFileLoad<T> {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  if (!existsSync(path)) return { value: defaults(), problem: null };
  let reason: string;
  try {
    const parsed = schema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    if (parsed.success) return { value: parsed.data, problem: null };
    reason = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).slice(0, 3).join('; ');
  } catch (error) {
    reason = errorMessage(error);
  }
  const movedTo = `${path}.corrupt-${now()}`;
  renameSync(path, movedTo);
  return { value: defaults(), problem: { message: `${name} could not be read (${reason}); it was kept as ${movedTo} and defaults are in use`, movedTo } };
}

export function saveJsonFile(dir: string, name: string, value: unknown): void {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  const temp = `${path}.${process.pid}.tmp`;
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeSync(fd, JSON.stringify(value, null, 2));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, path);
  fsyncDir(dir);
}
