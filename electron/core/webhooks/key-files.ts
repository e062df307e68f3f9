// Dedupe keys of rows retention removed, one file per retention step (`keys-<droppedThrough>.json`
// beside the segments): written once, when its step drops its rows, and never again, so a step
// writes only its own keys however many earlier steps carried. Kept inline in log-meta.json they
// were rewritten and fsynced whole at every step, 13-14 MB after a long flood, and that write
// held up the log's own writes (docs/performance.md). A file counts only at or below the summary's
// droppedThrough: one above it is left from a stop between the file and the summary, and its rows
// are still in the log. A file goes once its newest key is older than the dedupe window.
import { readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { moveDamagedAside } from '../storage/damaged-copy';
import { defineFormat, stampDocument } from '../storage/data-format';
import { saveJsonFile } from '../storage/json-file';
import { prepareReplace, type PreparedReplace } from '../storage/prepared-replace';
import type { DamageSink } from '../storage/data-health';

/** [dedupeKey, seq, seenAt], as log-meta.json's carriedKeys. */
export type CarriedKey = [string, number, number];

export interface KeyFile {
  name: string;
  /** The summary's droppedThrough when its step wrote it. */
  through: number;
  /** The newest seenAt among its keys: the file goes when the dedupe window has passed it. */
  newest: number;
}

const KEY_FILE = /^keys-(\d{8,})\.json$/;
/** Key files are versioned documents of their own (version and writer stamped, json-file.ts). */
const KEY_FORMAT = defineFormat('keys', []);

const schema = z.object({
  version: z.literal(KEY_FORMAT.version),
  keys: z.array(z.tuple([z.string(), z.number().int().min(0), z.number()])),
});

export function keyFileName(through: number): string {
  return `keys-${String(through).padStart(8, '0')}.json`;
}

/** The key files in `dir`, oldest step first. */
export function listKeyFiles(dir: string): { name: string; through: number }[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .map((name) => ({ name, m: KEY_FILE.exec(name) }))
    .filter((f): f is { name: string; m: RegExpExecArray } => f.m !== null)
    .map((f) => ({ name: f.name, through: Number(f.m[1]) }))
    .sort((a, b) => a.through - b.through);
}

/** A key file's keys; why not, when it cannot be read (missing, cut, or not this format). */
export function readKeyFile(path: string): { keys: CarriedKey[] } | { problem: string } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return { problem: (error as Error).message };
  }
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    if (!parsed.success)
      return { problem: `not a key file of version ${KEY_FORMAT.version}: ${parsed.error.issues[0]?.message}` };
    return { keys: parsed.data.keys };
  } catch (error) {
    return { problem: `not JSON: ${(error as Error).message}` };
  }
}

export function newestOf(keys: readonly CarriedKey[]): number {
  let newest = 0;
  for (const k of keys) if (k[2] > newest) newest = k[2];
  return newest;
}

/**
 * Writes and fsyncs the file under a temporary name on libuv's thread pool; `commit` renames it
 * into place (synchronously, so the caller decides the turn it appears in).
 */
export function prepareKeyFile(dir: string, name: string, keys: readonly CarriedKey[]): Promise<PreparedReplace> {
  const document = stampDocument({ keys }, KEY_FORMAT, name);
  return prepareReplace(join(dir, name), [Buffer.from(JSON.stringify(document), 'utf8')]);
}

/** The same write on the event loop (retention at load, and for the open segment). */
export function writeKeyFileSync(dir: string, name: string, keys: readonly CarriedKey[]): void {
  saveJsonFile(dir, name, { keys }, { compact: true, format: KEY_FORMAT });
}

/**
 * The key files of a log whose summary says `droppedThrough`, at start: each file's keys younger
 * than `cutoff` go to `remember` (oldest step first, as the log's dedupe map holds them); a file
 * above `droppedThrough` is removed (a stop came between it and the summary, and its rows are
 * still in the log); a file wholly older than the window is removed; one that cannot be read is
 * moved aside and reported. Returns the files kept, oldest first.
 */
export function loadKeyFiles(
  dir: string,
  droppedThrough: number,
  cutoff: number,
  remember: (key: CarriedKey) => void,
  damage: DamageSink | undefined,
  now: number,
): KeyFile[] {
  const kept: KeyFile[] = [];
  for (const { name, through } of listKeyFiles(dir)) {
    const path = join(dir, name);
    if (through > droppedThrough) {
      unlinkQuietly(path);
      continue;
    }
    const read = readKeyFile(path);
    if ('problem' in read) {
      damage?.({
        key: 'keys',
        severity: 'warning',
        path,
        keptAs: moveDamagedAside(path, now),
        count: null,
        sentence:
          'The record of webhook events the log removed earlier could not be read. If the service sends one of them again, it is stored again.',
        detail: read.problem,
      });
      continue;
    }
    for (const key of read.keys) if (key[2] >= cutoff) remember(key);
    const newest = newestOf(read.keys);
    if (newest < cutoff) unlinkQuietly(path);
    else kept.push({ name, through, newest });
  }
  return kept;
}

export function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone.
  }
}
