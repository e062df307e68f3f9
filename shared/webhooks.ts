// Webhook events as the app records them. These types reach the renderer (the Events inspector),
// so they hold what was received, never the signature secret.

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
  signature: { header: string | null; result: 'match' | 'mismatch' | 'missing' | 'malformed' | 'not-configured' };
}

export interface EventFilter {
  type?: string;
  locationUuid?: string;
  target?: string;
  verification?: Verification;
  text?: string;
}

export interface EventPage {
  /** Matching rows in log order, from `offset`. */
  rows: EventSummary[];
  total: number;
  offset: number;
}

export interface WebhookCounters {
  received: number;
  verified: number;
  rejected: number;
  duplicate: number;
  stale: number;
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
  signatureRequired: boolean;
}
