// The hub's TLS certificate: self-signed, made once and kept in the data folder, because
// satellites pin its fingerprint at pairing. A new certificate would cut every satellite off, so
// an unreadable one is an error, never silently replaced: the file is left in place, a copy kept
// aside, and the damage reported. Key and certificate are one file (hub/hub-identity.pem, the key
// then the certificate), written to a temp file and renamed, so a crash never leaves one without
// the other. A hub made before keeps its two files (hub-cert.pem, hub-key.pem), read as they are.
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { AppError } from '../../../shared/app-error';
import { keepDamagedCopy } from '../storage/damaged-copy';
import type { DamageSink } from '../storage/data-health';
import { fsyncDir } from '../storage/fsync-dir';
import { errorMessage } from '../../../shared/errors';

export interface HubCertificate {
  cert: string;
  key: string;
  /** SHA-256 of the certificate, colon-separated hex, as screens show it. */
  fingerprint: string;
}

export const IDENTITY = 'hub-identity.pem';
const LEGACY_CERT = 'hub-cert.pem';
const LEGACY_KEY = 'hub-key.pem';
const TEN_YEARS_MS = 10 * 365 * 24 * 3600_000;
const KEY_BLOCK = /-----BEGIN (?:EC |RSA )?PRIVATE KEY-----[\s\S]+?-----END (?:EC |RSA )?PRIVATE KEY-----\r?\n?/;
const CERT_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\r?\n?/;

export async function loadOrCreateCertificate(
  dataDir: string,
  now: () => number = Date.now,
  damage?: DamageSink,
): Promise<HubCertificate> {
  const dir = join(dataDir, 'hub');
  const identityPath = join(dir, IDENTITY);
  const certPath = join(dir, LEGACY_CERT);
  const keyPath = join(dir, LEGACY_KEY);
  if (existsSync(identityPath)) return readIdentity([identityPath], now, damage);
  if (existsSync(certPath) || existsSync(keyPath)) return readIdentity([certPath, keyPath], now, damage);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
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
  const text = `${pems.private.trimEnd()}\n${pems.cert.trimEnd()}\n`;
  const temp = `${identityPath}.${process.pid}.tmp`;
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, identityPath);
  fsyncDir(dir);
  return { cert: pems.cert, key: pems.private, fingerprint: certificateFingerprint(pems.cert) };
}

/** The key and certificate from these files (one, or the legacy pair); a damaged one is kept aside and reported. */
function readIdentity(paths: string[], now: () => number, damage: DamageSink | undefined): HubCertificate {
  // One file holds both; of the legacy pair, the first is the certificate and the second the key.
  const certFile = paths[0];
  const keyFile = paths[paths.length - 1];
  let failing = certFile;
  try {
    const texts = new Map<string, string>();
    for (const path of paths) {
      failing = path;
      texts.set(path, readFileSync(path, 'utf8'));
    }
    failing = keyFile;
    const key = KEY_BLOCK.exec(texts.get(keyFile)!)?.[0];
    if (key === undefined) throw new Error('no private key in it');
    createPrivateKey(key);
    failing = certFile;
    const cert = CERT_BLOCK.exec(texts.get(certFile)!)?.[0];
    if (cert === undefined) throw new Error('no certificate in it');
    return { cert, key, fingerprint: certificateFingerprint(cert) };
  } catch (error) {
    const reason = errorMessage(error);
    let keptAs: string | null = null;
    try {
      if (existsSync(failing)) keptAs = keepDamagedCopy(failing, now());
    } catch {
      // Left in place all the same: it is reported, and never replaced on its own.
    }
    const detail = `${failing}: ${reason}${keptAs ? `; a copy is kept as ${keptAs}` : ''}`;
    damage?.({
      key: 'identity',
      severity: 'error',
      path: failing,
      keptAs,
      count: null,
      sentence:
        "The venue hub's certificate cannot be read, so the hub does not start. Paired devices pin it: restore it from a backup, or move the hub folder away and pair every device again.",
      detail,
    });
    throw new AppError('data-damaged', `The hub certificate cannot be read (${detail})`, { file: failing });
  }
}

export function certificateFingerprint(pem: string): string {
  return new X509Certificate(pem).fingerprint256;
}
