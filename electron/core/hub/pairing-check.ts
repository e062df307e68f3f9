// The check code a manager compares before allowing a device to pair: derived from both sides, the
// hub's certificate as the device saw it and a secret the device chose for this request. The hub
// computes it from its own certificate and the secret it received; the device from the certificate
// it was shown. They match only when nothing stood between them: a look-alike hub that relays the
// request presents its own certificate to the device, so the device shows another code than the
// hub, and forcing 80 bits to match would take about 2^80 tries within the request's ten minutes.
import { createHash, randomBytes } from 'node:crypto';
import { shortFingerprint } from '../../../shared/fingerprint';

/** The device's secret for one request: 32 random bytes, base64url (43 characters). */
export function newPairingSecret(): string {
  return randomBytes(32).toString('base64url');
}

export const PAIRING_SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Five groups of four hex digits, like the hub's own check code, so both read the same way. */
export function pairingCheckCode(hubFingerprint: string, secret: string): string {
  const fingerprint = hubFingerprint.replace(/[^0-9a-f]/gi, '').toUpperCase();
  const digest = createHash('sha256').update(`venue-companion pairing\n${fingerprint}\n${secret}`).digest('hex');
  return shortFingerprint(digest);
}

/** What the hub keeps of the secret: enough to know the device that asks again, not the secret. */
export function secretDigest(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}
