// A small JSON document kept in one file of a directory the caller passes in.
// Writes go to a temp file, are fsynced and renamed over the old one, so a crash mid-write
// leaves either the old or the new document, never half of one. A file that cannot be parsed
// or fails its schema is moved aside byte for byte (`<file>.damaged-<time>`, never deleted),
// reported to the damage sink, and defaults are used.
// Versions (data-format.ts): a document of an older version is upgraded step by step and written
// anew, the original kept beside it first; one a newer release wrote is left as it is, reported as
// an error, and refused to every write of this run (newer-files.ts); the defaults are used.
import { mkdirSync, openSync, readFileSync, renameSync, writeSync, fsyncSync, closeSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { fsyncDir } from './fsync-dir';
import { errorMessage } from '../../../shared/errors';
import { keepDamagedCopy, moveDamagedAside } from './damaged-copy';
import type { DamageSink } from './data-health';
import { checkDocument, defineFormat, newerSentence, stampDocument, upgrade, type DataFormat } from './data-format';
import { clearNewer, keepBeforeUpgrade, markNewer, newerReport, refuseIfNewer } from './newer-files';

export interface JsonFileLoad<T> {
  value: T;
  /**
   * Set when the file existed but was unreadable; it has been moved (or copied) to `movedTo`, or
   * left where it is (null) because a newer release wrote it.
   */
  problem: { message: string; movedTo: string | null } | null;
  /** The file was of an older version: upgraded and written anew, the original kept as `keptAs`. */
  upgraded?: { from: number; keptAs: string };
  /** A newer release wrote it: left as it is, the defaults in use, every write refused this run. */
  newer?: { version: number; writtenBy: string | null };
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
  /** Its version and the steps from older ones; default: version 1, no steps. */
  format?: DataFormat;
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
  const format = options.format ?? defineFormat(name);
  const label = options.label ?? name;
  if (!existsSync(path)) {
    clearNewer(path);
    return { value: defaults(), problem: null };
  }
  const read = readDocument(path, schema, format);
  if (read.state === 'newer') return newerFile(path, name, label, read, format, defaults, options);
  clearNewer(path);
  if (read.state === 'read') return { value: read.value, problem: null };
  if (read.state === 'older') {
    // The original first, then the upgrade over it: a crash between leaves one or the other whole.
    // A write that fails leaves the older file as it was, to be upgraded again at the next start.
    try {
      const keptAs = keepBeforeUpgrade(path, read.from, now());
      saveJsonFile(dir, name, read.upgraded, { format, compact: read.compact });
      return { value: read.value, problem: null, upgraded: { from: read.from, keptAs } };
    } catch {
      return { value: read.value, problem: null };
    }
  }
  const { reason } = read;
  const movedTo = options.keepInPlace ? keepDamagedCopy(path, now()) : moveDamagedAside(path, now());
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

type DocumentRead<T> =
  | { state: 'read'; value: T }
  | { state: 'older'; value: T; from: number; upgraded: unknown; compact: boolean }
  | { state: 'newer'; version: number; writtenBy: string | null }
  | { state: 'unreadable'; reason: string };

function readDocument<T>(path: string, schema: z.ZodType<T>, format: DataFormat): DocumentRead<T> {
  try {
    const text = readFileSync(path, 'utf8');
    const raw: unknown = JSON.parse(text);
    const check = checkDocument(format, raw);
    if (check.state === 'newer' || check.state === 'unreadable') return check;
    const value = check.state === 'older' ? upgrade(format, raw, check.from) : raw;
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
      return { state: 'unreadable', reason: issues.slice(0, 3).join('; ') };
    }
    if (check.state === 'current') return { state: 'read', value: parsed.data };
    return { state: 'older', value: parsed.data, from: check.from, upgraded: value, compact: !text.includes('\n') };
  } catch (error) {
    return { state: 'unreadable', reason: errorMessage(error) };
  }
}

/** Left as it is, refused to writers for the rest of the run, and said as an error. */
function newerFile<T>(
  path: string,
  name: string,
  label: string,
  check: { version: number; writtenBy: string | null },
  format: DataFormat,
  defaults: () => T,
  options: JsonFileOptions,
): JsonFileLoad<T> {
  const sentence = newerSentence(label, check);
  markNewer(path, sentence);
  options.damage?.(
    newerReport(
      path,
      sentence,
      `${name} is`,
      check,
      `this release reads up to ${format.version}; it is not changed while this release runs`,
    ),
  );
  const newer = { version: check.version, writtenBy: check.writtenBy };
  return { value: defaults(), problem: { message: sentence, movedTo: null }, newer };
}

/**
 * `compact`: no indentation, for large machine-read files (the event log's carried dedupe keys):
 * it is written while the listener is answering, and a third of its size is spaces.
 * `format`: the version to stamp (default 1); a document carrying `version` gets `writtenBy` too.
 * A file a newer release wrote is refused (data-damaged, with the sentence its load reported).
 */
export function saveJsonFile(
  dir: string,
  name: string,
  value: unknown,
  options: { compact?: boolean; format?: DataFormat } = {},
): void {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  refuseIfNewer(path);
  const stamped = stampDocument(value, options.format, name);
  const temp = `${path}.${process.pid}.tmp`;
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeSync(fd, options.compact ? JSON.stringify(stamped) : JSON.stringify(stamped, null, 2));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, path);
  fsyncDir(dir);
}
