// A group of venues: what each hub publishes on its venue's log (NATS JetStream, one subject tree
// per venue), and what the back office's page reads. Types only: the hub's publisher, the office's
// read models and the office page all speak these, and none of them carries a secret, a PIN or its
// hash, a device credential, raw webhook headers or the access token.

/** A venue id: one NATS subject token, so it can name the venue's subjects, stream and domain. */
export const VENUE_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,31}$/;

/** The kinds of message under `venue.<venueId>.`; an accepted event's subject adds its type. */
export type GroupKind =
  'events' | 'labor.punch' | 'labor.edit' | 'tabs.refund' | 'review' | 'devices' | 'health' | 'status';

export const venueSubject = (venueId: string, kind: GroupKind, type?: string): string =>
  type ? `venue.${venueId}.${kind}.${type}` : `venue.${venueId}.${kind}`;

/** The venue's own stream on its leaf node, and the JetStream domain that leaf node runs. */
export const venueStreamName = (venueId: string): string => `VENUE_${venueId}`;
export const venueDomain = (venueId: string): string => `v-${venueId}`;
/** The head office's stream, which sources every venue's stream across the leaf connections. */
export const GROUP_STREAM = 'GROUP';
export const HEAD_OFFICE_DOMAIN = 'hq';

/** An accepted webhook event as the hub's projections see it. */
export interface GroupEvent {
  seq: number;
  receivedAt: number;
  type: string;
  targetUuid: string | null;
  targetId: string | null;
  locationUuid: string | null;
  locationName: string | null;
  createdAt: string;
  data: unknown;
}

export type PunchKind = 'shift-start' | 'break-start' | 'break-end' | 'shift-end';

/** A punch as it landed on the service. */
export interface GroupPunch {
  punchId: string;
  kind: PunchKind;
  userId: string;
  name: string;
  role: string | null;
  locationUuid: string;
  capturedAt: number;
  landedAt: number;
  /** The service's shift this punch starts, ends or belongs to (its local id until known). */
  shiftKey: string;
  breakKey: string | null;
  declaredTips: number | null;
  /**
   * A break-start's time_punch_type (`unpaid_break`, `paid_break`…), null on other punches and on
   * punches published before it was carried. The office counts a break paid only when this says so.
   */
  breakType?: string | null;
}

/** A manager's timesheet edit: the audit record and the entry as it is after the edit. */
export interface GroupEdit {
  auditId: string;
  entryUuid: string;
  /**
   * The other keys the venue's earlier messages may have named this entry by, so the office finds
   * it whichever it was heard under: a shift's or break's local key (`local:…`, its punches sent
   * before the service gave it a uuid) and a break-start's punch (`punch:…`, the office's own key
   * for a break-start that named none). Absent from earlier releases: the office matches
   * `entryUuid` only.
   */
  entryKeys?: string[];
  at: number;
  byUserId: string;
  byName: string;
  reason: string | null;
  changes: { field: string; from: string | number | null; to: string | number | null }[];
  /**
   * The entry after the edit; null when the hub published the edit from its audit log alone (it
   * stopped before the edit's answer was kept): the office then applies the changed times.
   */
  entry: {
    kind: 'shift' | 'break';
    shiftUuid: string | null;
    userId: string;
    name: string;
    punchIn: number;
    punchOut: number | null;
    /**
     * A break's paid or unpaid after the edit, as the hub counts it (isPaidBreak of its
     * time_punch_type). Absent on shifts and from earlier releases: the office keeps what it had.
     */
    paid?: boolean;
    /**
     * A break's shift's other keys (as `entryKeys` for the shift), so a break the office has not
     * heard of goes to its shift whichever key that was heard under. Absent on shifts, when the
     * venue knows none, and from earlier releases: the office matches `shiftUuid` only.
     */
    shiftKeys?: string[];
  } | null;
}

/**
 * Why the office could not place a venue's timesheet edit: it knows no shift under any key the
 * edit names (`shift-not-found`: an edit of a shift, or of a break new to the office whose shift
 * it does not know), or, for an edit published from the audit log alone, no shift or break
 * (`entry-not-found`). The office keeps such an edit and applies it once a punch under one of
 * those keys arrives.
 */
export type EditRefusalKind = 'shift-not-found' | 'entry-not-found';

export type RefundState = 'accepted' | 'refused' | 'unknown';

/** A refund asked at the venue, its outcome and the manager who approved it. */
export interface GroupRefund {
  requestId: string;
  tabUuid: string;
  paymentId: string | null;
  /** What was asked: an amount (cents), else null for a refund of items. */
  askedAmount: number | null;
  items: number;
  reason: string | null;
  state: RefundState;
  /** The refunded amount the service answered (cents), when it answered one. */
  amount: number | null;
  refundPaymentId: string | null;
  message: string | null;
  approvedBy: { userId: string; name: string } | null;
  at: number;
}

/** A forwarded punch held for review or refused, or a manager's decision on one. */
export interface GroupReview {
  punchId: string;
  deviceId: string;
  deviceName: string;
  userId: string;
  name: string;
  action: string;
  capturedAt: number;
  status: 'held' | 'approved' | 'rejected' | 'refused';
  reasons: string[];
  message: string | null;
  decidedBy: string | null;
  decidedAt: number | null;
}

export interface GroupDevice {
  deviceId: string;
  name: string;
  role: string;
  change: 'paired' | 'renamed' | 'revoked';
  pairedAt: number;
  revokedAt: number | null;
  at: number;
}

export interface GroupHealth {
  noticeId: string;
  severity: string;
  file: string;
  count: number | null;
  sentence: string;
  at: number;
}

export interface GroupStatus {
  at: number;
  venueName: string;
  /**
   * How the venue counts its business days (shared/labor-calc.ts fiscalDayOf): the IANA zone it
   * counts them in and the hour each one starts. Absent from earlier releases: the office counts
   * such a venue's days as UTC days, and says so, until a heartbeat carries it.
   */
  businessDay?: { timezone: string; startHour: number };
  punchesWaiting: number;
  punchesFailed: number;
  webhooks: { verified: number; unsigned: number; rejected: number; duplicates: number };
  listener: string;
}

// ---- The office page's views -------------------------------------------------------------------

export interface OfficeFilter {
  /** Venue ids; empty: all. */
  venues: string[];
  /**
   * A business day, YYYY-MM-DD, as each venue counts it (in its zone, from its day-start hour; a
   * UTC day for a venue that has not said its zone yet), or null: every day.
   */
  day: string | null;
}

export interface OfficeVenue {
  venueId: string;
  venueName: string;
  /** The zone the venue counts its days in, or null until it has said one (its days are UTC's). */
  timezone: string | null;
  /** The hour its business day starts, or null until it has said its zone. */
  dayStartHour: number | null;
}

export interface VenueTakings {
  venueId: string;
  venueName: string;
  openTabs: number;
  openTotal: number;
  closedTabs: number;
  takings: number;
  events: number;
  lastStatusAt: number | null;
}

export interface OnShiftRow {
  venueId: string;
  userId: string;
  name: string;
  role: string | null;
  since: number;
  onBreak: boolean;
}

export interface HoursRow {
  userId: string;
  name: string;
  venueId: string;
  shifts: number;
  workedMs: number;
}

export interface RefundRow extends GroupRefund {
  venueId: string;
}

export interface ReviewRow extends GroupReview {
  venueId: string;
}

export interface ProblemRow {
  venueId: string;
  kind: 'device' | 'health' | 'edit';
  title: string;
  detail: string;
  at: number;
  /** An edit's: why the office has not applied it. */
  refusal?: EditRefusalKind;
}

export interface OfficeView {
  venues: OfficeVenue[];
  takings: VenueTakings[];
  onShift: OnShiftRow[];
  hours: HoursRow[];
  refunds: RefundRow[];
  review: ReviewRow[];
  problems: ProblemRow[];
  /** Messages applied so far, and the newest one's age at the office (ms) when it was applied. */
  applied: number;
  lagMs: number | null;
}
