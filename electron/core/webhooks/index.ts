// The app-side webhook receiver (spec parts 6 and 7), public surface.
//
// Request path: node:http listener → body read with a limit (413) → custom headers and
// X-<Prefix>-Signature over the raw bytes (401) → JSON and envelope (400) → type data check (flag)
// → dedupe key (repeat: 2xx) → createdAt window (stale: 2xx, dropped) → durable append (else 503)
// → answer → projections and push events.
//
// Storage, under <dataDir>/webhook-log/:
//   seg-00000001.jsonl, seg-00000002.jsonl, ...  one JSON record a line, framed with its length
//       and CRC-32 since format version 2 (record-frame.ts): 'e' event rows (refused ones too),
//       'd' repeat-delivery notes, 's' stale notes; appended with group commit (one write + one
//       fdatasync per tick, on Linux one O_DSYNC write; two groups in flight at most), torn
//       writes skipped and cut on load, whole files dropped for retention.
//   log-meta.json  counters, and which segments are gone; keys-<step>.json  the young dedupe keys
//       of the rows each retention step dropped (key-files.ts).
// In memory: a typed-array index (seq, segment, offset, length, type/location/verification codes,
// flags, deliveries) and the dedupe keys of the last 48 h, also in typed arrays (dedupe-keys.ts).
// Details, pages and search read the disk.
export { WebhookReceiver, type WebhookReceiverEvents, type AuthPatch, type ReplayResult } from './webhook-receiver';
export type { WebhookReceiverOptions } from './receiver-options';
export { type Projection, type ProjectionError } from './projections';
export { signBody, verifySignature, type SignatureResult } from './signature';
export { curlFor, shellQuote } from './curl';
export { dedupeKey, canonicalJson } from './dedupe-key';
export { assessDelivery, type Assessment, type AuthSettings } from './assess-delivery';
export { EventLog, type EventLogOptions } from './event-log';
export { type LogIo, type LogFile, nodeLogIo, createNodeLogIo, DURABLE_WRITES } from './log-io';
