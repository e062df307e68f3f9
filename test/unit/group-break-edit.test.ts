// A manager's edit of a break entry on the hub reaches head office: the office's shift keeps its
// breaks one by one, so the edited break's new times change the hours it counts (a shift's length
// less its unpaid breaks). The edit names the break by every key the venue's earlier messages may
// have used for it, and says whether it is paid, so a break first heard from an earlier release
// (its local key, no service id; or no paid/unpaid) is moved, not added again unpaid. Real parts:
// a hub core on the practice venue joined to the group through a link the test can cut, head
// office's nats-server and read models.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningOffice } from '../../electron/office/office';
import { laborModel } from '../../electron/office/models/labor-model';
import { punchMessage } from '../../electron/core/group/log-messages';
import type { GroupPunch } from '../../shared/group';
import type { BreakKind } from '../../shared/labor-period';
import { newRequestId as rid } from '../../shared/request-id';
import { fiscalDayOf } from '../../shared/labor-calc';
import { tempDirs } from '../support';
import type { TestCore } from './tabs-kit';
import { countOf, eventually, groupSetup, startHub, startTestOffice, view, type Venue } from './group-kit';
import { HARBOUR } from './labor-test-constants';

const dirs = tempDirs('venue-group-break-edit-');
const MIN = 60_000;
let office: RunningOffice;
let venue: Venue;
let hub: TestCore;

beforeAll(async () => {
  const officeDir = dirs.make();
  [venue] = await groupSetup(officeDir, 1, ['north'], ['north']);
  office = await startTestOffice(officeDir);
  hub = await startHub(dirs.make(), venue);
}, 60_000);

afterAll(async () => {
  await hub?.stop();
  await office?.stop();
  for (const r of venue?.relays ?? []) await r.close();
  dirs.removeAll();
}, 30_000);

const worked = async (name: string) => (await view(office, ['north'])).hours.find((r) => r.name === name)?.workedMs;
const breaksAtOffice = (name: string) =>
  countOf(
    office,
    `select count(*) as n from office_breaks b join office_shifts s using (venue_id, shift_key)
     where b.venue_id = 'north' and s.name = $1`,
    [name],
  );

/** A whole shift with one break of `kind`, punched at the kiosk; once every punch is on the service. */
async function shiftWithBreak(pin: string, kind: BreakKind): Promise<void> {
  const h = hub.core.handlers;
  const s = await h.laborIdentify({ pin });
  for (const action of ['punch-in', 'break-start', 'break-end', 'punch-out'] as const)
    await h.laborPunch(s.token, action === 'break-start' ? { action, breakKind: kind } : { action });
  await h.laborEndSession(s.token);
  await eventually(() => expect(hub.core.labor.outbox.all().every((p) => p.status === 'done')).toBe(true));
}

type Earlier = (p: GroupPunch, local: string) => GroupPunch;

/**
 * Whole shifts with one break each, punched while the venue's link to head office is down; the
 * office first hears each break-start as an earlier release sent it (`earlier` rewrites the message
 * the hub sends now), under the same message id, so the hub's own is a repeat once the link is
 * back. The link is cut once only: once it is back, the leaf node knows head office's own address.
 */
async function shiftsWithEarlierBreakStarts(
  shifts: { pin: string; name: string; kind: BreakKind; earlier: Earlier }[],
): Promise<void> {
  for (const r of venue.relays) r.drop();
  const outbox = hub.core.labor.outbox;
  for (const { pin, name, kind, earlier } of shifts) {
    await shiftWithBreak(pin, kind);
    const start = outbox.all().find((s) => s.p.kind === 'break-start' && s.p.name === name)!;
    const now = punchMessage('north', start, (ref) => outbox.resolve(ref));
    const local = start.p.brk && 'local' in start.p.brk ? start.p.brk.local : '';
    const payload = earlier(now.payload as GroupPunch, local);
    await office.store.transaction(async (tx) => {
      await tx.query("insert into office_applied values ('labor', 'north', $1)", [now.msgId]);
      const delivered = { venueId: 'north', kind: 'labor.punch', msgId: now.msgId, seq: 0, payload, heardAt: null };
      await laborModel.apply(tx, delivered);
    });
  }
  // The link comes back (the dropped connections are dead: the leaf node dials again).
  for (const r of venue.relays) r.restore();
  for (const r of venue.relays) r.cut();
  await eventually(async () => {
    const ended = await countOf(
      office,
      "select count(*) as n from office_shifts where venue_id = 'north' and name = any($1::text[]) and end_at is not null",
      [shifts.map((s) => s.name)],
    );
    expect(ended).toBe(shifts.length);
  }, 40_000);
}

/** The manager's timesheet rows of `name` today: the shift and its break. */
async function rowsOf(name: string) {
  const h = hub.core.handlers;
  const m = await h.laborIdentify({ pin: '9999' });
  const day = fiscalDayOf(Date.now(), HARBOUR.timezone, 4);
  const rows = (
    await h.laborTimesheet(m.token, { fromDay: day, toDay: day, sortBy: 'punch_in', sortDir: 'asc' })
  ).rows.filter((r) => r.name === name);
  const shift = rows.find((r) => r.kind === 'shift')!;
  const brk = rows.find((r) => r.kind === 'break')!;
  expect(brk.shiftUuid).toBe(shift.uuid);
  // Two hours on shift from `start`.
  const start = shift.punchOut! - 120 * MIN;
  await h.laborEditEntry(m.token, shift.uuid, { reason: 'came in early', punchIn: start }, rid());
  const edit = (uuid: string, patch: { punchIn?: number; punchOut?: number; punchType?: string }, reason: string) =>
    h.laborEditEntry(m.token, uuid, { reason, ...patch }, rid());
  return { shift, brk, start, edit };
}

describe('an edit of a break entry in a group', () => {
  it('changes the hours head office counts for that shift', async () => {
    await shiftWithBreak('1111', 'meal');
    const { brk, start, edit } = await rowsOf('Sam Server');
    await eventually(async () => expect(await worked('Sam Server')).toBeGreaterThan(119 * MIN));
    // The unpaid meal set to 30 minutes of it.
    await edit(brk.uuid, { punchIn: start + 30 * MIN, punchOut: start + 60 * MIN }, 'meal was half an hour');
    await eventually(async () => expect(await worked('Sam Server')).toBe(90 * MIN));
    // And back to 10 minutes: the office follows each edit.
    await edit(brk.uuid, { punchOut: start + 40 * MIN }, 'ten minutes');
    await eventually(async () => expect(await worked('Sam Server')).toBe(110 * MIN));
  }, 90_000);

  describe('of breaks head office first heard from an earlier release', () => {
    beforeAll(
      () =>
        shiftsWithEarlierBreakStarts([
          // Named by the venue's local key: sent before the service gave the break its uuid.
          {
            pin: '2222',
            name: 'Jordan Bartender',
            kind: 'meal',
            earlier: (p, local) => ({ ...p, breakKey: `local:${local}` }),
          },
          // Named no break at all: the office keyed it by its punch.
          { pin: '9999', name: 'Alex Manager', kind: 'meal', earlier: (p) => ({ ...p, breakKey: null }) },
          // Sent before breaks carried their type: the office counted this paid rest as unpaid.
          {
            pin: '3333',
            name: 'Morgan Server',
            kind: 'rest',
            earlier: (p) => {
              const { breakType: _type, ...older } = p;
              return older;
            },
          },
        ]),
      90_000,
    );

    it('moves a break its venue first published without the service id, and adds none', async () => {
      expect(await breaksAtOffice('Jordan Bartender')).toBe(1);
      const { brk, start, edit } = await rowsOf('Jordan Bartender');
      await eventually(async () => expect(await worked('Jordan Bartender')).toBeGreaterThan(119 * MIN));
      await edit(brk.uuid, { punchIn: start + 30 * MIN, punchOut: start + 60 * MIN }, 'meal was half an hour');
      await eventually(async () => expect(await worked('Jordan Bartender')).toBe(90 * MIN));
      expect(await breaksAtOffice('Jordan Bartender')).toBe(1);

      expect(await breaksAtOffice('Alex Manager')).toBe(1);
      const alex = await rowsOf('Alex Manager');
      await eventually(async () => expect(await worked('Alex Manager')).toBeGreaterThan(119 * MIN));
      await alex.edit(alex.brk.uuid, { punchIn: alex.start + 30 * MIN, punchOut: alex.start + 50 * MIN }, 'meal');
      await eventually(async () => expect(await worked('Alex Manager')).toBe(100 * MIN));
      expect(await breaksAtOffice('Alex Manager')).toBe(1);
    }, 90_000);

    it('keeps a paid break paid when it is edited, and follows an edit of its type', async () => {
      const { brk, start, edit } = await rowsOf('Morgan Server');
      await edit(brk.uuid, { punchIn: start + 30 * MIN, punchOut: start + 45 * MIN }, 'rest was 15 minutes');
      // The edit says the break is paid: all two hours count.
      await eventually(async () => expect(await worked('Morgan Server')).toBe(120 * MIN));
      await edit(brk.uuid, { punchType: 'unpaid_break' }, 'it was a meal');
      await eventually(async () => expect(await worked('Morgan Server')).toBe(105 * MIN));
      await edit(brk.uuid, { punchType: 'paid_break' }, 'a rest after all');
      await eventually(async () => expect(await worked('Morgan Server')).toBe(120 * MIN));
      expect(await breaksAtOffice('Morgan Server')).toBe(1);
    }, 90_000);
  });
});
