// Validation of an endpoint registration, shared by the control API (JSON) and the dashboard form,
// so both refuse the same things with the same words.
import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from './types';

/** http is allowed (the spec wants public HTTPS, but the app's receiver listens on loopback). */
const endpointUrl = z
  .string()
  .max(2048)
  .refine((s) => {
    if (!URL.canParse(s)) return false;
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hash === '';
  }, 'must be an absolute http(s) URL without a #fragment');

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Headers the sender sets itself or that belong to the connection; X-<Prefix>-* is checked separately. */
const RESERVED = new Set([
  'content-type',
  'content-length',
  'user-agent',
  'host',
  'connection',
  'transfer-encoding',
  'expect',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
]);

export const customHeadersSchema = z
  .record(
    z.string(),
    z
      .string()
      .max(4096)
      .refine(
        (v) => !/[^\t\x20-\x7e\x80-\xff]/.test(v),
        'header values cannot contain line breaks or control characters',
      ),
  )
  .refine((h) => Object.keys(h).length <= 20, 'at most 20 custom headers')
  .refine(
    (h) => Object.keys(h).every((n) => HEADER_NAME.test(n) && n.length <= 128),
    'header names must be HTTP tokens (letters, digits, -)',
  )
  .refine(
    (h) => Object.keys(h).every((n) => !RESERVED.has(n.toLowerCase())),
    `these headers are set by the sender: ${[...RESERVED].join(', ')}`,
  );

export const endpointInputSchema = z.strictObject({
  accessId: z.string().min(1).max(200),
  url: endpointUrl,
  eventTypes: z
    .array(z.enum(WEBHOOK_EVENT_TYPES))
    .min(1, 'subscribe to at least one event type')
    .max(WEBHOOK_EVENT_TYPES.length * 2),
  secret: z.string().min(1).max(500).nullable().optional(),
  customHeaders: customHeadersSchema.optional(),
});

export type EndpointInputBody = z.output<typeof endpointInputSchema>;

/** The X-<Prefix>-… names belong to the sender (they carry the event type and signature). */
export function prefixedHeaderProblem(headers: Record<string, string>, prefix: string): string | null {
  const own = `x-${prefix.toLowerCase()}-`;
  const bad = Object.keys(headers).filter((n) => n.toLowerCase().startsWith(own));
  return bad.length > 0 ? `customHeaders cannot set the sender's own ${bad.join(', ')} (X-${prefix}-…)` : null;
}

/** "Name: value" lines (the dashboard's textarea) → a header record; blank lines are skipped. */
export function parseHeaderLines(text: string): Record<string, string> | string {
  const out: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    const colon = line.indexOf(':');
    if (colon <= 0) return `custom header line '${line}' is not 'Name: value'`;
    out[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return out;
}
