// The labor core through its contract handlers against a real sandbox: PINs and sessions, the
// kiosk's punch rules, offline capture, parked refusals, the board, the timesheet and audited edits.
import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { laborHandlers } from '../../electron/core/labor/labor-handlers';
import { SEED_ROLES, startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { fiscalDayOf } from '../../shared/labor-calc';
import { HARBOUR, drained, entriesAt, sleep, startLabor, tempDir, type RunningLabor } from './labor-test-kit';
import { newRequestId as rid } from '../../shared/request-id';
import { AppError } from '../../shared/app-error';
import { LOCKOUT_AFTER } from '../../electron/core/labor/sessions';

let sb: RunningSandbox;
let dir: string;
let running: RunningLabor;
let h: ReturnType<typeof laborHandlers>;

beforeEach(async () => {
  sb = await startSandbox();
  dir = tempDir();
  running = await startLabor(sb, dir, { demoStaff: true });
  h = laborHandlers(running.labor);
});
afterEach(async () => {
  await running.stop();
  await sb.close();
  rmSync(dir, { recursive: true, force: true });
});

const today = () => fiscalDayOf(Date.now(), HARBOUR.timezone, 4);

describe('roster, PINs and sessions', () => {
  it('seeds the sandbox demo staff with hashed demo PINs; a PIN alone says who you are', async () => {
    const view = await h.laborView();
    expect(view.staff.map((s) => s.name)).toEqual(['Alex Manager', 'Jordan Bartender', 'Morgan Server', 'Sam Server']);
    expect(view.staff.find((s) => s.name === 'Morgan Server')?.roles).toEqual([
      { role: 'bartender', roleUuid: SEED_ROLES.bartender },
    ]);
    expect(view.needsManagerSetup).toBe(false);
    const jordan = await h.laborIdentify({ pin: '2222' });
    expect(jordan).toMatchObject({ userId: '2004', name: 'Jordan Bartender', manager: false });
    expect((await h.laborIdentify({ pin: '9999' })).manager).toBe(true);
    const { readFileSync } = await import('node:fs');
    const file = readFileSync(`${dir}/labor-staff.json`, 'utf8');
    expect(file).not.toContain('2222');
    expect(file).toContain('"salt"');
  });

  it('a tapped name needs that person’s PIN unless the setting says otherwise, and never gives manager rights', async () => {
    await expect(h.laborIdentify({ userId: '2004' })).rejects.toThrow(/Enter your PIN/);
    await expect(h.laborIdentify({ userId: '2004', pin: '1111' })).rejects.toThrow(/not recognised/);
    expect((await h.laborIdentify({ userId: '2004', pin: '2222' })).userId).toBe('2004');
    const manager = await h.laborIdentify({ pin: '9999' });
    await h.laborSaveSettings(manager.token, { ...running.labor.settings().settings, nameTapNeedsPin: false });
    expect((await h.laborIdentify({ userId: '2004' })).userId).toBe('2004');
    expect((await h.laborIdentify({ userId: '2001' })).manager).toBe(false);
  });

  it('locks the pad after five wrong PINs, warning "2 tries left" and "1 try left" first', async () => {
    // The count is the core's (LOCKOUT_AFTER), carried as data for the kiosk to word in its language.
    const left: unknown[] = [];
    for (let i = 0; i < LOCKOUT_AFTER - 1; i++) {
      const e: unknown = await h.laborIdentify({ pin: '0000' }).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).message).toMatch(/not recognised/);
      left.push((e as AppError<'invalid'>).data.triesLeft ?? null);
    }
    expect(left).toEqual([null, null, 2, 1]);
    // A named person's own count warns as well (the person's count is higher than the pad's here).
    await expect(h.laborIdentify({ pin: '0000' })).rejects.toThrow(/locked/);
    await expect(h.laborIdentify({ pin: '2222' })).rejects.toThrow(/locked/);
    expect((await h.laborView()).padLockedUntil).toBeGreaterThan(Date.now());
  });

  it('a named person’s wrong PINs warn with that person’s count', async () => {
    const said: string[] = [];
    for (let i = 0; i < LOCKOUT_AFTER - 1; i++)
      said.push(await h.laborIdentify({ userId: '2004', pin: '0000' }).then(String, (x: Error) => x.message));
    expect(said.slice(2)).toEqual([
      'That PIN is not recognised: 2 tries left before the pad locks.',
      'That PIN is not recognised: 1 try left before the pad locks.',
    ]);
  });

  it('locks the pad after five wrong PINs (the lock itself)', async () => {
    for (let i = 0; i < 4; i++) await expect(h.laborIdentify({ pin: '0000' })).rejects.toThrow(/not recognised/);
    await expect(h.laborIdentify({ pin: '0000' })).rejects.toThrow(/locked/);
    await expect(h.laborIdentify({ pin: '2222' })).rejects.toThrow(/locked/);
    expect((await h.laborView()).padLockedUntil).toBeGreaterThan(Date.now());
  });

  it('manager actions need a manager session; PINs are unique; a manager can add staff and set PINs', async () => {
    const staff = await h.laborIdentify({ pin: '2222' });
    await expect(h.laborStaff(staff.token)).rejects.toThrow(/Only a manager/);
    await expect(
      h.laborTimesheet('x'.repeat(32), { fromDay: today(), toDay: today(), sortBy: 'punch_in', sortDir: 'asc' }),
    ).rejects.toThrow(/session has ended/);
    const m = await h.laborIdentify({ pin: '9999' });
    await h.laborSaveStaff(m.token, {
      userId: '2099',
      name: 'Pat New',
      manager: false,
      roles: [{ locationUuid: HARBOUR.uuid, role: 'host', roleUuid: SEED_ROLES.host }],
    });
    await expect(h.laborSetPin(m.token, '2099', '2222')).rejects.toThrow(/already in use/);
    const list = await h.laborSetPin(m.token, '2099', '7777');
    expect(list.find((s) => s.userId === '2099')).toMatchObject({ hasPin: true, name: 'Pat New' });
    expect((await h.laborIdentify({ pin: '7777' })).name).toBe('Pat New');
    await expect(h.laborRemoveStaff(m.token, '2001')).rejects.toThrow(/yourself/);
  });

  it('the location is free to choose once, then only a manager may change it', async () => {
    await expect(h.laborSetLocation(null, { uuid: 'other', name: 'Other', timezone: null })).rejects.toThrow(/manager/);
    const choices = await h.laborLocations();
    expect(choices.map((c) => c.name)).toEqual(['Harbour Bar & Kitchen', 'Garden Terrace']);
    // A service whose location list carries no time zone leaves it unknown (the venue then uses the computer's zone).
    expect(choices[0].timezone).toBe(sb.world.readings.locationFields === 'full' ? 'America/New_York' : null);
    const m = await h.laborIdentify({ pin: '9999' });
    expect((await h.laborSetLocation(m.token, choices[1])).location?.name).toBe('Garden Terrace');
  });
});

describe('a bartender’s night', () => {
  it('punch in → break → end break → punch out with tips: board, receipts and the service agree', async () => {
    const s = await h.laborIdentify({ pin: '2222' });
    const inReceipt = await h.laborPunch(s.token, { action: 'punch-in' });
    expect(inReceipt).toMatchObject({ action: 'punch-in', name: 'Jordan Bartender', role: 'bartender' });
    let rows = (await h.laborView()).board.rows;
    expect(rows).toMatchObject([{ userId: '2004', role: 'bartender', breakStart: null }]);
    await expect(h.laborPunch(s.token, { action: 'punch-in' })).rejects.toThrow(/already on shift/);
    await expect(h.laborPunch(s.token, { action: 'break-end' })).rejects.toThrow(/not on a break/);

    await h.laborPunch(s.token, { action: 'break-start' });
    expect((await h.laborView()).board.rows[0].breakStart).not.toBeNull();
    await h.laborPunch(s.token, { action: 'break-end' });
    await drained(running.labor);
    await running.labor.refreshBoard();
    rows = (await h.laborView()).board.rows;
    expect(rows).toMatchObject([{ userId: '2004', pending: false, breakStart: null }]);
    expect(rows[0].lastBreakEnd).not.toBeNull();

    await h.laborPunch(s.token, { action: 'punch-out', declaredTipsCents: 4250 });
    expect((await h.laborView()).board.rows).toEqual([]);
    await drained(running.labor);
    const entries = entriesAt(sb);
    expect(entries).toHaveLength(2);
    const shift = entries.find((e) => e.shiftUuid === null)!;
    expect(shift).toMatchObject({ userId: '2004', role: 'bartender', declaredTips: 4250 });
    expect(shift.punchOutMs).not.toBeNull();
    expect(entries.find((e) => e.shiftUuid === shift.uuid)?.punchType).toBe('unpaid_break');
  });

  it('punching out during a break ends the break at the same moment', async () => {
    const s = await h.laborIdentify({ pin: '3333' });
    await h.laborPunch(s.token, { action: 'punch-in' });
    await h.laborPunch(s.token, { action: 'break-start' });
    const out = await h.laborPunch(s.token, { action: 'punch-out' });
    expect(out.punchIds).toHaveLength(2);
    await drained(running.labor);
    const [shift, brk] = [
      entriesAt(sb).find((e) => e.shiftUuid === null)!,
      entriesAt(sb).find((e) => e.shiftUuid !== null)!,
    ];
    expect(brk.punchOutMs).toBe(shift.punchOutMs);
    expect(shift.declaredTips).toBe(0);
  });

  it('a repeated punch id is captured once', async () => {
    const s = await h.laborIdentify({ pin: '2222' });
    const punchId = '6f1c8c1e-0d5c-4f5e-9a39-0d3c7a9b1e2f';
    const a = await h.laborPunch(s.token, { punchId, action: 'punch-in' });
    const b = await h.laborPunch(s.token, { punchId, action: 'punch-in' });
    expect(b.punchIds).toEqual(a.punchIds);
    await drained(running.labor);
    expect(entriesAt(sb)).toHaveLength(1);
  });

  it('someone with several roles must choose one, and only one they hold here', async () => {
    const m = await h.laborIdentify({ pin: '9999' });
    await h.laborSaveStaff(m.token, {
      userId: '2002',
      name: 'Sam Server',
      manager: false,
      roles: [
        { locationUuid: HARBOUR.uuid, role: 'server', roleUuid: SEED_ROLES.server },
        { locationUuid: HARBOUR.uuid, role: 'host', roleUuid: SEED_ROLES.host },
      ],
    });
    const s = await h.laborIdentify({ pin: '1111' });
    await expect(h.laborPunch(s.token, { action: 'punch-in' })).rejects.toThrow(/Choose the role/);
    await expect(
      h.laborPunch(s.token, { action: 'punch-in', role: { role: 'bartender', roleUuid: null } }),
    ).rejects.toThrow(/not set up/);
    expect(
      (await h.laborPunch(s.token, { action: 'punch-in', role: { role: 'host', roleUuid: SEED_ROLES.host } })).role,
    ).toBe('host');
  });
});

describe('offline and refused punches', () => {
  it('keeps punching while the service is down, counts what waits, and sends it all when it is back', async () => {
    sb.world.faults.add({ route: '/*', mode: 'reset', count: 'always' });
    const s = await h.laborIdentify({ pin: '2222' });
    await h.laborPunch(s.token, { action: 'punch-in' });
    await h.laborPunch(s.token, { action: 'break-start' });
    await h.laborPunch(s.token, { action: 'break-end' });
    // The drainer keeps trying between back-offs, so 'offline' is a state it keeps coming back to,
    // not one it holds at any fixed instant: wait for it rather than sleep a fixed time.
    let view = await h.laborView();
    for (let i = 0; i < 300 && view.outbox.state !== 'offline'; i++) {
      await sleep(10);
      view = await h.laborView();
    }
    expect(view.outbox).toMatchObject({ pending: 3, state: 'offline' });
    expect(view.outbox.lastError).toMatch(/reach|reset|closed/i);
    expect(view.board.rows).toMatchObject([{ userId: '2004', pending: true, breakStart: null }]);
    expect(entriesAt(sb)).toHaveLength(0);
    sb.world.faults.clear();
    await h.laborSyncNow();
    await drained(running.labor, 10_000);
    expect(entriesAt(sb)).toHaveLength(2);
    expect((await h.laborView()).outbox).toMatchObject({ pending: 0, failed: 0, state: 'idle' });
  });

  it('parks a punch the service refuses with a 400, with its message, until a manager retries or discards it', async () => {
    const m = await h.laborIdentify({ pin: '9999' });
    // Pat is on this kiosk's roster but not on the service's staff: the service answers 400.
    await h.laborSaveStaff(m.token, {
      userId: '2099',
      name: 'Pat New',
      manager: false,
      roles: [{ locationUuid: HARBOUR.uuid, role: 'host', roleUuid: SEED_ROLES.host }],
    });
    await h.laborSetPin(m.token, '2099', '7777');
    const pat = await h.laborIdentify({ pin: '7777' });
    await h.laborPunch(pat.token, { action: 'punch-in' });
    await h.laborPunch(pat.token, { action: 'punch-out', declaredTipsCents: 100 });
    for (let i = 0; i < 100 && (await h.laborView()).outbox.failed === 0; i++) await sleep(20);
    const view = await h.laborView();
    expect(view.outbox).toMatchObject({ failed: 1, blocked: 1, pending: 0 });
    const items = await h.laborOutbox(m.token);
    expect(items[0]).toMatchObject({ action: 'punch-in', state: 'failed', name: 'Pat New' });
    expect(items[0].message).toMatch(/400: user_id 2099 is not a staff member/);
    // The screen words it by its kind: the service's refusal, in the service's own words.
    expect(items[0].problem).toMatchObject({
      kind: 'invalid',
      data: { said: expect.stringMatching(/not a staff member/) },
    });
    expect(items[1].problem).toBeNull();
    expect(items[1]).toMatchObject({ action: 'punch-out', state: 'blocked' });

    // The service learns about Pat; a retry now goes through, and the punch-out follows.
    sb.world.staff.push({
      userId: '2099',
      name: 'Pat New',
      locationUuid: HARBOUR.uuid,
      roleUuid: SEED_ROLES.host,
      role: 'host',
    });
    await h.laborRetryPunch(m.token, items[0].id);
    await drained(running.labor);
    expect(entriesAt(sb)).toMatchObject([{ userId: '2099', declaredTips: 100 }]);

    // A punch that can never go is discarded on purpose, never silently.
    const staff = await h.laborIdentify({ pin: '7777' });
    sb.world.staff.pop();
    await h.laborPunch(staff.token, { action: 'punch-in' });
    for (let i = 0; i < 100 && (await h.laborView()).outbox.failed === 0; i++) await sleep(20);
    const [failed] = await h.laborOutbox(m.token);
    expect(await h.laborDiscardPunch(m.token, failed.id)).toEqual([]);
    expect((await h.laborView()).outbox).toMatchObject({ pending: 0, failed: 0, blocked: 0 });
  });
});

describe('manager timesheet', () => {
  async function night() {
    const jordan = await h.laborIdentify({ pin: '2222' });
    const sam = await h.laborIdentify({ pin: '1111' });
    // A few ms between punches: two punches in the same millisecond tie on punch_in, and the
    // timesheet then orders them by uuid, which is random (CI once saw Sam before Jordan).
    await h.laborPunch(jordan.token, { action: 'punch-in' });
    await sleep(3);
    await h.laborPunch(sam.token, { action: 'punch-in' });
    await sleep(3);
    await h.laborPunch(jordan.token, { action: 'break-start' });
    await sleep(3);
    await h.laborPunch(jordan.token, { action: 'break-end' });
    await sleep(3);
    await h.laborPunch(sam.token, { action: 'punch-out', declaredTipsCents: 3000 });
    await drained(running.labor);
  }

  it('lists a fiscal-day range, filters by role and person, sorts, and totals per person', async () => {
    await night();
    const m = await h.laborIdentify({ pin: '9999' });
    const all = await h.laborTimesheet(m.token, {
      fromDay: today(),
      toDay: today(),
      sortBy: 'punch_in',
      sortDir: 'asc',
    });
    expect(all.rows).toHaveLength(3);
    const names = all.rows.map((r) => r.name);
    // Under the minute reading the three punches share a minute and tie on punch_in, in whichever order they reached the service.
    if (sb.world.readings.punchPrecision === 'second')
      expect(names).toEqual(['Jordan Bartender', 'Sam Server', 'Jordan Bartender']);
    else expect([...names].sort()).toEqual(['Jordan Bartender', 'Jordan Bartender', 'Sam Server']);
    expect(all.rows.map((r) => r.punchIn)).toEqual(all.rows.map((r) => r.punchIn).sort((a, b) => a - b));
    expect(all.totals.map((t) => [t.name, t.shifts, t.tipsCents])).toEqual([
      ['Jordan Bartender', 1, 0],
      ['Sam Server', 1, 3000],
    ]);
    const desc = await h.laborTimesheet(m.token, {
      fromDay: today(),
      toDay: today(),
      sortBy: 'punch_in',
      sortDir: 'desc',
    });
    // Same rows, punch-in order reversed (under the minute reading rows can tie on punch_in).
    expect(desc.rows.map((r) => r.punchIn)).toEqual([...all.rows.map((r) => r.punchIn)].reverse());
    expect(new Set(desc.rows.map((r) => r.uuid))).toEqual(new Set(all.rows.map((r) => r.uuid)));
    const byOut = await h.laborTimesheet(m.token, {
      fromDay: today(),
      toDay: today(),
      sortBy: 'punch_out',
      sortDir: 'asc',
    });
    expect(byOut.rows.at(-1)?.punchOut).toBeNull();
    const servers = await h.laborTimesheet(m.token, {
      fromDay: today(),
      toDay: today(),
      role: 'server',
      sortBy: 'created',
      sortDir: 'asc',
    });
    expect(servers.rows.map((r) => r.name)).toEqual(['Sam Server']);
    const jordan = await h.laborTimesheet(m.token, {
      fromDay: today(),
      toDay: today(),
      userId: '2004',
      sortBy: 'created',
      sortDir: 'asc',
    });
    expect(jordan.rows).toHaveLength(2);
    const yesterday = await h.laborTimesheet(m.token, {
      fromDay: '2020-01-01',
      toDay: '2020-01-02',
      sortBy: 'created',
      sortDir: 'asc',
    });
    expect(yesterday.rows).toEqual([]);
  });

  it('an edit PATCHes the service and leaves one audit record (who, when, old → new); a refused edit leaves none', async () => {
    await night();
    const m = await h.laborIdentify({ pin: '9999' });
    const sheet = await h.laborTimesheet(m.token, {
      fromDay: today(),
      toDay: today(),
      sortBy: 'punch_in',
      sortDir: 'asc',
    });
    const sam = sheet.rows.find((r) => r.name === 'Sam Server')!;
    const earlier = sam.punchIn - 15 * 60_000;
    // The PATCH's answer is lost: the edit is confirmed by reading the entry back.
    sb.world.faults.add({ route: 'PATCH /api/loc/:location/labor/entries/:entry', mode: 'commit-lose-response' });
    const edited = await h.laborEditEntry(
      m.token,
      sam.uuid,
      {
        reason: 'came in early to set up',
        punchIn: earlier,
        declaredTips: 3500,
        roleUuid: SEED_ROLES.host,
      },
      rid(),
    );
    expect(edited).toMatchObject({ punchIn: earlier, declaredTips: 3500, role: 'host' });
    expect(edited.audit).toHaveLength(1);
    expect(edited.audit[0]).toMatchObject({
      byUserId: '2001',
      byName: 'Alex Manager',
      reason: 'came in early to set up',
    });
    expect(edited.audit[0].changes).toEqual([
      { field: 'punch_in', from: new Date(sam.punchIn).toISOString(), to: new Date(earlier).toISOString() },
      { field: 'user_role_uuid', from: 'server', to: 'host' },
      { field: 'declared_tips', from: 3000, to: 3500 },
    ]);
    await expect(
      h.laborEditEntry(m.token, sam.uuid, { reason: 'test', punchOut: earlier - 60_000 }, rid()),
    ).rejects.toThrow(/before punch_in/);
    await expect(h.laborEditEntry(m.token, sam.uuid, { reason: 'test', declaredTips: 3500 }, rid())).rejects.toThrow(
      /Nothing was changed/,
    );
    // No reason, no edit: the service is not asked.
    await expect(h.laborEditEntry(m.token, sam.uuid, { reason: '  ', declaredTips: 4000 }, rid())).rejects.toThrow(
      /Say why/,
    );
    // From the business day the edited start falls on: in the first quarter hour after the day's
    // end (04:00 at the venue), 15 minutes earlier is the day before.
    const again = await h.laborTimesheet(m.token, {
      fromDay: fiscalDayOf(earlier, HARBOUR.timezone, 4),
      toDay: today(),
      sortBy: 'punch_in',
      sortDir: 'asc',
    });
    expect(again.rows.find((r) => r.uuid === sam.uuid)?.audit).toHaveLength(1);
    expect(again.totals.find((t) => t.name === 'Sam Server')?.tipsCents).toBe(3500);
  });

  it('shows punches not yet on the service beside the entries', async () => {
    sb.world.faults.add({ route: '/*', mode: 'reset', count: 'always' });
    const s = await h.laborIdentify({ pin: '2222' });
    await h.laborPunch(s.token, { action: 'punch-in' });
    const m = await h.laborIdentify({ pin: '9999' });
    await expect(
      h.laborTimesheet(m.token, { fromDay: today(), toDay: today(), sortBy: 'punch_in', sortDir: 'asc' }),
    ).rejects.toThrow();
    sb.world.faults.clear();
    sb.world.faults.add({ route: 'POST /api/loc/:location/labor/entries', mode: 'status500', count: 'always' });
    const sheet = await h.laborTimesheet(m.token, {
      fromDay: today(),
      toDay: today(),
      sortBy: 'punch_in',
      sortDir: 'asc',
    });
    expect(sheet.unsynced).toMatchObject([{ action: 'punch-in', userId: '2004' }]);
  });
});

describe('first run without a roster', () => {
  it('creates the first manager once, then asks for a manager PIN', async () => {
    const bare = tempDir();
    const other = await startLabor(sb, bare, { location: false });
    try {
      const hh = laborHandlers(other.labor);
      expect((await hh.laborView()).needsManagerSetup).toBe(true);
      const m = await hh.laborSetupManager({ userId: '2001', name: 'Alex Manager', pin: '4321' });
      expect(m.manager).toBe(true);
      await expect(hh.laborSetupManager({ userId: '9', name: 'Mallory', pin: '1234' })).rejects.toThrow(
        /already exists/,
      );
      expect((await hh.laborIdentify({ pin: '4321' })).manager).toBe(true);
    } finally {
      await other.stop();
      rmSync(bare, { recursive: true, force: true });
    }
  });
});
