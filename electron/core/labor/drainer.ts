// The one drainer of the outbox. Per person it sends strictly in capture order (a punch-out never
// before its punch-in; a break only once its shift has a uuid); different people go in parallel.
// Every send is preceded by a durable "attempt" record, and any send without a clear answer is
// settled by reading the service before anything is sent again, so no punch is lost or doubled
// even if the process dies between sending and recording.
import type { OutboxSummary } from '../../../shared/labor';
import { isAppError, type ErrorPayload } from '../../../shared/app-error';
import { errorPayloadOf } from '../api/app-error-of';
import { isServiceError } from '../api/errors';
import type { ServiceClient } from '../api/service-client';
import type { EntryMoney } from './entry-normalize';
import type { LaborApiContext } from './labor-api';
import type { Outbox, PunchState } from './outbox';
import { findOnService, sendPunch } from './punch-sender';
import { readsBeforeSending } from './punch';
import { tipsUnitRefusal } from './tips-money';
import { errorMessage } from '../../../shared/errors';

export interface DrainerTuning {
  /** Per request. */
  timeoutMs: number;
  /** After a timeout or 5xx the service may still be working on it: read no sooner than this. */
  settleMs: number;
  /** After a reset connection or a definite refusal: read again after this. */
  quickSettleMs: number;
  backoffMinMs: number;
  backoffMaxMs: number;
  /** People sent for at once. */
  concurrency: number;
  /** A break whose shift the service says it does not have (404) is retried this many times, then parked. */
  notFoundRetries: number;
  /**
   * Answers that did not read as the punch done and after which the punch was not on the service:
   * this many, each followed by a longer wait, then the punch is parked with what the service said.
   */
  unreadAnswers?: number;
}

const UNREAD_ANSWERS = 5;

export interface DrainerOptions {
  outbox: Outbox;
  api: () => ServiceClient;
  now: () => number;
  tuning: DrainerTuning;
  fiscalDayFor: (locationUuid: string) => (ms: number) => string;
  /** The location's IANA zone when known (times without an offset are its wall clock). */
  timezoneFor?: (locationUuid: string) => string | null;
  /** Reads a role named by name, uuid or code as the roster's role (labor-api's resolveRole). */
  resolveRole?: LaborApiContext['resolveRole'];
  /** Unit of the open money fields (declared_tips) on the current connection. */
  money?: () => EntryMoney | undefined;
  onChange: () => void;
  onDone: (s: PunchState) => void;
  log?: (line: string) => void;
}

const RETRY_LATER = new Set([408, 409, 425, 429]);

export class Drainer {
  private readonly inFlight = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private timerAt = 0;
  private globalNotBefore = 0;
  private backoffMs = 0;
  private last: { error: string; problem: ErrorPayload } | null = null;
  private offline = false;
  private stopped = false;
  /** Punches whose last answer did not read as done: a read-back that misses them counts one. */
  private readonly unconfirmed = new Map<string, { said: string; problem: ErrorPayload | null }>();
  private readonly unreadCount = new Map<string, number>();

  constructor(private readonly o: DrainerOptions) {}

  /** Look for work now; `fresh` forgets the offline backoff (the service was just seen answering). */
  kick(fresh = false): void {
    if (fresh && this.offline) {
      this.globalNotBefore = 0;
      this.backoffMs = 0;
    }
    queueMicrotask(() => this.pump());
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  summary(): OutboxSummary {
    const now = this.o.now();
    const state: OutboxSummary['state'] =
      this.offline && this.globalNotBefore > now ? 'offline' : this.inFlight.size > 0 ? 'sending' : 'waiting';
    const nextAt = this.timer ? this.timerAt : null;
    return this.o.outbox.summary(state, this.last, state === 'sending' ? null : nextAt);
  }

  private schedule(at: number): void {
    if (this.stopped) return;
    if (this.timer && this.timerAt <= at) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.pump();
      },
      Math.max(0, at - this.o.now()),
    );
    this.timer.unref?.();
  }

  private pump(): void {
    if (this.stopped || this.o.outbox.isClosed) return;
    const now = this.o.now();
    if (now < this.globalNotBefore) return this.schedule(this.globalNotBefore);
    for (const userId of this.o.outbox.pendingUsers()) {
      if (this.inFlight.size >= this.o.tuning.concurrency) break;
      if (this.inFlight.has(userId)) continue;
      const s = this.o.outbox.nextFor(userId);
      if (!s) continue;
      const readyAt = Math.max(s.notBefore, s.unsure?.retryAt ?? 0);
      if (readyAt > now) {
        this.schedule(readyAt);
        continue;
      }
      this.inFlight.add(userId);
      s.sending = true;
      this.o.onChange();
      void this.work(s).finally(() => {
        s.sending = false;
        this.inFlight.delete(userId);
        if (this.stopped) return;
        this.o.onChange();
        this.pump();
      });
    }
  }

  private async work(s: PunchState): Promise<void> {
    let client: ServiceClient;
    try {
      client = this.o.api();
    } catch (error) {
      return this.goOffline(messageOf(error), errorPayloadOf(error));
    }
    const ctx: LaborApiContext = {
      client,
      locationUuid: s.p.locationUuid,
      fiscalDayOf: this.o.fiscalDayFor(s.p.locationUuid),
      timezone: this.o.timezoneFor?.(s.p.locationUuid) ?? null,
      resolveRole: this.o.resolveRole,
      timeoutMs: this.o.tuning.timeoutMs,
      money: this.o.money?.(),
    };
    const { outbox } = this.o;
    let sent = false;
    try {
      if (s.unsure || readsBeforeSending(s.p)) {
        const found = await findOnService(ctx, outbox, s);
        if (this.stopped) return;
        if (found.state === 'present') return this.succeeded(s, found.uuid);
        const unread = found.state === 'absent' ? this.unconfirmed.get(s.p.id) : undefined;
        if (unread) {
          // The service answered, yet the punch is not there: that answer was no success. Wait
          // longer each time (a service refusing in its body would otherwise be hit at once,
          // again and again), and stop after a few with what it said.
          this.unconfirmed.delete(s.p.id);
          return this.notDone(s, unread.said, unread.problem);
        }
        if (found.state === 'gone') {
          outbox.markFailed(s.p.id, 404, found.message, {
            kind: 'not-found',
            data: { what: 'punch', said: found.message },
            message: found.message,
          });
          return;
        }
      }
      const tipsWait = tipsUnitRefusal(s.p, ctx.money);
      if (tipsWait !== null) return this.backOff(s, tipsWait.message, tipsWait);
      outbox.markAttempt(s.p.id);
      sent = true;
      const answer = await sendPunch(ctx, outbox, s);
      if (this.stopped) return;
      if (!answer.confirmed) {
        // A 2xx whose body does not show the punch done (no entry named, or the entry still open):
        // read the service at once rather than take the status for the outcome.
        const said = 'the service answered without showing the punch done, and it is not on the service';
        this.unconfirmed.set(s.p.id, { said, problem: null });
        outbox.markUnsure(s.p.id, this.o.now(), 'Sent; reading the service to see it was done');
        return this.markReachable();
      }
      this.succeeded(s, answer.uuid);
    } catch (error) {
      if (this.stopped || outbox.isClosed) return;
      this.failed(s, error, sent);
    }
  }

  private succeeded(s: PunchState, uuid: string | null): void {
    this.unconfirmed.delete(s.p.id);
    this.unreadCount.delete(s.p.id);
    this.o.outbox.markDone(s.p.id, uuid);
    this.markReachable();
    this.o.onDone(s);
  }

  private markReachable(): void {
    this.offline = false;
    this.backoffMs = 0;
    this.globalNotBefore = 0;
    this.last = null;
  }

  private failed(s: PunchState, error: unknown, sent: boolean): void {
    const { outbox, tuning } = this.o;
    const now = this.o.now();
    const message = messageOf(error);
    const reason = plainReason(error);
    const problem = errorPayloadOf(error);
    if (message !== reason) this.o.log?.(`labor: punch ${s.p.id}: ${message}`);
    const unsure = (waitMs: number) => {
      if (sent)
        outbox.markUnsure(s.p.id, now + waitMs, `Sent, but ${reason}; the app checks before sending again`, problem);
    };
    if (isAppError(error, 'cannot-read')) {
      // The service answers in a form this app cannot read (a list, an entry, a time): the punch
      // waits with that said, and is read back before any send, never sent again blind.
      unsure(tuning.settleMs);
      return this.backOff(s, `the service answered in a form this app cannot read: ${error.message}`, problem);
    }
    if (!isServiceError(error)) {
      // Not connected, or an answer we could not read: try again later, reading first.
      unsure(tuning.settleMs);
      return this.goOffline(reason, problem);
    }
    if (error.kind === 'network' || error.kind === 'timeout') {
      unsure(error.kind === 'timeout' ? tuning.settleMs : tuning.quickSettleMs);
      return this.goOffline(reason, problem);
    }
    if (error.kind === 'bad-response' || (error.kind === 'http' && (error.status ?? 0) >= 500)) {
      unsure(Math.max(tuning.settleMs, error.retryAfterMs ?? 0));
      // Answered, but not readably: counted like an answer that did not show the punch done.
      if (sent && error.kind === 'bad-response')
        this.unconfirmed.set(s.p.id, { said: error.serviceMessage ?? reason, problem });
      return this.backOff(s, withWhen(reason, error.retryAfterMs, now), problem, error.retryAfterMs);
    }
    if (error.kind === 'auth') {
      unsure(tuning.quickSettleMs);
      return this.goOffline(reason, problem);
    }
    if (error.kind === 'forbidden' || (error.kind === 'http' && RETRY_LATER.has(error.status ?? 0))) {
      unsure(Math.max(tuning.quickSettleMs, error.retryAfterMs ?? 0));
      return this.backOff(s, withWhen(reason, error.retryAfterMs, now), problem, error.retryAfterMs);
    }
    const status = error.status;
    if (s.p.kind === 'break-start' && status === 404 && s.refusals < tuning.notFoundRetries) {
      // The shift may not be visible yet on the service's side: a few more tries before parking.
      s.refusals += 1;
      unsure(tuning.quickSettleMs);
      return this.backOff(s, `the service does not know this break's shift yet (404); trying again`, problem);
    }
    this.markReachable();
    this.forget(s.p.id);
    // A refusal in a 2xx body is parked like a 4xx, without a status the service did not send.
    outbox.markFailed(s.p.id, error.answeredStatus === null ? status : null, error.serviceMessage ?? message, problem);
    this.o.log?.(`labor: punch ${s.p.id} parked as failed: ${message}`);
  }

  /** An answer that was no success, the punch read back absent: wait longer, or park after a few. */
  private notDone(s: PunchState, said: string, problem: ErrorPayload | null): void {
    const count = (this.unreadCount.get(s.p.id) ?? 0) + 1;
    const limit = this.o.tuning.unreadAnswers ?? UNREAD_ANSWERS;
    const shown: ErrorPayload = problem ?? {
      kind: 'cannot-read',
      data: { what: 'the answer to a punch' },
      message: `The service's answer did not show the punch done: ${said}`,
    };
    if (count < limit) {
      this.unreadCount.set(s.p.id, count);
      return this.backOff(s, `${said}; trying again (${count} of ${limit})`, shown);
    }
    // Read back just now and absent: parking it leaves nothing half-done on the service.
    this.forget(s.p.id);
    this.o.outbox.markFailed(s.p.id, null, `${said} (${limit} answers in a row)`, shown);
    this.o.log?.(`labor: punch ${s.p.id} parked: ${limit} answers did not show it done (${said})`);
  }

  private forget(id: string): void {
    this.unconfirmed.delete(id);
    this.unreadCount.delete(id);
  }

  private backOff(s: PunchState, message: string, problem: ErrorPayload, retryAfterMs: number | null = null): void {
    const { tuning } = this.o;
    // The service's own Retry-After wins over our backoff when it asks for longer (429, 503).
    const wait = Math.max(
      retryAfterMs ?? 0,
      Math.min(tuning.backoffMaxMs, tuning.backoffMinMs * 2 ** Math.min(10, s.attempts)),
    );
    s.notBefore = this.o.now() + wait;
    s.note = message;
    s.noteProblem = problem;
    this.last = { error: message, problem };
  }

  private goOffline(message: string, problem: ErrorPayload): void {
    const { tuning } = this.o;
    this.backoffMs = this.backoffMs === 0 ? tuning.backoffMinMs : Math.min(tuning.backoffMaxMs, this.backoffMs * 2);
    this.globalNotBefore = this.o.now() + this.backoffMs;
    this.offline = true;
    this.last = { error: message, problem };
  }
}

/** "…; the service asked to wait: next try in about 30 s" when it sent Retry-After. */
function withWhen(reason: string, retryAfterMs: number | null, _now: number): string {
  if (retryAfterMs === null) return reason;
  const s = Math.max(1, Math.round(retryAfterMs / 1000));
  return `${reason}; the service asked to wait: next try in about ${s < 120 ? `${s} s` : `${Math.round(s / 60)} min`}`;
}

/** Why a send failed, in words for the kiosk and the manager (the full text goes to the log). */
export function plainReason(error: unknown): string {
  if (!isServiceError(error)) return messageOf(error);
  switch (error.kind) {
    case 'network':
      return 'the service could not be reached';
    case 'timeout':
      return 'the service did not answer in time';
    case 'bad-response':
      return 'the service gave an answer the app could not read';
    case 'auth':
      return 'the service refused the app’s credentials (401); check Settings';
    case 'forbidden':
      return `the service refuses this location for this app (403)${error.serviceMessage ? `: ${error.serviceMessage}` : ''}`;
    default:
      return `the service answered ${error.status}${error.serviceMessage ? `: ${error.serviceMessage}` : ''}`;
  }
}

function messageOf(error: unknown): string {
  return errorMessage(error);
}
