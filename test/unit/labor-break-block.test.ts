// The optional block on ending a break early, through the real core: before the break rules'
// minimum it is refused with the minimum and when it ends; a manager's session on the same device
// allows it and is noted for review; after the minimum, or with the block off, it goes through.
import { rmSync } from 'node:fs';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runAsCaller } from '../../electron/core/caller';
import { laborHandlers } from '../../electron/core/labor/labor-handlers';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { isAppError } from '../../shared/app-error';
import { DEFAULT_LABOR_SETTINGS } from '../../shared/labor';
import { startLabor, tempDir, type RunningLabor } from './labor-test-kit';

const M = 60_000;
const T0 = Date.UTC(2025, 2, 5, 17, 0); // 12:00 in New York
let sb: RunningSandbox;
let dir: string;
let running: RunningLabor;
let now = T0;

beforeEach(async () => {
  now = T0;
  sb = await startSandbox();
  dir = tempDir();
  running = await startLabor(sb, dir, { demoStaff: true, now: () => now, tuning: { autoCloseCheckMs: 0 } });
  running.labor.saveSettings({
    settings: { ...DEFAULT_LABOR_SETTINGS, breakPreset: 'california', blockEarlyBreakEnd: true },
  });
});
afterEach(async () => {
  await running.stop();
  await sb.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Jordan on shift since 12:00, on a break since 15:00; back at the pad at `at` (a fresh PIN session). */
async function onBreak(at: number) {
  const h = laborHandlers(running.labor);
  const pin = async () => h.laborIdentify({ pin: '2222' });
  await h.laborPunch((await pin()).token, { action: 'punch-in' });
  now = T0 + 180 * M;
  await h.laborPunch((await pin()).token, { action: 'break-start' });
  now = at;
  return { h, s: await pin() };
}

function refusal(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('not refused');
}

it('12 min into a meal (California minimum 30 min): refused, it can end at 15:00 + 30 min = 15:30', async () => {
  const { s } = await onBreak(T0 + 192 * M);
  const error = refusal(() => running.labor.punch(s.token, { action: 'break-end' }));
  expect(isAppError(error, 'break-too-short')).toBe(true);
  expect((error as { data: unknown }).data).toEqual({ minimumMinutes: 30, endsAt: T0 + 210 * M });
  expect(running.labor.view().board.rows[0].breakStart).toBe(T0 + 180 * M);
});

it('a manager’s PIN on the same device allows it, and the review notes say who', async () => {
  const { h, s } = await onBreak(T0 + 192 * M);
  const manager = await h.laborIdentify({ pin: '9999' });
  running.labor.punch(s.token, { action: 'break-end', managerToken: manager.token });
  expect(running.labor.view().board.rows[0].breakStart).toBeNull();
  expect(running.labor.reviewNotes()).toMatchObject([
    { kind: 'break-override', userId: '2004', byName: manager.name, at: T0 + 192 * M },
  ]);
  expect(running.labor.reviewNotes()[0].detail).toContain('12 min of its 30 min minimum');
});

it('a staff session, or a manager signed in on another device, does not allow it', async () => {
  const { h, s } = await onBreak(T0 + 192 * M);
  const staff = await h.laborIdentify({ pin: '1111' });
  expect(refusal(() => running.labor.punch(s.token, { action: 'break-end', managerToken: staff.token }))).toBeTruthy();
  const elsewhere = await runAsCaller({ deviceId: 'other-pad', deviceRole: 'kiosk' }, () =>
    h.laborIdentify({ pin: '9999' }),
  );
  expect(
    refusal(() => running.labor.punch(s.token, { action: 'break-end', managerToken: elsewhere.token })),
  ).toBeTruthy();
  expect(running.labor.reviewNotes()).toEqual([]);
});

it('after the minimum, or with the block off, the break ends without a manager', async () => {
  const { h, s } = await onBreak(T0 + 210 * M);
  running.labor.punch(s.token, { action: 'break-end' });
  expect(running.labor.view().board.rows[0].breakStart).toBeNull();
  running.labor.punch(s.token, { action: 'break-start' });
  now += 5 * M;
  running.labor.saveSettings({ settings: { ...running.labor.settings().settings, blockEarlyBreakEnd: false } });
  running.labor.punch((await h.laborIdentify({ pin: '2222' })).token, { action: 'break-end' });
  expect(running.labor.view().board.rows[0].breakStart).toBeNull();
  expect(running.labor.reviewNotes()).toEqual([]);
});
