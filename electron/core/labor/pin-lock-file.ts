// satellite-pin-lock.json: the wrong-PIN count of a kiosk device's sign-in pad while its hub is
// away, kept on disk so a restart does not give a guesser five more tries. Its shape is the
// sessions' own count of one pad.
import { z } from 'zod';
import type { DamageSink } from '../storage/data-health';
import { loadJsonFile, saveJsonFile } from '../storage/json-file';
import { LOCKOUT_MS, type Lockout } from './sessions';

export const PIN_LOCK_FILE = 'satellite-pin-lock.json';

const schema = z.object({
  wrong: z.array(z.number()),
  lockedUntil: z.number(),
  lockouts: z.number().int().min(0),
});

export function loadPinLock(dataDir: string, now: () => number, damage?: DamageSink): Lockout {
  const lock = loadJsonFile(dataDir, PIN_LOCK_FILE, schema, () => ({ wrong: [], lockedUntil: 0, lockouts: 0 }), {
    label: "The kiosk's count of wrong PINs",
    damage,
    now,
    consequence: 'the pad stays locked for a first lockout before the count starts again',
  });
  // Damaging the count must not buy a guesser a fresh five tries: an unreadable count locks the
  // pad as a first lockout would.
  return lock.problem ? { wrong: [], lockedUntil: now() + LOCKOUT_MS, lockouts: 1 } : lock.value;
}

/** Written before the answer to the PIN goes out. */
export function savePinLock(dataDir: string, lock: Lockout): void {
  saveJsonFile(dataDir, PIN_LOCK_FILE, lock);
}
