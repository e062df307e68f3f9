// What one line of the event log holds. Three kinds, so every delivery is accounted for on disk
// (counters survive restarts) while only real events become inspector rows:
//   'e' an event row: everything received, even when refused, so forged deliveries show up;
//   'd' a repeat delivery of row `of` (answered 2xx, not stored again, bumps its `deliveries`);
//   's' a stale delivery (createdAt outside the accepted window), dropped and only counted.
import type { EventDetail, EventSummary, Verification } from '../../../shared/webhooks';

export interface StoredEventRow {
  k: 'e';
  seq: number;
  receivedAt: number;
  /** '' when the body could not be read as an envelope at all. */
  type: string;
  knownType: boolean;
  targetUuid: string | null;
  targetId: string | null;
  locationUuid: string | null;
  locationName: string | null;
  locationId: string | null;
  createdAt: string | null;
  verification: Verification;
  problem: string | null;
  dedupeKey: string | null;
  headers: Record<string, string>;
  rawBody: string;
  rawBodyBase64: string | null;
  bodyBytes: number;
  truncated: boolean;
  httpStatus: number;
  signature: EventDetail['signature'];
  /** Refused rows: SHA-256 of the whole body, of which only a summary is kept. */
  bodySha256?: string;
}

export interface DuplicateMark {
  k: 'd';
  of: number;
  at: number;
}

export interface StaleMark {
  k: 's';
  at: number;
  type: string;
  createdAt: string;
}

export type LogLine = StoredEventRow | DuplicateMark | StaleMark;
export type NewEventRow = Omit<StoredEventRow, 'k' | 'seq'>;

/**
 * Fed to projections: signed and verified, known type, data matched its schema. An unsigned row
 * (no secret set) is kept for the inspector only: nothing proves who sent it, so it never changes
 * the board, gift cards or labor.
 */
export function isApplicable(row: Pick<StoredEventRow, 'verification' | 'knownType' | 'problem'>): boolean {
  return row.verification === 'verified' && row.knownType && row.problem === null;
}

/** Flagged: accepted and stored, but unknown type or data that did not match. */
export function isFlagged(row: Pick<StoredEventRow, 'verification' | 'problem'>): boolean {
  return row.verification !== 'rejected' && row.problem !== null;
}

const VERIFICATIONS = new Set(['verified', 'unsigned', 'rejected']);
const isText = (v: unknown) => typeof v === 'string';
const isTextOrNull = (v: unknown) => v === null || typeof v === 'string';
const isCount = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/** Parses one log line; null for anything that is not a whole, well-formed record (torn or corrupt). */
export function parseLogLine(text: string): LogLine | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (v.k === 'd') return isCount(v.of) && isCount(v.at) ? (v as unknown as DuplicateMark) : null;
  if (v.k === 's') return isCount(v.at) && isText(v.type) && isText(v.createdAt) ? (v as unknown as StaleMark) : null;
  if (v.k !== 'e') return null;
  const ok =
    isCount(v.seq) &&
    isCount(v.receivedAt) &&
    isText(v.type) &&
    typeof v.knownType === 'boolean' &&
    isTextOrNull(v.targetUuid) &&
    isTextOrNull(v.targetId) &&
    isTextOrNull(v.locationUuid) &&
    isTextOrNull(v.locationName) &&
    isTextOrNull(v.locationId) &&
    isTextOrNull(v.createdAt) &&
    VERIFICATIONS.has(v.verification as string) &&
    isTextOrNull(v.problem) &&
    isTextOrNull(v.dedupeKey) &&
    typeof v.headers === 'object' &&
    v.headers !== null &&
    isText(v.rawBody) &&
    isTextOrNull(v.rawBodyBase64) &&
    isCount(v.bodyBytes) &&
    typeof v.truncated === 'boolean' &&
    isCount(v.httpStatus) &&
    typeof v.signature === 'object' &&
    v.signature !== null;
  return ok ? (v as unknown as StoredEventRow) : null;
}

export function toSummary(row: StoredEventRow, deliveries: number): EventSummary {
  return {
    seq: row.seq,
    receivedAt: row.receivedAt,
    type: row.type,
    knownType: row.knownType,
    targetUuid: row.targetUuid,
    targetId: row.targetId,
    locationUuid: row.locationUuid,
    locationName: row.locationName,
    createdAt: row.createdAt,
    verification: row.verification,
    problem: row.problem,
    deliveries,
  };
}

export function toDetail(row: StoredEventRow, deliveries: number): EventDetail {
  return {
    ...toSummary(row, deliveries),
    rawBody: row.rawBody,
    headers: { ...row.headers },
    dedupeKey: row.dedupeKey,
    signature: { ...row.signature },
    rawBodyBase64: row.rawBodyBase64,
    bodyBytes: row.bodyBytes,
    truncated: row.truncated,
    httpStatus: row.httpStatus,
    locationId: row.locationId,
    bodySha256: row.bodySha256 ?? null,
  };
}
