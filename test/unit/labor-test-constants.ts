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
