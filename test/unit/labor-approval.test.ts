// Time-card approval through the real core over the sandbox: a signed-off pay period refuses a
// silent edit and takes one with a reason as a late edit (timesheet and CSV); a rest break is held
// to the rest's minimum, never the meal's; a "no" at punch-out lands in Needs review; approvals
// and comments are kept with who and when, across a restart; the kiosk remembers a language.
import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { laborHandlers } from '../../electron/core/labor/labor-handlers';
import { approvalHandlers } from '../../electron/core/labor/approval/approval-handlers';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { isAppError } from '../../shared/app-error';
import { DEFAULT_LABOR_SETTINGS, type TimesheetQuery } from '../../shared/labor';
import { needsReview } from '../../shared/labor-review';
import { timesheetCsv } from '../../shared/labor-csv';
import { checkBreaks, BREAK_PRESETS } from '../../shared/labor-rules/breaks';
import { fiscalDayOf } from '../../shared/labor-calc';
import { addLaborEntry, drained, HARBOUR, startLabor, tempDir, type RunningLabor } from './labor-test-kit';

const M = 60_000;
const T0 = Date.UTC(2025, 2, 5, 17, 0); // Wednesday 5 March 2025, 12:00 in New York
let sb: RunningSandbox;
let dir: string;
let running: RunningLabor;
let now = T0;

const start = () =>
  startLabor(sb, dir, { demoStaff: true, now: () => now, tuning: { autoCloseCheckMs: 0 } }).then((r) => {
    running = r;
    running.labor.saveSettings({
      settings: { ...DEFAULT_LABOR_SETTINGS, breakPreset: 'california', blockEarlyBreakEnd: true },
    });
    return r;
  });

beforeEach(async () => {
  now = T0;
  sb = await startSandbox();
  dir = tempDir();
  await start();
});
afterEach(async () => {
  await running.stop();
  await sb.close();
  rmSync(dir, { recursive: true, force: true });
});

const query = (fromDay: string, toDay: string): TimesheetQuery => ({
  fromDay,
  toDay,
  sortBy: 'punch_in',
  sortDir: 'asc',
});
const dayOf = (ms: number) => fiscalDayOf(ms, HARBOUR.timezone, 4);
const rules = { overtime: 'us-federal', breaks: 'california' } as const;

async function refusal(fn: () => unknown): Promise<unknown> {
  try {
    await fn();
  } catch (error) {
    return error;
  }
  throw new Error('not refused');
}

const manager = () => laborHandlers(running.labor).laborIdentify({ pin: '9999' });

describe('a signed-off pay period', () => {
  it('refuses a silent edit with its own kind, and takes one with a reason as a late edit', async () => {
    // Tuesday 25 February, 17:00–21:00 New York: in the week of Monday 24 February (weekly periods).
    const shift = addLaborEntry(sb, { punchInMs: Date.UTC(2025, 1, 25, 22), punchOutMs: Date.UTC(2025, 1, 26, 2) });
    const a = approvalHandlers(running.labor);
    const m = await manager();
    // The current week is not over: it cannot be signed off yet.
    const early = await refusal(() => a.laborSignOffPeriod(m.token, '2025-03-03', 'sign-off-current-1'));
    expect(isAppError(early, 'conflict')).toBe(true);
    const signed = await a.laborSignOffPeriod(m.token, '2025-02-24', 'sign-off-request-1');
    expect(signed).toMatchObject({ start: '2025-02-24', end: '2025-03-02', byName: m.name, at: T0 });
    // The same press again answers with the same sign-off.
    expect(await a.laborSignOffPeriod(m.token, '2025-02-24', 'sign-off-request-1')).toEqual(signed);

    const silent = await refusal(() =>
      running.labor.editEntry(m.token, shift.uuid, { reason: '  ', punchOut: Date.UTC(2025, 1, 26, 3) }),
    );
    expect(isAppError(silent, 'period-signed-off')).toBe(true);
    expect((silent as { data: unknown }).data).toMatchObject({ start: '2025-02-24', end: '2025-03-02' });
    expect(sb.world.labor.all().find((e) => e.uuid === shift.uuid)?.punchOutMs).toBe(Date.UTC(2025, 1, 26, 2));

    const row = await running.labor.editEntry(m.token, shift.uuid, {
      reason: 'Closed the bar an hour late',
      punchOut: Date.UTC(2025, 1, 26, 3),
    });
    expect(row.audit).toMatchObject([{ reason: 'Closed the bar an hour late', late: true }]);
    const sheet = await running.labor.timesheet(m.token, query('2025-02-24', '2025-03-02'));
    expect(sheet.rows[0].audit[0].late).toBe(true);
    const csv = timesheetCsv(sheet.rows, HARBOUR.timezone, now, rules).trim().split('\r\n');
    const head = csv[0].split(',');
    const cells = csv[1].split(',');
    expect(cells[head.indexOf('late_edits')]).toBe('1');
    expect(cells[head.indexOf('edit_reasons')]).toMatch(/^LATE EDIT /);
  });

  it('leaves days outside it as they were: an edit there is not late', async () => {
    const shift = addLaborEntry(sb, { punchInMs: Date.UTC(2025, 2, 3, 22), punchOutMs: Date.UTC(2025, 2, 4, 2) });
    const m = await manager();
    await approvalHandlers(running.labor).laborSignOffPeriod(m.token, '2025-02-24', 'sign-off-request-2');
    const row = await running.labor.editEntry(m.token, shift.uuid, {
      reason: 'typo',
      punchOut: Date.UTC(2025, 2, 4, 3),
    });
    expect(row.audit[0].late).toBeUndefined();
  });
});

describe('break kinds', () => {
  it('a 10-minute paid rest is not held to the 30-minute meal (California), a meal still is', async () => {
    const h = laborHandlers(running.labor);
    const pin = () => h.laborIdentify({ pin: '2222' });
    await h.laborPunch((await pin()).token, { action: 'punch-in' });
    now = T0 + 120 * M;
    await h.laborPunch((await pin()).token, { action: 'break-start', breakKind: 'rest' });
    now = T0 + 131 * M;
    await h.laborPunch((await pin()).token, { action: 'break-end' });
    now = T0 + 240 * M;
    await h.laborPunch((await pin()).token, { action: 'break-start', breakKind: 'meal' });
    now = T0 + 252 * M;
    const meal = await refusal(async () => h.laborPunch((await pin()).token, { action: 'break-end' }));
    expect(isAppError(meal, 'break-too-short')).toBe(true);
    expect((meal as { data: { minimumMinutes: number } }).data.minimumMinutes).toBe(30);
    now = T0 + 271 * M;
    await h.laborPunch((await pin()).token, { action: 'break-end' });
    await drained(running.labor);
    const breaks = sb.world.labor.all().filter((e) => e.shiftUuid !== null);
    expect(breaks.map((b) => b.punchType)).toEqual(['paid_break', 'unpaid_break']);
    const m = await manager();
    const sheet = await running.labor.timesheet(m.token, query('2025-03-05', '2025-03-05'));
    expect(sheet.rows.filter((r) => r.kind === 'break').map((r) => r.breakKind)).toEqual(['rest', 'meal']);
  });

  it('the rules go by kind: a paid 30-minute meal meets the meal, a 10-minute rest is not a short meal', () => {
    const rest = { startMinute: 120, minutes: 10, paid: true, kind: 'rest' as const };
    const paidMeal = { startMinute: 240, minutes: 30, paid: true, kind: 'meal' as const };
    expect(checkBreaks(6 * 60, [rest, paidMeal], BREAK_PRESETS.california)).toEqual([]);
    expect(checkBreaks(6 * 60, [rest], BREAK_PRESETS.california)).toEqual([{ flag: 'missed-meal', nth: 1 }]);
  });
});

describe('attestation at punch-out', () => {
  it('a "no" lands in Needs review with the hours and breaks it was shown, and stays with the shift', async () => {
    const h = laborHandlers(running.labor);
    const pin = () => h.laborIdentify({ pin: '2222' });
    await h.laborPunch((await pin()).token, { action: 'punch-in', note: 'Covering for Sam' });
    now = T0 + 6 * 60 * M;
    await h.laborPunch((await pin()).token, { action: 'punch-out', declaredTipsCents: 0, attestation: 'no' });
    await drained(running.labor);
    const m = await manager();
    const sheet = await running.labor.timesheet(m.token, query('2025-03-05', '2025-03-05'));
    const shift = sheet.rows.find((r) => r.kind === 'shift');
    expect(shift?.attestation).toMatchObject({ answer: 'no', workedMinutes: 360, breakMinutes: 0 });
    expect(shift?.notes).toMatchObject([{ text: 'Covering for Sam', where: 'kiosk' }]);
    const items = needsReview(sheet, rules, now, dayOf).filter((i) => i.kind === 'attestation');
    expect(items).toMatchObject([{ userId: '2004', day: '2025-03-05', entryUuid: shift?.uuid, status: 'open' }]);
  });

  it('a "yes" is kept and asks nothing of a manager', async () => {
    const h = laborHandlers(running.labor);
    const pin = () => h.laborIdentify({ pin: '2222' });
    await h.laborPunch((await pin()).token, { action: 'punch-in' });
    now = T0 + 2 * 60 * M;
    await h.laborPunch((await pin()).token, { action: 'punch-out', attestation: 'yes' });
    await drained(running.labor);
    const sheet = await running.labor.timesheet((await manager()).token, query('2025-03-05', '2025-03-05'));
    expect(sheet.rows[0].attestation?.answer).toBe('yes');
    expect(needsReview(sheet, rules, now, dayOf).filter((i) => i.kind === 'attestation')).toEqual([]);
  });
});

describe('decisions on Needs review', () => {
  it('approve and comment are kept with who and when, and survive a restart', async () => {
    const a = approvalHandlers(running.labor);
    const m = await manager();
    await a.laborReviewDecide(m.token, 'ot:abc', 'comment', 'Asked Jordan about it', 'decide-request-1');
    const noText = await refusal(() => a.laborReviewDecide(m.token, 'ot:abc', 'fix', ' ', 'decide-request-2'));
    expect(isAppError(noText, 'invalid')).toBe(true);
    now = T0 + M;
    await a.laborReviewDecide(m.token, 'ot:abc', 'approve', null, 'decide-request-3');
    await running.stop();
    await start();
    const view = await approvalHandlers(running.labor).laborApproval((await manager()).token);
    expect(view.decisions).toMatchObject([
      { itemKey: 'ot:abc', action: 'comment', text: 'Asked Jordan about it', byName: m.name, at: T0 },
      { itemKey: 'ot:abc', action: 'approve', text: null, byName: m.name, at: T0 + M },
    ]);
  });
});

describe('the kiosk language', () => {
  it('is remembered for the person, across a restart', async () => {
    const h = laborHandlers(running.labor);
    const s = await h.laborIdentify({ pin: '2222' });
    await approvalHandlers(running.labor).laborRememberLanguage(s.token, 'es');
    expect(running.labor.view().staff.find((c) => c.userId === '2004')?.language).toBe('es');
    await running.stop();
    await start();
    expect(running.labor.view().staff.find((c) => c.userId === '2004')?.language).toBe('es');
    expect(running.labor.view().staff.find((c) => c.userId === '2002')?.language).toBeNull();
  });
});
