// Decides what a delivery is, from its bytes and headers alone (no I/O, no clock), in the order
// that keeps forgeries cheap to refuse: custom headers, then the signature over the exact raw
// bytes, then JSON, then the envelope, then the type's data. Never throws, whatever it is given.
import {
  type DataCheck,
  type EnvelopeHint,
  envelopeHint,
  parseEnvelope,
  type WebhookEnvelope,
} from '../../../shared/schemas/webhook-events';
import type { EventDetail } from '../../../shared/webhooks';
import { checkData } from './compiled-data-check';
import { dedupeKey } from './dedupe-key';
import { customHeaderMismatch, verifySignature } from './signature';

export interface AuthSettings {
  /**
   * null or '' when no secret is configured: a plain JSON delivery from a non-browser sender is
   * kept as 'unsigned' for the inspector and never applied; anything a web page could send is refused.
   */
  secret: string | null;
  /** 'Service' in the spec: the signature header is X-<prefix>-Signature. */
  headerPrefix: string;
  /** Header name → exact expected value (e.g. Authorization: Bearer xyz). */
  customHeaders: Record<string, string>;
}

export type Assessment =
  | {
      outcome: 'rejected';
      status: 400 | 401 | 403 | 415;
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
      /** The body decoded once as UTF-8, which the stored row keeps as it is (no second decode). */
      text: string;
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
  if (result === 'not-configured') {
    const browser = browserProblem(headers);
    if (browser !== null) return { outcome: 'rejected', ...browser, hint: hintFrom(text), signature };
  }
  const parsed = parseEnvelope(text);
  if (!parsed.ok) return { outcome: 'rejected', status: 400, reason: parsed.message, hint: parsed.hint, signature };
  return {
    outcome: 'accepted',
    envelope: parsed.envelope,
    check: checkData(parsed.envelope),
    verification: result === 'match' ? 'verified' : 'unsigned',
    signature,
    dedupeKey: dedupeKey(parsed.envelope),
    text,
  };
}

/**
 * Without a secret nothing proves who sent a delivery, and any web page the staff open can POST to
 * a loopback port (`fetch(url, {mode: 'no-cors'})` with a text/plain body needs no preflight). A
 * browser always names the page's origin on such a POST and cannot send application/json without
 * a preflight this listener never answers, so both mark a delivery no unsigned sender should make.
 */
function browserProblem(
  headers: Record<string, string | string[] | undefined>,
): { status: 403 | 415; reason: string } | null {
  const origin = headers.origin;
  if (origin !== undefined || headers['sec-fetch-mode'] !== undefined || headers['sec-fetch-site'] !== undefined)
    return {
      status: 403,
      reason: `sent by a web page (${typeof origin === 'string' ? `Origin: ${origin.slice(0, 200)}` : 'browser fetch headers'}); without a webhook secret only plain JSON from a non-browser sender is kept, for inspection`,
    };
  const type = headers['content-type'];
  const media = (Array.isArray(type) ? type[0] : (type ?? '')).split(';')[0].trim().toLowerCase();
  if (media !== 'application/json')
    return {
      status: 415,
      reason: `content type ${media === '' ? 'missing' : `"${media.slice(0, 100)}"`}; without a webhook secret only application/json is kept, for inspection`,
    };
  return null;
}
