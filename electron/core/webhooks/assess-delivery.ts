// Decides what a delivery is, from its bytes and headers alone (no I/O, no clock), in the order
// that keeps forgeries cheap to refuse: custom headers, then the signature over the exact raw
// bytes, then JSON, then the envelope, then the type's data. Never throws, whatever it is given.
import {
  checkEventData,
  type DataCheck,
  type EnvelopeHint,
  envelopeHint,
  parseEnvelope,
  type WebhookEnvelope,
} from '../../../shared/schemas/webhook-events';
import type { EventDetail } from '../../../shared/webhooks';
import { dedupeKey } from './dedupe-key';
import { customHeaderMismatch, verifySignature } from './signature';

export interface AuthSettings {
  /** null or '' when no secret is configured: deliveries are accepted as 'unsigned'. */
  secret: string | null;
  /** 'Service' in the spec: the signature header is X-<prefix>-Signature. */
  headerPrefix: string;
  /** Header name → exact expected value (e.g. Authorization: Bearer xyz). */
  customHeaders: Record<string, string>;
}

export type Assessment =
  | {
      outcome: 'rejected';
      status: 400 | 401;
      reason: string;
      hint: EnvelopeHint;
      signature: EventDetail['signature'];
    }
  | {
      outcome: 'accepted';
      envelope: WebhookEnvelope;
      check: DataCheck;
      verification: 'verified' | 'unsigned';
      signature: EventDetail['signature'];
      dedupeKey: string;
    };

const SIGNATURE_REASONS = {
  missing: 'signature header missing',
  malformed: 'signature header is not 64 hex digits',
  mismatch: 'signature does not match the body',
} as const;

export function signatureHeaderName(prefix: string): string {
  return `x-${prefix.toLowerCase()}-signature`;
}

function hintFrom(text: string): EnvelopeHint {
  try {
    return envelopeHint(JSON.parse(text));
  } catch {
    return envelopeHint(null);
  }
}

export function assessDelivery(
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  auth: AuthSettings,
): Assessment {
  const text = rawBody.toString('utf8');
  const rawHeader = headers[signatureHeaderName(auth.headerPrefix)];
  const header = Array.isArray(rawHeader) ? rawHeader.join(', ') : (rawHeader ?? null);
  const result = verifySignature(rawBody, header, auth.secret);
  const signature = { header, result };

  const headerProblem = customHeaderMismatch(headers, auth.customHeaders);
  if (headerProblem !== null)
    return { outcome: 'rejected', status: 401, reason: headerProblem, hint: hintFrom(text), signature };
  // Signed, but there is no secret here to check it with: a signature that cannot be verified is
  // never applied (whoever sent it expects it checked; a forger hopes it is not).
  if (result === 'not-configured' && header !== null && header.trim() !== '') {
    return {
      outcome: 'rejected',
      status: 401,
      reason: 'signed, but no webhook secret is set here to check the signature',
      hint: hintFrom(text),
      signature,
    };
  }
  if (result === 'missing' || result === 'malformed' || result === 'mismatch') {
    return { outcome: 'rejected', status: 401, reason: SIGNATURE_REASONS[result], hint: hintFrom(text), signature };
  }
  const parsed = parseEnvelope(text);
  if (!parsed.ok) return { outcome: 'rejected', status: 400, reason: parsed.message, hint: parsed.hint, signature };
  return {
    outcome: 'accepted',
    envelope: parsed.envelope,
    check: checkEventData(parsed.envelope),
    verification: result === 'match' ? 'verified' : 'unsigned',
    signature,
    dedupeKey: dedupeKey(parsed.envelope),
  };
}
