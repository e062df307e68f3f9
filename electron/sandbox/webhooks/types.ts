// Types of the sandbox's webhook sender (spec part 6). Other sandbox features raise events through
// `world.webhooks.emit(...)` and only need WebhookEmitInput; the rest describes the sender's state
// as the control API shows it.
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../../shared/webhooks';

export { WEBHOOK_EVENT_TYPES, type WebhookEventType };

/** What a sandbox feature hands to `world.webhooks.emit`. */
export interface WebhookEmitInput {
  /** One of the 18 types of spec 6.5; anything else is dropped with a warning. */
  type: string;
  locationUuid: string;
  /** Per the 6.5 table; a value the type must not carry is dropped (CATEGORY_UPDATED: always null). */
  targetUuid?: string | null;
  targetId?: string | null;
  /** Sent as given (no defaults are merged in, unlike the control API's trigger). */
  data: Record<string, unknown>;
  /** GIFT_CARD_CREATED: only the integration whose API user placed the order. Without it nobody gets the card event. */
  onlyAccessId?: string;
  /** QR_SCANNED: the scanning customer, for the 5-minute throttle (falls back to data.customerId). */
  customerId?: string | null;
}

/** The in-world API: never throws into the caller, never waits for a delivery. */
export interface WebhookEmitter {
  emit(event: WebhookEmitInput): void;
}

/** One registered endpoint, as the dashboard registers it (spec 6.1). */
export interface WebhookEndpoint {
  id: string;
  accessId: string;
  url: string;
  eventTypes: WebhookEventType[];
  /** null = deliveries are unsigned. */
  secret: string | null;
  customHeaders: Record<string, string>;
  createdAtMs: number;
}

/** The endpoint fields a caller supplies (control API or dashboard form). */
export type WebhookEndpointInput = Omit<WebhookEndpoint, 'id' | 'createdAtMs'>;

/** pending: not tried yet (or held by a fault); retrying: failed, another attempt is scheduled; failed: gave up. */
export type DeliveryStatus = 'pending' | 'delivered' | 'retrying' | 'failed';
export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ['pending', 'delivered', 'retrying', 'failed'];

export interface AttemptRecord {
  attempt: number;
  /** Sandbox-clock ms when the attempt started. */
  atMs: number;
  responseStatus: number | null;
  error: string | null;
}

/** The envelope of spec 6.2 plus the exact body string every (re)delivery of it sends. */
export interface WebhookEvent {
  id: string;
  type: WebhookEventType;
  locationUuid: string;
  targetUuid: string | null | undefined;
  targetId: string | null | undefined;
  createdAtMs: number;
  body: string;
}

export const WEBHOOK_FAULT_MODES = ['duplicate', 'delay', 'reorder'] as const;
export type WebhookFaultMode = (typeof WEBHOOK_FAULT_MODES)[number];

export interface WebhookFaultInput {
  mode: WebhookFaultMode;
  /** duplicate/delay: how many events it hits ('always' never runs out), default 1; reorder: batch size ≥ 2, default 2. */
  count?: number | 'always';
  /** delay: real ms each event is held (default 1000); reorder: longest real wait for the batch to fill (default 2000). */
  delayMs?: number;
}

export interface WebhookFaultRule {
  id: string;
  mode: WebhookFaultMode;
  remaining: number | 'always';
  delayMs: number;
  hits: number;
}
