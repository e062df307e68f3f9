// Delivery authentication (spec 6.2, 5.7): the X-<Prefix>-Signature HMAC and the integrator's
// own custom headers. Everything here compares in constant time, so a forger cannot learn a
// valid signature or header value byte by byte from response timing, and never throws on
// whatever the network sends.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { EventDetail } from '../../../shared/webhooks';
import { hmacSha256 } from './hmac-sha256';

export type SignatureResult = EventDetail['signature']['result'];

/** hex(HMAC-SHA256(body, secret)): what the service puts in X-<Prefix>-Signature. */
export function signBody(body: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

const HEX_SHA256 = /^[0-9a-fA-F]{64}$/;
/** An algorithm label before the hex (`sha256=…`, `sha-256:…`, `hmac-sha256=…`), any case. */
const ALGORITHM_LABEL = /^(?:hmac[-_]?)?sha-?256[=:]/i;
/** At most this many signatures are tried: two during a secret's rotation, with room to spare. */
const MAX_SIGNATURES = 4;

/**
 * The signatures a header carries. The spec shows bare hex (6.2); services also label it
 * (`sha256=<hex>`, GitHub style) and, while a secret is being rotated, send one signature per
 * secret separated by commas or spaces (Node joins a repeated header with ", " too). Each part
 * is 64 hex digits after an optional label; null when any part is anything else.
 */
export function signaturesIn(header: string): Buffer[] | null {
  const parts = header
    .split(/[\s,]+/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0 || parts.length > MAX_SIGNATURES) return null;
  const found: Buffer[] = [];
  for (const part of parts) {
    const hex = part.replace(ALGORITHM_LABEL, '');
    if (!HEX_SHA256.test(hex)) return null;
    found.push(Buffer.from(hex, 'hex'));
  }
  return found;
}

/**
 * Checks a signature header against the exact raw bytes. With no secret configured nothing can be
 * verified, so the result is 'not-configured' whatever was sent. A header that is not one to four
 * signatures of 64 hex digits (each optionally labelled) is 'malformed' before any HMAC work; it
 * is a 'match' when any of them is the body's, as during a secret's rotation.
 */
export function verifySignature(
  rawBody: Buffer,
  header: string | undefined | null,
  secret: string | null,
): SignatureResult {
  if (secret === null || secret === '') return 'not-configured';
  if (header === undefined || header === null || header === '') return 'missing';
  const given = signaturesIn(header);
  if (given === null) return 'malformed';
  const expected = hmacSha256(secret, rawBody);
  // Every signature is compared (32 bytes each, as timingSafeEqual requires), so the time taken
  // does not say which one matched.
  let match = false;
  for (const signature of given) match = timingSafeEqual(expected, signature) || match;
  return match ? 'match' : 'mismatch';
}

/**
 * Constant-time string equality for custom header values. Hashing both sides first gives equal
 * lengths, so neither the content nor the length of the expected value leaks through timing.
 */
export function constantTimeEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

/**
 * The first configured custom header that is absent or different, or null when all match.
 * Names are compared case-insensitively (Node lowercases incoming names).
 */
export function customHeaderMismatch(
  incoming: Record<string, string | string[] | undefined>,
  configured: Record<string, string>,
): string | null {
  let firstBad: string | null = null;
  // Every header is checked even after a mismatch, so the time taken does not say which one failed.
  for (const [name, expected] of Object.entries(configured)) {
    const raw = incoming[name.toLowerCase()];
    const given = Array.isArray(raw) ? raw.join(', ') : (raw ?? null);
    // Node trims incoming values (HTTP optional whitespace), so the configured one is trimmed too.
    const ok = given !== null && constantTimeEqual(given, expected.trim());
    if (!ok && firstBad === null)
      firstBad = given === null ? `custom header ${name} is missing` : `custom header ${name} does not match`;
  }
  return firstBad;
}
