// Readings of the spec's open points that a client can meet on a real service, each against the
// sandbox over real HTTP: labor times on the location's clock without an offset (this process runs
// in another zone than the venue), next pages named by a body link, a cursor, a Link header or not
// at all, shift numbers on breaks only, roles by uuid or code, wrapped and bare bodies, and an
// answer the client cannot read.
import { rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isAppError } from '../../shared/app-error';
import { SEED_ROLES, startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { namedReadings, type SandboxReadings } from '../../electron/sandbox/readings';
import { listAllEntries } from '../../electron/core/labor/labor-api';
import { loadTimesheet } from '../../electron/core/labor/timesheet';
import type { AuditLog } from '../../electron/core/labor/audit-log';
import { HARBOUR, drained, entriesAt, startLabor, tempDir, type RunningLabor } from './labor-test-kit';

const ENTRIES = '/api/loc/:location/labor/entries';
const MINUTE = 60_000;

// The venue is in New York; this process reads its clock in Tokyo, so a time read on the
// computer's clock instead of the venue's is 14 hours off.
const savedTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Asia/Tokyo';
});
afterAll(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

let sb: RunningSandbox;
let running: RunningLabor | null = null;
let dir: string;

async function open(points: Partial<SandboxReadings>, options: { demoStaff?: boolean } = {}): Promise<RunningLabor> {
  sb = await startSandbox({ readings: { ...namedReadings('default'), ...points } });
  dir = tempDir();
  // No fault here delays an answer, so requests keep a service's ordinary timeout rather than the
  // labor kit's short one (made for delay faults), which a loaded machine can exceed on any read.
  running = await startLabor(sb, dir, { demoStaff: options.demoStaff, tuning: { timeoutMs: 15_000 } });
  return running;
}

afterEach(async () => {
  await running?.stop();
  running = null;
  await sb?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const noAudit = { forEntry: () => [] } as unknown as AuditLog;

/** `count` closed shifts of Jordan (2004) at Harbour, one a minute back from now, straight into the sandbox. */
function seedShifts(count: number): void {
  const now = sb.world.clock.nowMs();
  for (let i = 0; i < count; i++) {
    const start = now - (count - i) * 2 * MINUTE;
    sb.world.labor.add({
      locationUuid: HARBOUR.uuid,
      shiftUuid: null,
      punchType: 'shift',
      userId: '2004',
      role: 'bartender',
      roleUuid: SEED_ROLES.bartender,
      punchInMs: start,
      punchOutMs: start + MINUTE,
      declaredTips: null,
      createdMs: start,
    });
  }
}

function punch(r: RunningLabor, action: 'punch-in' | 'break-start' | 'break-end' | 'punch-out') {
  return r.labor.capture('2004', {
    action,
    role: action === 'punch-in' ? { role: 'bartender', roleUuid: SEED_ROLES.bartender } : undefined,
    declaredTipsCents: 0,
  });
}

describe('labor times without a UTC offset', () => {
  it("are the location's wall clock on the board and in the timesheet, not this computer's", async () => {
    const r = await open({ timeForm: 'local' });
    expect(new Date(0).getTimezoneOffset(), 'the test runs in another zone than the venue').toBe(-540);
    punch(r, 'punch-in');
    await drained(r.labor);
    await r.labor.refreshBoard();
    const [truth] = entriesAt(sb);
    expect(r.labor.view().board.error).toBeNull();
    expect(r.labor.view().board.rows.map((row) => row.shiftStart)).toEqual([truth.punchInMs]);
    const day = r.labor.fiscalDayFor(HARBOUR.uuid)(truth.punchInMs);
    const sheet = await loadTimesheet(
      { fromDay: day, toDay: day, sortBy: 'punch_in', sortDir: 'asc' },
      { ctx: r.labor.apiContext(), audit: noAudit, nameOf: () => 'x', unsynced: [], now: Date.now() },
    );
    expect(sheet.rows.map((row) => row.punchIn)).toEqual([truth.punchInMs]);
  });

  it('a punch committed whose answer was lost is read back on the venue clock and never sent twice', async () => {
    const r = await open({ timeForm: 'local' });
    for (const mode of ['commit-lose-response', 'commit-then-504'] as const) {
      sb.world.faults.add({ route: `POST ${ENTRIES}`, mode, count: 1 });
      punch(r, 'punch-in');
      await drained(r.labor);
      sb.world.faults.add({ route: `POST ${ENTRIES}`, mode, count: 1 });
      punch(r, 'break-start');
      await drained(r.labor);
      punch(r, 'break-end');
      punch(r, 'punch-out');
      await drained(r.labor);
    }
    const entries = entriesAt(sb);
    expect(entries.filter((e) => e.shiftUuid === null)).toHaveLength(2);
    expect(entries.filter((e) => e.shiftUuid !== null)).toHaveLength(2);
    expect(entries.every((e) => e.punchOutMs !== null)).toBe(true);
  });

  it("without the location's time zone they cannot be read, and the board says so instead of going empty", async () => {
    const r = await open({ timeForm: 'local' });
    punch(r, 'punch-in');
    await drained(r.labor);
    await r.labor.refreshBoard();
    expect(r.labor.view().board.rows).toHaveLength(1);
    r.labor.saveSettings({ location: { ...HARBOUR, timezone: null } });
    const error = await listAllEntries(r.labor.apiContext(), { type: 'all' }).catch((e: unknown) => e);
    expect(isAppError(error, 'cannot-read'), String(error)).toBe(true);
    await r.labor.refreshBoard();
    await vi.waitFor(() => expect(r.labor.view().board.error).toMatch(/without a UTC offset/));
  });
});

describe('a punch whose read-back cannot be read', () => {
  it('waits, saying the service answered in a form the app cannot read, and is never sent twice', async () => {
    const r = await open({ timeForm: 'local' });
    r.labor.saveSettings({ location: { ...HARBOUR, timezone: null } });
    sb.world.faults.add({ route: `POST ${ENTRIES}`, mode: 'commit-lose-response', count: 1 });
    punch(r, 'punch-in');
    await vi.waitFor(() => expect(r.labor.outboxItems()[0]?.message ?? '').toMatch(/cannot read/), {
      timeout: 10_000,
      interval: 20,
    });
    expect(entriesAt(sb)).toHaveLength(1);
    r.labor.saveSettings({ location: HARBOUR });
    r.labor.syncNow();
    await drained(r.labor);
    expect(entriesAt(sb)).toHaveLength(1);
  });
});

describe('paged lists', () => {
  for (const marker of ['next_page', 'links.next', 'link-header', 'cursor', 'none'] as const) {
    it(`follow a ${marker === 'none' ? 'silent cap (probed with offset)' : `${marker} marker`} to the end: every row, marked complete`, async () => {
      const r = await open({ pageSize: 20, pageMarker: marker });
      seedShifts(61);
      const list = await listAllEntries(r.labor.apiContext(), { type: 'all', limit: 1000 });
      expect(list.entries).toHaveLength(61);
      expect(new Set(list.entries.map((e) => e.uuid)).size).toBe(61);
      expect(list.complete).toBe(true);
      // Locations paged the same way: a venue group of 12, five to a page.
      const authorised = [...sb.world.integrations.values()][0].authorizedLocationUuids;
      for (let i = authorised.size; i < 12; i++) {
        const uuid = `1c000000-0000-4000-8000-0000000009${String(i).padStart(2, '0')}`;
        sb.world.locations.set(uuid, {
          uuid,
          id: String(900 + i),
          name: `Extra ${i}`,
          timezone: 'America/Chicago',
          featureFlags: { tab_pass_spend_limits: false },
        });
        authorised.add(uuid);
      }
      sb.world.readings = { ...sb.world.readings, pageSize: 5 };
      const locations = await r.client.listAllLocations('integration');
      expect(locations.locations.map((l) => l.uuid).sort()).toEqual([...authorised].sort());
      expect(locations.complete).toBe(true);
    });
  }

  it('a cut list whose service ignores offset is marked incomplete, never complete', async () => {
    const r = await open({ pageSize: 20, pageMarker: 'none' });
    seedShifts(61);
    // A service that pages silently and knows no offset: every probe answers the first page again.
    const client = r.client as unknown as { requestWithHeaders: typeof r.client.requestWithHeaders };
    const real = client.requestWithHeaders.bind(r.client);
    client.requestWithHeaders = (as, method, path, options = {}) => {
      const query = { ...(options.query ?? {}) };
      delete query.offset;
      return real(as, method, path, { ...options, query });
    };
    const list = await listAllEntries(r.labor.apiContext(), { type: 'all', limit: 1000 });
    expect(list.entries).toHaveLength(20);
    expect(list.complete).toBe(false);
  });
});

describe('ids, roles and wrapping', () => {
  it('shift numbers on breaks only: the break shows, ends, and punch-out goes through', async () => {
    const r = await open({ shiftId: 'numeric-breaks-only' });
    punch(r, 'punch-in');
    await drained(r.labor);
    punch(r, 'break-start');
    await drained(r.labor);
    await r.labor.refreshBoard();
    expect(r.labor.view().board.rows[0]?.breakStart).not.toBeNull();
    expect(r.labor.view().board.rows[0]?.pending).toBe(false);
    punch(r, 'break-end');
    punch(r, 'punch-out');
    await drained(r.labor);
    const entries = entriesAt(sb);
    expect(entries).toHaveLength(2);
    expect(entries.every((e) => e.punchOutMs !== null)).toBe(true);
  });

  for (const roleForm of ['uuid', 'code'] as const) {
    it(`a role given by ${roleForm} is sent in a form the service takes and reads back as the roster's role`, async () => {
      const r = await open({ roleForm }, { demoStaff: true });
      r.labor.capture('2004', { action: 'punch-in', role: { role: 'bartender', roleUuid: null } });
      await drained(r.labor);
      punch(r, 'break-start');
      await drained(r.labor);
      await r.labor.refreshBoard();
      const row = r.labor.view().board.rows.find((x) => x.userId === '2004');
      expect(row?.role).toBe('bartender');
      expect(row?.pending).toBe(false);
      expect(entriesAt(sb).map((e) => e.roleUuid)).toEqual([SEED_ROLES.bartender, SEED_ROLES.bartender]);
    });
  }

  for (const wrapping of ['data', 'bare'] as const) {
    it(`lists ${wrapping === 'bare' ? 'as bare arrays' : 'under data'} are read whole, locations too`, async () => {
      const r = await open({ wrapping, pageSize: 7, pageMarker: wrapping === 'bare' ? 'link-header' : 'links.next' });
      seedShifts(30);
      const list = await listAllEntries(r.labor.apiContext(), { type: 'all', limit: 1000 });
      expect(list.entries).toHaveLength(30);
      expect(list.complete).toBe(true);
      expect((await r.labor.locations()).map((l) => l.uuid)).toContain(HARBOUR.uuid);
    });
  }

  it('an answer that is not a list stops the board with "cannot read", never an empty board', async () => {
    const r = await open({});
    punch(r, 'punch-in');
    await drained(r.labor);
    await r.labor.refreshBoard();
    expect(r.labor.view().board.rows).toHaveLength(1);
    const client = r.client as unknown as { requestWithHeaders: typeof r.client.requestWithHeaders };
    client.requestWithHeaders = () =>
      Promise.resolve({ value: { weird: { shape: true } }, headers: new Headers() }) as never;
    const error = await listAllEntries(r.labor.apiContext(), { type: 'all' }).catch((e: unknown) => e);
    expect(isAppError(error, 'cannot-read')).toBe(true);
    await r.labor.refreshBoard();
    // A refresh already under way runs once more after it; wait for the one that saw the answer.
    await vi.waitFor(() => expect(r.labor.view().board.error).toMatch(/not a list of entries/));
    expect(r.labor.view().board.rows).toHaveLength(1);
  });
});
