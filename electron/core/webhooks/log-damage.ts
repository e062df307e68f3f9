// Damage found while loading the event log, counted and kept aside instead of silently lost:
// - log-meta.json that does not match the segments (it would hide or delete accepted events),
// - segments retention had already retired but not yet removed (kept aside, never deleted),
// - missing or empty segments, and unreadable lines in any segment.
// Events are numbered (seq) one after another, so a gap in the numbers next to a damaged spot
// is the exact count of events lost there. A gap with no damage beside it comes from a write
// that failed (answered 503, so the service sends it again): logged, not reported.
import { closeSync, existsSync, openSync, readFileSync, readSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { keepDamagedCopy } from '../storage/damaged-copy';
import type { DamageReport, DamageSink } from '../storage/data-health';
import { parseLogLine } from './event-record';
import { type LogMeta, META_FILE } from './log-meta';
import { FRAME_HEAD, RECORD_START } from './record-frame';
import { scanSegment, segmentPath } from './segment-files';

/** What loading saw in one live segment. */
export interface SegmentScan {
  id: number;
  size: number;
  firstSeq: number | null;
  lastSeq: number | null;
  badLines: number;
  /** Events missing between rows of this segment (only damage makes such a gap). */
  innerGap: number;
  keptAs: string | null;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Seqs of the event rows of a segment, read without loading them. */
function rowSeqs(path: string): number[] {
  const seqs: number[] = [];
  try {
    scanSegment(path, (text) => {
      const line = parseLogLine(text);
      if (line?.k === 'e') seqs.push(line.seq);
      return line !== null;
    });
  } catch {
    // Unreadable as a whole: no rows.
  }
  return seqs;
}

/** The seq of the first readable event row, reading only the segment's first 64 KiB (start-up stays fast). */
function firstRowSeq(path: string): number | null {
  let text: string;
  try {
    const fd = openSync(path, 'r');
    try {
      const buffer = Buffer.alloc(64 * 1024);
      const read = readSync(fd, buffer, 0, buffer.length, 0);
      text = buffer.toString('utf8', 0, read);
    } finally {
      closeSync(fd);
    }
  } catch {
    return null;
  }
  const lines = text.split('\n');
  // A last piece cut by the 64 KiB window is not a line: without one whole row here, read it all.
  for (const line of lines.slice(0, -1)) {
    // A framed record's JSON follows its head (record-frame.ts); checked in full when it is loaded.
    const parsed = parseLogLine(line.charCodeAt(0) === RECORD_START ? line.slice(FRAME_HEAD) : line);
    if (parsed?.k === 'e') return parsed.seq;
  }
  return rowSeqs(path)[0] ?? null;
}

export interface MetaCheck {
  meta: LogMeta;
  /** The meta was found wrong and rebuilt (save it). */
  rebuilt: boolean;
}

/**
 * Checks log-meta.json against the segments. Segments at or below `droppedThrough` are ones
 * retention retired just before a crash: legitimate only if the newest of their rows is exactly
 * `lastSeq` and the first live row comes after it. Otherwise the meta is wrong (copied from
 * elsewhere, edited, damaged): it is kept aside and rebuilt from the segments.
 */
export function checkMeta(
  dir: string,
  meta: LogMeta,
  metaState: 'ok' | 'missing' | 'damaged',
  ids: number[],
  now: number,
  damage: DamageSink | undefined,
  problems: string[],
): MetaCheck {
  const metaPath = join(dir, META_FILE);
  const retired = ids.filter((id) => id <= meta.droppedThrough);
  const live = ids.filter((id) => id > meta.droppedThrough);
  const retiredSeqs = retired.flatMap((id) => rowSeqs(segmentPath(dir, id)));
  const firstLive = live.length > 0 ? firstRowSeq(segmentPath(dir, live[0])) : null;
  const retiredMax = retiredSeqs.length > 0 ? Math.max(...retiredSeqs) : null;
  let wrong: string | null = null;
  if (retiredMax !== null && retiredMax !== meta.lastSeq)
    wrong = `segments up to ${meta.droppedThrough} hold events up to ${retiredMax}, but the meta says ${meta.lastSeq}`;
  else if (firstLive !== null && firstLive <= meta.lastSeq)
    wrong = `the first kept event is ${firstLive}, but the meta says events up to ${meta.lastSeq} were removed`;
  else if (metaState !== 'ok' && ids.length > 0 && ids[0] > 1)
    wrong = `${META_FILE} is ${metaState} but the first segment is ${ids[0]}`;
  if (wrong === null) return { meta, rebuilt: false };
  const metaExisted = metaState === 'ok';
  const keptAs = metaExisted ? keepDamagedCopy(metaPath, now) : null;
  const rebuilt: LogMeta = { ...meta, droppedThrough: ids.length > 0 ? ids[0] - 1 : 0, lastSeq: 0 };
  problems.push(`the event log's summary did not match its files (${wrong}); it was rebuilt from them`);
  // An unreadable meta was already reported (and kept) when it was loaded.
  if (metaState !== 'damaged')
    damage?.({
      key: 'mismatch',
      severity: 'warning',
      path: metaPath,
      keptAs,
      count: null,
      sentence: metaExisted
        ? "The event log's summary did not match the log; the log itself was kept and read in full, and the summary was rebuilt (totals of events removed earlier may be off)."
        : "The event log's summary was missing; the log itself was read in full (totals of events removed earlier are lost).",
      detail: `${wrong}${keptAs ? `; the summary as it was is kept as ${keptAs}` : ''}`,
    });
  return { meta: rebuilt, rebuilt: true };
}

/** Retired segments still on disk after a crash: moved aside (never deleted), reported once. */
export function retireLeftovers(dir: string, ids: number[], now: number, damage: DamageSink | undefined): void {
  for (const id of ids) {
    const path = segmentPath(dir, id);
    const rows = rowSeqs(path).length;
    const keptAs = keepDamagedCopy(path, now);
    unlinkSync(path);
    damage?.({
      key: 'retired',
      severity: 'info',
      path,
      keptAs,
      count: rows,
      sentence: `${plural(rows, 'old webhook event', 'old webhook events')} that the log had already retired were still on disk after an abrupt stop; they were moved aside.`,
      detail: `segment ${id} is at or below the meta's droppedThrough; kept as ${keptAs}`,
    });
  }
}

/** Keeps a segment with unreadable lines aside (once per distinct content). */
export function keepSegment(path: string, now: number): string | null {
  return existsSync(path) ? keepDamagedCopy(path, now) : null;
}

/** Whether the only damage is one cut-off line at the very end (a write torn by a crash). */
export function tornTailOnly(path: string, goodEnd: number, badLines: number): boolean {
  if (badLines !== 1) return false;
  try {
    return !readFileSync(path).subarray(goodEnd).includes(0x0a);
  } catch {
    return false;
  }
}

/** Attributes gaps in the numbering to the damage beside them and reports each damaged spot. */
export function reportSegmentDamage(
  dir: string,
  meta: LogMeta,
  scans: SegmentScan[],
  damage: DamageSink | undefined,
  problems: string[],
): void {
  const reports = new Map<string, DamageReport & { lost: number }>();
  const spot = (key: string, make: () => DamageReport): DamageReport & { lost: number } => {
    let r = reports.get(key);
    if (!r) reports.set(key, (r = { ...make(), lost: 0 }));
    return r;
  };
  const damagedSpot = (s: SegmentScan) =>
    spot(`seg-${s.id}`, () => ({
      key: 'unreadable',
      severity: 'warning',
      path: segmentPath(dir, s.id),
      keptAs: s.keptAs,
      count: null,
      sentence: '',
      detail: `${s.badLines} unreadable line(s)${s.keptAs ? `; the segment as it was is kept as ${s.keptAs}` : ''}`,
    }));
  const emptySpot = (s: SegmentScan) =>
    spot(`seg-${s.id}`, () => ({
      key: 'empty',
      severity: 'warning',
      path: segmentPath(dir, s.id),
      keptAs: null,
      count: null,
      sentence: '',
      detail: 'the segment has zero bytes',
    }));
  const missingSpot = (id: number) =>
    spot(`seg-${id}`, () => ({
      key: 'missing',
      severity: 'warning',
      path: segmentPath(dir, id),
      keptAs: null,
      count: null,
      sentence: '',
      detail: 'the segment file is missing',
    }));

  let prevLast = meta.lastSeq;
  let prevId = meta.droppedThrough;
  let prevDamaged: SegmentScan | null = null;
  /** Damaged or missing spots since the last segment with rows: a gap is theirs. */
  let between: (DamageReport & { lost: number })[] = [];
  scans.forEach((s, n) => {
    const last = n === scans.length - 1;
    for (let id = prevId + 1; id < s.id; id++) between.push(missingSpot(id));
    prevId = s.id;
    if (s.badLines > 0) damagedSpot(s);
    if (s.firstSeq === null) {
      // No rows at all: a middle segment that is empty or wholly unreadable lost what it held.
      if (s.badLines > 0) between.push(damagedSpot(s));
      else if (!last && s.size === 0) between.push(emptySpot(s));
      else if (last && s.size === 0 && n > 0) {
        // Rarely a crash between creating the newest segment and writing to it; usually damage.
        damage?.({
          key: 'empty',
          severity: 'warning',
          path: segmentPath(dir, s.id),
          keptAs: null,
          count: null,
          sentence:
            'The newest part of the event log was found empty; events it held, if any, are not shown (the service sends again any it was not told arrived).',
          detail: 'the newest segment has zero bytes',
        });
      }
      return;
    }
    const gap = s.firstSeq - prevLast - 1;
    if (gap > 0) {
      const owner = between[0] ?? (prevDamaged ? damagedSpot(prevDamaged) : s.badLines > 0 ? damagedSpot(s) : null);
      if (owner) owner.lost += gap;
      else
        problems.push(`${gap} event number(s) before ${s.firstSeq} were never written (a failed write, answered 503)`);
    }
    if (s.innerGap > 0) damagedSpot(s).lost += s.innerGap;
    between = [];
    prevLast = s.lastSeq ?? prevLast;
    prevDamaged = s.badLines > 0 ? s : null;
  });
  for (const r of reports.values()) {
    const { lost, ...report } = r;
    const file = report.path.slice(dir.length + 1);
    const events = plural(lost, 'webhook event', 'webhook events');
    if (report.key === 'missing') {
      if (lost === 0) continue; // a segment number skipped by a failed write, nothing lost
      report.sentence = `${events} are missing from the event log (a part of it was deleted); the tabs board and gift cards may not show them.`;
    } else if (report.key === 'empty') {
      report.sentence = `A part of the event log was found empty: ${events} are missing; the tabs board and gift cards may not show them.`;
    } else {
      report.sentence =
        lost > 0
          ? `${events} could not be read from the event log and were kept aside; the tabs board and gift cards may not show them.`
          : 'Some lines of the event log could not be read and were kept aside; no accepted event is missing.';
    }
    report.count = lost;
    problems.push(`${file}: ${report.detail}; ${lost} event(s) lost`);
    damage?.(report);
  }
}
