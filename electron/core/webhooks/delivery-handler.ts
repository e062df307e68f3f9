// One HTTP delivery, start to finish. The rules that shape it:
// - Store first, answer after: a 2xx goes out only once the event (or the note that it was a
//   repeat or stale) is durable; if storing fails the answer is 503 so the service retries.
// - Refused deliveries (400/401/403/413/415) are stored too, as 'rejected' rows, so forgeries are
//   visible in the inspector; they have no dedupe key, so they are never applied nor mistaken for
//   real ones. Only a summary is kept (headers, size, SHA-256, the first 4 KiB), and only so many
//   an hour (refusal-budget.ts): past that they are counted, not written, so whoever can reach the
//   port cannot fill the disk or push real events out of the retained log.
// - A 413 body is never read past the limit, and the connection is closed rather than read.
// - A delivery whose data fails its schema, or of an unknown type, is stored, flagged, answered 2xx
//   (a retry would fail the same way for 24 h) and kept away from projections.
// - Repeats are answered 2xx and counted; events outside the retry window are answered 2xx and dropped.
// - Work on the event (projections, push events) happens after the answer has been sent.
import { acceptedFromEnvelope } from './accepted-event';
import { createHash } from 'node:crypto';
import type { RefusalBudget } from './refusal-budget';
import { isUtf8 } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type EnvelopeHint, isKnownEventType } from '../../../shared/schemas/webhook-events';
import type { AcceptedEvent, EventSummary } from '../../../shared/webhooks';
import { type Assessment, type AuthSettings, assessDelivery, signatureHeaderName } from './assess-delivery';
import type { EventLog } from './event-log';
import { isApplicable, type StoredEventRow, toSummary } from './event-record';
import { readBody, STUB_BYTES } from './request-body';
import type { ResolvedOptions } from './receiver-options';

export interface DeliveryHooks {
  auth(): AuthSettings;
  /** A row was stored (after the answer went out). */
  stored(summary: EventSummary, event: AcceptedEvent | null): void;
  /** A repeat of row `seq` was recorded. */
  repeated(seq: number): void;
  /** Counters changed without a new row (stale). */
  counted(): void;
  /** A request was refused or failed (any non-2xx). */
  failed(): void;
  /** Something arrived at this time (for status.lastEventAt). */
  arrived(at: number): void;
}

type Reply = { status: number; body: Record<string, unknown>; close?: boolean };

/** Credentials never reach the log or the renderer: these headers are stored as a marker. */
const ALWAYS_REDACTED = new Set(['authorization', 'proxy-authorization', 'cookie']);
export const REDACTED = '[redacted]';

/**
 * Incoming headers with their original spelling; repeated ones joined as Node joins them. A plain
 * object, as rows read back from disk are (JSON.parse makes plain objects): a null-prototype one
 * is a slow dictionary for V8 to fill and to stringify, once per delivery. Own properties only,
 * so a header named like an Object.prototype member is an ordinary key, and `__proto__` is defined
 * rather than assigned (assigning it would set the prototype).
 */
function headerRecord(raw: string[], secretNames: Set<string>): Record<string, string> {
  const out: Record<string, string> = {};
  const spelling = new Map<string, string>();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const lower = raw[i].toLowerCase();
    let name = spelling.get(lower);
    if (name === undefined) {
      name = raw[i];
      spelling.set(lower, name);
    }
    const value = ALWAYS_REDACTED.has(lower) || secretNames.has(lower) ? REDACTED : raw[i + 1];
    const joined = Object.hasOwn(out, name) && value !== REDACTED ? `${out[name]}, ${value}` : value;
    if (name === '__proto__')
      Object.defineProperty(out, name, { value: joined, enumerable: true, writable: true, configurable: true });
    else out[name] = joined;
  }
  return out;
}

/** What a row says the event is: from the envelope when accepted, from a best-effort hint when refused. */
type RowIdentity = Pick<
  StoredEventRow,
  'type' | 'knownType' | 'targetUuid' | 'targetId' | 'locationUuid' | 'locationName' | 'locationId' | 'createdAt'
>;
type RowVerdict = Pick<StoredEventRow, 'verification' | 'problem' | 'dedupeKey' | 'httpStatus' | 'signature'> & {
  bodyBytes?: number;
  truncated?: boolean;
};

function identityFromHint(hint: EnvelopeHint | null): RowIdentity {
  return {
    type: hint?.type ?? '',
    // For a refused row: whether the type it claims is one of the 18 (it is never applied either way).
    knownType: hint?.type != null && isKnownEventType(hint.type),
    targetUuid: hint?.targetUuid ?? null,
    targetId: hint?.targetId ?? null,
    locationUuid: hint?.locationUuid ?? null,
    locationName: hint?.locationName ?? null,
    locationId: hint?.locationId ?? null,
    createdAt: hint?.createdAt ?? null,
  };
}

export class DeliveryHandler {
  /** Dedupe keys being stored right now: a concurrent repeat waits for the first to land. */
  private readonly inflight = new Map<string, Promise<number>>();
  /** Requests being handled, and who waits for there to be none (stop). */
  private active = 0;
  private idleWaiters: (() => void)[] = [];
  /** Work after answers, run in arrival order from one setImmediate per turn of the loop. */
  private afterQueue: (() => void)[] = [];
  /** The custom header names to redact, kept for as long as the auth settings object is the same. */
  private redactFor: { auth: AuthSettings; names: Set<string> } | null = null;

  constructor(
    private readonly log: EventLog,
    private readonly options: ResolvedOptions,
    private readonly hooks: DeliveryHooks,
    private readonly refusals: RefusalBudget,
  ) {}

  /**
   * Answers one request. Never rejects: whatever goes wrong ends in an answer (500 at worst), so
   * the server needs no promise of its own per request; `idle()` says when none is in progress.
   */
  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.active += 1;
    try {
      let reply: Reply;
      let after: (() => void) | null = null;
      try {
        ({ reply, after } = await this.decide(req));
      } catch (error) {
        reply = { status: 500, body: { error: `internal error: ${(error as Error).message}` } };
      }
      if (reply.status >= 300) this.hooks.failed();
      if (res.writableEnded || res.destroyed) return;
      const body = JSON.stringify(reply.body);
      const headers: Record<string, string | number> = {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      };
      if (reply.status === 405) headers.allow = 'POST';
      if (reply.close) headers.connection = 'close';
      res.writeHead(reply.status, headers);
      res.end(body);
      if (after !== null) this.later(after);
    } catch {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    } finally {
      this.active -= 1;
      if (this.active === 0 && this.idleWaiters.length > 0) {
        const waiters = this.idleWaiters;
        this.idleWaiters = [];
        for (const resolve of waiters) resolve();
      }
    }
  }

  /** Resolves once no request is being handled. */
  idle(): Promise<void> {
    if (this.active === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Runs `work` after this turn's answers have gone out. One setImmediate drains every answer's
   * work in order, rather than one each: a group commit answers dozens of requests at once.
   */
  private later(work: () => void): void {
    this.afterQueue.push(work);
    if (this.afterQueue.length === 1) setImmediate(this.drainAfter);
  }

  private readonly drainAfter = (): void => {
    const queue = this.afterQueue;
    this.afterQueue = [];
    for (let i = 0; i < queue.length; i++) {
      try {
        queue[i]();
      } catch (error) {
        // As a setImmediate of its own would: the error is uncaught, the rest still run.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  };

  private redactedNames(auth: AuthSettings): Set<string> {
    if (this.redactFor?.auth !== auth)
      this.redactFor = { auth, names: new Set(Object.keys(auth.customHeaders).map((n) => n.toLowerCase())) };
    return this.redactFor.names;
  }

  private async decide(req: IncomingMessage): Promise<{ reply: Reply; after: (() => void) | null }> {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== this.options.path) return { reply: { status: 404, body: { error: 'not found' } }, after: null };
    if (req.method !== 'POST') return { reply: { status: 405, body: { error: 'only POST' } }, after: null };
    const read = await readBody(req, this.options.maxBodyBytes);
    if (read.kind === 'aborted')
      return { reply: { status: 400, body: { error: 'request aborted' }, close: true }, after: null };
    const receivedAt = this.options.now();
    this.hooks.arrived(receivedAt);
    // Custom headers configured by the integrator carry its own credential (spec 5.7): redact them.
    const headers = headerRecord(req.rawHeaders, this.redactedNames(this.hooks.auth()));
    if (read.kind === 'too-large') {
      const size = Math.max(read.seenBytes, read.declaredBytes ?? 0);
      const header = req.headers[signatureHeaderName(this.hooks.auth().headerPrefix)];
      const row = this.row(receivedAt, headers, read.stub, identityFromHint(null), {
        verification: 'rejected',
        problem: `body too large: over ${this.options.maxBodyBytes} bytes (${read.declaredBytes !== null ? `declared ${read.declaredBytes}` : `${read.seenBytes}+ read`}); first ${STUB_BYTES} bytes kept`,
        dedupeKey: null,
        bodyBytes: size,
        truncated: true,
        httpStatus: 413,
        signature: { header: typeof header === 'string' ? header : null, result: 'unchecked' },
      });
      return this.storeRefused(row, { status: 413, body: { error: 'body too large' }, close: true });
    }
    const assessment = assessDelivery(read.body, req.headers, this.hooks.auth());
    if (assessment.outcome === 'rejected') {
      const row = this.row(receivedAt, headers, read.body, identityFromHint(assessment.hint), {
        verification: 'rejected',
        problem: assessment.reason,
        dedupeKey: null,
        httpStatus: assessment.status,
        signature: assessment.signature,
      });
      return this.storeRefused(row, { status: assessment.status, body: { error: assessment.reason } });
    }
    return this.accept(receivedAt, headers, read.body, assessment);
  }

  /**
   * The one builder of a stored row. Every field is written out, in one order, instead of
   * spreading a base row and overriding keys: objects built that way cost V8 several µs each to
   * make and to stringify, and every delivery makes one. The log numbers it (`seq`) as it is
   * appended; the same object is then the stored row.
   */
  private row(
    receivedAt: number,
    headers: Record<string, string>,
    body: Buffer,
    id: RowIdentity,
    verdict: RowVerdict,
    decoded: string | null = null,
  ): StoredEventRow {
    // A refused body is summarised: who sent it and what it was, not the bytes a stranger chose.
    const refused = verdict.verification === 'rejected';
    const kept = refused && body.length > STUB_BYTES ? body.subarray(0, STUB_BYTES) : body;
    // An accepted body was decoded once already (assessDelivery); the text is not made again.
    const text = decoded !== null && kept === body ? decoded : kept.toString('utf8');
    // Invalid UTF-8 does not survive as text; keep the exact bytes beside it for "copy as curl".
    // Decoding replaces each invalid sequence with U+FFFD, so text without one came from valid
    // UTF-8 and the bytes need no second scan.
    const valid = !text.includes('\uFFFD') || isUtf8(kept) || (kept !== body && isUtf8(body));
    return {
      k: 'e',
      seq: 0,
      receivedAt,
      type: id.type,
      knownType: id.knownType,
      targetUuid: id.targetUuid,
      targetId: id.targetId,
      locationUuid: id.locationUuid,
      locationName: id.locationName,
      locationId: id.locationId,
      createdAt: id.createdAt,
      verification: verdict.verification,
      problem: verdict.problem,
      dedupeKey: verdict.dedupeKey,
      headers,
      rawBody: text,
      rawBodyBase64: valid ? null : kept.toString('base64'),
      bodyBytes: verdict.bodyBytes ?? body.length,
      truncated: (verdict.truncated ?? false) || kept !== body,
      httpStatus: verdict.httpStatus,
      signature: verdict.signature,
      ...(refused && verdict.truncated !== true ? { bodySha256: createHash('sha256').update(body).digest('hex') } : {}),
    };
  }

  /** Refusals are recorded best effort: the refusal stands even if the disk does not cooperate. */
  private async storeRefused(row: StoredEventRow, reply: Reply): Promise<{ reply: Reply; after: (() => void) | null }> {
    if (!this.refusals.take()) return { reply, after: () => this.hooks.counted() };
    try {
      await this.log.appendRow(row);
    } catch {
      // Nothing to add: the answer is already a refusal.
      return { reply, after: null };
    }
    return { reply, after: () => this.hooks.stored(toSummary(row, 1), null) };
  }

  private async accept(
    receivedAt: number,
    headers: Record<string, string>,
    body: Buffer,
    a: Extract<Assessment, { outcome: 'accepted' }>,
  ): Promise<{ reply: Reply; after: (() => void) | null }> {
    const unavailable: Reply = { status: 503, body: { error: 'the event could not be stored; retry later' } };
    const key = a.dedupeKey;
    for (;;) {
      const original = this.log.seqForKey(key);
      if (original !== undefined) {
        try {
          await this.log.markDuplicate(original);
        } catch {
          return { reply: unavailable, after: null };
        }
        return {
          reply: { status: 200, body: { ok: true, seq: original, duplicate: true } },
          after: () => this.hooks.repeated(original),
        };
      }
      const pending = this.inflight.get(key);
      if (pending === undefined) break;
      // The same event is being stored by a concurrent delivery: once it lands this one is a repeat;
      // if it fails, this one tries to store it itself.
      await pending.catch(() => {});
    }

    const e = a.envelope;
    const created = Date.parse(e.createdAt);
    const { retryWindowMs, clockSkewMs } = this.options;
    if (created < receivedAt - retryWindowMs - clockSkewMs || created > receivedAt + clockSkewMs) {
      try {
        await this.log.markStale(e.type, e.createdAt);
      } catch {
        return { reply: unavailable, after: null };
      }
      return { reply: { status: 200, body: { ok: true, stale: true } }, after: () => this.hooks.counted() };
    }

    const identity: RowIdentity = {
      type: e.type,
      knownType: a.check.knownType,
      targetUuid: e.targetUuid ?? null,
      targetId: e.targetId ?? null,
      locationUuid: e.locationUuid ?? null,
      locationName: e.locationName ?? null,
      locationId: e.locationId ?? null,
      createdAt: e.createdAt,
    };
    const row = this.row(
      receivedAt,
      headers,
      body,
      identity,
      {
        verification: a.verification,
        problem: a.check.problem,
        dedupeKey: key,
        httpStatus: 200,
        signature: a.signature,
      },
      a.text,
    );
    const storing = this.log.appendRow(row);
    this.inflight.set(key, storing);
    let seq: number;
    try {
      seq = await storing;
    } catch {
      return { reply: unavailable, after: null };
    } finally {
      this.inflight.delete(key);
    }
    // The same builder replay uses (accepted-event.ts): one shape for the projections.
    const event: AcceptedEvent | null =
      isApplicable(row) && a.check.problem === null
        ? acceptedFromEnvelope(e, a.check, { seq, receivedAt, verification: a.verification, dedupeKey: key })
        : null;
    const reply: Reply = {
      status: 200,
      body: a.check.problem === null ? { ok: true, seq } : { ok: true, seq, flagged: a.check.problem },
    };
    return { reply, after: () => this.hooks.stored(toSummary(row, 1), event) };
  }
}
