// What a backup must not hold in clear (the service secrets, the hub's private key) is sealed with
// a key made from a passphrase the manager chooses: scrypt for the key, AES-256-GCM for the bytes.
// The backup's id is the additional data, so a sealed part moved into another backup does not open.
// The passphrase itself is never kept; the daily backups keep the derived key on this computer
// only (daily-backups.ts), which already holds the hub's key in clear.
import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import { appError } from '../../../shared/app-error';

/** scrypt's cost: 2^17 × 8 × 128 bytes = 128 MiB and about half a second, once per backup or restore. */
export interface KdfParams {
  name: 'scrypt';
  N: number;
  r: number;
  p: number;
  /** base64, 16 random bytes. */
  salt: string;
}

export const DEFAULT_KDF = { N: 2 ** 17, r: 8, p: 1 } as const;

/** A passphrase shorter than this is refused: the sealed part may travel on a USB stick. */
export const MIN_PASSPHRASE = 10;

export interface SealKey {
  kdf: KdfParams;
  key: Buffer;
}

export interface Sealed {
  cipher: 'aes-256-gcm';
  kdf: KdfParams;
  /** base64, 12 bytes. */
  iv: string;
  /** base64, 16 bytes. */
  tag: string;
}

export function checkPassphrase(passphrase: string): void {
  if ([...passphrase].length < MIN_PASSPHRASE)
    throw appError('invalid', `A backup passphrase has at least ${MIN_PASSPHRASE} characters`, {
      field: 'passphrase',
    });
}

/** The key a passphrase gives with these parameters (new random salt when none is given). */
export async function deriveKey(passphrase: string, params: Partial<Omit<KdfParams, 'name'>> = {}): Promise<SealKey> {
  const kdf: KdfParams = {
    name: 'scrypt',
    N: params.N ?? DEFAULT_KDF.N,
    r: params.r ?? DEFAULT_KDF.r,
    p: params.p ?? DEFAULT_KDF.p,
    salt: params.salt ?? randomBytes(16).toString('base64'),
  };
  if (!Number.isInteger(Math.log2(kdf.N)) || kdf.N < 2 ** 10 || kdf.N > 2 ** 20 || kdf.r > 32 || kdf.p > 4)
    throw appError('cannot-read', `The backup's key parameters are not ones this app makes (N ${kdf.N})`, {
      what: 'backup',
    });
  const key = await new Promise<Buffer>((resolve, reject) =>
    scrypt(
      passphrase.normalize('NFC'),
      Buffer.from(kdf.salt, 'base64'),
      32,
      { N: kdf.N, r: kdf.r, p: kdf.p, maxmem: 256 * kdf.N * kdf.r + 1024 * 1024 },
      (error, derived) => (error ? reject(error) : resolve(derived)),
    ),
  );
  return { kdf, key };
}

export function seal(key: SealKey, plain: Buffer, context: string): { sealed: Sealed; bytes: Buffer } {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const bytes = Buffer.concat([cipher.update(plain), cipher.final()]);
  return {
    sealed: {
      cipher: 'aes-256-gcm',
      kdf: key.kdf,
      iv: iv.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
    },
    bytes,
  };
}

/** The plain bytes, or `invalid` on the passphrase when the key (or the bytes) do not match. */
export function unseal(key: Buffer, sealed: Sealed, bytes: Buffer, context: string): Buffer {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    return Buffer.concat([decipher.update(bytes), decipher.final()]);
  } catch {
    throw appError('invalid', 'That passphrase does not open this backup’s secrets', { field: 'passphrase' });
  }
}
