// The exactly-once guarantee under fire: a few hundred punches captured by a busy kiosk while the
// labor routes fail with 500s, reset connections, answer late, commit and lose the answer, the
// whole service goes down for a while, and the app's core is restarted mid-drain. In the end the
// sandbox must hold exactly one entry per captured punch, in the right shift, and the outbox
// must be empty.
import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PunchAction } from '../../shared/labor';
import { SEED_ROLES, startSandbox, type RunningSandbox } from '../../electron/sandbox';
import type { FaultInput } from '../../electron/sandbox/faults';
import { HARBOUR, drained, entriesAt, rng, sleep, startLabor, tempDir, type RunningLabor } from './labor-test-kit';

interface ModelBreak {
  startAt: number;
  endAt: number | null;
}
interface ModelShift {
  userId: string;
  startAt: number;
  endAt: number | null;
  tips: number | null;
  breaks: ModelBreak[];
}

const ENTRIES = '/api/loc/:location/labor/entries';
const ENTRY = '/api/loc/:location/labor/entries/:entry';

/** Extra bartenders at Harbour so several people drain in parallel. */
function addStaff(sb: RunningSandbox, count: number): string[] {
  const ids: string[] = [];
  for (let i = 1; i <= count; i++) {
    const userId = String(3000 + i);
    sb.world.staff.push({ userId, name: `Temp ${i}`, locationUuid: HARBOUR.uuid, roleUuid: SEED_ROLES.bartender, role: 'bartender' });
    ids.push(userId);
  }
  return ids;
}

function randomFault(random: () => number): FaultInput {
  const pick = <T,>(items: T[]): T => items[Math.floor(random() * items.length)];
  const route = pick([`POST ${ENTRIES}`, `POST ${ENTRIES}`, `PATCH ${ENTRY}`, `PATCH ${ENTRY}`, `GET ${ENTRIES}`, `GET ${ENTRY}`, 'POST /oauth/token']);
  const mode = pick(['status500', 'reset', 'delay', 'delay-short', 'commit-lose-response', 'commit-lose-response'] as const);
  const count = 1 + Math.floor(random() * 3);
  if (mode === 'delay') return { route, mode: 'delay', delayMs: 600, count }; // longer than the client's 250 ms timeout
  if (mode === 'delay-short') return { route, mode: 'delay', delayMs: 60, count };
  return { route, mode, count };
}

/** Checks the sandbox against the model: one entry per start punch, each end applied, breaks in their shifts. */
function verify(sb: RunningSandbox, shifts: ModelShift[]): void {
  const entries = entriesAt(sb);
  const sandboxShifts = entries.filter((e) => e.shiftUuid === null);
  const sandboxBreaks = entries.filter((e) => e.shiftUuid !== null);
  const expectedBreaks = shifts.reduce((n, s) => n + s.breaks.length, 0);
  expect(sandboxShifts.length, 'one shift entry per punch-in').toBe(shifts.length);
  expect(sandboxBreaks.length, 'one break entry per break start').toBe(expectedBreaks);
  for (const s of shifts) {
    const found = sandboxShifts.filter((e) => e.userId === s.userId && e.punchInMs === s.startAt);
    expect(found, `shift of ${s.userId} at ${s.startAt}`).toHaveLength(1);
    const shift = found[0];
    expect(shift.punchOutMs).toBe(s.endAt);
    expect(shift.declaredTips).toBe(s.tips);
    for (const b of s.breaks) {
      const matches = sandboxBreaks.filter((e) => e.userId === s.userId && e.punchInMs === b.startAt);
      expect(matches, `break of ${s.userId} at ${b.startAt}`).toHaveLength(1);
      expect(matches[0].shiftUuid, 'the break is in its own shift').toBe(shift.uuid);
      expect(matches[0].punchOutMs).toBe(b.endAt);
    }
  }
}

describe('labor outbox under mixed faults', () => {
  let sb: RunningSandbox;
  let dir: string;
  let running: RunningLabor | null = null;

  beforeEach(async () => {
    sb = await startSandbox();
    dir = tempDir();
  });
  afterEach(async () => {
    await running?.stop();
    running = null;
    await sb.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a few hundred punches end up on the service exactly once, in the right shifts', async () => {
    const random = rng(20250301);
    const people = ['2002', '2004', '2006', ...addStaff(sb, 5)];
    const roleOf = (userId: string) => (userId === '2002' ? { role: 'server', roleUuid: SEED_ROLES.server } : { role: 'bartender', roleUuid: SEED_ROLES.bartender });
    const open = new Map<string, ModelShift>();
    const shifts: ModelShift[] = [];
    const hits: Record<string, number> = {};
    const take = sb.world.faults.take.bind(sb.world.faults);
    sb.world.faults.take = (m, p) => { const r = take(m, p); if (r) { const k = `${m} ${p.split('/').length} ${r.mode}`; hits[k] = (hits[k] ?? 0) + 1; } return r; };
    running = await startLabor(sb, dir);
    const TOTAL = 320;
    let restarts = 0;
    let faults = 0;

    for (let n = 0; n < TOTAL; n++) {
      if (n % 8 === 0) {
        sb.world.faults.add(randomFault(random));
        faults += 1;
      }
      if (n % 70 === 35) {
        // An outage: every request (token ones too) has its connection reset for a while.
        sb.world.faults.add({ route: '/*', mode: 'reset', count: 15 });
        faults += 1;
      }
      if (n % 90 === 60) {
        // The app's core restarts mid-drain: requests in flight are abandoned, the outbox reopened.
        await running.stop();
        running = await startLabor(sb, dir);
        restarts += 1;
      }
      const userId = people[Math.floor(random() * people.length)];
      const shift = open.get(userId);
      const onBreak = shift?.breaks.at(-1)?.endAt === null;
      const roll = random();
      let action: PunchAction;
      if (!shift) action = 'punch-in';
      else if (onBreak) action = roll < 0.75 ? 'break-end' : 'punch-out';
      else action = roll < 0.45 ? 'break-start' : 'punch-out';
      const tips = action === 'punch-out' ? Math.floor(random() * 20_000) : undefined;

      const receipt = running.labor.capture(userId, { action, role: action === 'punch-in' ? roleOf(userId) : undefined, declaredTipsCents: tips });
      const at = receipt.at;
      if (action === 'punch-in') {
        const s: ModelShift = { userId, startAt: at, endAt: null, tips: null, breaks: [] };
        shifts.push(s);
        open.set(userId, s);
      } else if (action === 'break-start') shift!.breaks.push({ startAt: at, endAt: null });
      else if (action === 'break-end') shift!.breaks.at(-1)!.endAt = at;
      else {
        if (onBreak) shift!.breaks.at(-1)!.endAt = at;
        shift!.endAt = at;
        shift!.tips = tips ?? 0;
        open.delete(userId);
      }
      if (random() < 0.3) await sleep(Math.floor(random() * 8));
    }

    // One more restart while the tail of the outbox is still draining.
    await sleep(150);
    await running.stop();
    running = await startLabor(sb, dir);
    restarts += 1;
    await sleep(400);
    sb.world.faults.clear();
    await drained(running.labor, 40_000);

    console.log(JSON.stringify(hits, null, 1));
    expect(restarts).toBeGreaterThanOrEqual(4);
    expect(faults).toBeGreaterThanOrEqual(40);
    verify(sb, shifts);
    expect(running.labor.outboxItems()).toEqual([]);

    // The board agrees with the service: exactly the people still on shift, on break or not.
    await running.labor.refreshBoard();
    const board = running.labor.view().board.rows;
    expect(board.map((r) => r.userId).sort()).toEqual([...open.keys()].sort());
    for (const row of board) expect(row.breakStart !== null).toBe(open.get(row.userId)!.breaks.at(-1)?.endAt === null);
  }, 60_000);

  it('every ambiguous mode on its own: the punch is recorded once and the outbox empties', async () => {
    running = await startLabor(sb, dir);
    const modes: FaultInput[] = [
      { route: `POST ${ENTRIES}`, mode: 'commit-lose-response' },
      { route: `POST ${ENTRIES}`, mode: 'status500' },
      { route: `POST ${ENTRIES}`, mode: 'reset' },
      { route: `POST ${ENTRIES}`, mode: 'delay', delayMs: 600 },
      { route: `PATCH ${ENTRY}`, mode: 'commit-lose-response' },
      { route: `PATCH ${ENTRY}`, mode: 'delay', delayMs: 600 },
    ];
    for (const fault of modes) sb.world.faults.add({ ...fault, count: 1 });
    // punch-in (POST), break-start (POST), break-end (PATCH), punch-out (PATCH) × 2 shifts
    const steps: PunchAction[] = ['punch-in', 'break-start', 'break-end', 'punch-out', 'punch-in', 'break-start', 'break-end', 'punch-out'];
    for (const action of steps) {
      running.labor.capture('2004', { action, role: action === 'punch-in' ? { role: 'bartender', roleUuid: SEED_ROLES.bartender } : undefined, declaredTipsCents: 500 });
      await sleep(5);
    }
    await drained(running.labor, 20_000);
    const entries = entriesAt(sb);
    expect(entries.filter((e) => e.shiftUuid === null)).toHaveLength(2);
    expect(entries.filter((e) => e.shiftUuid !== null)).toHaveLength(2);
    expect(entries.every((e) => e.punchOutMs !== null)).toBe(true);
    expect(entries.filter((e) => e.shiftUuid === null).map((e) => e.declaredTips)).toEqual([500, 500]);
    expect(sb.world.faults.list()).toEqual([]);
  });
});
