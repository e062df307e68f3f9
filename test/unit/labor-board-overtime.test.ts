// The board's overtime basis from the real core and sandbox: each person on shift carries the
// shift's business day, its unpaid breaks, and their closed shifts earlier this workweek.
import { rmSync } from 'node:fs';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { SEED_LOCATIONS, SEED_ROLES } from '../../electron/sandbox/seed';
import { boardOvertime } from '../../shared/labor-rules/board-overtime';
import { startLabor, tempDir, type RunningLabor } from './labor-test-kit';

const H = 3_600_000;
const M = 60_000;
// Wednesday 2025-03-05, 20:00 in New York (EST, UTC-5): the Harbour's clock.
const NOW = Date.UTC(2025, 2, 6, 1, 0);
const ny = (day: number, hour: number, minute = 0) => Date.UTC(2025, 2, day, hour + 5, minute);

let sb: RunningSandbox;
let dir: string;
let running: RunningLabor;

function add(kind: 'shift' | 'unpaid_break', from: number, to: number | null, shiftUuid: string | null = null) {
  return sb.world.labor.add({
    locationUuid: SEED_LOCATIONS.harbour,
    shiftUuid,
    punchType: kind,
    userId: '2004',
    role: 'bartender',
    roleUuid: SEED_ROLES.bartender,
    punchInMs: from,
    punchOutMs: to,
    declaredTips: null,
    createdMs: from,
  } as Parameters<RunningSandbox['world']['labor']['add']>[0]);
}

beforeEach(async () => {
  sb = await startSandbox();
  dir = tempDir();
});
afterEach(async () => {
  await running.stop();
  await sb.close();
  rmSync(dir, { recursive: true, force: true });
});

it('a person on shift carries this week’s earlier shifts, net of unpaid breaks', async () => {
  // Monday 09:00-18:00 with a 30 min unpaid break: 9 h - 0.5 h = 8.5 h = 510 min.
  const monday = add('shift', ny(3, 9), ny(3, 18));
  add('unpaid_break', ny(3, 12), ny(3, 12, 30), monday.uuid);
  // Tuesday 10:00-19:00: 9 h = 540 min.
  add('shift', ny(4, 10), ny(4, 19));
  // The Sunday before the week (Saturday 2025-03-01) does not count: the workweek starts Sunday.
  add('shift', ny(1, 10), ny(1, 14));
  // Today, Wednesday, on shift since 12:00 with a 30 min break ended.
  const today = add('shift', ny(5, 12), null);
  add('unpaid_break', ny(5, 15), ny(5, 15, 30), today.uuid);

  // The ordinary request timeout: this test is about what the board reads, not about a slow service.
  running = await startLabor(sb, dir, { demoStaff: true, now: () => NOW, tuning: { timeoutMs: 15_000 } });
  await running.labor.refreshBoard();
  const [row] = running.labor.view().board.rows;
  expect(row).toMatchObject({ userId: '2004', day: '2025-03-05', unpaidBreakMs: 30 * M });
  expect(row.priorWork).toEqual([
    { day: '2025-03-03', minutes: 510 },
    { day: '2025-03-04', minutes: 540 },
  ]);

  // California: 12:00 + 8 h + the 30 min break = 20:30, half an hour from now.
  const settings = { ...running.labor.view().settings, overtimePreset: 'california' as const };
  expect(boardOvertime(row, settings, NOW)).toMatchObject({ when: 'soon', at: ny(5, 20, 30) });
  // Federal: 40 h - (8.5 + 9) h = 22.5 h in today, nowhere near.
  expect(boardOvertime(row, { ...settings, overtimePreset: 'us-federal' }, NOW)).toBeNull();
  // Federal with a 15 h window: 22.5 h - 7.5 h worked = 15 h from now, 11:00 on Thursday.
  expect(
    boardOvertime(row, { ...settings, overtimePreset: 'us-federal', overtimeWarningMinutes: 15 * 60 }, NOW),
  ).toMatchObject({ when: 'soon', at: NOW + 15 * H });
});
