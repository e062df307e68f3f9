// A PIN finds its person with at most two key derivations, whatever the roster's size: the venue's
// lookup tag picks the person, their own salted hash confirms it. PINs are unique within a venue.
// A staff list written before tags existed still signs in (by the scan) and is tagged on the way.
// Real Roster on real files; the derivations are counted by wrapping pin-hash's exports.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Roster } from '../../electron/core/labor/roster';
import * as pinHash from '../../electron/core/labor/pin-hash';
import { isAppError } from '../../shared/app-error';
import { tempDirs } from '../support';

const counted = vi.hoisted(() => ({ derivations: 0 }));
vi.mock('../../electron/core/labor/pin-hash', async (original) => {
  const real = await original<typeof import('../../electron/core/labor/pin-hash')>();
  return {
    ...real,
    derivePin: (...args: Parameters<typeof real.derivePin>) => (counted.derivations++, real.derivePin(...args)),
    verifyPin: (...args: Parameters<typeof real.verifyPin>) => (counted.derivations++, real.verifyPin(...args)),
  };
});

const dirs = tempDirs('venue-pin-lookup-');
afterEach(() => dirs.removeAll());

const N = 1024;
const pinOf = (i: number) => String(6000 + i);

async function roster40(dir: string): Promise<Roster> {
  const roster = new Roster(dir, N);
  for (let i = 0; i < 40; i++) {
    roster.upsert({ userId: `u${i}`, name: `Person ${i}`, manager: i === 0, roles: [] });
    await roster.setPin(`u${i}`, pinOf(i));
  }
  return roster;
}

async function derivationsOf<T>(work: () => Promise<T>): Promise<{ value: T; derivations: number }> {
  counted.derivations = 0;
  const value = await work();
  return { value, derivations: counted.derivations };
}

describe('PIN lookup', () => {
  it('a sign-in costs at most two derivations on a 40-person roster, a wrong PIN at most one', async () => {
    const roster = await roster40(dirs.make());
    for (const i of [0, 20, 39]) {
      const { value, derivations } = await derivationsOf(() => roster.identifyByPin(pinOf(i)));
      expect(value?.userId).toBe(`u${i}`);
      expect(derivations).toBeLessThanOrEqual(2);
    }
    const wrong = await derivationsOf(() => roster.identifyByPin('1234'));
    expect(wrong.value).toBeNull();
    expect(wrong.derivations).toBe(1);
  });

  it('after a restart the tags are read from the file and still find everyone', async () => {
    const dir = dirs.make();
    await roster40(dir);
    const again = new Roster(dir, N);
    const { value, derivations } = await derivationsOf(() => again.identifyByPin(pinOf(39)));
    expect(value?.userId).toBe('u39');
    expect(derivations).toBeLessThanOrEqual(2);
  });

  it('a PIN another person holds is refused with a conflict, and nothing changes', async () => {
    const dir = dirs.make();
    const roster = await roster40(dir);
    const before = readFileSync(join(dir, 'labor-staff.json'), 'utf8');
    const error = await roster.setPin('u5', pinOf(7)).catch((e: unknown) => e);
    expect(isAppError(error, 'conflict') && error.data.what).toBe('pin');
    expect(readFileSync(join(dir, 'labor-staff.json'), 'utf8')).toBe(before);
    expect((await roster.identifyByPin(pinOf(5)))?.userId).toBe('u5');
    // Two people given the same new PIN at once: one of them gets it.
    const both = await Promise.allSettled([roster.setPin('u1', '4444'), roster.setPin('u2', '4444')]);
    expect(both.filter((b) => b.status === 'fulfilled')).toHaveLength(1);
    expect(both.filter((b) => b.status === 'rejected' && isAppError(b.reason, 'conflict'))).toHaveLength(1);
  });

  it('a staff list without tags still signs in, by the scan, and is tagged by the first sign-in', async () => {
    const dir = dirs.make();
    const staff = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => ({
        userId: `u${i}`,
        name: `Person ${i}`,
        manager: i === 0,
        pin: await pinHash.hashPin(pinOf(i), N),
        roles: [],
      })),
    );
    const path = join(dir, 'labor-staff.json');
    writeFileSync(path, JSON.stringify({ version: 1, seeded: false, staff }));
    const roster = new Roster(dir, N);
    const first = await derivationsOf(() => roster.identifyByPin(pinOf(30)));
    expect(first.value?.userId).toBe('u30');
    // The scan: 31 hashes checked, then one derivation for the new tag.
    expect(first.derivations).toBe(32);
    const file = JSON.parse(readFileSync(path, 'utf8')) as { tagSalt?: string; staff: { pinTag?: unknown }[] };
    expect(typeof file.tagSalt).toBe('string');
    expect(file.staff.filter((s) => s.pinTag)).toHaveLength(1);
    // Restarted on the tagged file: that person now costs at most two.
    const again = await derivationsOf(() => new Roster(dir, N).identifyByPin(pinOf(30)));
    expect(again.value?.userId).toBe('u30');
    expect(again.derivations).toBeLessThanOrEqual(2);
    // A duplicate of an untagged person's PIN is still refused.
    const dup = await roster.setPin('u3', pinOf(4)).catch((e: unknown) => e);
    expect(isAppError(dup, 'conflict')).toBe(true);
  });
});
