// The outbox: every captured punch and what became of it, rebuilt from the append-only log at
// start. It answers the drainer's questions (what may go next for this person, what does this
// local id stand for on the service) and records outcomes durably, one fsynced line each.
import { mkdirSync } from 'node:fs';
import type { OutboxItem, OutboxSummary, PunchAction } from '../../../shared/labor';
import { appError, type ErrorPayload } from '../../../shared/app-error';
import { join } from 'node:path';
import { AppendLog } from './append-log';
import { reportOutboxDamage } from './outbox-damage';
import type { DamageSink } from '../storage/data-health';
import { acquireOutboxLock } from './outbox-lock';
import { isLocal, parseLogRecord, type LogRecord, type Punch, type PunchKind, type Ref } from './punch';

export type PunchStatus = 'pending' | 'done' | 'failed' | 'discarded';

export interface PunchState {
  p: Punch;
  status: PunchStatus;
  /** The service entry this punch created (starts), once known. */
  uuid: string | null;
  /** The last send's outcome is unknown: reconcile before sending again, not before retryAt. */
  unsure: { since: number; retryAt: number; message: string; problem: ErrorPayload | null } | null;
  attempts: number;
  doneAt: number | null;
  failure: { status: number | null; message: string; at: number; problem: ErrorPayload | null } | null;
  /** Who discarded it and when: kept through compaction ("recorded with who did it"). */
  discarded: { at: number; by: string } | null;
  /** In memory only: backoff after a retryable refusal, and what the kiosk should say meanwhile. */
  notBefore: number;
  note: string | null;
  noteProblem: ErrorPayload | null;
  refusals: number;
  sending: boolean;
}

export const FILE = 'labor-outbox.log';
/**
 * A punch the service has is kept this long after it was captured: a press sent again with the
 * same punch id (a screen's retry, a kiosk's resend) gets the first capture's receipt meanwhile.
 */
const RETENTION_MS = 36 * 3_600_000;
/**
 * The log is rewritten (compact()) at every start and whenever the lines appended since the last
 * rewrite reach both this and the number that rewrite kept: the file then stays within twice what
 * is live plus this, and each rewrite is paid for by the appends before it.
 */
export const COMPACT_AFTER_LINES = 2000;

const ACTION: Record<PunchKind, PunchAction> = {
  'shift-start': 'punch-in',
  'break-start': 'break-start',
  'break-end': 'break-end',
  'shift-end': 'punch-out',
};

export interface OutboxOptions {
  dir: string;
  now: () => number;
  /** After a send that left no outcome (the app died mid-request): how long to wait before reconciling. */
  settleAfterAttemptMs: number;
  log?: (line: string) => void;
  damage?: DamageSink;
  /** The kiosk has run here before (its settings exist): a missing outbox is then damage, not a first run. */
  expected?: boolean;
}

export class Outbox {
  private readonly states = new Map<string, PunchState>();
  /** local shift/break id → id of the punch that creates it. */
  private readonly creators = new Map<string, string>();
  private readonly log: AppendLog<LogRecord>;
  private nextSeq = 1;
  private appended = 0;
  /** Lines the last rewrite kept. */
  private kept = 0;
  private closed = false;
  private readonly unlock: () => void;

  constructor(private readonly options: OutboxOptions) {
    mkdirSync(options.dir, { recursive: true });
    this.unlock = acquireOutboxLock(options.dir);
    const opened = AppendLog.open(options.dir, FILE, parseLogRecord, options.now);
    this.log = opened.log;
    const problem = reportOutboxDamage(join(options.dir, FILE), opened, options.expected ?? false, options.damage);
    if (problem) options.log?.(problem);
    for (const record of opened.records) this.apply(record);
    // A newer release's outbox is never rewritten; every capture is refused with its sentence.
    if (!this.log.readOnly) this.compact();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.log.close();
    this.unlock();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  has(id: string): boolean {
    return this.states.has(id);
  }

  get(id: string): PunchState | undefined {
    return this.states.get(id);
  }

  all(): PunchState[] {
    return [...this.states.values()].sort((a, b) => a.p.seq - b.p.seq);
  }

  /** Durably records new punches (one fsync); only then may the kiosk say "saved". */
  capture(punches: Omit<Punch, 'seq'>[]): Punch[] {
    const withSeq = punches.map((p) => ({ ...p, seq: this.nextSeq + punches.indexOf(p) }));
    this.write(withSeq.map((p) => ({ t: 'punch', p }) as LogRecord));
    return withSeq;
  }

  markAttempt(id: string): void {
    this.write([{ t: 'attempt', id, at: this.options.now() }]);
  }

  markUnsure(id: string, retryAt: number, message: string, problem: ErrorPayload | null = null): void {
    this.write([{ t: 'unsure', id, at: this.options.now(), retryAt, message, problem }]);
  }

  markDone(id: string, uuid: string | null): void {
    this.write([{ t: 'done', id, at: this.options.now(), uuid }]);
  }

  markFailed(id: string, status: number | null, message: string, problem: ErrorPayload | null = null): void {
    this.write([{ t: 'failed', id, at: this.options.now(), status, message, problem }]);
  }

  retry(id: string, by: string): void {
    const s = this.states.get(id);
    if (!s || (s.status !== 'failed' && !(s.status === 'pending' && this.isBlocked(s))))
      throw appError('conflict', 'Only a failed or blocked punch can be retried', { what: 'punch' });
    this.write([{ t: 'retry', id, at: this.options.now(), by }]);
  }

  discard(id: string, by: string): void {
    const s = this.states.get(id);
    if (!s || s.status === 'done' || s.status === 'discarded')
      throw appError('conflict', 'That punch is already on the service or discarded', { what: 'punch' });
    if (s.status === 'pending' && !this.isBlocked(s))
      throw appError('conflict', 'That punch is still being sent; only failed or blocked punches can be discarded', {
        what: 'punch',
      });
    this.write([{ t: 'discard', id, at: this.options.now(), by }]);
  }

  /** The service uuid a reference stands for, or null while its creating punch is not on the service. */
  resolve(ref: Ref): string | null {
    if (!isLocal(ref)) return ref.uuid;
    const creator = this.states.get(this.creators.get(ref.local) ?? '');
    return creator?.status === 'done' ? creator.uuid : null;
  }

  /** 'ok' to send, 'wait' for an earlier punch, 'blocked' when a punch it needs failed or was discarded. */
  dependency(s: PunchState, depth = 0): 'ok' | 'wait' | 'blocked' {
    const needed =
      s.p.kind === 'break-end'
        ? s.p.brk
        : s.p.kind === 'shift-start'
          ? null
          : s.p.kind === 'break-start'
            ? s.p.shift
            : s.p.shift;
    if (!needed || !isLocal(needed)) return 'ok';
    const creator = this.states.get(this.creators.get(needed.local) ?? '');
    if (!creator || depth > 4) return 'blocked';
    if (creator.status === 'done') return creator.uuid ? 'ok' : 'blocked';
    if (creator.status === 'failed' || creator.status === 'discarded') return 'blocked';
    return this.dependency(creator, depth + 1) === 'blocked' ? 'blocked' : 'wait';
  }

  isBlocked(s: PunchState): boolean {
    return s.status === 'pending' && this.dependency(s) === 'blocked';
  }

  /** People with punches still to send. */
  pendingUsers(): string[] {
    return [
      ...new Set(
        this.all()
          .filter((s) => s.status === 'pending')
          .map((s) => s.p.userId),
      ),
    ];
  }

  /**
   * The punch to send next for this person: their earliest pending punch, skipping those blocked
   * by a failed one (those wait for a manager), so one bad punch never holds up later shifts.
   */
  nextFor(userId: string): PunchState | null {
    for (const s of this.all()) {
      if (s.p.userId !== userId || s.status !== 'pending') continue;
      const dep = this.dependency(s);
      if (dep === 'ok') return s;
      if (dep === 'wait') return null;
    }
    return null;
  }

  /** Uuids this kiosk's punches already own: never adopt one of them for another punch. */
  ownedUuids(): Set<string> {
    return new Set(this.all().flatMap((s) => (s.uuid ? [s.uuid] : [])));
  }

  summary(
    state: OutboxSummary['state'],
    last: { error: string; problem: ErrorPayload } | null,
    nextAttemptAt: number | null,
  ): OutboxSummary {
    let pending = 0;
    let failed = 0;
    let blocked = 0;
    for (const s of this.states.values()) {
      if (s.status === 'failed') failed += 1;
      else if (s.status === 'pending') {
        if (this.isBlocked(s)) blocked += 1;
        else pending += 1;
      }
    }
    return {
      pending,
      failed,
      blocked,
      state: pending === 0 ? 'idle' : state,
      lastError: pending === 0 ? null : (last?.error ?? null),
      lastProblem: pending === 0 ? null : (last?.problem ?? null),
      nextAttemptAt: pending === 0 ? null : nextAttemptAt,
    };
  }

  /** Everything not yet on the service, in capture order. */
  items(): OutboxItem[] {
    return this.all()
      .filter((s) => s.status === 'pending' || s.status === 'failed')
      .map((s) => {
        const blocked = this.isBlocked(s);
        return {
          id: s.p.id,
          action: ACTION[s.p.kind],
          userId: s.p.userId,
          name: s.p.name,
          capturedAt: s.p.capturedAt,
          state:
            s.status === 'failed'
              ? 'failed'
              : blocked
                ? 'blocked'
                : s.sending
                  ? 'sending'
                  : s.unsure
                    ? 'checking'
                    : 'pending',
          message:
            s.status === 'failed'
              ? `${s.failure?.status ? `${s.failure.status}: ` : ''}${s.failure?.message ?? 'refused'}`
              : blocked
                ? 'Waits for an earlier punch of this shift that the service refused'
                : (s.note ?? s.unsure?.message ?? null),
          problem:
            s.status === 'failed' ? refusedProblem(s) : blocked ? null : (s.noteProblem ?? s.unsure?.problem ?? null),
          attempts: s.attempts,
        };
      });
  }

  private write(records: LogRecord[]): void {
    if (this.closed) throw new Error('The labor outbox is closed (the app is stopping)');
    this.log.appendMany(records);
    for (const r of records) this.apply(r);
    this.appended += records.length;
    // Not measured against the punches in memory, as it was: those leave memory only in a rewrite,
    // so a long run of delivered punches (three lines each) never reached four lines a punch, and
    // the log grew until the next start.
    if (this.appended >= Math.max(COMPACT_AFTER_LINES, this.kept)) this.compact();
  }

  private apply(r: LogRecord): void {
    if (r.t === 'head') return;
    if (r.t === 'punch') {
      this.states.set(r.p.id, {
        p: r.p,
        status: 'pending',
        uuid: null,
        unsure: null,
        attempts: 0,
        doneAt: null,
        failure: null,
        discarded: null,
        notBefore: 0,
        note: null,
        noteProblem: null,
        refusals: 0,
        sending: false,
      });
      this.nextSeq = Math.max(this.nextSeq, r.p.seq + 1);
      if (r.p.kind === 'shift-start' && isLocal(r.p.shift)) this.creators.set(r.p.shift.local, r.p.id);
      if (r.p.kind === 'break-start' && r.p.brk && isLocal(r.p.brk)) this.creators.set(r.p.brk.local, r.p.id);
      return;
    }
    const s = this.states.get(r.id);
    if (!s) return;
    switch (r.t) {
      case 'attempt':
        s.attempts += 1;
        s.unsure = {
          since: r.at,
          retryAt: r.at + this.options.settleAfterAttemptMs,
          message: 'Sent; checking whether the service recorded it',
          problem: null,
        };
        break;
      case 'unsure':
        s.unsure = { since: r.at, retryAt: r.retryAt, message: r.message, problem: r.problem ?? null };
        break;
      case 'done':
        s.status = 'done';
        s.uuid = r.uuid;
        s.doneAt = r.at;
        s.unsure = null;
        s.failure = null;
        break;
      case 'failed':
        s.status = 'failed';
        s.failure = { status: r.status, message: r.message, at: r.at, problem: r.problem ?? null };
        s.unsure = null;
        break;
      case 'retry':
        s.status = 'pending';
        s.failure = null;
        s.refusals = 0;
        s.notBefore = 0;
        break;
      case 'discard':
        s.status = 'discarded';
        s.discarded = { at: r.at, by: r.by };
        s.unsure = null;
        break;
    }
  }

  /** Rewrites the log with only what is still needed: unfinished punches and recent or referenced ones. */
  private compact(): void {
    const now = this.options.now();
    const referenced = new Set<string>();
    for (const s of this.states.values()) {
      if (s.status !== 'pending' && s.status !== 'failed') continue;
      for (const r of [s.p.shift, s.p.brk]) if (r && isLocal(r)) referenced.add(this.creators.get(r.local) ?? '');
    }
    const keep = this.all().filter(
      (s) =>
        s.status === 'pending' ||
        s.status === 'failed' ||
        referenced.has(s.p.id) ||
        now - s.p.capturedAt < RETENTION_MS,
    );
    const records: LogRecord[] = [{ t: 'head', v: 1, at: now }];
    for (const s of keep) {
      records.push({ t: 'punch', p: s.p });
      if (s.status === 'done') records.push({ t: 'done', id: s.p.id, at: s.doneAt ?? now, uuid: s.uuid });
      // The original times and names, never the compaction's: a restart must not rewrite history.
      else if (s.status === 'failed')
        records.push({
          t: 'failed',
          id: s.p.id,
          at: s.failure?.at ?? now,
          status: s.failure?.status ?? null,
          message: s.failure?.message ?? '',
          problem: s.failure?.problem ?? null,
        });
      else if (s.status === 'discarded')
        records.push({ t: 'discard', id: s.p.id, at: s.discarded?.at ?? now, by: s.discarded?.by ?? 'unknown' });
      else if (s.unsure)
        records.push({
          t: 'unsure',
          id: s.p.id,
          at: s.unsure.since,
          retryAt: s.unsure.retryAt,
          message: s.unsure.message,
          problem: s.unsure.problem,
        });
    }
    this.log.rewrite(records);
    const kept = new Set(keep.map((s) => s.p.id));
    for (const id of [...this.states.keys()]) if (!kept.has(id)) this.states.delete(id);
    for (const [local, id] of [...this.creators]) if (!kept.has(id)) this.creators.delete(local);
    this.appended = 0;
    this.kept = records.length;
  }
}

/**
 * A parked punch's refusal with its kind. One parked without a kind on record was refused by the
 * service (a 4xx that is not a retry-later): its words are the service's own.
 */
function refusedProblem(s: PunchState): ErrorPayload {
  const failure = s.failure;
  if (failure?.problem) return failure.problem;
  const said = failure?.message || null;
  return { kind: 'invalid', data: { field: null, said }, message: said ?? 'refused' };
}
