// The wire form of a delivery (spec 6.2): the JSON envelope, serialised ONCE per event so every
// redelivery sends byte-identical bytes, and the headers of one endpoint.
import { createHmac } from 'node:crypto';
import type { SandboxLocation } from '../model';
import { TARGET_RULES } from './target-rules';
import type { WebhookEndpoint, WebhookEventType } from './types';
import type { SignatureForm } from '../readings';

export interface EnvelopeInput {
  type: WebhookEventType;
  location: SandboxLocation;
  targetUuid: string | null | undefined;
  targetId: string | null | undefined;
  createdAtMs: number;
  data: Record<string, unknown>;
}

/** The body string. Keys the 6.5 table marks "none" are left out; CATEGORY_UPDATED's targetUuid is an explicit null. */
export function serializeEnvelope(e: EnvelopeInput): string {
  const rule = TARGET_RULES[e.type];
  const envelope: Record<string, unknown> = { type: e.type };
  if (rule.targetUuid === 'null') envelope.targetUuid = null;
  else if (rule.targetUuid === 'uuid') envelope.targetUuid = e.targetUuid ?? null;
  if (rule.targetId === 'id') envelope.targetId = e.targetId ?? null;
  envelope.locationUuid = e.location.uuid;
  envelope.locationName = e.location.name;
  envelope.locationId = e.location.id;
  envelope.createdAt = new Date(e.createdAtMs).toISOString();
  envelope.data = e.data;
  return JSON.stringify(envelope);
}

export function sign(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('hex');
}

/** A signature that cannot verify under the endpoint's secret (for forged deliveries). */
export function forgedSignature(body: string, secret: string | null): string {
  return sign(body, `${secret ?? ''}\u0000forged-by-sandbox`);
}

export interface HeaderInput {
  prefix: string;
  endpoint: WebhookEndpoint;
  type: string;
  targetUuid: string | null | undefined;
  targetId: string | null | undefined;
  body: string;
  forged: boolean;
  /** How the signature header is written (the signatureForm reading); bare hex when absent. */
  form?: SignatureForm;
}

/**
 * The signature header in the reading's form. While rotating, the service signs with the secret
 * it is retiring too (a secret of its own that the app never holds), one signature per secret.
 */
export function signatureHeader(body: string, secret: string, form: SignatureForm = 'hex'): string {
  const current = sign(body, secret);
  const retiring = sign(body, `${secret}\u0000retiring`);
  switch (form) {
    case 'hex':
      return current;
    case 'sha256-prefix':
      return `sha256=${current}`;
    case 'rotating-comma':
      return `${retiring}, ${current}`;
    case 'rotating-space':
      return `sha256=${current} sha256=${retiring}`;
  }
}

/** Custom headers first, then the service's own ("Headers added to custom ones"), which cannot be overridden. */
export function deliveryHeaders(h: HeaderInput): Record<string, string> {
  const p = h.prefix;
  const headers: Record<string, string> = { ...h.endpoint.customHeaders };
  headers['Content-Type'] = 'application/json';
  headers['User-Agent'] = `${p}-WebhookAgent/1.0`;
  headers[`X-${p}-Event-Type`] = h.type;
  // No value, no header: an empty or "null" header would look like a real target to a receiver.
  if (h.targetUuid != null) headers[`X-${p}-Event-Target-UUID`] = h.targetUuid;
  if (h.targetId != null) headers[`X-${p}-Event-Target-ID`] = h.targetId;
  headers[`X-${p}-Application-ID`] = h.endpoint.accessId;
  if (h.forged) headers[`X-${p}-Signature`] = forgedSignature(h.body, h.endpoint.secret);
  else if (h.endpoint.secret !== null) headers[`X-${p}-Signature`] = signatureHeader(h.body, h.endpoint.secret, h.form);
  return headers;
}
