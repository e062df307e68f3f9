// Failures as kinds with their data, so they cross every boundary (Electron IPC, the host's
// WebSocket, the hub's TLS link) intact and screens switch on the kind, never on the wording.
// The message stays for logs and for a "details" disclosure; it is never parsed.

/** Each kind with the data a screen needs to say what happened and what can be done. */
export interface ErrorKinds {
  /** No usable token: a manager must sign in again. */
  'not-signed-in': Record<string, never>;
  /** The service (or this venue's access table) does not allow it. */
  forbidden: { by: 'service' | 'venue' };
  /** Too many requests; try again after `retryAfterMs` when the service said. */
  'rate-limited': { retryAfterMs: number | null };
  /** Nothing answered (refused, DNS, reset before any answer). Safe to retry. */
  unreachable: Record<string, never>;
  /** No answer in time to a request that writes nothing. */
  'timed-out': Record<string, never>;
  /** A write whose outcome is unknown (timeout, reset or 5xx after it was sent): never resend blind. */
  'outcome-unknown': { operation: string };
  /** The service had a problem on its side (5xx) for a request that writes nothing. */
  'service-failed': { status: number | null };
  /** A tab pass order refused for its spend limit. Amounts in cents; null when the service did not say. */
  'spend-limit': {
    limitCents: number | null;
    spentCents: number | null;
    orderCents: number | null;
    mode: 'pre' | 'post' | null;
  };
  /** A labor action that needs an open shift, or (`onBreak`) an open break, and there is none. */
  'not-on-shift': { onBreak: boolean };
  /**
   * Input refused; `field` names the argument or form field when known. `said`: the service's own
   * reason when the service refused it (kinds below carry it too), shown to the person as it came.
   */
  invalid: {
    field: string | null;
    said?: string | null;
    reason?: InvalidReason | null;
    /** A wrong PIN close to locking the pad: the tries left before it locks (the core's count), else absent. */
    triesLeft?: number | null;
    /**
     * Arguments the contract's schemas refused (the dispatcher): which value and which rule, so a
     * form says it next to its field; absent for refusals worded for people.
     */
    rule?: ArgumentRule | null;
  };
  /** The request clashes with the current state (already punched in, already refunded, …). */
  conflict: { what: string | null; said?: string | null };
  /** The thing asked for does not exist (any more). */
  'not-found': { what: string | null; said?: string | null };
  /** The service answered in a form this app cannot read; `what` names the feature or field. */
  'cannot-read': { what: string };
  /** A PIN is needed, or a manager's PIN session on this device. */
  'pin-required': { role: 'staff' | 'manager' };
  /**
   * Too many wrong PINs: `pad` on this device (sign-in: staff and managers; approval: a refund's
   * manager PIN) is locked until `until` (epoch ms), for `userId` or, when null, for everyone.
   */
  'locked-out': { until: number; deviceId: string | null; userId: string | null; pad?: 'sign-in' | 'approval' };
  /** This device was revoked by a manager on the venue hub; `waitingPunches` it still holds. */
  revoked: { waitingPunches: number };
  /**
   * A punch-in earlier than the schedule allows (labor-schedule.ts): `minutesEarly` before the
   * shift that `startsAt`; on time from `allowedFrom`. `managerMay`: a manager PIN can allow it now.
   */
  'punch-too-early': { minutesEarly: number; startsAt: number; allowedFrom: number; managerMay: boolean };
  /**
   * Ending a break before the venue's minimum, where the venue blocks it: a manager's PIN at this
   * device can allow it. `endsAt`: epoch ms when the minimum is reached.
   */
  'break-too-short': { minimumMinutes: number; endsAt: number };
  /**
   * An edit of a day in a pay period a manager signed off (YYYY-MM-DD `start`–`end`, by `byName`
   * at `at`): it needs a reason, and is kept as a late edit.
   */
  'period-signed-off': { start: string; end: string; byName: string; at: number };
  /** Stored data on this computer is damaged and was set aside; `file` says which. */
  'data-damaged': { file: string };
  /** The listener or another local resource could not start (port in use, no permission, …). */
  'local-failure': { code: string | null };
  /** A request on a channel the contract does not know, or from a sender that is not ours. */
  'unknown-channel': Record<string, never>;
  'untrusted-sender': Record<string, never>;
  /**
   * The venue hub at the paired address presents another certificate than the one pinned at
   * pairing (reinstalled, or an impostor): nothing is sent to it; pair again after checking.
   */
  'hub-identity-changed': { pinned: string; presented: string };
  /** Anything else: a bug or an unforeseen failure. The message goes to the log. */
  internal: Record<string, never>;
}

export type ErrorKind = keyof ErrorKinds;

/**
 * Which refusal of input it was, where a screen in another language must say it in its own words
 * (the kiosk in Spanish): the message stays English for the log.
 */
export type InvalidReason = 'pin-not-recognised' | 'pin-not-recognised-offline' | 'pin-format';

/**
 * One refused value inside the arguments: `path` by names only ("breakLongAfterMinutes"), without
 * the argument's position; `limit` the bound it broke (`too-small`: at least, `too-big`: at most).
 */
export interface ArgumentRule {
  path: string[];
  rule: 'too-small' | 'too-big' | 'not-whole' | 'wrong-type' | 'format' | 'other';
  limit: number | null;
}

/** What crosses a boundary: plain JSON, so structured clone and JSON.stringify both carry it. */
export type ErrorPayload = {
  [K in ErrorKind]: { kind: K; data: ErrorKinds[K]; message: string };
}[ErrorKind];

// Each kind once, as a key: a kind added to ErrorKinds and not here (or here and not there) does
// not compile, so ERROR_KINDS, which readErrorPayload trusts, cannot fall behind the type.
const KINDS: { readonly [K in ErrorKind]: true } = {
  'not-signed-in': true,
  forbidden: true,
  'rate-limited': true,
  unreachable: true,
  'timed-out': true,
  'outcome-unknown': true,
  'service-failed': true,
  'spend-limit': true,
  'not-on-shift': true,
  invalid: true,
  conflict: true,
  'not-found': true,
  'cannot-read': true,
  'pin-required': true,
  'locked-out': true,
  revoked: true,
  'punch-too-early': true,
  'break-too-short': true,
  'period-signed-off': true,
  'data-damaged': true,
  'local-failure': true,
  'unknown-channel': true,
  'untrusted-sender': true,
  'hub-identity-changed': true,
  internal: true,
};

export const ERROR_KINDS: readonly ErrorKind[] = Object.keys(KINDS) as ErrorKind[];

/** An error with a kind. Thrown by the core; rebuilt from its payload on the other side of a boundary. */
export class AppError<K extends ErrorKind = ErrorKind> extends Error {
  readonly kind: K;
  readonly data: ErrorKinds[K];

  constructor(kind: K, message: string, data: ErrorKinds[K], options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AppError';
    this.kind = kind;
    this.data = data;
  }

  toPayload(): ErrorPayload {
    return { kind: this.kind, data: this.data, message: this.message } as ErrorPayload;
  }
}

/** Shorthand for kinds that carry no data. */
export function appError<K extends ErrorKind>(
  kind: K,
  message: string,
  ...rest: ErrorKinds[K] extends Record<string, never> ? [data?: ErrorKinds[K]] : [data: ErrorKinds[K]]
): AppError<K> {
  return new AppError(kind, message, (rest[0] ?? {}) as ErrorKinds[K]);
}

export function isAppError<K extends ErrorKind>(error: unknown, kind?: K): error is AppError<K> {
  return error instanceof AppError && (kind === undefined || error.kind === kind);
}

/** A payload read from the wire, or null when the value is not one (never trusts its shape blindly). */
export function readErrorPayload(value: unknown): ErrorPayload | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as { kind?: unknown; data?: unknown; message?: unknown };
  if (typeof v.kind !== 'string' || !(ERROR_KINDS as readonly string[]).includes(v.kind)) return null;
  const data = typeof v.data === 'object' && v.data !== null && !Array.isArray(v.data) ? v.data : {};
  return { kind: v.kind, data, message: typeof v.message === 'string' ? v.message : '' } as ErrorPayload;
}

/** The error rebuilt on the receiving side of a boundary, with its kind and data. */
export function fromErrorPayload(payload: ErrorPayload): AppError {
  return new AppError(payload.kind, payload.message, payload.data as never);
}
