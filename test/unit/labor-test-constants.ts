// Constants shared by the labor tests and the kill -9 child process (which must not import vitest).
import type { LaborTuning } from '../../electron/core/labor/labor-service';
import { SEED_LOCATIONS } from '../../electron/sandbox/seed';

export const HARBOUR = { uuid: SEED_LOCATIONS.harbour, name: 'Harbour Bar & Kitchen', timezone: 'America/New_York' };

/** Fast enough for tests, with the settle delay comfortably longer than any injected delay. */
export const FAST_TUNING: Partial<LaborTuning> = {
  timeoutMs: 250,
  settleMs: 1000,
  quickSettleMs: 50,
  backoffMinMs: 20,
  backoffMaxMs: 200,
  concurrency: 4,
  boardRefreshMs: 0,
  scryptN: 1024,
};

/**
 * The practice venue's staff below the manager with their demo PINs (docs/sandbox.md), in the
 * order the offline-kiosk test and the data-v1 fixture punch them (the fixture's files depend on it).
 */
export const PRACTICE_STAFF = [
  { userId: '2002', pin: '1111' },
  { userId: '2004', pin: '2222' },
  { userId: '2006', pin: '3333' },
  { userId: '2005', pin: '4444' },
  { userId: '2003', pin: '5555' },
];
