// How a PIN finds its person with one or two key derivations instead of one per person. Beside each
// person's own salted hash the roster keeps a lookup tag: scrypt of the PIN under one salt shared by
// the whole venue (a PinHash whose salt is the venue's). A sign-in derives the tag once, picks the
// person whose tag matches, and confirms with that person's own hash. PINs are unique within a
// venue, so at most one tag matches. A person stored before tags existed has none: they are found
// by checking their own hash, one at a time, and tagged by the caller once found.
import { timingSafeEqual } from 'node:crypto';
import { derivePin, PIN_PATTERN, verifyPin, type PinHash } from './pin-hash';

export interface PinHolder {
  userId: string;
  pin: PinHash | null;
  pinTag?: PinHash | null;
}

export interface PinMatch<T> {
  member: T;
  /** Found by the scan of untagged hashes: the caller should store a tag for this person. */
  untagged: boolean;
}

/** The tag of `pin` under the venue's tag parameters (salt, N, r, p); the stored form of a tag. */
export async function pinTag(pin: string, venue: Omit<PinHash, 'hash'>): Promise<PinHash> {
  const key = await derivePin(pin, Buffer.from(venue.salt, 'base64'), venue.N, venue.r, venue.p);
  return { ...venue, hash: key.toString('base64') };
}

function same(a: string, b: Buffer): boolean {
  const x = Buffer.from(a, 'base64');
  return x.length === b.length && timingSafeEqual(x, b);
}

/**
 * The one person with this PIN, or null. Each distinct tag parameter set is derived once (a venue
 * has one), the matching person is confirmed with their own hash, and only people without a tag
 * are scanned. Every derivation runs one after another: scrypt shares libuv's small thread pool
 * with file I/O, so a burst of PIN checks must never occupy all of it.
 */
export async function findByPin<T extends PinHolder>(pin: string, staff: readonly T[]): Promise<PinMatch<T> | null> {
  if (!PIN_PATTERN.test(pin)) return null;
  const withPin = staff.filter((s) => s.pin !== null);
  const groups = new Map<string, { params: PinHash; members: T[] }>();
  for (const s of withPin) {
    if (!s.pinTag) continue;
    const key = `${s.pinTag.salt}:${s.pinTag.N}:${s.pinTag.r}:${s.pinTag.p}`;
    const group = groups.get(key) ?? { params: s.pinTag, members: [] };
    group.members.push(s);
    groups.set(key, group);
  }
  for (const { params, members } of groups.values()) {
    const derived = await derivePin(pin, Buffer.from(params.salt, 'base64'), params.N, params.r, params.p);
    const candidate = members.find((m) => same((m.pinTag as PinHash).hash, derived));
    if (candidate && (await verifyPin(pin, candidate.pin as PinHash))) return { member: candidate, untagged: false };
  }
  for (const s of withPin) {
    if (s.pinTag) continue;
    if (await verifyPin(pin, s.pin as PinHash)) return { member: s, untagged: true };
  }
  return null;
}
