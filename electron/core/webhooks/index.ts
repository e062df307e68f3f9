// The webhook receiver's public surface.
export { WebhookReceiver, type WebhookReceiverEvents, type AuthPatch, type ReplayResult } from './webhook-receiver';
export type { WebhookReceiverOptions } from './receiver-options';
export { type Projection, type ProjectionError } from './projections';
export { OpenTabsProjection } from './open-tabs-projection';
export { signBody, verifySignature, type SignatureResult } from './signature';
export { curlFor, shellQuote } from './curl';
export { dedupeKey, canonicalJson } from './dedupe-key';
export { assessDelivery, type Assessment, type AuthSettings } from './assess-delivery';
export { EventLog, type EventLogOptions } from './event-log';
export { type LogIo, type LogFile, nodeLogIo } from './log-io';
