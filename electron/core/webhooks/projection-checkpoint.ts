// Checkpoints of the projections (restart < 1 s at 100 000 events). A replay of the whole
// log at start-up parses every stored event again (2 s at 100 000). Instead the projections' state
// is saved with the log position it covers, and a start replays only the events after it.
//
// The file: one header line (its format version and the release that wrote it, the seq covered
// and that row's receivedAt, so a checkpoint of another or a rewritten log is never trusted, and a
// sha256 of the rest), then the states as JSON. It holds what the log may no longer hold (events
// retention removed, the orders' names a pass order out when the app stopped is decided by), so
// it follows the data folder's rules (data-format.ts). An older version is upgraded, each state by
// its projection's upgradeState(), the file as it was kept as `<file>.v<N>-<time>` before the next
// save replaces it, and the retained log is applied again over it once (filling in what the older
// version did not keep, for the events the log still holds). A newer release's is left exactly as
// it is and never written this run (the board is rebuilt from the log). Anything else wrong (torn,
// checksum, another log, a state that does not fit) means a full replay, said in the log and,
// unless the file is simply absent, in the data-health notices.
import { createHash } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DamageSink } from '../storage/data-health';
import { keepDamagedBytes } from '../storage/damaged-copy';
import { fsyncDir } from '../storage/fsync-dir';
import { errorMessage } from '../../../shared/errors';
import type { Projection } from './projections';
import { CheckpointFormatChanged } from './checkpoint-codec';
import { APP_VERSION, newerSentence } from '../storage/data-format';
import { clearNewer, keepBeforeUpgrade, markNewer, newerReport, refuseIfNewer } from '../storage/newer-files';

/** 2: the open tabs' state holds the orders' names and item counts (open-tabs/4). */
export const CHECKPOINT_VERSION = 2;
const LABEL = 'The saved state of the tabs board';

/**
 * Projections apply events in log order, but a start-up replay re-applies this many events before
 * the checkpoint's position anyway: apply() is idempotent, so the overlap is cheap insurance. Each
 * event of overlap costs a cold start reading, parsing and deriving the tabs it touches; 100 keeps
 * the insurance at a small cost.
 */
export const CHECKPOINT_OVERLAP = 100;

interface Header {
  format: number;
  /** The release that wrote it (absent before version 2). */
  writtenBy?: string;
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
  /** Of an older version: restored upgraded (then the whole log replayed), the file as it was kept as `keptAs`. */
  upgraded?: { from: number; keptAs: string | null };
  /** A newer release's: left as it is, and no checkpoint is written over it this run. */
  newer?: true;
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
  if (!existsSync(path)) {
    clearNewer(path);
    return { fromSeq: 0, problem: null };
  }
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
      !Number.isInteger(header.format) ||
      header.format < 1 ||
      !Number.isInteger(header.seq) ||
      typeof header.sha256 !== 'string'
    )
      throw new Error('malformed header');
  } catch (error) {
    return fail(path, bytes, `has an unreadable header (${errorMessage(error)})`, projections, options);
  }
  if (header.format > CHECKPOINT_VERSION) return newerFile(path, header, projections, options);
  clearNewer(path);
  const from = header.format;
  // The next save writes this version over it: the file as the older release wrote it stays beside.
  let upgraded: CheckpointLoad['upgraded'];
  if (from < CHECKPOINT_VERSION) {
    let keptAs: string | null = null;
    try {
      keptAs = keepBeforeUpgrade(path, from, options.now());
    } catch (error) {
      options.log?.(`${LABEL} (version ${from}) could not be copied before its upgrade: ${errorMessage(error)}`);
    }
    upgraded = { from, keptAs };
  }
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
      const state = states[projection.name];
      projection.restore(
        from < CHECKPOINT_VERSION && projection.upgradeState ? projection.upgradeState(state, from) : state,
      );
    }
  } catch (error) {
    if (error instanceof CheckpointFormatChanged)
      return fail(path, null, `was written by another version (${error.message})`, projections, options, 'info');
    return fail(path, bytes, `could not be used (${errorMessage(error)})`, projections, options);
  }
  const fromSeq = Math.max(1, header.seq + 1 - (options.overlap ?? CHECKPOINT_OVERLAP));
  if (!upgraded) return { fromSeq, problem: null };
  // What an older version did not keep (the orders' names before 2) a step cannot make up; the
  // events the log still holds can: the whole log is applied again over the upgraded state, once.
  // apply() is idempotent and order independent, so that changes nothing else.
  options.log?.(`${LABEL} was of version ${from}: upgraded to ${CHECKPOINT_VERSION}, the retained log applied again`);
  return { fromSeq: 1, problem: null, upgraded };
}

/** A newer release's checkpoint: untouched, the projections rebuilt from the log, said as an error. */
function newerFile(
  path: string,
  header: Header,
  projections: Checkpointable[],
  options: { damage?: DamageSink; log?: (line: string) => void },
): CheckpointLoad {
  for (const projection of projections) projection.reset();
  const writtenBy = typeof header.writtenBy === 'string' ? header.writtenBy : null;
  const sentence = newerSentence(LABEL, { version: header.format, writtenBy });
  markNewer(path, sentence);
  options.log?.(sentence);
  options.damage?.(
    newerReport(
      path,
      sentence,
      'checkpoint',
      { version: header.format, writtenBy },
      `this release reads up to ${CHECKPOINT_VERSION}; the board is rebuilt from the event log and the file is not changed while this release runs`,
    ),
  );
  return { fromSeq: 0, problem: sentence, newer: true };
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
  refuseIfNewer(path);
  const header: Header = {
    format: CHECKPOINT_VERSION,
    writtenBy: APP_VERSION,
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
