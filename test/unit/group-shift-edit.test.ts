// A manager's edit of a shift entry on the hub reaches head office, which may have heard that
// shift's punches under the venue's local key (sent before the service gave the shift its id) and
// some under the service id. The edit names the shift by every key the venue knows it by, so the
// office finds it whichever key it heard, folds a shift heard in parts into one, and adds no second
// shift; an edit that names no shift the office knows (an earlier release's, by the service id
// alone) is refused with its kind and kept where the office page shows it, never dropped or
// counted twice. Real parts: a hub core on the practice venue joined to the group through a link
// the test can cut, head office's nats-server and read models.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningOffice } from '../../electron/office/office';
import { laborModel } from '../../electron/office/models/labor-model';
import { editMessage, punchMessage } from '../../electron/core/group/log-messages';
import type { Outgoing } from '../../electron/core/group/publish-queue';
import type { PunchState } from '../../electron/core/labor/outbox';
import type { GroupPunch } from '../../shared/group';
import type { TimesheetRow } from '../../shared/labor';
import { newRequestId as rid } from '../../shared/request-id';
import { fiscalDayOf } from '../../shared/labor-calc';
import { tempDirs } from '../support';
import type { TestCore } from './tabs-kit';
import { countOf, eventually, groupSetup, startHub, startTestOffice, view, type Venue } from './group-kit';
import { HARBOUR } from './labor-test-constants';

const dirs = tempDirs('venue-group-shift-edit-');
const MIN = 60_000;
let office: RunningOffice;
let venue: Venue;
let hub: TestCore;

/** How an earlier release named each punch's shift: `local` its local key, `uuid` the service's. */
type Named = (p: GroupPunch, local: string) => GroupPunch;
const allLocal: Named = (p, local) => ({ ...p, shiftKey: `local:${local}` });
// The shift's start and break sent while the shift had no service id yet; its end once it had.
const startLocal: Named = (p, local) => (p.kind === 'shift-end' ? p : { ...p, shiftKey: `local:${local}` });

const worked = async (name: string) => (await view(office, ['north'])).hours.find((r) => r.name === name)?.workedMs;
const onShift = async (name: string) => (await view(office, ['north'])).onShift.some((r) => r.name === name);
const shiftsAtOffice = (name: string) =>
  countOf(office, "select count(*) as n from office_shifts where venue_id = 'north' and name = $1", [name]);

/** Lands a message at the office as the hub would send it, so the hub's own is then a repeat. */
async function landAtOffice(message: Outgoing, payload: unknown): Promise<void> {
  await office.store.transaction(async (tx) => {
    await tx.query("insert into office_applied values ('labor', 'north', $1)", [message.msgId]);
    const kind = message.subject.split('.').slice(2).join('.');
    await laborModel.apply(tx, { venueId: 'north', kind, msgId: message.msgId, seq: 0, payload, heardAt: null });
  });
}

/** A whole shift with a meal break, punched at the kiosk; once every punch is on the service. */
async function wholeShift(pin: string): Promise<void> {
  const h = hub.core.handlers;
  const s = await h.laborIdentify({ pin });
  for (const action of ['punch-in', 'break-start', 'break-end', 'punch-out'] as const)
    await h.laborPunch(s.token, action === 'break-start' ? { action, breakKind: 'meal' } : { action });
  await h.laborEndSession(s.token);
  await eventually(() => expect(hub.core.labor.outbox.all().every((p) => p.status === 'done')).toBe(true));
}

/** The office first hears `name`'s punches as an earlier release sent them. */
async function earlierPunches(name: string, named: Named): Promise<void> {
  const outbox = hub.core.labor.outbox;
  const mine = outbox.all().filter((s: PunchState) => s.p.name === name);
  const start = mine.find((s) => s.p.kind === 'shift-start')!;
  const local = 'local' in start.p.shift ? start.p.shift.local : '';
  for (const s of mine) {
    const now = punchMessage('north', s, (ref) => outbox.resolve(ref));
    await landAtOffice(now, named(now.payload as GroupPunch, local));
  }
}

const manager = async () => (await hub.core.handlers.laborIdentify({ pin: '9999' })).token;

/** `name`'s shift and break rows on the manager's timesheet today. */
async function rowsOf(name: string): Promise<{ shift: TimesheetRow; brk: TimesheetRow }> {
  const day = fiscalDayOf(Date.now(), HARBOUR.timezone, 4);
  const rows = (
    await hub.core.handlers.laborTimesheet(await manager(), {
      fromDay: day,
      toDay: day,
      sortBy: 'punch_in',
      sortDir: 'asc',
    })
  ).rows.filter((r) => r.name === name);
  return { shift: rows.find((r) => r.kind === 'shift')!, brk: rows.find((r) => r.kind === 'break')! };
}

/** Two hours on shift, ending when the shift ended. */
async function twoHours(shift: TimesheetRow): Promise<TimesheetRow> {
  const punchIn = shift.punchOut! - 120 * MIN;
  return hub.core.handlers.laborEditEntry(await manager(), shift.uuid, { reason: 'came in early', punchIn }, rid());
}

beforeAll(async () => {
  const officeDir = dirs.make();
  [venue] = await groupSetup(officeDir, 1, ['north'], ['north']);
  office = await startTestOffice(officeDir);
  hub = await startHub(dirs.make(), venue);
  // The venue's link to head office is down while three people work a shift each; the office first
  // hears their punches as an earlier release sent them. The link is cut once only: once it is
  // back, the leaf node knows head office's own address.
  for (const r of venue.relays) r.drop();
  await wholeShift('1111');
  await earlierPunches('Sam Server', startLocal);
  await wholeShift('2222');
  await earlierPunches('Jordan Bartender', allLocal);
  await wholeShift('3333');
  await earlierPunches('Morgan Server', allLocal);
  // Morgan's shift is edited by a release that named it by the service id alone.
  const morgan = await twoHours((await rowsOf('Morgan Server')).shift);
  const older = editMessage('north', morgan, () => [])!;
  await landAtOffice(older, older.payload);
  for (const r of venue.relays) r.restore();
  for (const r of venue.relays) r.cut();
  // Alex punches in once the link is back: seen at the office, everything before it was too.
  const alex = await hub.core.handlers.laborIdentify({ pin: '9999' });
  await hub.core.handlers.laborPunch(alex.token, { action: 'punch-in' });
  await hub.core.handlers.laborEndSession(alex.token);
  await eventually(async () => expect(await onShift('Alex Manager')).toBe(true), 40_000);
}, 120_000);

afterAll(async () => {
  await hub?.stop();
  await office?.stop();
  for (const r of venue?.relays ?? []) await r.close();
  dirs.removeAll();
}, 30_000);

describe('an edit of a shift entry in a group', () => {
  it('finds a shift heard in parts under its local key and its service id, as one shift', async () => {
    // Heard in two parts: a start (still on shift) and an end, neither counted as hours.
    expect(await shiftsAtOffice('Sam Server')).toBe(2);
    const { shift, brk } = await rowsOf('Sam Server');
    await twoHours(shift);
    await eventually(async () => expect(await onShift('Sam Server')).toBe(false));
    expect(await shiftsAtOffice('Sam Server')).toBe(1);
    expect(await worked('Sam Server')).toBeGreaterThan(119 * MIN);
    // Its break, heard with its start, is on the one shift: half an hour of it comes off.
    const start = shift.punchOut! - 120 * MIN;
    const edit = { reason: 'meal was half an hour', punchIn: start + 30 * MIN, punchOut: start + 60 * MIN };
    await hub.core.handlers.laborEditEntry(await manager(), brk.uuid, edit, rid());
    await eventually(async () => expect(await worked('Sam Server')).toBe(90 * MIN));
  }, 90_000);

  it('finds a shift heard only under its local key, and adds none', async () => {
    expect(await shiftsAtOffice('Jordan Bartender')).toBe(1);
    await twoHours((await rowsOf('Jordan Bartender')).shift);
    await eventually(async () => expect(await worked('Jordan Bartender')).toBeGreaterThan(119 * MIN));
    expect(await shiftsAtOffice('Jordan Bartender')).toBe(1);
    expect(await onShift('Jordan Bartender')).toBe(false);
  }, 90_000);

  it('refuses an earlier release edit that names no shift it knows, and shows it', async () => {
    // No second shift under the service id: Morgan's one shift is still as the punches had it.
    expect(await shiftsAtOffice('Morgan Server')).toBe(1);
    expect(await worked('Morgan Server')).toBeLessThan(MIN);
    const { shift } = await rowsOf('Morgan Server');
    const refused = await office.store.query<{ kind: string; entry_uuid: string }>(
      "select kind, entry_uuid from office_edit_refusals where venue_id = 'north'",
    );
    expect(refused).toEqual([{ kind: 'shift-not-found', entry_uuid: shift.uuid }]);
    const problems = (await view(office, ['north'])).problems.filter((p) => p.kind === 'edit');
    expect(problems).toEqual([expect.objectContaining({ venueId: 'north', refusal: 'shift-not-found' })]);
  });
});
