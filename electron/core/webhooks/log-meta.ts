// The one small document beside the segments: what retention already removed. Written atomically
// (json-file.ts) before any segment is unlinked, so a crash between the two never counts a dropped
// segment twice nor loses its counters: on load, segments up to `droppedThrough` are finished off.
// The dedupe keys of dropped rows that are still young go to a key file per step (key-files.ts),
// so a retry of an event whose row retention removed is still recognised (keys are remembered
// 48 h, rows maybe less); `carriedKeys` holds only those a version 2 log carried inline.
// Its version is the whole log's: a release that changes the segments' lines moves it on, and
// every start writes it when it is missing, so it is always there beside the segments it speaks for.
import { join } from 'node:path';
import { z } from 'zod';
import { defineFormat, stampDocument } from '../storage/data-format';
import { loadJsonFile, saveJsonFile } from '../storage/json-file';
import { refuseIfNewer } from '../storage/newer-files';
import { prepareReplace, type PreparedReplace } from '../storage/prepared-replace';
import { type CounterParts, emptyParts } from './log-counters';
import type { DamageSink } from '../storage/data-health';

const count = z.number().int().min(0);

/**
 * The log's format. Version 2 frames each line with its length and a checksum (record-frame.ts),
 * which version 1 readers cannot read; version 1 lines are still read, so the step from 1 changes
 * nothing in the summary: the new version number is what tells an older release to leave the
 * log alone. It is written before this release writes its first framed line (every start saves it).
 * Version 3 carries the dedupe keys of removed rows in a key file per retention step
 * (key-files.ts), which a version 2 reader would not read; its inline `carriedKeys` are still read
 * and kept until the dedupe window passes them, so the step from 2 changes nothing either.
 */
export const LOG_FORMAT = defineFormat('log-meta.json', [(v1) => v1, (v2) => v2]);

const metaSchema = z.object({
  version: z.literal(LOG_FORMAT.version),
  droppedThrough: count,
  lastSeq: count,
  base: z.object({ verified: count, unsigned: count, rejected: count, duplicate: count, stale: count, flagged: count }),
  /** [dedupeKey, seq, seenAt]. */
  carriedKeys: z.array(z.tuple([z.string(), count, z.number()])),
  /**
   * [from, to]: numbers of rows that were on their way to the disk when the process stopped and
   * never landed (torn groups, record-frame.ts). Never acknowledged, so their gap is no loss.
   */
  unwritten: z.array(z.tuple([count, count])).default([]),
});

export type LogMeta = z.infer<typeof metaSchema> & { base: CounterParts };

export const META_FILE = LOG_FORMAT.name;

export function loadLogMeta(
  dir: string,
  now: () => number,
  damage?: DamageSink,
): { meta: LogMeta; problem: string | null; newer: boolean } {
  const loaded = loadJsonFile(
    dir,
    META_FILE,
    metaSchema,
    () => ({
      version: LOG_FORMAT.version,
      droppedThrough: 0,
      lastSeq: 0,
      base: emptyParts(),
      carriedKeys: [],
      unwritten: [],
    }),
    {
      format: LOG_FORMAT,
      now,
      damage,
      label: "The event log's summary",
      consequence: 'it is rebuilt from the log; totals of events removed earlier start again from zero',
    },
  );
  return { meta: loaded.value, problem: loaded.problem?.message ?? null, newer: loaded.newer !== undefined };
}

export function saveLogMeta(dir: string, meta: LogMeta): void {
  saveJsonFile(dir, META_FILE, meta, { compact: true, format: LOG_FORMAT });
}

/**
 * The same save in two steps, for retention while the listener answers: `prepare` writes and
 * fsyncs a temporary file on libuv's thread pool (on the event loop the two fsyncs of a save held
 * every answer for 17-33 ms once a segment's worth of events, docs/performance.md), and `commit`
 * renames it into place synchronously, in the same turn as the caller's change in memory, so a
 * backup's synchronous pass sees either the old summary with the old segments or the new with
 * the new. The rename's directory entry is made durable after (`syncDir`), before any segment
 * the new summary retires is unlinked: a crash in between leaves the old summary and every file.
 */
export async function prepareLogMeta(dir: string, meta: LogMeta, carried: CarriedKeysJson): Promise<PreparedReplace> {
  const path = join(dir, META_FILE);
  refuseIfNewer(path);
  const prepared = await prepareReplace(path, metaBytes(meta, carried));
  return {
    commit: () => {
      refuseIfNewer(path);
      prepared.commit();
    },
    abandon: prepared.abandon,
  };
}

/**
 * meta.carriedKeys as JSON, in the chunks they were carried in (each the tuples without the outer
 * brackets), so a retention step encodes only the keys it carries itself: rewriting all of them
 * each time took 2-20 ms on the event loop as they piled up (docs/performance.md).
 */
export interface CarriedKeysJson {
  /** The array these chunks spell (meta.carriedKeys), to tell whether they still fit it. */
  keys: readonly unknown[];
  chunks: Buffer[];
}

/** Keys as a chunk: `["k",1,2],["l",3,4]` (no brackets around them). */
export function carriedChunk(keys: readonly [string, number, number][]): Buffer {
  return Buffer.from(JSON.stringify(keys).slice(1, -1), 'utf8');
}

const CARRIED_SLOT = '"carriedKeys":[]';
const COMMA = Buffer.from(',');

/** The summary's bytes as saveLogMeta writes them, with the carried keys taken from their chunks. */
export function metaBytes(meta: LogMeta, carried: CarriedKeysJson): Buffer[] {
  const text = JSON.stringify(stampDocument({ ...meta, carriedKeys: [] }, LOG_FORMAT, META_FILE));
  const slot = text.indexOf(CARRIED_SLOT) + CARRIED_SLOT.length - 1;
  const parts: Buffer[] = [Buffer.from(text.slice(0, slot), 'utf8')];
  for (const chunk of carried.chunks) {
    if (chunk.length === 0) continue;
    if (parts.length > 1) parts.push(COMMA);
    parts.push(chunk);
  }
  parts.push(Buffer.from(text.slice(slot), 'utf8'));
  return parts;
}
