// The group's own certificate authority, made once by `office setup`: head office's leaf
// listeners present a certificate it signed, and each venue's leaf node trusts that CA alone (it
// travels in the venue's group file), so no public CA or name service is involved.
import { generate } from 'selfsigned';

export interface Pem {
  cert: string;
  key: string;
}

const TEN_YEARS_MS = 3650 * 24 * 3_600_000;

export async function makeGroupCa(group: string): Promise<Pem> {
  const ca = await generate([{ name: 'commonName', value: `${group} venue group CA` }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + TEN_YEARS_MS),
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    ],
  });
  return { cert: ca.cert, key: ca.private };
}

/** The head office's server certificate, for the names venues reach it by (hosts and IPs). */
export async function makeServerCert(ca: Pem, names: string[]): Promise<Pem> {
  const ip = /^\d+\.\d+\.\d+\.\d+$/;
  const made = await generate([{ name: 'commonName', value: names[0] ?? 'head office' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + TEN_YEARS_MS),
    ca: { key: ca.key, cert: ca.cert },
    extensions: [
      {
        name: 'subjectAltName',
        altNames: names.map((n) => (ip.test(n) ? { type: 7 as const, ip: n } : { type: 2 as const, value: n })),
      },
      { name: 'extKeyUsage', serverAuth: true },
    ],
  });
  return { cert: made.cert, key: made.private };
}
