// Labor times written without an offset that mean UTC (the sandbox's utc-no-offset reading), over
// real HTTP, with the venue in New York and this process on Tokyo time: the app decides what they
// mean from evidence (a punch's echo, the answer's Date header) and reads them at the service's
// instants; with no evidence it says the meaning is not decided instead of taking it as a fact.
import { describe, expect, it, vi } from 'vitest';
import { listAllEntries, offsetFreeTimes } from '../../electron/core/labor/labor-api';
import { SEED_ROLES } from '../../electron/sandbox';
import { drained, entriesAt, startLabor, tempDir, sandboxForSuite, addLaborEntry } from './labor-test-kit';

const rig = sandboxForSuite({ timeZone: 'Asia/Tokyo' });

const MINUTE = 60_000;

function addShift(startMs: number, endMs: number | null): void {
  addLaborEntry(rig.sb, { punchInMs: startMs, punchOutMs: endMs });
}

describe('times without an offset that mean UTC', () => {
  it('are decided by a punch’s echo: the board shows the service’s instant, not 5 hours off', async () => {
    rig.sb.world.reset();
    rig.sb.world.readings = { ...rig.sb.world.readings, timeForm: 'utc-no-offset' };
    const running = await startLabor(rig.sb, tempDir(), { demoStaff: true });
    try {
      const { labor } = running;
      labor.capture('2004', { action: 'punch-in', role: { role: 'bartender', roleUuid: SEED_ROLES.bartender } });
      await drained(labor);
      expect(offsetFreeTimes(labor.apiContext())?.meaning).toBe('utc');
      const shift = entriesAt(rig.sb).find((e) => e.userId === '2004')!;
      await labor.refreshBoard();
      await vi.waitFor(() => {
        const row = labor.view().board.rows.find((r) => r.userId === '2004');
        expect(row?.pending).toBe(false);
        expect(row?.shiftStart).toBe(shift.punchInMs);
      });
    } finally {
      await running.stop();
    }
  });

  it('are decided by the Date header when an open shift would otherwise start in the future', async () => {
    rig.sb.world.reset();
    rig.sb.world.readings = { ...rig.sb.world.readings, timeForm: 'utc-no-offset' };
    const now = rig.sb.world.clock.nowMs();
    addShift(now - 30 * MINUTE, null);
    const running = await startLabor(rig.sb, tempDir(), { demoStaff: true });
    try {
      const list = await listAllEntries(running.labor.apiContext(), { type: 'all', limit: 100 });
      expect(offsetFreeTimes(running.labor.apiContext())?.meaning).toBe('utc');
      expect(list.entries.map((e) => e.punchIn)).toEqual([entriesAt(rig.sb)[0].punchInMs]);
    } finally {
      await running.stop();
    }
  });

  it('are not taken as decided when nothing shows which meaning they have', async () => {
    rig.sb.world.reset();
    rig.sb.world.readings = { ...rig.sb.world.readings, timeForm: 'utc-no-offset' };
    const now = rig.sb.world.clock.nowMs();
    addShift(now - 3 * 24 * 60 * MINUTE, now - 3 * 24 * 60 * MINUTE + 60 * MINUTE);
    const running = await startLabor(rig.sb, tempDir(), { demoStaff: true });
    try {
      await listAllEntries(running.labor.apiContext(), { type: 'all', limit: 100 });
      expect(offsetFreeTimes(running.labor.apiContext())).toBeNull();
    } finally {
      await running.stop();
    }
  });
});
