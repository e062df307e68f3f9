// How many PINs a patient guesser gets checked: the real kiosk (serialised checks, per-kiosk and
// per-person counters, doubling lockouts) on a simulated clock, guessing again the moment the
// pad unlocks, for an hour and for a day. Prints the figures docs/security.md quotes.
import { afterAll, describe, expect, it } from 'vitest';
import { LaborService } from '../../electron/core/labor/labor-service';
import { tempDirs } from '../support';

const dirs = tempDirs('venue-pinfig-');
afterAll(() => dirs.removeAll());

async function attack(hours: number, named: boolean): Promise<{ checked: number; lockouts: number }> {
  let clock = Date.UTC(2026, 10, 22, 12);
  const labor = new LaborService({
    dataDir: dirs.make(),
    api: () => {
      throw new Error('no service in this test');
    },
    now: () => clock,
    tuning: { scryptN: 1024, boardRefreshMs: 0 },
  });
  try {
    await labor.access.setupManager({ userId: 'm1', name: 'Morgan', pin: '24681357' });
    const end = clock + hours * 3_600_000;
    let checked = 0;
    let lockouts = 0;
    let guess = 0;
    while (clock < end) {
      const until = labor.access.sessions.lockedUntilMs(named ? 'm1' : undefined);
      if (until !== null) {
        // Locked: the guesser waits for the pad to open again.
        lockouts += 1;
        clock = until;
        continue;
      }
      const pin = String(10_000_000 + guess++);
      const outcome = await labor.access.identify(named ? { userId: 'm1', pin } : { pin }).then(
        () => 'accepted',
        (error: Error) => error.message,
      );
      // Checked against the roster: "not recognised", or the guess that locked the pad.
      expect(outcome).toMatch(/not recognised|locked/);
      checked += 1;
      clock += 2_000; // a quick guesser: one PIN every 2 s while the pad is open
    }
    return { checked, lockouts };
  } finally {
    await labor.stop();
  }
}

describe('PIN guesses before lockout', () => {
  it('a guesser gets 5 PINs checked, then waits 30 s, doubling to 15 min', async () => {
    const first = await attack(0.01, false); // 36 s
    expect(first.checked).toBe(5);
    const hour = await attack(1, false);
    const day = await attack(24, false);
    const namedDay = await attack(24, true);
    console.log(
      `[figure] PIN guessing: 5 wrong PINs lock the pad; a guesser who tries again the moment it unlocks gets ${hour.checked} PINs checked in 1 h and ${day.checked} in 24 h at the kiosk (${namedDay.checked} in 24 h against one named person) of 10^8 eight-digit PINs (10 000 for four digits: at most ${((day.checked / 10_000) * 100).toFixed(1)} % of them a day)`,
    );
    expect(hour.checked).toBeLessThanOrEqual(60);
    expect(day.checked).toBeLessThanOrEqual(600);
    expect(namedDay.checked).toBeLessThanOrEqual(600);
  }, 120_000);
});
