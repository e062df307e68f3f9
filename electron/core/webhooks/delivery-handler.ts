// One HTTP delivery, start to finish. The rules that shape it:
// - Store first, answer after: a 2xx goes out only once the event (or the note that it was a
//   repeat or stale) is durable; if storing fails the answer is 503 so the service retries.
// - Refused deliveries (401/400/413) are stored too, as 'rejected' rows, so forgeries are visible
//   in the inspector; they have no dedupe key, so they are never applied nor mistaken for real ones.
// - A 413 body is kept as a 4 KiB stub with its size, and the connection is closed rather than read.
// - A delivery whose data fails its schema, or of an unknown type, is stored, flagged, answered 2xx
//   (a retry would fail the same way for 24 h) and kept away from projections.
// - Repeats are answered 2xx and counted; events outside the retry window are answered 2xx and dropped.
// - Work on the event (projections, push events) happens after the answer has been sent.
import { acceptedFromEnvelope } from './accepted-event';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type EnvelopeHint, isKnownEventType } from '../../../shared/schemas/webhook-events';
import type { AcceptedEvent, EventSummary } from '../../../shared/webhooks';
import { type Assessment, type AuthSettings, assessDelivery, signatureHeaderName } from './assess-delivery';
import type { EventLog } from './event-log';
import { isApplicable, type NewEventRow, toSummary } from './event-record';
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

/** Incoming headers with their original spelling; repeated ones joined as Node joins them. */
function headerRecord(raw: string[], secretNames: Set<string>): Record<string, string> {
  // No prototype: a header named __proto__ must stay a plain key.
  const out = Object.create(null) as Record<string, string>;
  const spelling = new Map<string, string>();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const lower = raw[i].toLowerCase();
    const name = spelling.get(lower) ?? raw[i];
    spelling.set(lower, name);
    const value = ALWAYS_REDACTED.has(lower) || secretNames.has(lower) ? REDACTED : raw[i + 1];
    out[name] = name in out && value !== REDACTED ? `${out[name]}, ${value}` : value;
  }
  return out;
}

function bodyText(body: Buffer): { rawBody: string; rawBodyBase64: string | null } {
  const rawBody = body.toString('utf8');
  // Invalid UTF-8 does not survive as text; keep the exact bytes beside it for "copy as curl".
  return { rawBody, rawBodyBase64: Buffer.from(rawBody, 'utf8').equals(body) ? null : body.toString('base64') };
}

/** What a row says the event is: from the envelope when accepted, from a best-effort hint when refused. */
type RowIdentity = Pick<NewEventRow, 'type' | 'knownType' | 'targetUuid' | 'targetId' | 'locationUuid' | 'locationName' | 'locationId' | 'createdAt'>;
type RowVerdict = Pick<NewEventRow, 'verification' | 'problem' | 'dedupeKey' | 'httpStatus' | 'signature'> & { bodyBytes?: number; truncated?: boolean };

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

  constructor(
    private readonly log: EventLog,
    private readonly options: ResolvedOptions,
    private readonly hooks: DeliveryHooks,
  ) {}

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
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
    const headers: Record<string, string | number> = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
    if (reply.status === 405) headers.allow = 'POST';
    if (reply.close) headers.connection = 'close';
    res.writeHead(reply.status, headers);
    res.end(body);
    if (after !== null) setImmediate(after);
  }

  private async decide(req: IncomingMessage): Promise<{ reply: Reply; after: (() => void) | null }> {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== this.options.path) return { reply: { status: 404, body: { error: 'not found' } }, after: null };
    if (req.method !== 'POST') return { reply: { status: 405, body: { error: 'only POST' } }, after: null };
    const read = await readBody(req, this.options.maxBodyBytes);
    if (read.kind === 'aborted') return { reply: { status: 400, body: { error: 'request aborted' }, close: true }, after: null };
    const receivedAt = this.options.now();
    this.hooks.arrived(receivedAt);
    // Custom headers configured by the integrator carry its own credential (spec 5.7): redact them.
    const secretNames = new Set(Object.keys(this.hooks.auth().customHeaders).map((n) => n.toLowerCase()));
    const headers = headerRecord(req.rawHeaders, secretNames);
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
   * make and to stringify, and every delivery makes one.
   */
  private row(receivedAt: number, headers: Record<string, string>, body: Buffer, id: RowIdentity, verdict: RowVerdict): NewEventRow {
    const text = bodyText(body);
    return {
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
      rawBody: text.rawBody,
      rawBodyBase64: text.rawBodyBase64,
      bodyBytes: verdict.bodyBytes ?? body.length,
      truncated: verdict.truncated ?? false,
      httpStatus: verdict.httpStatus,
      signature: verdict.signature,
    };
  }

  /** Refusals are recorded best effort: the refusal stands even if the disk does not cooperate. */
  private async storeRefused(row: NewEventRow, reply: Reply): Promise<{ reply: Reply; after: (() => void) | null }> {
    let seq: number | null = null;
    try {
      seq = await this.log.append(row);
    } catch {
      // Nothing to add: the answer is already a refusal.
    }
    const stored = seq;
    return { reply, after: stored === null ? null : () => this.hooks.stored(toSummary({ k: 'e', seq: stored, ...row }, 1), null) };
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
        return { reply: { status: 200, body: { ok: true, seq: original, duplicate: true } }, after: () => this.hooks.repeated(original) };
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
    const row = this.row(receivedAt, headers, body, identity, {
      verification: a.verification,
      problem: a.check.problem,
      dedupeKey: key,
      httpStatus: 200,
      signature: a.signature,
    });
    const storing = this.log.append(row);
    this.inflight.set(key, storing);
    let seq: number;
    try {
      seq = await storing;
    } catch {
      return { reply: unavailable, after: null };
    } finally {
      this.inflight.delete(key);
    }
    const stored = { k: 'e' as const, seq, ...row };
    // The same builder replay uses (accepted-event.ts): one shape for the projections.
    const event: AcceptedEvent | null =
      isApplicable(stored) && a.check.problem === null
        ? acceptedFromEnvelope(e, a.check, { seq, receivedAt, verification: a.verification, dedupeKey: key })
        : null;
    const reply: Reply = { status: 200, body: a.check.problem === null ? { ok: true, seq } : { ok: true, seq, flagged: a.check.problem } };
    return { reply, after: () => this.hooks.stored(toSummary(stored, 1), event) };
  }
}
