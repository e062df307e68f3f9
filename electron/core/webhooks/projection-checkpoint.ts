// Checkpoints of the projections (restart < 1 s at 100 000 events). A replay of the whole
// log at start-up parses every stored event again (2 s at 100 000). Instead the projections' state
// is saved with the log position it covers, and a start replays only the events after it.
//
// The file: one header line (format, the seq covered and that row's receivedAt, so a checkpoint of
// another or a rewritten log is never trusted, and a sha256 of the rest), then the states as JSON.
// Anything wrong (missing, torn, checksum, another log, an older format) means a full replay, said
// in the log and, unless the file is simply absent, in the data-health notices. The log stays the
// truth: a checkpoint only ever saves work, it never decides what happened.
import { createHash } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DamageSink } from '../storage/data-health';
import { keepDamagedBytes } from '../storage/damaged-copy';
import { fsyncDir } from '../storage/fsync-dir';
import { errorMessage } from '../../../shared/errors';
import type { Projection } from './projections';
import { CheckpointFormatChanged } from './checkpoint-codec';

const FORMAT = 1;

/**
 * Projections apply events in log order, but a start-up replay re-applies this many events before
 * the checkpoint's position anyway: apply() is idempotent, so the overlap is cheap insurance. Each
 * event of overlap costs a cold start reading, parsing and deriving the tabs it touches; 100 keeps
 * the insurance at a small cost.
 */
export const CHECKPOINT_OVERLAP = 100;

interface Header {
  format: number;
  seq: number;
  receivedAt: number;
  names: string[];
  sha256: string;
}

export type Checkpointable = Projection & Required<Pick<Projection, 'snapshot' | 'restore' | 'reset'>>;

export function checkpointable(projections: Projection[]): projections is Checkpointable[] {
  return projections.length > 0 && projections.every((p) => p.snapshot && p.restore && p.reset);
}

export interface CheckpointLoad {
  /** Replay from this seq (0: everything). */
  fromSeq: number;
  /** Why the whole log is replayed, when it is (null: restored, or there was no checkpoint yet). */
  problem: string | null;
}

/**
 * Restores `projections` from the checkpoint at `path` when it matches this log (`receivedAtOf`
 * gives a stored row's receivedAt, or null when the log no longer holds it).
 */
export function loadCheckpoint(
  path: string,
  projections: Checkpointable[],
  receivedAtOf: (seq: number) => number | null,
  options: { now: () => number; damage?: DamageSink; log?: (line: string) => void; overlap?: number },
): CheckpointLoad {
  if (!existsSync(path)) return { fromSeq: 0, problem: null };
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    return fail(path, null, `could not be read (${errorMessage(error)})`, projections, options);
  }
  const newline = bytes.indexOf(0x0a);
  let header: Header;
  try {
    if (newline < 0) throw new Error('no header line');
    header = JSON.parse(bytes.subarray(0, newline).toString('utf8')) as Header;
    if (
      typeof header !== 'object' ||
      header === null ||
      !Number.isInteger(header.seq) ||
      typeof header.sha256 !== 'string'
    )
      throw new Error('malformed header');
  } catch (error) {
    return fail(path, bytes, `has an unreadable header (${errorMessage(error)})`, projections, options);
  }
  // An older format is not damage: the new code simply rebuilds once.
  if (header.format !== FORMAT)
    return fail(
      path,
      null,
      `was written by another version (format ${String(header.format)})`,
      projections,
      options,
      'info',
    );
  const body = bytes.subarray(newline + 1);
  if (createHash('sha256').update(body).digest('hex') !== header.sha256)
    return fail(path, bytes, 'does not match its checksum', projections, options);
  if (receivedAtOf(header.seq) !== header.receivedAt) {
    return fail(
      path,
      null,
      `is of event ${header.seq}, which this event log does not hold as it was`,
      projections,
      options,
      'info',
    );
  }
  try {
    const states = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    for (const projection of projections) {
      if (!(projection.name in states)) throw new Error(`no state for ${projection.name}`);
      projection.restore(states[projection.name]);
    }
  } catch (error) {
    if (error instanceof CheckpointFormatChanged)
      return fail(path, null, `was written by another version (${error.message})`, projections, options, 'info');
    return fail(path, bytes, `could not be used (${errorMessage(error)})`, projections, options);
  }
  return { fromSeq: Math.max(1, header.seq + 1 - (options.overlap ?? CHECKPOINT_OVERLAP)), problem: null };
}

function fail(
  path: string,
  bytes: Buffer | null,
  why: string,
  projections: Checkpointable[],
  options: { now: () => number; damage?: DamageSink; log?: (line: string) => void },
  severity: 'info' | 'warning' = 'warning',
): CheckpointLoad {
  for (const projection of projections) projection.reset();
  const problem = `The saved state of the tabs board ${why}: it is rebuilt from the event log, which takes longer this once. No event is lost.`;
  options.log?.(problem);
  let keptAs: string | null = null;
  if (bytes !== null) {
    try {
      keptAs = keepDamagedBytes(path, bytes, options.now());
    } catch {
      // Keeping a copy of derived data is a courtesy for whoever investigates, never a reason to stop.
    }
  }
  options.damage?.({ key: 'checkpoint', severity, path, keptAs, count: null, sentence: problem, detail: why });
  return { fromSeq: 0, problem };
}

/** Writes a checkpoint of `projections` covering events up to `seq` (atomically: temp file, fsync, rename). */
export function saveCheckpoint(path: string, projections: Checkpointable[], seq: number, receivedAt: number): number {
  const states: Record<string, unknown> = {};
  for (const projection of projections) states[projection.name] = projection.snapshot();
  const body = Buffer.from(JSON.stringify(states), 'utf8');
  const header: Header = {
    format: FORMAT,
    seq,
    receivedAt,
    names: projections.map((p) => p.name),
    sha256: createHash('sha256').update(body).digest('hex'),
  };
  const temp = `${path}.${process.pid}.tmp`;
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(header)}\n`);
    writeSync(fd, body);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, path);
  fsyncDir(dirname(path));
  return body.length;
}
