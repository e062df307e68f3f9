// The webhook event log: JSONL segment files on disk, a compact typed-array index in memory.
// - Appends cost the same however long the log is (one record at the end of the newest segment).
// - Group commit: appends made in the same tick are written in one write and made durable with
//   one sync, then all their promises resolve, so 50 concurrent deliveries share one sync
//   instead of paying one each. A promise resolves only once its line is durable. Up to
//   GROUPS_IN_FLIGHT groups are on their way to the disk at once, each written at the offset it
//   was given when numbered, so a delivery arriving during a sync has its own group written
//   meanwhile; groups are committed (index, sidecar) and resolved in log order, and the next one
//   goes before the last one's answers are sent.
// - Each record carries its length and a CRC-32 (record-frame.ts). A crash can leave a torn or
//   missing group before a whole later one; loading skips such bytes to the next whole record,
//   pads them, cuts a torn tail, and remembers the numbers that never landed (log-meta.json), all
//   of them unacknowledged. Format version 1 logs (bare JSON lines) are read as before.
// - Retention removes whole segment files from the old end, never rewrites one; counters and
//   young dedupe keys of removed rows move into log-meta.json first (written on the thread pool
//   while answers go on, and put in place in the same turn as the rows leave memory). Besides the
//   row count and age limits, the segments have a disk budget (`maxBytes`): past it the oldest
//   go, and a data-health notice says so once the log passes four fifths of it.
// - Dedupe keys of stored rows are remembered for `dedupeWindowMs` (48 h by default) whether or
//   not retention kept the rows: the service retries for about 24 h (6.3) plus clock skew.
import { existsSync, mkdirSync, unlinkSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { DamageSink } from '../storage/data-health';
import { AppError } from '../../../shared/app-error';
import {
  checkMeta,
  keepSegment,
  reportSegmentDamage,
  retireLeftovers,
  tornTailOnly,
  type SegmentScan,
} from './log-damage';
import type { EventDetail, EventFilter, EventPage, WebhookCounters } from '../../../shared/webhooks';
import { WEBHOOK_EVENT_TYPES } from '../../../shared/webhooks';
import {
  isApplicable,
  type LogLine,
  type NewEventRow,
  parseLogLine,
  type StoredEventRow,
  toDetail,
} from './event-record';
import { DedupeKeys } from './dedupe-keys';
import { addParts, type CounterParts, countLine, emptyParts, toCounters } from './log-counters';
import { FLAG_APPLICABLE, FLAG_KNOWN_TYPE, FLAG_PROBLEM, Interner, LogIndex, VERIFICATION_CODES } from './log-index';
import { type LogFile, type LogIo, nodeLogIo } from './log-io';
import {
  carriedChunk,
  type CarriedKeysJson,
  LOG_FORMAT,
  type LogMeta,
  loadLogMeta,
  META_FILE,
  prepareLogMeta,
  saveLogMeta,
} from './log-meta';
import {
  type CarriedKey,
  type KeyFile,
  keyFileName,
  loadKeyFiles,
  newestOf,
  prepareKeyFile,
  unlinkQuietly,
  writeKeyFileSync,
} from './key-files';
import { LogQuery, readRow } from './log-query';
import {
  listSegments,
  padTorn,
  repairTail,
  type ScanResult,
  scanSegment,
  SegmentReader,
  segmentName,
  segmentPath,
} from './segment-files';
import { SEALED_CHECK_DELAY_MS } from './sealed-check';
import { SidecarKeeper } from './sidecar-keeper';
import { type LineSummary, summarize } from './segment-sidecar';
import { SequentialSegmentReader } from './sequential-reader';
import { FRAME_HEAD, frameInPlace } from './record-frame';

export const HOUR_MS = 3_600_000;

export interface EventLogOptions {
  /** Directory of the segment files and log-meta.json; created if missing. */
  dir: string;
  now?: () => number;
  /** Keep at most this many rows (null: no limit). Default 100 000. */
  retentionEvents?: number | null;
  /** Drop segments whose newest line is older than this (null: no limit). Default 30 days. */
  retentionMs?: number | null;
  /** Rows per segment file. Default: an eighth of retentionEvents (1..10 000), so retention is fine-grained. */
  segmentEvents?: number;
  /** Bytes per segment file before starting the next one. Default 8 MiB. */
  segmentBytes?: number;
  /** How long dedupe keys are remembered. Default 48 h. */
  dedupeWindowMs?: number;
  io?: LogIo;
  /** Where unreadable files are reported (kept aside first); the data-health notices. */
  damage?: DamageSink;
  /** Rows a free-text or target search reads per call before answering (default DISK_ROWS_PER_CALL). */
  searchRowsPerCall?: number;
  /** Sidecar indexes of sealed segments (derived data). Default: `<dir>-index` beside the log. */
  indexDir?: string;
  /** How long after the start the segments trusted from their sidecars are hashed (default 5 s). */
  sealedCheckDelayMs?: number;
  /** Disk budget of the segment files in bytes (default DEFAULT_LOG_BYTES); null: none. */
  maxBytes?: number | null;
  /** Groups on their way to the disk at once (default GROUPS_IN_FLIGHT; 1..8). */
  groupsInFlight?: number;
  log?: (line: string) => void;
}

/**
 * The log at one moment, for a backup: every retained segment with the bytes of its committed
 * lines (a group being written is not in them), the last row's number, and the counts they give.
 */
export interface LogPosition {
  segments: { name: string; bytes: number }[];
  lastSeq: number;
  rows: number;
  counters: WebhookCounters;
}

/** The event log's default disk budget: 512 MiB. */
export const DEFAULT_LOG_BYTES = 512 * 1024 * 1024;
/** The share of the budget past which staff are told the oldest events will soon be removed. */
export const LOG_BUDGET_NOTICE_AT = 0.8;

interface SegmentInfo {
  id: number;
  rows: number;
  bytes: number;
  /** Newest receivedAt/at of its lines: the whole file is older than this. */
  maxAt: number;
  parts: CounterParts;
}

/** A retention step worked out (planDrop) before anything of it is written. */
interface DropPlan {
  meta: LogMeta;
  carried: CarriedKeysJson;
  rows: number;
  dropped: SegmentInfo[];
  /** The dropped rows' young keys, for the step's own key file; null when none is young. */
  keyFile: (KeyFile & { keys: CarriedKey[] }) | null;
  /** Key files the dedupe window has passed: removed with the step. */
  expired: KeyFile[];
}

interface Pending {
  line: LogLine;
  /**
   * A mark's JSON, or an event row's JSON from the comma after its seq on (made when it is
   * queued: while the disk is busy with one group, the next one's rows are turned into text as
   * they arrive); null for a row that does not start the usual way (made whole when numbered).
   */
  json: Buffer | null;
  /** What the append resolves with once durable. */
  result: number;
  /** performance.now() when queued, while a group trace is on (else 0). */
  queuedAt: number;
  resolve: (seq: number) => void;
  reject: (error: unknown) => void;
  /** Where its JSON starts in its group's bytes, and its length; set when the group is made. */
  at: number;
  length: number;
}

/** Lines written together at one offset of the open segment, on their way to the disk. */
interface Group {
  lines: Pending[];
  segment: SegmentInfo;
  file: LogFile;
  /** The offset its bytes were given when it was numbered. */
  start: number;
  bytes: Buffer;
  state: 'writing' | 'done' | 'failed';
  error: unknown;
  /** Its timeline while a group trace is on (traceGroups), else null. */
  trace: GroupTrace | null;
}

/**
 * How many groups may be on their way to the disk at once. With one, a delivery arriving during a
 * sync waits for that sync and then its own; with two, its group is written while the one before
 * is still syncing, as the conventional receiver's per-request syncs overlap on the thread pool.
 * Answers still go out in log order (a group is committed only after the one before it).
 */
export const GROUPS_IN_FLIGHT = 2;

/** One commit group's timeline (performance.now() ms), for the bench's trace (bench/commit-trace.ts). */
export interface GroupTrace {
  lines: number;
  bytes: number;
  /** When its oldest line was queued, when its write began, ended (durable), and its lines were resolved. */
  queuedAt: number;
  startedAt: number;
  writtenAt: number;
  answeredAt: number;
  /** Groups on their way to the disk when it started, itself included. */
  inFlight: number;
}

let groupTrace: ((group: GroupTrace) => void) | null = null;

/** Hears every committed group's timeline (null: off, the default; only the bench sets it). */
export function traceGroups(sink: ((group: GroupTrace) => void) | null): void {
  groupTrace = sink;
}

/** How every event row's JSON starts: the receiver builds its rows with `k` and `seq` first. */
const ROW_HEAD = '{"k":"e","seq":';

/** An unnumbered row's JSON from the comma after its seq on, or null if it does not start the usual way. */
function rowTail(row: StoredEventRow): Buffer | null {
  const text = JSON.stringify(row);
  const head = `${ROW_HEAD}${row.seq},`;
  return text.startsWith(head) ? Buffer.from(text.slice(head.length - 1), 'utf8') : null;
}

export class EventLog {
  /** Problems found while loading (a torn tail, unreadable meta), for the status line. */
  readonly loadProblems: string[] = [];
  private readonly dir: string;
  private readonly now: () => number;
  private readonly io: LogIo;
  private readonly retentionEvents: number | null;
  private readonly retentionMs: number | null;
  private readonly segmentEvents: number;
  private readonly segmentBytes: number;
  private readonly dedupeWindowMs: number;
  private readonly maxBytes: number | null;
  private readonly groupsInFlight: number;
  private readonly damage: DamageSink | undefined;
  private readonly logLine: (line: string) => void;
  /** The budget notice was given and the log has not shrunk well below it since. */
  private budgetNoticed = false;
  private readonly index = new LogIndex();
  private readonly types = new Interner(1_000);
  private readonly locations = new Interner(100_000);
  private readonly query: LogQuery;
  private readonly segments: SegmentInfo[] = [];
  private readonly dedupe = new DedupeKeys();
  /** Segments' indexes beside the log, so a start does not parse them again (sidecar-keeper.ts). */
  private readonly sidecars: SidecarKeeper;
  /** Why nothing is written: the log is of a newer release's format (log-meta.json says so). */
  private readonly refusal: string | null;
  private meta: LogMeta;
  private totals = emptyParts();
  private nextSeq = 1;
  private nextSegmentId = 1;
  private file: LogFile | null = null;
  private fileSegment = 0;
  /** After a failed write the tail of the open segment is suspect: the next write starts a new file. */
  private mustRotate = false;
  private queue: Pending[] = [];
  private scheduled = false;
  /** Groups written and not yet committed, oldest first (at most GROUPS_IN_FLIGHT). */
  private inFlight: Group[] = [];
  /** Where the next group goes in the open segment, and its rows with those in flight. */
  private writeEnd = 0;
  private writeRows = 0;
  /** A segment being opened, or a failed one being cut back: no group starts meanwhile. */
  private opening: Promise<void> | null = null;
  /** A group failed: the ones after it are waited for, then all are refused and the file cut back. */
  private failing = false;
  /** The open segment's directory entry while its sync is under way (openForWrite), else null. */
  private newEntry: Promise<void> | null = null;
  /** meta.carriedKeys as JSON chunks (see planDrop), or null to encode them afresh. */
  private carriedJson: CarriedKeysJson | null = null;
  /** The retention steps' key files (key-files.ts), oldest first. */
  private keyFiles: KeyFile[] = [];
  /** A retention step whose summary is on its way to the disk (retireInBackground), or null. */
  private retiring: Promise<void> | null = null;
  /** Who waits for the write side to change (close). */
  private waiters: (() => void)[] = [];

  constructor(options: EventLogOptions) {
    this.dir = options.dir;
    this.now = options.now ?? Date.now;
    this.io = options.io ?? nodeLogIo;
    this.retentionEvents = options.retentionEvents === undefined ? 100_000 : options.retentionEvents;
    this.retentionMs = options.retentionMs === undefined ? 30 * 24 * HOUR_MS : options.retentionMs;
    const derived = this.retentionEvents === null ? 10_000 : Math.ceil(this.retentionEvents / 8);
    this.segmentEvents = Math.max(1, Math.min(options.segmentEvents ?? derived, 10_000_000));
    // Offsets are kept in the index as float64, but a segment this large would make retention coarse.
    this.maxBytes = options.maxBytes === undefined ? DEFAULT_LOG_BYTES : options.maxBytes;
    this.groupsInFlight = Math.max(1, Math.min(options.groupsInFlight ?? GROUPS_IN_FLIGHT, 8));
    this.damage = options.damage;
    this.logLine = options.log ?? (() => {});
    // At least eight segments fit in the budget, so retention drops an eighth of it at a time.
    const budgetShare = this.maxBytes === null ? Infinity : Math.floor(this.maxBytes / 8);
    this.segmentBytes = Math.max(1024, Math.min(options.segmentBytes ?? 8 * 1024 * 1024, 1 << 30, budgetShare));
    this.dedupeWindowMs = options.dedupeWindowMs ?? 48 * HOUR_MS;
    this.query = new LogQuery(
      { index: this.index, types: this.types, locations: this.locations, dir: this.dir },
      options.searchRowsPerCall,
    );
    for (const type of WEBHOOK_EVENT_TYPES) this.types.code(type, true);
    mkdirSync(this.dir, { recursive: true });
    const metaExisted = existsSync(join(this.dir, META_FILE));
    const { meta, problem, newer } = loadLogMeta(this.dir, this.now, options.damage);
    if (problem) this.loadProblems.push(problem);
    this.meta = meta;
    this.sidecars = new SidecarKeeper(
      this.dir,
      options.indexDir ?? `${options.dir}-index`,
      (problem) => this.loadProblems.push(problem),
      options.damage,
    );
    // A log a newer release wrote is neither read nor written (no repair, no retention, no
    // sidecars): it stays empty here, and a delivery is refused, so the service sends it again.
    this.refusal = newer ? problem : null;
    if (this.refusal !== null) return;
    this.load(problem !== null ? 'damaged' : metaExisted ? 'ok' : 'missing', options.damage);
    this.sidecars.scheduleCheck(options.sealedCheckDelayMs ?? SEALED_CHECK_DELAY_MS);
  }

  // -------------------------------------------------------------------------------------------
  // Writing

  /** Stores a row; resolves with its seq once it is durable. */
  append(row: NewEventRow): Promise<number> {
    return this.appendRow({ k: 'e', seq: 0, ...row });
  }

  /**
   * The same for a row built whole by its caller (the receiver, once per delivery): its `seq` is
   * set here, and the object itself is what is written, with no copy made of it.
   */
  appendRow(row: StoredEventRow): Promise<number> {
    // Numbered when its group is written (flush), so a write that fails spends no number: a gap in
    // the numbering always means rows that were stored and then lost.
    return this.enqueue(row, 0);
  }

  /** Why nothing is written (a newer release's log), or null. */
  get readOnly(): string | null {
    return this.refusal;
  }

  /**
   * Where a backup cuts the log, now. Synchronous, so it is one moment: a group's lines are
   * committed (and a segment's length moved on) in one turn after its write is durable, and
   * retention drops segments in one turn too. Null for a log a newer release wrote (not read here:
   * its files are copied as they lie, since nothing writes them).
   */
  backupPosition(): LogPosition | null {
    if (this.refusal !== null) return null;
    const rows = this.index.size;
    const newest = rows > 0 ? this.index.seq[this.index.slot(rows - 1)] : 0;
    return {
      segments: this.segments.map((s) => ({ name: segmentName(s.id), bytes: s.bytes })),
      lastSeq: Math.max(newest, this.meta.lastSeq),
      rows,
      counters: this.counters(),
    };
  }

  /** Records a repeat delivery of row `seq` (counted, and its `deliveries` goes up). */
  markDuplicate(seq: number): Promise<number> {
    return this.enqueue({ k: 'd', of: seq, at: this.now() }, seq);
  }

  /** Records a delivery dropped as stale (counted only). */
  markStale(type: string, createdAt: string): Promise<number> {
    return this.enqueue({ k: 's', at: this.now(), type, createdAt }, 0);
  }

  /** The seq of the stored row with this dedupe key, while the key is remembered. */
  seqForKey(key: string): number | undefined {
    return this.dedupe.seqOf(key);
  }

  /** Hashes now the sealed segments this start trusted from their sidecars (sealed-check.ts); ids that changed. */
  checkSealed(): Promise<number[]> {
    return this.sidecars.checkNow();
  }

  /** Waits for every pending append, then closes the open segment (the log stays readable). */
  async close(): Promise<void> {
    await this.sidecars.stopCheck();
    while (this.inFlight.length > 0 || this.queue.length > 0 || this.opening !== null || this.retiring !== null) {
      const changed = new Promise<void>((resolve) => this.waiters.push(resolve));
      this.pump();
      await changed;
    }
    const file = this.file;
    this.file = null;
    if (file !== null) await file.close().catch(() => {});
    await this.sidecars.closed(this.segments.find((s) => s.id === this.fileSegment));
  }

  private enqueue(line: LogLine, result: number): Promise<number> {
    if (this.refusal !== null) return Promise.reject(new AppError('data-damaged', this.refusal, { file: META_FILE }));
    return new Promise<number>((resolve, reject) => {
      const json = line.k === 'e' ? rowTail(line) : Buffer.from(JSON.stringify(line), 'utf8');
      // The promise's own resolve, not a wrapper closure: one object fewer per append.
      const queuedAt = groupTrace === null ? 0 : performance.now();
      this.queue.push({ line, json, result, queuedAt, resolve, reject, at: 0, length: 0 });
      if (!this.scheduled && this.canStart()) {
        this.scheduled = true;
        // Everything appended during this tick joins the same write and sync.
        setImmediate(this.scheduledPump);
      }
    });
  }

  private readonly scheduledPump = (): void => {
    this.scheduled = false;
    this.pump();
  };

  /** Whether a group could start now (otherwise the end of a write or open starts it). */
  private canStart(): boolean {
    return this.inFlight.length < this.groupsInFlight && this.opening === null && !this.failing;
  }

  /** Starts groups from the queue while fewer than GROUPS_IN_FLIGHT are on their way. */
  private pump(): void {
    while (this.queue.length > 0 && this.canStart()) {
      const segment = this.writableSegment();
      if (segment === null) {
        // A segment is opened (or the next one started) only with nothing in flight, so every
        // group of a segment is committed before it is sealed and the next one begins.
        if (this.inFlight.length === 0) this.open();
        return;
      }
      this.startGroup(segment);
    }
  }

  /** The open segment when the next queued line may go in it; null when a file must be opened first. */
  private writableSegment(): SegmentInfo | null {
    const last = this.segments[this.segments.length - 1];
    if (this.file === null || this.mustRotate || last === undefined || last.id !== this.fileSegment) return null;
    return this.full(this.writeRows, this.writeEnd, this.queue[0].line) ? null : last;
  }

  private open(): void {
    this.opening = this.openForWrite(this.queue[0].line)
      .then(({ segment }) => {
        this.writeEnd = segment.bytes;
        this.writeRows = segment.rows;
      })
      .catch(async (error: unknown) => {
        // Nothing was numbered yet: the queued appends are refused (answered 503) as they stand.
        const refused = this.queue;
        this.queue = [];
        for (const p of refused) p.reject(error);
        await this.abandonFile(this.fileSegment);
      })
      .finally(() => {
        this.opening = null;
        this.pump();
        this.changed();
      });
  }

  /**
   * Numbers the queued lines that fit in `segment`, makes their bytes once (one buffer for the
   * group, each line framed in place: record-frame.ts) and writes them at the next offset.
   */
  private startGroup(segment: SegmentInfo): void {
    const queue = this.queue;
    let rows = this.writeRows;
    let bytes = this.writeEnd;
    let size = 0;
    let taken = 0;
    for (; taken < queue.length; taken++) {
      const p = queue[taken];
      if (taken > 0 && this.full(rows, bytes, p.line)) break;
      let length: number;
      if (p.line.k === 'e') {
        p.line.seq = this.nextSeq++;
        p.result = p.line.seq;
        rows += 1;
        if (p.json === null) {
          p.json = Buffer.from(JSON.stringify(p.line), 'utf8');
          length = p.json.length;
        } else {
          length = ROW_HEAD.length + String(p.line.seq).length + p.json.length;
        }
      } else {
        length = p.json!.length;
      }
      p.at = size + FRAME_HEAD;
      p.length = length;
      size += FRAME_HEAD + length + 1;
      bytes += FRAME_HEAD + length + 1;
    }
    const lines = taken === queue.length ? queue : queue.slice(0, taken);
    this.queue = taken === queue.length ? [] : queue.slice(taken);
    const out = Buffer.allocUnsafe(size);
    for (const p of lines) {
      if (p.line.k === 'e' && p.length !== p.json!.length) {
        const head = out.write(`${ROW_HEAD}${p.line.seq}`, p.at, 'latin1');
        p.json!.copy(out, p.at + head);
      } else {
        p.json!.copy(out, p.at);
      }
      frameInPlace(out, p.at - FRAME_HEAD, p.length);
    }
    const group: Group = {
      lines,
      segment,
      file: this.file!,
      start: this.writeEnd,
      bytes: out,
      state: 'writing',
      error: null,
      trace:
        groupTrace === null
          ? null
          : {
              lines: lines.length,
              bytes: size,
              queuedAt: lines[0].queuedAt,
              startedAt: performance.now(),
              writtenAt: 0,
              answeredAt: 0,
              inFlight: this.inFlight.length + 1,
            },
    };
    this.writeEnd = bytes;
    this.writeRows = rows;
    this.inFlight.push(group);
    const entry = this.newEntry;
    group.file
      .writeAt(out, group.start)
      .then(() => group.file.sync())
      .then(() => entry ?? undefined)
      .then(
        () => {
          group.state = 'done';
          if (group.trace !== null) group.trace.writtenAt = performance.now();
          this.settle();
        },
        (error: unknown) => {
          group.state = 'failed';
          group.error = error;
          this.settle();
        },
      );
  }

  /**
   * After a write: the groups at the front that are durable are committed in order (index,
   * sidecar, counts), the next groups are handed to the disk, and only then are the committed
   * appends resolved, so answering them runs while the disk works. A failed group waits for
   * those after it, then all of them are refused and the file is cut back to the last commit.
   */
  private settle(): void {
    const durable: Pending[] = [];
    const traced: GroupTrace[] = [];
    while (!this.failing && this.inFlight.length > 0 && this.inFlight[0].state === 'done') {
      const group = this.inFlight.shift()!;
      this.commitGroup(group);
      for (const p of group.lines) durable.push(p);
      if (group.trace !== null) traced.push(group.trace);
    }
    if (this.inFlight.length > 0 && this.inFlight[0].state === 'failed') this.failing = true;
    if (this.failing && this.inFlight.every((g) => g.state !== 'writing')) this.refuseInFlight();
    if (durable.length > 0) this.retain();
    this.pump();
    for (const p of durable) p.resolve(p.result);
    if (traced.length > 0 && groupTrace !== null) {
      const now = performance.now();
      for (const t of traced) groupTrace({ ...t, answeredAt: now });
    }
    this.changed();
  }

  private commitGroup(group: Group): void {
    const { segment } = group;
    this.sidecars.wrote(segment.id, group.bytes);
    for (const p of group.lines) {
      const offset = group.start + p.at;
      this.commitLine(p.line, segment, offset, p.length);
      this.sidecars.line(segment.id, p.line, offset, p.length);
    }
    segment.bytes = group.start + group.bytes.length;
  }

  /** Every group in flight is refused (the first failed; the rest follow it on disk) and the file cut back. */
  private refuseInFlight(): void {
    const groups = this.inFlight;
    this.inFlight = [];
    const error = groups[0].error;
    // Their numbers are given back: nothing numbered after them exists (the queue is not numbered).
    const first = groups.flatMap((g) => g.lines).find((p) => p.line.k === 'e');
    if (first !== undefined) this.nextSeq = (first.line as StoredEventRow).seq;
    for (const group of groups) for (const p of group.lines) p.reject(error);
    this.opening = this.abandonFile(this.fileSegment).finally(() => {
      this.failing = false;
      this.opening = null;
      this.pump();
      this.changed();
    });
  }

  private changed(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }

  private full(rows: number, bytes: number, next: LogLine): boolean {
    return bytes >= this.segmentBytes || (next.k === 'e' && rows >= this.segmentEvents);
  }

  private async openForWrite(first: LogLine): Promise<{ file: LogFile; segment: SegmentInfo; start: number }> {
    const last = this.segments[this.segments.length - 1];
    const reuse = last !== undefined && !this.mustRotate && !this.full(last.rows, last.bytes, first);
    if (this.file !== null && reuse && this.fileSegment === last.id)
      return { file: this.file, segment: last, start: last.bytes };
    if (this.file !== null) await this.abandonFile(null);
    // A new segment joins the list only once its file is open: one that failed to open is no
    // segment (its id is used again), so no count or "missing" sentence ever counts it.
    const segment: SegmentInfo = reuse
      ? last
      : { id: this.nextSegmentId, rows: 0, bytes: 0, maxAt: 0, parts: emptyParts() };
    let file: LogFile | null = null;
    let size: number;
    try {
      file = await this.io.openAppend(segmentPath(this.dir, segment.id));
      // The file on disk is the truth for where the next line starts.
      size = await file.size();
    } catch (error) {
      await file?.close().catch(() => {});
      throw error;
    }
    if (!reuse) {
      if (last !== undefined) this.sidecars.sealed(last.id, last.bytes);
      this.nextSegmentId = segment.id + 1;
      this.segments.push(segment);
    }
    segment.bytes = size;
    this.file = file;
    this.fileSegment = segment.id;
    // A new file's directory entry is synced while its first groups are written, not before
    // them (on ext4 that sync waits for a journal commit, and every delivery waited with it);
    // a group in it counts as durable only once this has landed too (startGroup).
    if (!reuse) {
      const entry = this.io.syncDir(this.dir);
      this.newEntry = entry;
      void entry.then(
        () => {
          if (this.newEntry === entry) this.newEntry = null;
        },
        () => {},
      );
    }
    this.mustRotate = false;
    this.sidecars.reopened(segment.id, segment.bytes);
    if (!reuse && segment.bytes === 0) this.sidecars.began(segment.id);
    return { file, segment, start: segment.bytes };
  }

  /** Closes the open segment; after a failure (segmentId given) cuts back to its last good line and rotates. */
  private async abandonFile(failedSegment: number | null): Promise<void> {
    const file = this.file;
    this.file = null;
    if (failedSegment !== null) {
      this.mustRotate = true;
      this.sidecars.failed();
      const segment = this.segments.find((s) => s.id === failedSegment);
      if (file !== null && segment !== undefined) await file.truncate(segment.bytes).catch(() => {});
    }
    if (file !== null) await file.close().catch(() => {});
  }

  /**
   * Retention and the disk budget after a commit. The open segment is dropped only with nothing
   * in flight on it (its file is closed then); otherwise a later commit drops it.
   */
  private retain(): void {
    this.pruneDedupe();
    let drop = this.retiring === null ? this.planRetention() : 0;
    this.checkBudget();
    if (drop === 0) return;
    const open = this.segments.findIndex((s) => s.id === this.fileSegment);
    if (this.file !== null && open >= 0 && open < drop) {
      if (this.inFlight.length > 0 || this.opening !== null) drop = open;
      else {
        const file = this.file;
        this.file = null;
        void file.close().catch(() => {});
      }
    }
    if (drop === 0) return;
    // Sealed segments only, never the newest: the usual case, a segment's worth of events later.
    if (drop < this.segments.length && (open < 0 || open >= drop)) {
      this.retireInBackground(drop);
      return;
    }
    try {
      this.dropOldest(drop);
    } catch (error) {
      // Retention failing (e.g. meta not writable) must not fail appends that are already durable.
      this.loadProblems.push(`retention could not drop old segments: ${(error as Error).message}`);
    }
  }

  // -------------------------------------------------------------------------------------------
  // Loading and bookkeeping

  private load(metaState: 'ok' | 'missing' | 'damaged', damage: DamageSink | undefined): void {
    const ids = listSegments(this.dir);
    const checked = checkMeta(this.dir, this.meta, metaState, ids, this.now(), damage, this.loadProblems);
    this.meta = checked.meta;
    // Written when missing too: it carries the log's format version (log-meta.ts).
    if (checked.rebuilt || metaState === 'missing') saveLogMeta(this.dir, this.meta);
    // Retired before a crash finished removing them: kept aside, never just deleted.
    retireLeftovers(
      this.dir,
      ids.filter((id) => id <= this.meta.droppedThrough),
      this.now(),
      damage,
    );
    const live = ids.filter((id) => id > this.meta.droppedThrough);
    // Room for the keys of the rows about to load, at most retention's worth, in one step.
    this.dedupe.reserve(Math.min(live.length * this.segmentEvents, this.retentionEvents ?? 1_000_000));
    const scans: SegmentScan[] = [];
    const keyCutoff = this.now() - this.dedupeWindowMs;
    // Inline keys first (a log before key files carried them there), then each step's file.
    for (const [key, seq, seenAt] of this.meta.carriedKeys) if (seenAt >= keyCutoff) this.dedupe.set(key, seq, seenAt);
    this.keyFiles = loadKeyFiles(
      this.dir,
      this.meta.droppedThrough,
      keyCutoff,
      ([key, seq, seenAt]) => this.dedupe.set(key, seq, seenAt),
      damage,
      this.now(),
    );
    addParts(this.totals, this.meta.base);
    this.nextSeq = this.meta.lastSeq + 1;
    this.nextSegmentId = Math.max(this.meta.droppedThrough, ...live, 0) + 1;
    live.forEach((id, n) => {
      const segment: SegmentInfo = { id, rows: 0, bytes: 0, maxAt: 0, parts: emptyParts() };
      this.segments.push(segment);
      const path = segmentPath(this.dir, id);
      const seen: SegmentScan = { id, size: 0, firstSeq: null, lastSeq: null, badLines: 0, innerGap: 0, keptAs: null };
      /** Numbers missing between this segment's rows. */
      const gaps: [number, number][] = [];
      const accept = (line: LogLine | null, offset: number, length: number): boolean => {
        // A row whose seq does not increase is a leftover, not a new event.
        if (line === null || (line.k === 'e' && line.seq < this.nextSeq)) return false;
        if (line.k === 'e') {
          if (seen.lastSeq !== null && line.seq > seen.lastSeq + 1) {
            gaps.push([seen.lastSeq + 1, line.seq - 1]);
            seen.innerGap += this.notUnwritten(seen.lastSeq + 1, line.seq - 1);
          }
          seen.firstSeq ??= line.seq;
          seen.lastSeq = line.seq;
          this.nextSeq = line.seq + 1;
        }
        this.commitLine(line, segment, offset, length);
        return true;
      };
      const newest = n === live.length - 1;
      // A segment whose sidecar still describes it is not parsed again (segment-sidecar.ts): a
      // sealed one, or the newest when the last run closed the log cleanly (close() wrote it).
      const scan =
        this.sidecars.load(id, path, newest, this.nextSeq, accept) ?? this.scanAndRemember(id, path, newest, accept);
      segment.bytes = scan.goodEnd + (scan.goodEndNeedsNewline ? 1 : 0);
      seen.size = scan.size;
      // Bytes skipped up to a whole record: in the newest segment, groups that were on their way
      // to the disk when the process stopped (record-frame.ts); anywhere else, damage.
      const tornInside = newest ? scan.torn : [];
      seen.badLines = scan.badLines + (newest ? 0 : scan.torn.length);
      if (seen.badLines > 0 || tornInside.length > 0) {
        // The bytes as they were, before the tail is cut (newest) or before retention removes the file.
        seen.keptAs = keepSegment(path, this.now());
        if (newest && (seen.badLines === 0 || tornTailOnly(path, scan.goodEnd, seen.badLines))) {
          // Writes torn by a crash: never acknowledged, so the service sends those events again.
          // The numbers they took are a gap nothing answered for.
          seen.badLines = 0;
          if (tornInside.length > 0) {
            // Remembered, so no later start (from the sealed segment's sidecar too) reports them lost.
            this.meta = { ...this.meta, unwritten: [...this.meta.unwritten, ...gaps] };
            saveLogMeta(this.dir, this.meta);
            seen.innerGap = 0;
          }
          const what = tornInside.length > 0 ? 'unfinished writes' : 'a torn last line';
          this.loadProblems.push(
            `${what} of ${path} ${tornInside.length > 0 ? 'were skipped' : 'was cut off'} (kept as ${seen.keptAs})`,
          );
          damage?.({
            key: 'torn',
            severity: 'warning',
            path,
            keptAs: seen.keptAs,
            count: 1,
            sentence:
              tornInside.length > 0
                ? 'The event log ended in unfinished writes (the computer stopped while saving). The file was kept aside; an event the service was not told arrived is sent again.'
                : 'The event log ended in a cut-off line (the computer stopped while saving, or the file was cut short). It was kept aside; an event the service was not told arrived is sent again.',
            detail: `${what} of ${path}; kept as ${seen.keptAs}`,
          });
        }
      }
      scans.push(seen);
      // Only the newest segment is appended to, so only it is made clean: skipped regions padded
      // (read as blank lines from then on) and the tail cut after the last whole record.
      if (newest) {
        padTorn(path, tornInside);
        repairTail(path, scan);
      }
    });
    reportSegmentDamage(this.dir, this.meta, scans, damage, this.loadProblems);
    this.pruneDedupe();
    const drop = this.planRetention();
    if (drop > 0) this.dropOldest(drop);
    this.checkBudget();
    this.sidecars.prune(new Set(this.segments.map((s) => s.id)));
  }

  /** How many of the numbers from..to are not known as never written (meta.unwritten, disjoint ranges). */
  private notUnwritten(from: number, to: number): number {
    let missing = to - from + 1;
    for (const [a, b] of this.meta.unwritten) missing -= Math.max(0, Math.min(to, b) - Math.max(from, a) + 1);
    return missing;
  }

  private scanAndRemember(
    id: number,
    path: string,
    newest: boolean,
    accept: (line: LogLine | null, offset: number, length: number) => boolean,
  ): ScanResult {
    const summaries: LineSummary[] = [];
    const scan = scanSegment(path, (text, offset, length) => {
      const line = parseLogLine(text);
      if (!accept(line, offset, length)) return false;
      summaries.push(summarize(line as LogLine, offset, length));
      return true;
    });
    this.sidecars.scanned(id, path, newest, scan, summaries);
    return scan;
  }

  private commitLine(line: LogLine, segment: SegmentInfo, offset: number, length: number): void {
    countLine(segment.parts, line);
    countLine(this.totals, line);
    if (line.k === 'd') {
      segment.maxAt = Math.max(segment.maxAt, line.at);
      const slot = this.index.find(line.of);
      if (slot >= 0) this.index.deliveries[slot] += 1;
      return;
    }
    if (line.k === 's') {
      segment.maxAt = Math.max(segment.maxAt, line.at);
      return;
    }
    segment.rows += 1;
    segment.maxAt = Math.max(segment.maxAt, line.receivedAt);
    const trusted = line.verification !== 'rejected';
    let flags = (line.knownType ? FLAG_KNOWN_TYPE : 0) | (line.problem !== null ? FLAG_PROBLEM : 0);
    if (isApplicable(line)) flags |= FLAG_APPLICABLE;
    if (trusted && line.dedupeKey !== null) {
      const known = this.dedupe.add(line.dedupeKey, line.seq, line.receivedAt);
      // Two rows with one key can only come from a crash between a write reaching the disk and its
      // answer; the first one is the event, the second must never be applied again.
      if (known !== undefined && known !== line.seq) flags &= ~FLAG_APPLICABLE;
      else if (known !== undefined) this.dedupe.set(line.dedupeKey, line.seq, line.receivedAt);
    }
    this.index.push({
      seq: line.seq,
      segment: segment.id,
      offset,
      length,
      type: this.types.code(line.type, trusted),
      location: this.locations.code(line.locationUuid, trusted),
      verification: VERIFICATION_CODES[line.verification],
      flags,
    });
  }

  private pruneDedupe(): void {
    // Insertion order is arrival order, so the old keys are at the front.
    this.dedupe.pruneBefore(this.now() - this.dedupeWindowMs);
  }

  /** How many of the oldest segments retention wants gone. */
  private planRetention(): number {
    const cutoff = this.retentionMs === null ? -Infinity : this.now() - this.retentionMs;
    let rows = this.index.size;
    let bytes = this.diskBytes();
    let drop = 0;
    // The newest segment stays whatever its size: it holds what was just answered.
    while (drop < this.segments.length) {
      const segment = this.segments[drop];
      const tooMany = this.retentionEvents !== null && rows > this.retentionEvents;
      const tooBig = this.maxBytes !== null && bytes > this.maxBytes && drop < this.segments.length - 1;
      if (!tooMany && !tooBig && !(segment.maxAt < cutoff)) break;
      rows -= segment.rows;
      bytes -= segment.bytes;
      drop += 1;
    }
    return drop;
  }

  /** Bytes of the retained segment files. */
  diskBytes(): number {
    let bytes = 0;
    for (const segment of this.segments) bytes += segment.bytes;
    return bytes;
  }

  /** Tells staff once the log nears its disk budget, before the oldest events start to go. */
  private checkBudget(): void {
    if (this.maxBytes === null) return;
    const bytes = this.diskBytes();
    if (this.budgetNoticed) {
      if (bytes < this.maxBytes * (LOG_BUDGET_NOTICE_AT - 0.1)) this.budgetNoticed = false;
      return;
    }
    if (bytes < this.maxBytes * LOG_BUDGET_NOTICE_AT) return;
    this.budgetNoticed = true;
    const mb = (n: number) => `${Math.round(n / 1_048_576)} MB`;
    const detail = `event log ${this.dir}: ${bytes} of ${this.maxBytes} bytes`;
    this.logLine(`webhooks: ${detail}`);
    this.damage?.({
      key: 'disk-budget',
      severity: 'warning',
      path: this.dir,
      keptAs: null,
      count: null,
      sentence: `The webhook event log uses ${mb(bytes)} of the ${mb(this.maxBytes)} it may take on this computer. When it is full, the oldest events are removed to make room (the counts are kept).`,
      detail,
    });
  }

  /**
   * What dropping the `count` oldest segments makes of the summary (log-meta.json), its inline
   * keys' JSON, and their rows; the dropped rows' young keys go to a key file of their own
   * (key-files.ts), and the key files the dedupe window has passed go. The inline keys (a log
   * before key files) stay as they are, less those the dedupe window forgot, from the front.
   */
  private planDrop(count: number): DropPlan {
    const dropped = this.segments.slice(0, count);
    const rows = dropped.reduce((n, s) => n + s.rows, 0);
    const lastDroppedSeq = rows > 0 ? this.index.seq[this.index.slot(rows - 1)] : 0;
    const base = { ...this.meta.base };
    for (const s of dropped) addParts(base, s.parts);
    const lastSeq = Math.max(this.meta.lastSeq, lastDroppedSeq);
    const before = this.meta.carriedKeys;
    // The map holds keys in log order (carried ones first, then as rows were committed) and
    // forgets from its front (pruneDedupe), so the carried keys it still holds are its front too.
    let forgotten = 0;
    while (forgotten < before.length && this.dedupe.seqOf(before[forgotten][0]) !== before[forgotten][1])
      forgotten += 1;
    const added = this.dedupe.entriesAfter(this.meta.lastSeq, lastSeq);
    const carriedKeys = forgotten === 0 ? before : before.slice(forgotten);
    const cached = this.carriedJson;
    const chunks =
      forgotten === 0 && cached !== null && cached.keys === before ? cached.chunks : [carriedChunk(carriedKeys)];
    const meta: LogMeta = {
      version: LOG_FORMAT.version,
      droppedThrough: dropped[dropped.length - 1].id,
      lastSeq,
      base,
      carriedKeys,
      unwritten: this.meta.unwritten.filter(([, to]) => to > lastSeq),
    };
    const carried = { keys: carriedKeys, chunks };
    const cutoff = this.now() - this.dedupeWindowMs;
    const keyFile =
      added.length === 0
        ? null
        : {
            name: keyFileName(meta.droppedThrough),
            through: meta.droppedThrough,
            newest: newestOf(added),
            keys: added,
          };
    const expired = this.keyFiles.filter((f) => f.newest < cutoff);
    return { meta, carried, rows, dropped, keyFile, expired };
  }

  private applyDrop({ meta, carried, rows, keyFile, expired }: DropPlan, count: number): void {
    this.meta = meta;
    this.carriedJson = carried;
    this.keyFiles = this.keyFiles.filter((f) => !expired.includes(f));
    if (keyFile !== null) this.keyFiles.push({ name: keyFile.name, through: keyFile.through, newest: keyFile.newest });
    this.segments.splice(0, count);
    this.index.dropFront(rows);
  }

  /** Drops the oldest segments now, the summary saved on the event loop (at load, and for the open segment). */
  private dropOldest(count: number): void {
    const plan = this.planDrop(count);
    // Keys, then meta: if we die before the unlinks, loading finishes them without counting twice.
    if (plan.keyFile !== null) writeKeyFileSync(this.dir, plan.keyFile.name, plan.keyFile.keys);
    saveLogMeta(this.dir, plan.meta);
    this.applyDrop(plan, count);
    for (const s of plan.dropped) this.unlinkQuietly(s.id);
    for (const f of plan.expired) unlinkQuietly(join(this.dir, f.name));
  }

  /**
   * Drops sealed segments while the listener answers: the summary is written on the thread pool
   * and put in place in the same turn as the rows leave memory (prepareLogMeta), then the
   * directory is synced and only then the files unlinked. Until it lands the rows stay readable
   * and no other retention step starts.
   */
  private retireInBackground(count: number): void {
    const plan = this.planDrop(count);
    const { meta, carried, dropped, keyFile, expired } = plan;
    this.retiring = (async () => {
      try {
        // The step's keys are in place and durable before the summary that counts on them: a
        // file above the summary's droppedThrough is ignored at start (key-files.ts).
        if (keyFile !== null) {
          const keys = await prepareKeyFile(this.dir, keyFile.name, keyFile.keys);
          try {
            keys.commit();
          } catch (error) {
            keys.abandon();
            throw error;
          }
          await this.io.syncDir(this.dir);
        }
        const prepared = await prepareLogMeta(this.dir, meta, carried);
        try {
          prepared.commit();
        } catch (error) {
          prepared.abandon();
          throw error;
        }
      } catch (error) {
        // Retention failing (e.g. meta not writable) must not fail appends that are already durable.
        this.loadProblems.push(`retention could not drop old segments: ${(error as Error).message}`);
        return false;
      }
      this.applyDrop(plan, count);
      await this.io.syncDir(this.dir);
      await Promise.all([
        ...dropped.map((s) => unlink(segmentPath(this.dir, s.id)).catch(() => {})),
        ...expired.map((f) => unlink(join(this.dir, f.name)).catch(() => {})),
      ]);
      return true;
    })()
      // A directory sync that failed leaves the files for the next start to retire (log-damage.ts).
      .catch(() => true)
      .then((landed) => {
        this.retiring = null;
        // More may have become due meanwhile (none was started): not left for the next append.
        if (landed === true) this.retain();
        this.changed();
      });
  }

  private unlinkQuietly(id: number): void {
    try {
      unlinkSync(segmentPath(this.dir, id));
    } catch {
      // Already gone.
    }
  }

  // -------------------------------------------------------------------------------------------
  // Reading (synchronous, from disk by offset)

  counters(): WebhookCounters {
    return toCounters(this.totals);
  }

  /** Rows currently retained. */
  size(): number {
    return this.index.size;
  }

  page(filter: EventFilter, offset: number, limit: number): EventPage {
    return this.query.page(filter, offset, limit, (slot) => this.index.deliveries[slot]);
  }

  /** Newest first; a search may stop early (`more`): see LogQuery.newest. */
  newest(filter: EventFilter, offset: number, limit: number): EventPage {
    return this.query.newest(filter, offset, limit, (slot) => this.index.deliveries[slot]);
  }

  row(seq: number): StoredEventRow | null {
    const slot = this.index.find(seq);
    if (slot < 0) return null;
    const reader = new SegmentReader(this.dir);
    try {
      return readRow(this.source(), reader, slot);
    } finally {
      reader.close();
    }
  }

  detail(seq: number): EventDetail | null {
    const row = this.row(seq);
    return row === null ? null : toDetail(row, this.deliveries(seq));
  }

  deliveries(seq: number): number {
    const slot = this.index.find(seq);
    return slot < 0 ? 0 : this.index.deliveries[slot];
  }

  /** Whether replay would feed this row to projections. */
  isApplicable(seq: number): boolean {
    const slot = this.index.find(seq);
    return slot >= 0 && (this.index.flags[slot] & FLAG_APPLICABLE) !== 0;
  }

  /** Visits the applicable rows with seq >= fromSeq, in log order (segments read sequentially, in large reads). */
  replay(fromSeq: number, visitor: (row: StoredEventRow) => void): number {
    const reader = new SequentialSegmentReader(this.dir);
    let visited = 0;
    try {
      const end = this.index.size;
      for (let i = this.index.lowerBound(fromSeq); i < end; i++) {
        const slot = this.index.slot(i);
        if ((this.index.flags[slot] & FLAG_APPLICABLE) === 0) continue;
        const text = reader.read(this.index.segment[slot], this.index.offset[slot], this.index.length[slot]);
        const line = text === null ? null : parseLogLine(text);
        if (line === null || line.k !== 'e') continue;
        const row = line;
        visitor(row);
        visited += 1;
      }
    } finally {
      reader.close();
    }
    return visited;
  }

  private source() {
    return { index: this.index, types: this.types, locations: this.locations, dir: this.dir };
  }
}
