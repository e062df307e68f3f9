// The exactly-once guarantee under fire: a few hundred punches captured by a busy kiosk while the
// labor routes fail with 500s, reset connections, answer late, commit and lose the answer, the
// whole service goes down for a while, and the app's core is restarted mid-drain. In the end the
// sandbox must hold exactly one entry per captured punch, in the right shift, and the outbox
// must be empty.
import { TokenStore } from '../../electron/sandbox/tokens';
import { describe, expect, it } from 'vitest';
import type { PunchAction } from '../../shared/labor';
import { SEED_ROLES, type RunningSandbox } from '../../electron/sandbox';
import type { FaultInput } from '../../electron/sandbox/faults';
import {
  HARBOUR,
  drained,
  entriesAt,
  rng,
  sandboxEachTest,
  sleep,
  verifyAgainstModel,
  type ModelShift,
  type RunningLabor,
} from './labor-test-kit';

const ENTRIES = '/api/loc/:location/labor/entries';
const ENTRY = '/api/loc/:location/labor/entries/:entry';

/** Extra bartenders at Harbour so several people drain in parallel. */
function addStaff(sb: RunningSandbox, count: number): string[] {
  const ids: string[] = [];
  for (let i = 1; i <= count; i++) {
    const userId = String(3000 + i);
    sb.world.staff.push({
      userId,
      name: `Temp ${i}`,
      locationUuid: HARBOUR.uuid,
      roleUuid: SEED_ROLES.bartender,
      role: 'bartender',
    });
    ids.push(userId);
  }
  return ids;
}

function randomFault(random: () => number): FaultInput {
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)];
  const route = pick([
    `POST ${ENTRIES}`,
    `POST ${ENTRIES}`,
    `POST ${ENTRIES}`,
    `PATCH ${ENTRY}`,
    `PATCH ${ENTRY}`,
    `GET ${ENTRIES}`,
    `GET ${ENTRY}`,
  ]);
  const mode = pick([
    'status500',
    'reset',
    'delay',
    'delay-short',
    'commit-lose-response',
    'commit-lose-response',
  ] as const);
  const count = 1 + Math.floor(random() * 3);
  if (mode === 'delay') return { route, mode: 'delay', delayMs: 600, count }; // longer than the client's 250 ms timeout
  if (mode === 'delay-short') return { route, mode: 'delay', delayMs: 60, count };
  return { route, mode, count };
}

/** Counts which fault modes really hit which labor routes, so the scenario proves it was exercised. */
function countHits(sb: RunningSandbox): Record<string, number> {
  const hits: Record<string, number> = {};
  const take = sb.world.faults.take.bind(sb.world.faults);
  sb.world.faults.take = (method, pathname) => {
    const rule = take(method, pathname);
    if (rule) {
      const route = pathname.endsWith('/labor/entries')
        ? 'entries'
        : pathname.includes('/labor/entries/')
          ? 'entry'
          : 'other';
      const key = `${method} ${route} ${rule.mode}`;
      hits[key] = (hits[key] ?? 0) + 1;
    }
    return rule;
  };
  return hits;
}

const sum = (hits: Record<string, number>, pattern: RegExp) =>
  Object.entries(hits).reduce((n, [k, v]) => (pattern.test(k) ? n + v : n), 0);

describe('labor outbox under mixed faults', () => {
  const rig = sandboxEachTest();
  let running: RunningLabor;

  it('a few hundred punches end up on the service exactly once, in the right shifts', async () => {
    const random = rng(20250301);
    const people = ['2002', '2004', '2006', ...addStaff(rig.sb, 5)];
    const roleOf = (userId: string) =>
      userId === '2002'
        ? { role: 'server', roleUuid: SEED_ROLES.server }
        : { role: 'bartender', roleUuid: SEED_ROLES.bartender };
    const open = new Map<string, ModelShift>();
    const shifts: ModelShift[] = [];
    const hits = countHits(rig.sb);
    running = await rig.start();
    const TOTAL = 320;
    let restarts = 0;
    let faults = 0;

    for (let n = 0; n < TOTAL; n++) {
      if (n % 6 === 0) {
        rig.sb.world.faults.add(randomFault(random));
        faults += 1;
      }
      if (n % 70 === 35) {
        // An outage: every request (token ones too) has its connection reset for a while.
        rig.sb.world.faults.add({ route: '/*', mode: 'reset', count: 15 });
        faults += 1;
      }
      if (n % 90 === 60) {
        // The app's core restarts mid-drain: requests in flight are abandoned, the outbox reopened.
        await running.stop();
        running = await rig.start();
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

      const receipt = running.labor.capture(userId, {
        action,
        role: action === 'punch-in' ? roleOf(userId) : undefined,
        declaredTipsCents: tips,
      });
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
      // Spread the captures so faults meet the drain while the kiosk keeps punching.
      await sleep(Math.floor(random() * 20));
    }

    // One more restart while the tail of the outbox is still draining; faults left are met by the drain.
    await sleep(100);
    await running.stop();
    running = await rig.start();
    restarts += 1;
    await drained(running.labor, 40_000);

    expect(restarts).toBeGreaterThanOrEqual(4);
    expect(faults).toBeGreaterThanOrEqual(50);
    // Every fault mode really met the labor routes, the ambiguous ones on both POST and PATCH.
    for (const mode of ['status500', 'reset', 'delay', 'commit-lose-response']) {
      expect(
        sum(hits, new RegExp(`^(POST|PATCH) entr(y|ies) ${mode}$`)),
        `${mode} hits ${JSON.stringify(hits)}`,
      ).toBeGreaterThanOrEqual(3);
    }
    expect(sum(hits, /^POST entries commit-lose-response$/)).toBeGreaterThanOrEqual(2);
    expect(sum(hits, /^PATCH entry commit-lose-response$/)).toBeGreaterThanOrEqual(2);
    verifyAgainstModel(rig.sb, shifts);
    expect(running.labor.outboxItems()).toEqual([]);

    // The board agrees with the service: exactly the people still on shift, on break or not.
    await running.labor.refreshBoard();
    const board = running.labor.view().board.rows;
    expect(board.map((r) => r.userId).sort()).toEqual([...open.keys()].sort());
    for (const row of board) expect(row.breakStart !== null).toBe(open.get(row.userId)!.breaks.at(-1)?.endAt === null);
  }, 60_000);

  /**
   * Two shifts of one person, each with a break (POST, POST, PATCH, PATCH twice over) under the
   * given one-shot faults; `before(i)` may change the world before step i. Ends with exactly two
   * shifts and two breaks on the service, all closed, tips once each, and every fault used.
   */
  async function twoShiftsUnder(
    modes: FaultInput[],
    before: (i: number) => void = () => {},
    drainMs = 20_000,
  ): Promise<void> {
    running = await rig.start();
    for (const fault of modes) rig.sb.world.faults.add({ ...fault, count: 1 });
    const steps: PunchAction[] = [
      'punch-in',
      'break-start',
      'break-end',
      'punch-out',
      'punch-in',
      'break-start',
      'break-end',
      'punch-out',
    ];
    for (const [i, action] of steps.entries()) {
      before(i);
      running.labor.capture('2004', {
        action,
        role: action === 'punch-in' ? { role: 'bartender', roleUuid: SEED_ROLES.bartender } : undefined,
        declaredTipsCents: 500,
      });
      await sleep(5);
    }
    await drained(running.labor, drainMs);
    const entries = entriesAt(rig.sb);
    expect(entries.filter((e) => e.shiftUuid === null)).toHaveLength(2);
    expect(entries.filter((e) => e.shiftUuid !== null)).toHaveLength(2);
    expect(entries.every((e) => e.punchOutMs !== null)).toBe(true);
    expect(entries.filter((e) => e.shiftUuid === null).map((e) => e.declaredTips)).toEqual([500, 500]);
    expect(rig.sb.world.faults.list()).toEqual([]);
  }

  it('every ambiguous mode on its own: the punch is recorded once and the outbox empties', async () => {
    await twoShiftsUnder([
      { route: `POST ${ENTRIES}`, mode: 'commit-lose-response' },
      { route: `POST ${ENTRIES}`, mode: 'status500' },
      { route: `POST ${ENTRIES}`, mode: 'reset' },
      { route: `POST ${ENTRIES}`, mode: 'delay', delayMs: 600 },
      { route: `PATCH ${ENTRY}`, mode: 'commit-lose-response' },
      { route: `PATCH ${ENTRY}`, mode: 'delay', delayMs: 600 },
    ]);
  });

  it('commit then 504, 429 and 503 with Retry-After, an invalid token (403) and an expired one: each punch once', async () => {
    const modes: FaultInput[] = [
      { route: `POST ${ENTRIES}`, mode: 'commit-then-504' },
      { route: `POST ${ENTRIES}`, mode: 'status429', retryAfterS: 1 },
      { route: `PATCH ${ENTRY}`, mode: 'commit-then-504' },
      { route: `PATCH ${ENTRY}`, mode: 'status503', retryAfterS: 1 },
    ];
    // Mid-run the service forgets every token (its next answer is 403 "invalid"), and later the
    // clock passes the 24 h lifetime (401 "expired"): neither may lose or double a punch.
    await twoShiftsUnder(
      modes,
      (i) => {
        if (i === 3) rig.sb.world.tokens = new TokenStore();
        if (i === 6) rig.sb.world.clock.advanceMs(25 * 3_600_000);
      },
      30_000,
    );
  }, 60_000);
});
