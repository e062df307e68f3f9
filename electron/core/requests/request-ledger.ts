// The core's memory of `once` requests (shared/contract/semantics.ts): request id → outcome,
// durably. A request's start is fsynced before the service is called and its outcome after it
// answered, so a repeat of the same id (a second press after a dropped link, a resend after a
// kill) never writes twice:
// - finished: the first outcome again;
// - in flight: waits for it;
// - outcome unknown (the service's answer was lost, or the app stopped while it was out): the
//   channel's read ("check again"), never the write.
// Entries live for a day and a half and at most MAX_ENTRIES; the file is rewritten without the
// old ones when it holds twice what is live. Unreadable lines are kept aside like every log's.
import { AsyncLocalStorage } from 'node:async_hooks';
import { join } from 'node:path';
import type { ErrorPayload } from '../../../shared/app-error';
import { openRecordLog } from '../labor/record-log';
import type { AppendLog } from '../labor/append-log';
import type { DamageSink } from '../storage/data-health';

export type LedgerOutcome = { ok: true; result: unknown } | { ok: false; error: ErrorPayload };

export type LedgerState = 'started' | 'done' | 'unknown';

export interface LedgerEntry {
  key: string;
  channel: string;
  /** A hash of what was asked (secrets left out), so one id is never answered for another request. */
  fingerprint: string;
  at: number;
  state: LedgerState;
  /** The outcome as first answered (for `unknown`, what the screen was told). */
  outcome: LedgerOutcome | null;
  /**
   * What was asked, in the words the channel's note picked (never a PIN or a secret), for readers
   * of the ledger: a group's log publishes a refund from it after a restart. Absent: no note.
   */
  about?: unknown;
  /**
   * What a check after a restart needs, taken before the write went out (a refund: the tab's
   * refunds the board knew then), kept while the outcome is unknown: another request's check reads
   * it to see whether this one could be the write it found. Absent: the channel keeps none.
   */
  before?: unknown;
  /** Started and never ended in the file: the app stopped while the request was with the service. */
  interrupted?: true;
}

/** One line of the file: a start, or an outcome (which replaces the start of the same key). */
type Line =
  | { v: 1; t: 'start'; key: string; channel: string; fp: string; at: number; before?: unknown; about?: unknown }
  | {
      v: 1;
      t: 'end';
      key: string;
      channel: string;
      fp: string;
      at: number;
      state: 'done' | 'unknown';
      outcome: LedgerOutcome;
      about?: unknown;
      /** Only with an unknown outcome (LedgerEntry.before). */
      before?: unknown;
    };

/** A day's repeats with room: a press answered "outcome unknown" at closing is checked the next day. */
export const LEDGER_KEEP_MS = 36 * 3_600_000;
export const MAX_ENTRIES = 20_000;
export const LEDGER_FILE = 'request-ledger.jsonl';

export interface RequestLedgerOptions {
  dataDir: string;
  now?: () => number;
  log?: (line: string) => void;
  damage?: DamageSink;
}

function parseLine(raw: unknown): Line | null {
  if (!raw || typeof raw !== 'object') return null;
  const l = raw as Record<string, unknown>;
  if (
    l.v !== 1 ||
    typeof l.key !== 'string' ||
    typeof l.channel !== 'string' ||
    typeof l.fp !== 'string' ||
    typeof l.at !== 'number'
  )
    return null;
  if (l.t === 'start') return l as unknown as Line;
  if (l.t !== 'end' || (l.state !== 'done' && l.state !== 'unknown')) return null;
  const o = l.outcome as Record<string, unknown> | null;
  if (!o || typeof o !== 'object' || typeof o.ok !== 'boolean') return null;
  if (o.ok === false && (!o.error || typeof (o.error as { kind?: unknown }).kind !== 'string')) return null;
  return l as unknown as Line;
}

/** What the app answers for a request that was out with the service when the app stopped. */
export function stoppedWhileOut(channel: string): ErrorPayload {
  return {
    kind: 'outcome-unknown',
    data: { operation: channel },
    message:
      'The app stopped while this request was with the service: its outcome is unknown. Check before trying again',
  };
}

/** The request `first` is running in this async context, for `noteAsked`. */
interface Running {
  key: string;
  about?: () => unknown;
}

export class RequestLedger {
  private readonly running = new AsyncLocalStorage<Running>();
  private readonly settledListeners = new Set<(entry: LedgerEntry) => void>();
  private readonly entries = new Map<string, LedgerEntry>();
  private readonly inFlight = new Map<string, Promise<LedgerOutcome>>();
  private readonly file: AppendLog<Line>;
  private linesInFile = 0;
  private readonly now: () => number;

  constructor(private readonly options: RequestLedgerOptions) {
    this.now = options.now ?? Date.now;
    const dir = join(options.dataDir, 'requests');
    const { log, records } = openRecordLog<Line>({
      dir,
      file: LEDGER_FILE,
      parse: parseLine,
      words: { logName: 'request ledger', noun: ['request', 'requests'], of: 'sent to the service' },
      log: options.log,
      damage: options.damage,
    });
    this.file = log;
    for (const line of records) {
      if (line.t === 'start') {
        // Started and never finished: the app stopped while it was out. Its outcome is unknown
        // until a read decides it (settleInterrupted). A later start line of the same key adds
        // the note taken once the request was allowed (noteAsked).
        this.entries.set(line.key, {
          key: line.key,
          channel: line.channel,
          fingerprint: line.fp,
          at: line.at,
          state: 'unknown',
          outcome: { ok: false, error: stoppedWhileOut(line.channel) },
          interrupted: true,
          ...(line.before === undefined ? {} : { before: line.before }),
          ...(line.about === undefined ? {} : { about: line.about }),
        });
      } else {
        this.entries.set(line.key, {
          key: line.key,
          channel: line.channel,
          fingerprint: line.fp,
          at: line.at,
          state: line.state,
          outcome: line.outcome,
          ...(line.about === undefined ? {} : { about: line.about }),
          ...(line.state === 'unknown' && line.before !== undefined ? { before: line.before } : {}),
        });
      }
    }
    this.linesInFile = records.length;
    this.compact();
  }

  get(key: string): LedgerEntry | undefined {
    return this.entries.get(key);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Every entry of `channel` the ledger keeps, oldest first (a group's log reads refunds and edits). */
  entriesOf(channel: string): LedgerEntry[] {
    return [...this.entries.values()].filter((e) => e.channel === channel).sort((a, b) => a.at - b.at);
  }

  /** Entries the app stopped with while they were out with the service, and still undecided. */
  interruptedEntries(): LedgerEntry[] {
    return [...this.entries.values()].filter((e) => e.interrupted && e.state === 'unknown');
  }

  /** Hears each outcome decided later (`settle`): a group publishes a refund settled after its start. */
  onSettled(listener: (entry: LedgerEntry) => void): () => void {
    this.settledListeners.add(listener);
    return () => this.settledListeners.delete(listener);
  }

  /**
   * Keeps the note of the request running in this async context with its start, before its write
   * goes out (a refund once its approver is known): if the app stops while it is out, what was
   * asked and who approved survives with the start line. Outside a request, or without a note: nothing.
   */
  noteAsked(): void {
    const running = this.running.getStore();
    const entry = running && this.entries.get(running.key);
    if (!running?.about || !entry || entry.state !== 'started') return;
    let about: unknown;
    try {
      about = running.about();
    } catch {
      return;
    }
    if (about === undefined) return;
    const { key, channel, fingerprint: fp, at, before } = entry;
    try {
      this.write({ v: 1, t: 'start', key, channel, fp, at, ...(before === undefined ? {} : { before }), about });
    } catch (error) {
      this.options.log?.(`request ledger: the note of ${channel} could not be written: ${String(error)}`);
      return;
    }
    entry.about = about;
  }

  /** A request in flight right now, to wait for. */
  pending(key: string): Promise<LedgerOutcome> | undefined {
    return this.inFlight.get(key);
  }

  /**
   * Runs a request for the first time: its start is durable before `work` runs (a write failure
   * refuses the request unsent), its outcome after. `unknown` says whether an outcome leaves the
   * write undecided. `about`, read once the work is done, is kept with the outcome (LedgerEntry.about).
   * `before` goes with the start line (LedgerEntry.before).
   */
  async first(
    key: string,
    channel: string,
    fingerprint: string,
    work: () => Promise<LedgerOutcome>,
    unknown: (outcome: LedgerOutcome) => boolean,
    about?: () => unknown,
    before?: unknown,
  ): Promise<LedgerOutcome> {
    const at = this.now();
    const kept = before === undefined ? {} : { before };
    this.write({ v: 1, t: 'start', key, channel, fp: fingerprint, at, ...kept });
    this.entries.set(key, { key, channel, fingerprint, at, state: 'started', outcome: null, ...kept });
    this.compactIfDue();
    const running = (async () => {
      let outcome: LedgerOutcome;
      try {
        outcome = await this.running.run({ key, about }, work);
      } catch (error) {
        // `work` turns failures into outcomes; this is a bug path, recorded as unknown to stay safe.
        outcome = { ok: false, error: stoppedWhileOut(channel) };
        this.options.log?.(`request ledger: ${channel} failed unexpectedly: ${String(error)}`);
      }
      let note: unknown;
      try {
        note = about?.();
      } catch {
        // A note is for readers of the ledger; the outcome is written without one.
      }
      this.finish(
        key,
        channel,
        fingerprint,
        unknown(outcome) ? 'unknown' : 'done',
        outcome,
        note ?? this.entries.get(key)?.about,
      );
      return outcome;
    })();
    this.inFlight.set(key, running);
    try {
      return await running;
    } finally {
      this.inFlight.delete(key);
    }
  }

  /** Records a decided outcome learned later (a check that found the write done or not). */
  settle(key: string, outcome: LedgerOutcome): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.finish(key, entry.channel, entry.fingerprint, 'done', outcome, entry.about);
    const settled = this.entries.get(key);
    if (settled) for (const listener of this.settledListeners) listener(settled);
  }

  private finish(
    key: string,
    channel: string,
    fingerprint: string,
    state: 'done' | 'unknown',
    answered: LedgerOutcome,
    about?: unknown,
  ): void {
    const at = this.now();
    const outcome = asWritten(answered);
    const before = state === 'unknown' ? this.entries.get(key)?.before : undefined;
    const noted = { ...(about === undefined ? {} : { about }), ...(before === undefined ? {} : { before }) };
    try {
      this.write({ v: 1, t: 'end', key, channel, fp: fingerprint, at, state, outcome, ...noted });
    } catch (error) {
      // The outcome still goes to the screen; the start line on disk makes a later repeat "unknown".
      this.options.log?.(`request ledger: the outcome of ${channel} could not be written: ${String(error)}`);
    }
    this.entries.set(key, { key, channel, fingerprint, at, state, outcome, ...noted });
    this.compactIfDue();
    faultAfterRecord(channel);
  }

  private write(line: Line): void {
    this.file.append(line);
    this.linesInFile++;
  }

  /**
   * Compaction rewrites the file from `entries`, so it runs only once the line just written is in
   * them too. (Run from write() itself, it rewrote the file without a new request's start line, or
   * with the start of a request whose outcome was just written, whenever that line made the file
   * due: a kill then left no trace of a request out with the service, and its repeat wrote again.)
   * A failed rewrite is only logged: the line itself is on disk already, and a request whose start
   * is durable must go on to its outcome, or a repeat would find it neither running nor ended.
   */
  private compactIfDue(): void {
    if (!this.compactionDue()) return;
    try {
      this.compact();
    } catch (error) {
      this.options.log?.(`request ledger: the file could not be compacted: ${String(error)}`);
    }
  }

  /**
   * When the file holds twice what the ledger knows; and, since an app may run for days without a
   * restart (until now the only time old entries went), when the oldest entry is a quarter of
   * LEDGER_KEEP_MS past it or the entries are a tenth over MAX_ENTRIES. Without these, a running
   * ledger grew without bound: each request adds two lines and an entry, so the file never held
   * twice what it knew. The slack keeps it from rewriting the whole file at every request.
   */
  private compactionDue(): boolean {
    if (this.linesInFile > 2 * Math.max(this.entries.size, 1_000)) return true;
    if (this.entries.size > MAX_ENTRIES * 1.1) return true;
    // Entries are in the order they started (compaction puts them in time order): the first is the oldest.
    const oldest = this.entries.values().next().value;
    return oldest !== undefined && oldest.state !== 'started' && oldest.at < this.now() - LEDGER_KEEP_MS * 1.25;
  }

  /** Drops what is older than LEDGER_KEEP_MS (and the oldest past MAX_ENTRIES), never a request in flight. */
  private compact(): void {
    const cutoff = this.now() - LEDGER_KEEP_MS;
    const kept = [...this.entries.values()]
      .filter((e) => e.at >= cutoff || e.state === 'started')
      .sort((a, b) => a.at - b.at);
    const over = kept.length - MAX_ENTRIES;
    const live = over > 0 ? kept.filter((e, i) => i >= over || e.state === 'started') : kept;
    if (live.length === this.entries.size && this.linesInFile <= 2 * Math.max(live.length, 1_000)) return;
    this.entries.clear();
    const lines: Line[] = [];
    for (const e of live) {
      this.entries.set(e.key, e);
      const fp = e.fingerprint;
      // A started or interrupted entry keeps what its start line held, and stays without an end.
      const open = e.state === 'started' || e.interrupted === true;
      const held = open
        ? {
            ...(e.before === undefined ? {} : { before: e.before }),
            ...(e.about === undefined ? {} : { about: e.about }),
          }
        : {};
      lines.push({ v: 1, t: 'start', key: e.key, channel: e.channel, fp, at: e.at, ...held });
      if (!open && e.state !== 'started' && e.outcome)
        lines.push({
          v: 1,
          t: 'end',
          key: e.key,
          channel: e.channel,
          fp,
          at: e.at,
          state: e.state,
          outcome: e.outcome,
          ...(e.about === undefined ? {} : { about: e.about }),
          ...(e.state === 'unknown' && e.before !== undefined ? { before: e.before } : {}),
        });
    }
    this.file.rewrite(lines);
    this.linesInFile = lines.length;
  }

  close(): void {
    this.file.close();
  }
}

/**
 * The outcome as the file keeps it, a copy: a result may share state its service changes later (a
 * timesheet row's audit list grows with the next edit of the entry), and a repeat must answer what
 * the first answer said, the same in this process as after a restart.
 */
function asWritten(outcome: LedgerOutcome): LedgerOutcome {
  try {
    return JSON.parse(JSON.stringify(outcome)) as LedgerOutcome;
  } catch {
    // Not JSON at all: the line cannot be written either (finish logs that); keep what there is.
    return outcome;
  }
}

/**
 * Tests stop the process with SIGKILL right after an outcome of this channel is on disk and before
 * the reply leaves (VENUE_FAULT_KILL_AFTER_RECORD=<channel>): the "killed between the service's
 * answer and the reply" case, which no timing can hit reliably from outside.
 */
function faultAfterRecord(channel: string): void {
  if (process.env.VENUE_FAULT_KILL_AFTER_RECORD === channel) process.kill(process.pid, 'SIGKILL');
}
