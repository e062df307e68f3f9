// Schedules kept by the hub, through the real labor core and the sandbox over HTTP: the early
// punch-in rule (blocked, then allowed with a manager's PIN), late and no-show alerts on the board,
// the auto clock-out at the scheduled end plus the grace, the CSV import's per-line errors (nothing
// half imported), and the stored file's format version.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { laborHandlers } from '../../electron/core/labor/labor-handlers';
import { DEFAULT_LABOR_TUNING, LaborService } from '../../electron/core/labor/labor-service';
import { REVIEW_NOTES_FILE } from '../../electron/core/labor/review-notes';
import { ScheduleService } from '../../electron/core/labor/schedule/schedule-service';
import { scheduleHandlers } from '../../electron/core/labor/schedule/schedule-handlers';
import { SCHEDULE_FILE } from '../../electron/core/labor/schedule/schedule-store';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { isAppError } from '../../shared/app-error';
import { DEFAULT_SCHEDULE_RULES, type ScheduleRules } from '../../shared/labor-schedule';
import { APP_VERSION } from '../../electron/core/storage/data-format';
import type { DamageReport } from '../../electron/core/storage/data-health';
import { classify } from '../../electron/core/backup/venue-files';
import { demoClient, drained, FAST_TUNING, HARBOUR, startLabor, tempDir, type RunningLabor } from './labor-test-kit';

// Harbour is in New York: UTC-5 on these March days (before the 9th).
const est = (day: number, hour: number, minute = 0) => Date.UTC(2025, 2, day, hour + 5, minute);
const JORDAN = { userId: '2004', pin: '2222' };
const SAM = { userId: '2002', pin: '1111' };
const MANAGER_PIN = '9999';

describe('schedules on the hub', () => {
  let sb: RunningSandbox;
  let dir: string;
  let running: RunningLabor;
  let schedule: ScheduleService;
  let now = est(5, 17);

  // As app-core composes them: the schedule is the labor core's before it starts (a start notes
  // the clock-outs a stop cut short, in the schedule's words).
  const start = async () => {
    const client = demoClient(sb, { timeoutMs: DEFAULT_LABOR_TUNING.timeoutMs });
    const labor = new LaborService({
      dataDir: dir,
      api: () => client,
      tuning: { ...FAST_TUNING, autoCloseCheckMs: 0, timeoutMs: DEFAULT_LABOR_TUNING.timeoutMs },
      now: () => now,
      demoStaff: () => sb.world.staff,
      money: () => ({ unit: sb.world.readings.moneyNumbers }),
    });
    if (!labor.settings().location) labor.saveSettings({ location: HARBOUR });
    schedule = new ScheduleService({ dataDir: dir, labor, now: () => now, alertCheckMs: 0 });
    labor.schedule = schedule;
    await labor.start();
    running = {
      labor,
      client,
      stop: async () => {
        await labor.stop();
        client.dispose();
      },
    };
  };
  const h = () => laborHandlers(running.labor);
  const s = () => scheduleHandlers(schedule);
  const manager = async () => (await h().laborIdentify({ pin: MANAGER_PIN })).token;
  const roleOf = (userId: string) =>
    running.labor.roster.get(userId)!.roles.find((r) => r.locationUuid === running.labor.settings().location!.uuid)!
      .role;
  const rules = async (change: Partial<ScheduleRules>) =>
    s().scheduleSaveRules(await manager(), { ...DEFAULT_SCHEDULE_RULES, ...change }, '2025-03-03');
  const plan = async (userId: string, startAt: string, end: string, id = `shift-${userId}`) =>
    s().scheduleSaveShift(await manager(), {
      id,
      userId,
      role: roleOf(userId),
      day: '2025-03-05',
      start: startAt,
      end,
    });

  beforeEach(async () => {
    now = est(5, 17);
    sb = await startSandbox();
    dir = tempDir();
    await start();
  });
  afterEach(async () => {
    await running.stop();
    await sb.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('an early punch-in is refused, then allowed with a manager PIN, and noted', async () => {
    await rules({ earlyPunch: 'manager', earlyMinutes: 10 });
    await plan(JORDAN.userId, '18:00', '23:00');
    now = est(5, 17, 40);
    const jordan = await h().laborIdentify({ pin: JORDAN.pin });
    const refused = await h()
      .laborPunch(jordan.token, { action: 'punch-in' })
      .catch((e: unknown) => e);
    expect(isAppError(refused, 'punch-too-early')).toBe(true);
    expect((refused as { data: unknown }).data).toEqual({
      minutesEarly: 20,
      startsAt: est(5, 18),
      allowedFrom: est(5, 17, 50),
      managerMay: true,
    });
    expect(running.labor.outboxItems()).toHaveLength(0);

    // A staff member's own token is no manager's: still refused.
    const again = await h().laborIdentify({ pin: JORDAN.pin });
    await expect(h().laborPunch(again.token, { action: 'punch-in', managerToken: again.token })).rejects.toMatchObject({
      kind: 'pin-required',
      data: { role: 'manager' },
    });
    const token = await manager();
    await h().laborPunch(again.token, { action: 'punch-in', managerToken: token });
    await drained(running.labor);
    expect(sb.world.labor.all()).toMatchObject([{ userId: JORDAN.userId, punchInMs: est(5, 17, 40) }]);
    expect((await s().scheduleWeek(await manager(), '2025-03-05')).earlyAllowed).toMatchObject([
      { userId: JORDAN.userId, minutesEarly: 20, byName: expect.any(String) },
    ]);
  });

  it('"block": a manager PIN cannot let an early punch in; inside the window it goes in', async () => {
    await rules({ earlyPunch: 'block', earlyMinutes: 10 });
    await plan(JORDAN.userId, '18:00', '23:00');
    now = est(5, 17, 40);
    const jordan = await h().laborIdentify({ pin: JORDAN.pin });
    await expect(
      h().laborPunch(jordan.token, { action: 'punch-in', managerToken: await manager() }),
    ).rejects.toMatchObject({ kind: 'punch-too-early', data: { managerMay: false } });
    now = est(5, 17, 51);
    const back = await h().laborIdentify({ pin: JORDAN.pin });
    await h().laborPunch(back.token, { action: 'punch-in' });
    await drained(running.labor);
    expect(sb.world.labor.all()).toHaveLength(1);
  });

  it('late, then no-show, on the board; gone once the person punches in', async () => {
    await plan(SAM.userId, '18:00', '23:00');
    await plan(JORDAN.userId, '18:00', '23:00');
    now = est(5, 17, 58);
    const jordan = await h().laborIdentify({ pin: JORDAN.pin });
    await h().laborPunch(jordan.token, { action: 'punch-in' });
    now = est(5, 18, 4);
    expect(running.labor.view().scheduleAlerts).toEqual([]);
    now = est(5, 18, 6);
    expect(running.labor.view().scheduleAlerts).toMatchObject([{ kind: 'late', userId: SAM.userId }]);
    now = est(5, 18, 31);
    expect(running.labor.view().scheduleAlerts).toMatchObject([
      {
        kind: 'no-show',
        userId: SAM.userId,
        name: running.labor.roster.nameOf(SAM.userId),
        startsAt: est(5, 18),
        endsAt: est(5, 23),
      },
    ]);
    await drained(running.labor);
    await running.labor.refreshBoard();
    expect(running.labor.view().scheduleAlerts).toHaveLength(1);
    const sam = await h().laborIdentify({ pin: SAM.pin });
    await h().laborPunch(sam.token, { action: 'punch-in' });
    expect(running.labor.view().scheduleAlerts).toEqual([]);
  });

  it('auto clock-out at the scheduled end plus the grace; an unscheduled shift waits for the business day', async () => {
    await rules({ autoClockOutGraceMinutes: 15 });
    await plan(JORDAN.userId, '18:00', '22:00');
    running.labor.saveSettings({ settings: { ...running.labor.settings().settings, businessDayEnd: '04:00' } });
    now = est(5, 17, 55);
    for (const who of [JORDAN, SAM]) {
      const p = await h().laborIdentify({ pin: who.pin });
      await h().laborPunch(p.token, { action: 'punch-in' });
    }
    await drained(running.labor);
    now = est(5, 22, 14);
    expect(running.labor.autoCloseDue()).toBe(0);
    now = est(5, 22, 20);
    expect(running.labor.autoCloseDue()).toBe(1);
    await drained(running.labor);
    const byUser = new Map(sb.world.labor.all().map((e) => [e.userId, e]));
    expect(byUser.get(JORDAN.userId)).toMatchObject({ punchOutMs: est(5, 22, 15) });
    expect(byUser.get(SAM.userId)?.punchOutMs ?? null).toBeNull();
    expect(running.labor.reviewNotes()).toMatchObject([
      {
        kind: 'auto-closed',
        userId: JORDAN.userId,
        at: est(5, 22, 15),
        detail: expect.stringContaining('scheduled end'),
      },
    ]);
    // Stopped before the note was written: the next start writes it, in the schedule's words.
    await running.stop();
    rmSync(join(dir, REVIEW_NOTES_FILE));
    await start();
    expect(running.labor.reviewNotes()).toMatchObject([
      { userId: JORDAN.userId, at: est(5, 22, 15), detail: expect.stringContaining('scheduled end') },
    ]);
    // Sam had no schedule: the business day's end (04:00) closes the shift.
    now = est(6, 4, 5);
    expect(running.labor.autoCloseDue()).toBe(1);
    await drained(running.labor);
    expect(sb.world.labor.all().find((e) => e.userId === SAM.userId)).toMatchObject({ punchOutMs: est(6, 4) });
  });

  it('a CSV with bad lines says each one and keeps nothing; a good one replaces its week', async () => {
    const token = await manager();
    await plan(JORDAN.userId, '12:00', '16:00', 'kept-before');
    const bad = [
      'date,employee_id,role,start,end',
      `2025-03-05,${JORDAN.userId},${roleOf(JORDAN.userId)},18:00,23:00`,
      `2025-03-32,${SAM.userId},${roleOf(SAM.userId)},18:00,23:00`,
      `2025-03-06,9999999,server,18:00,23:00`,
      `2025-03-06,${SAM.userId},${roleOf(SAM.userId)},6pm,23:00`,
      `2025-03-05,${JORDAN.userId},${roleOf(JORDAN.userId)},20:00,22:00`,
    ].join('\r\n');
    const refused = await s().scheduleImport(token, bad);
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.problems.map((p) => p.line)).toEqual([3, 4, 5, 6]);
    expect(refused.problems[0].message).toContain('2025-03-32');
    expect(refused.problems[1].message).toContain('not on the staff list');
    expect(refused.problems[2].message).toContain('"6pm" is not a time');
    expect(refused.problems[3].message).toContain('overlaps the shift on line 2');
    expect((await s().scheduleWeek(token, '2025-03-03')).shifts.map((x) => x.id)).toEqual(['kept-before']);

    const good = [
      'date,employee,role,start,end',
      `2025-03-05,${running.labor.roster.nameOf(JORDAN.userId)},${roleOf(JORDAN.userId)},18:00,02:00`,
      `2025-03-06,${running.labor.roster.nameOf(SAM.userId)},${roleOf(SAM.userId)},11:00,15:00`,
    ].join('\n');
    const done = await s().scheduleImport(token, good);
    expect(done).toMatchObject({ ok: true, imported: 2, weeks: ['2025-03-03'] });
    const week = await s().scheduleWeek(token, '2025-03-05');
    expect(week.shifts.map((x) => [x.userId, x.day, x.start, x.end])).toEqual([
      [JORDAN.userId, '2025-03-05', '18:00', '02:00'],
      [SAM.userId, '2025-03-06', '11:00', '15:00'],
    ]);
  });

  it('refuses a shift in a role the person does not have here, or ending when it starts', async () => {
    const token = await manager();
    const shift = { id: 'x', userId: JORDAN.userId, role: roleOf(JORDAN.userId), day: '2025-03-05', start: '18:00' };
    await expect(s().scheduleSaveShift(token, { ...shift, role: 'astronaut', end: '23:00' })).rejects.toMatchObject({
      kind: 'invalid',
      data: { field: 'role' },
    });
    await expect(s().scheduleSaveShift(token, { ...shift, end: '18:00' })).rejects.toMatchObject({
      kind: 'invalid',
      data: { field: 'end' },
    });
    await s().scheduleSaveShift(token, { ...shift, end: '23:00' });
    await expect(
      s().scheduleSaveShift(token, { ...shift, id: 'y', start: '22:00', end: '01:00' }),
    ).rejects.toMatchObject({ kind: 'conflict' });
  });

  it('copies last week into an empty week, once', async () => {
    const token = await manager();
    await plan(JORDAN.userId, '18:00', '23:00');
    await plan(SAM.userId, '11:00', '15:00');
    const next = await s().scheduleCopyLastWeek(token, '2025-03-10');
    expect(next.shifts.map((x) => [x.userId, x.day, x.start, x.end])).toEqual([
      [SAM.userId, '2025-03-12', '11:00', '15:00'],
      [JORDAN.userId, '2025-03-12', '18:00', '23:00'],
    ]);
    // Asked again (a lost answer): the same week, nothing doubled.
    expect((await s().scheduleCopyLastWeek(token, '2025-03-10')).shifts).toHaveLength(2);
    // A week planned differently is never copied over.
    await s().scheduleRemoveShift(token, next.shifts[0].id, '2025-03-10');
    await expect(s().scheduleCopyLastWeek(token, '2025-03-10')).rejects.toMatchObject({ kind: 'conflict' });
    await expect(s().scheduleCopyLastWeek(token, '2025-03-24')).rejects.toMatchObject({ kind: 'not-found' });
  });

  it('is stored as labor-schedule.json, format version 1, and kept across a restart', async () => {
    await plan(JORDAN.userId, '18:00', '23:00');
    const stored = JSON.parse(readFileSync(join(dir, SCHEDULE_FILE), 'utf8')) as Record<string, unknown>;
    expect(stored).toMatchObject({ version: 1, writtenBy: APP_VERSION, shifts: [{ userId: JORDAN.userId }] });
    await running.stop();
    await start();
    expect((await s().scheduleWeek(await manager(), '2025-03-03')).shifts).toHaveLength(1);
  });

  it('a schedule a newer release wrote is left exactly as it is, and not written over', async () => {
    await running.stop();
    const newer = JSON.stringify({ version: 7, writtenBy: '99.0.0', shifts: [], somethingNew: true });
    writeFileSync(join(dir, SCHEDULE_FILE), newer);
    await start();
    await expect(plan(JORDAN.userId, '18:00', '23:00')).rejects.toMatchObject({ kind: 'data-damaged' });
    expect(readFileSync(join(dir, SCHEDULE_FILE), 'utf8')).toBe(newer);
  });

  it('a damaged schedule is kept aside and reported, and the hub goes on with an empty one', async () => {
    await running.stop();
    writeFileSync(join(dir, SCHEDULE_FILE), '{"version": 1, "shifts": [{"half');
    const reports: DamageReport[] = [];
    running = await startLabor(sb, dir, { demoStaff: true, now: () => now });
    schedule = new ScheduleService({ dataDir: dir, labor: running.labor, damage: (r) => reports.push(r) });
    expect(reports).toMatchObject([{ path: join(dir, SCHEDULE_FILE), keptAs: expect.stringContaining('damaged') }]);
    expect(readdirSync(dir).filter((f) => f.startsWith(`${SCHEDULE_FILE}.damaged-`))).toHaveLength(1);
    expect((await s().scheduleWeek(await manager(), '2025-03-03')).shifts).toEqual([]);
  });

  it("is copied into the venue's backups", () => {
    expect(classify(SCHEDULE_FILE)).toEqual({ kind: 'copy' });
  });

  it('needs a manager for every schedule request', async () => {
    const jordan = await h().laborIdentify({ pin: JORDAN.pin });
    expect(() => schedule.week(jordan.token, '2025-03-03')).toThrow();
    await expect(s().scheduleImport(jordan.token, 'date')).rejects.toMatchObject({ kind: 'pin-required' });
  });
});
