// PINs are stored only as salted scrypt hashes. A 4-digit PIN has few possibilities, so the hash
// mainly keeps PINs out of plain sight in the data folder; the kiosk's lockout after repeated
// wrong PINs is what stops guessing at the pad.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../../shared/app-error';

export interface PinHash {
  salt: string;
  hash: string;
  /** scrypt cost parameters, stored so they can be raised later without breaking old hashes. */
  N: number;
  r: number;
  p: number;
}

export const DEFAULT_SCRYPT_N = 16384;

export const PIN_PATTERN = /^\d{4,8}$/;

/** scrypt of a PIN under one salt and cost: a person's hash, or the venue's lookup tag. */
export function derivePin(pin: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(pin, salt, 32, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPin(pin: string, N = DEFAULT_SCRYPT_N): Promise<PinHash> {
  if (!PIN_PATTERN.test(pin))
    throw new AppError('invalid', 'A PIN is 4 to 8 digits', { field: 'pin', reason: 'pin-format' });
  const salt = randomBytes(16);
  const key = await derivePin(pin, salt, N, 8, 1);
  return { salt: salt.toString('base64'), hash: key.toString('base64'), N, r: 8, p: 1 };
}

export async function verifyPin(pin: string, stored: PinHash): Promise<boolean> {
  if (!PIN_PATTERN.test(pin)) return false;
  const expected = Buffer.from(stored.hash, 'base64');
  const key = await derivePin(pin, Buffer.from(stored.salt, 'base64'), stored.N, stored.r, stored.p);
  return key.length === expected.length && timingSafeEqual(key, expected);
}
