// The hub's TLS certificate: self-signed, made once and kept in the data folder, because
// satellites pin its fingerprint at pairing. A new certificate would cut every satellite off, so
// an unreadable one is an error, never silently replaced.
import { X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'selfsigned';

export interface HubCertificate {
  cert: string;
  key: string;
  /** SHA-256 of the certificate, colon-separated hex, as screens show it. */
  fingerprint: string;
}

const CERT = 'hub-cert.pem';
const KEY = 'hub-key.pem';
const TEN_YEARS_MS = 10 * 365 * 24 * 3600_000;

export async function loadOrCreateCertificate(dataDir: string, now: () => number = Date.now): Promise<HubCertificate> {
  const dir = join(dataDir, 'hub');
  const certPath = join(dir, CERT);
  const keyPath = join(dir, KEY);
  if (existsSync(certPath) || existsSync(keyPath)) {
    try {
      const cert = readFileSync(certPath, 'utf8');
      const key = readFileSync(keyPath, 'utf8');
      return { cert, key, fingerprint: certificateFingerprint(cert) };
    } catch (error) {
      throw new Error(
        `The hub certificate in ${dir} cannot be read (${error instanceof Error ? error.message : String(error)}). ` +
          'Paired devices pin it, so it is not replaced on its own: restore it, or move the hub folder away and pair every device again.',
      );
    }
  }
  mkdirSync(dir, { recursive: true });
  const notBeforeDate = new Date(now() - 24 * 3600_000);
  const pems = await generate([{ name: 'commonName', value: 'Venue Companion hub' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate,
    // Satellites pin the certificate itself, not a chain or a name: it must outlive the venue's
    // devices rather than expire one Friday night.
    notAfterDate: new Date(notBeforeDate.getTime() + TEN_YEARS_MS),
  });
  writeFileSync(keyPath, pems.private, { mode: 0o600, flag: 'wx' });
  writeFileSync(certPath, pems.cert, { mode: 0o644, flag: 'wx' });
  return { cert: pems.cert, key: pems.private, fingerprint: certificateFingerprint(pems.cert) };
}

export function certificateFingerprint(pem: string): string {
  return new X509Certificate(pem).fingerprint256;
}
