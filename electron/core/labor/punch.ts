// A punch as the outbox keeps it, and the log records that tell its story. A punch is captured
// once with its own id and capture time; what happens to it afterwards is appended, never edited.
import { z } from 'zod';
import type { ErrorPayload } from '../../../shared/app-error';
import { storedProblem } from '../storage/stored-problem';

/** Points at a shift or break: by the local id this kiosk gave it, or by the service's uuid. */
export type Ref = { local: string } | { uuid: string };

export type PunchKind = 'shift-start' | 'break-start' | 'break-end' | 'shift-end';

/**
 * An auto clock-out's punch id: this prefix and the shift it closes, so every kiosk that closes
 * one shift names the same punch.
 */
export const AUTO_CLOSE_PREFIX = 'auto-close:';

/**
 * Another kiosk of the venue may have closed the shift already (its own auto clock-out, or the
 * person's punch-out its board had not seen yet): an auto clock-out reads the shift before
 * sending, and sends nothing when it is closed, so it never overwrites a real punch-out.
 */
export const readsBeforeSending = (p: Punch): boolean => p.kind === 'shift-end' && p.id.startsWith(AUTO_CLOSE_PREFIX);

export interface Punch {
  id: string;
  /** Capture order on this kiosk: the drainer's order per person. */
  seq: number;
  kind: PunchKind;
  locationUuid: string;
  userId: string;
  name: string;
  /** Unix ms: becomes punch_in (starts) or punch_out (ends) on the service. */
  capturedAt: number;
  /** user_role for the POSTs (a break carries its shift's role). */
  role: string | null;
  roleUuid: string | null;
  /** shift-start: { local } of the new shift; the others: the shift they belong to. */
  shift: Ref;
  /** break-start: { local } of the new break; break-end: the break it ends. */
  brk: Ref | null;
  /** time_punch_type of a break. */
  breakType: string | null;
  /** shift-end: integer cents. */
  declaredTips: number | null;
}

export type LogRecord =
  /** First line of every outbox file written since: an empty file is then damage, never "no punches". */
  | { t: 'head'; v: 1; at: number }
  | { t: 'punch'; p: Punch }
  /** About to send: if no outcome follows, the send may or may not have reached the service. */
  | { t: 'attempt'; id: string; at: number }
  /** The outcome of a send is unknown; reconcile, not before `retryAt`. */
  | { t: 'unsure'; id: string; at: number; retryAt: number; message: string; problem?: ErrorPayload | null }
  /** On the service; `uuid` is the entry the punch created (null for the PATCHes). */
  | { t: 'done'; id: string; at: number; uuid: string | null }
  | { t: 'failed'; id: string; at: number; status: number | null; message: string; problem?: ErrorPayload | null }
  | { t: 'retry'; id: string; at: number; by: string }
  | { t: 'discard'; id: string; at: number; by: string };

const ref = z.union([z.strictObject({ local: z.string().min(1) }), z.strictObject({ uuid: z.string().min(1) })]);

const punchSchema = z.object({
  id: z.string().min(1),
  seq: z.number().int(),
  kind: z.enum(['shift-start', 'break-start', 'break-end', 'shift-end']),
  locationUuid: z.string().min(1),
  userId: z.string().min(1),
  name: z.string(),
  capturedAt: z.number().finite(),
  role: z.string().nullable(),
  roleUuid: z.string().nullable(),
  shift: ref,
  brk: ref.nullable(),
  breakType: z.string().nullable(),
  declaredTips: z.number().int().nullable(),
});

const recordSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('head'), v: z.literal(1), at: z.number() }),
  z.object({ t: z.literal('punch'), p: punchSchema }),
  z.object({ t: z.literal('attempt'), id: z.string(), at: z.number() }),
  z.object({
    t: z.literal('unsure'),
    id: z.string(),
    at: z.number(),
    retryAt: z.number(),
    message: z.string(),
    problem: storedProblem,
  }),
  z.object({ t: z.literal('done'), id: z.string(), at: z.number(), uuid: z.string().nullable() }),
  z.object({
    t: z.literal('failed'),
    id: z.string(),
    at: z.number(),
    status: z.number().nullable(),
    message: z.string(),
    problem: storedProblem,
  }),
  z.object({ t: z.literal('retry'), id: z.string(), at: z.number(), by: z.string() }),
  z.object({ t: z.literal('discard'), id: z.string(), at: z.number(), by: z.string() }),
]);

export function parseLogRecord(raw: unknown): LogRecord | null {
  const parsed = recordSchema.safeParse(raw);
  return parsed.success ? (parsed.data as LogRecord) : null;
}

export const isLocal = (r: Ref): r is { local: string } => 'local' in r;
