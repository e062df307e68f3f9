// Webhook events as the app records them. These types reach the renderer (the Events inspector),
// so they hold what was received, never the signature secret.
import type { WebhookDataMap } from './schemas/webhook-events';
import type { ErrorPayload } from './app-error';

/** The 18 event types of spec 6.5. Anything else is stored and flagged as unknown. */
export const WEBHOOK_EVENT_TYPES = [
  'ITEM_ADDED',
  'ITEM_REMOVED',
  'ITEM_VOIDED',
  'ITEM_COMPED',
  'OPEN_TAB',
  'CLOSE_TAB',
  'ORDER_PLACED',
  'PAYMENT_REFUNDED',
  'GUEST_VERIFIED',
  'GUEST_SUBSCRIBED',
  'GUEST_UNSUBSCRIBED',
  'MENU_UPDATED',
  'PRODUCT_UPDATED',
  'CATEGORY_UPDATED',
  'LOCATION_UPDATED',
  'OPTION_GROUP_UPDATED',
  'QR_SCANNED',
  'GIFT_CARD_CREATED',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * verified: signature present and correct; unsigned: no secret configured on our side, accepted;
 * rejected: refused (bad/missing signature, bad custom header, invalid envelope) and never applied.
 */
export type Verification = 'verified' | 'unsigned' | 'rejected';

/**
 * Pushed when rows are stored in the event log: their seqs, not the rows. A screen re-reads the
 * rows it shows (a page of summaries), so the push stays a few bytes per event under a stream.
 */
export interface StoredRows {
  seqs: number[];
}

/** One row of the inspector: small, so a 100 000-row list stays cheap. */
export interface EventSummary {
  /** Position in the log, increasing. */
  seq: number;
  receivedAt: number;
  type: string;
  knownType: boolean;
  targetUuid: string | null;
  targetId: string | null;
  locationUuid: string | null;
  locationName: string | null;
  createdAt: string | null;
  verification: Verification;
  /** Why it was rejected, or why its data did not match the type's schema (still stored). */
  problem: string | null;
  /** How many times this same event arrived (1 = once). */
  deliveries: number;
}

export interface EventDetail extends EventSummary {
  /** The exact bytes received, as text. */
  rawBody: string;
  headers: Record<string, string>;
  /** The dedupe key the listener derived (no event id exists in the spec). */
  dedupeKey: string | null;
  /** 'unchecked': the body was refused before it could be verified (too large). */
  signature: {
    header: string | null;
    result: 'match' | 'mismatch' | 'missing' | 'malformed' | 'not-configured' | 'unchecked';
  };
  /** Set only when the body was not valid UTF-8: the exact bytes, base64 (rawBody is then lossy). */
  rawBodyBase64: string | null;
  /** Size of the body as received; larger than rawBody when it was cut (413 stubs keep 4 KiB). */
  bodyBytes: number;
  truncated: boolean;
  /** The HTTP status the listener answered with. */
  httpStatus: number;
  locationId: string | null;
  /** SHA-256 (hex) of the whole body as received; set on refused rows, which keep only its first 4 KiB. */
  bodySha256?: string | null;
}

export interface EventFilter {
  type?: string;
  locationUuid?: string;
  target?: string;
  verification?: Verification;
  text?: string;
}

export interface EventPage {
  /** Matching rows from `offset`: in log order from the log, newest first from listEvents. */
  rows: EventSummary[];
  /** Matching rows; with `more`, the matches found so far. */
  total: number;
  offset: number;
  /**
   * A search (free text, target) stopped before the oldest rows: there may be more matches than
   * `total`, and asking again (the same page, or a later one) searches further.
   */
  more?: boolean;
}

/**
 * Every delivery lands in exactly one of verified, unsigned, rejected, duplicate or stale, so
 * received is their sum. Survives restarts and retention (dropped rows stay counted).
 */
export interface WebhookCounters {
  received: number;
  /** Stored with a matching signature. */
  verified: number;
  /** Stored without a signature check because no secret is configured. */
  unsigned: number;
  /** Stored as refused: bad signature or custom header, too large, not JSON, invalid envelope. */
  rejected: number;
  /** A repeat of an event already stored: answered 2xx, not stored again, not applied again. */
  duplicate: number;
  /** createdAt outside the retry window (+ skew) or too far in the future: answered 2xx, dropped. */
  stale: number;
  /**
   * Of `rejected`: refused deliveries past the hourly quota of kept ones, counted but not stored
   * (absent when none).
   */
  notKept?: number;
  /** Accepted but with data that does not match its type's schema, or of an unknown type. */
  flagged: number;
}

export interface ListenerStatus {
  state: 'starting' | 'listening' | 'stopped' | 'error';
  /** http://127.0.0.1:PORT/webhooks */
  url: string | null;
  lastEventAt: number | null;
  /** Requests refused or failed since start. */
  failures: number;
  message: string | null;
  /** Why it could not listen, with its kind (a `local-failure` with the errno code). */
  problem?: ErrorPayload | null;
  signatureRequired: boolean;
}

/**
 * An event fed to projections: authenticated (or unsigned by configuration), of a known type, and
 * with data that matched its type's schema. `data` keeps keys the service added (minor versions).
 */
export type AcceptedEvent = { [T in WebhookEventType]: AcceptedEventOf<T> }[WebhookEventType];

export interface AcceptedEventOf<T extends WebhookEventType> {
  seq: number;
  receivedAt: number;
  type: T;
  targetUuid: string | null;
  targetId: string | null;
  locationUuid: string | null;
  locationName: string | null;
  locationId: string | null;
  createdAt: string;
  data: WebhookDataMap[T];
  verification: 'verified' | 'unsigned';
  dedupeKey: string;
}

/** One line of a tab on the open-tabs board. Removed/voided/comped lines stay visible, marked. */
export interface OpenTabItem {
  /** The item's UUID (ITEM_ADDED/ITEM_REMOVED target), or `id:<itemId>` for an item only known from a void/comp. */
  key: string;
  name: string | null;
  quantity: number;
  /** As sent in ITEM_ADDED; treated as the unit price (the spec does not say). */
  price: number;
  voided: boolean;
  comped: boolean;
  removed: boolean;
}

export interface OpenTabRefund {
  /** The original payment (PAYMENT_REFUNDED targetId). */
  paymentId: string | null;
  refundPaymentId: string;
  amount: number;
  refundType: string;
}

export interface OpenTab {
  uuid: string;
  /** null until OPEN_TAB arrives (items may arrive first). */
  name: string | null;
  spotName: string | null;
  locationUuid: string | null;
  items: OpenTabItem[];
  /**
   * ORDER_PLACED totals of the tab's orders (taxes and fees included) less the items removed,
   * voided or comped since; items of orders not yet placed at price × quantity.
   */
  total: number;
  /** createdAt of OPEN_TAB. */
  openedAt: string | null;
  /** createdAt of the earliest CLOSE_TAB; once set it stays set. */
  closedAt: string | null;
  refunds: OpenTabRefund[];
}

export interface TunnelStatus {
  state: 'off' | 'starting' | 'online' | 'error';
  /** The public HTTPS URL that forwards to the listener, while online. */
  publicUrl: string | null;
  message: string | null;
  /** Why it is in error, with its kind: what the screen words (`message` is the same in plain text). */
  problem?: ErrorPayload | null;
}

/** Webhook settings as the renderer sees them: whether a secret is set, never the secret. */
export interface WebhookSettingsView {
  /** The address the listener binds: 127.0.0.1 (this computer only) unless a manager opens it. */
  host: string;
  port: number;
  path: string;
  hasSecret: boolean;
  /** Names of the custom headers required on every delivery (values are secret too). */
  customHeaderNames: string[];
  retentionEvents: number;
  /** True when the embedded sandbox delivers here directly (registered for you). */
  sandboxRegistered: boolean;
}

/**
 * Why the listener refused the service's deliveries, for the screens where the events they carried
 * are missing: each cause has its own fix on the service's dashboard or in Settings → Webhooks.
 * - `signature-mismatch`: signed with another secret than the one set here.
 * - `signature-missing`: a secret is set here, the service sends no signature.
 * - `signature-unreadable`: a signature header in a form the app does not read.
 * - `signed-without-secret`: the service signs, no secret is set here to check it.
 * - `custom-header`: a custom header set here is missing or different in the deliveries.
 * - `not-an-event`: the body is not JSON or not an event envelope (another sender, a wrong URL).
 * - `too-large`: over the listener's size limit.
 */
export type DeliveryRefusalCause =
  | 'signature-mismatch'
  | 'signature-missing'
  | 'signature-unreadable'
  | 'signed-without-secret'
  | 'custom-header'
  | 'not-an-event'
  | 'too-large';

/** Deliveries refused since the last one taken: null while the latest delivery was taken. */
export interface RefusedDeliveries {
  /** Refused deliveries seen since the last one taken (of the newest kept rows; `more`: at least). */
  count: number;
  more: boolean;
  firstAt: number;
  lastAt: number;
  /** The cause of the latest refusal. */
  cause: DeliveryRefusalCause;
  /** The listener's own reason for the latest, as the Events screen shows it. */
  reason: string;
  /** The latest refused row, for "Show in Events". */
  seq: number;
  /** When a delivery was last taken; null when none is kept. */
  lastTakenAt: number | null;
}

export interface WebhookState {
  status: ListenerStatus;
  counters: WebhookCounters;
  tunnel: TunnelStatus;
  settings: WebhookSettingsView;
}

export interface WebhookSettingsInput {
  /** A new signature secret; null removes it; absent keeps it. */
  secret?: string | null;
  /** Replaces the required custom headers; absent keeps them. */
  customHeaders?: Record<string, string>;
  host?: string;
  port?: number;
  path?: string;
  retentionEvents?: number;
}

export interface SandboxTriggerInput {
  type: string;
  locationUuid?: string;
  /** Deliver with a wrong signature, to see a forged event rejected. */
  forge?: boolean;
  /** Keys merged over the sandbox's default data for the type (a given key replaces its default). */
  data?: Record<string, unknown>;
}

/** One delivery the embedded sandbox made (or keeps retrying) to this app's listener. */
export interface SandboxDelivery {
  id: string;
  type: string;
  status: 'pending' | 'delivered' | 'retrying' | 'failed';
  attempts: number;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  lastResponseStatus: number | null;
  lastError: string | null;
  forged: boolean;
  duplicate: boolean;
}
