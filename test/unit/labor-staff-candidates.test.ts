// The people a manager picks by name when adding staff: the service lists no users or roles, so
// the core gathers them from the service's labor entries, the practice venue's staff and the
// kiosk's own staff list, through the real core and the sandbox over HTTP.
import { describe, expect, it } from 'vitest';
import { laborHandlers } from '../../electron/core/labor/labor-handlers';
import { createEntry } from '../../electron/core/labor/labor-api';
import { DEFAULT_LABOR_TUNING } from '../../electron/core/labor/labor-service';
import { SEED_ROLES } from '../../electron/sandbox';
import { staffCandidatesReply } from '../../shared/contract/labor-args';
import { fiscalDayOf } from '../../shared/labor-calc';
import { drained, HARBOUR, sandboxEachTest } from './labor-test-kit';

const rig = sandboxEachTest();
// Nothing here is about requests that take too long: they get the core's own timeout, which only a
// hung sandbox reaches, not the kit's short one for the fault tests.
const start = (options: { demoStaff?: boolean } = {}) =>
  rig.start({ ...options, tuning: { timeoutMs: DEFAULT_LABOR_TUNING.timeoutMs } });

describe('people to add to the staff list', () => {
  it('on the practice venue: its staff at this location by name and role, with where each was seen', async () => {
    const running = await start({ demoStaff: true });
    const h = laborHandlers(running.labor);
    // Jordan works a shift, then leaves the kiosk's staff list.
    const jordan = await h.laborIdentify({ pin: '2222' });
    await h.laborPunch(jordan.token, { action: 'punch-in' });
    await drained(running.labor);
    const m = await h.laborIdentify({ pin: '9999' });
    await h.laborRemoveStaff(m.token, '2004');

    const reply = staffCandidatesReply.parse(await h.laborStaffCandidates(m.token));
    expect(reply.unread).toEqual([]);
    const byId = Object.fromEntries(reply.candidates.map((c) => [c.userId, c]));
    expect(byId['2004']).toEqual({
      userId: '2004',
      name: 'Jordan Bartender',
      roles: [{ role: 'bartender', roleUuid: SEED_ROLES.bartender }],
      sources: ['service', 'practice-venue'],
      onRoster: false,
    });
    expect(byId['2002']).toMatchObject({ name: 'Sam Server', sources: ['practice-venue', 'roster'], onRoster: true });
    // Morgan is a bartender here and a server at the garden: only this location's role is offered.
    expect(byId['2006'].roles).toEqual([{ role: 'bartender', roleUuid: SEED_ROLES.bartender }]);
    // Casey and Riley work at other locations only.
    expect(byId['2005']).toBeUndefined();
    expect(byId['2003']).toBeUndefined();
    expect(reply.roles.map((r) => r.role)).toEqual(['bartender', 'manager', 'server']);
    expect(reply.roles.every((r) => r.roleUuid !== null)).toBe(true);
  });

  it('on a service with no staff list: people seen in labor entries by id and role, plainly without a name', async () => {
    const running = await start();
    const h = laborHandlers(running.labor);
    const m = await h.laborSetupManager({ userId: '2001', name: 'Alex Manager', pin: '9999' });
    // A shift punched at the POS for 2006, as the service's labor entries show it.
    const ctx = {
      client: running.client,
      locationUuid: HARBOUR.uuid,
      fiscalDayOf: (ms: number) => fiscalDayOf(ms, HARBOUR.timezone, 4),
    };
    await createEntry(ctx, { time_punch_type: 'shift', user_role: SEED_ROLES.bartender, user_id: '2006' });

    const reply = staffCandidatesReply.parse(await h.laborStaffCandidates(m.token));
    expect(reply.candidates.map((c) => [c.userId, c.name, c.sources])).toEqual([
      ['2001', 'Alex Manager', ['roster']],
      ['2006', null, ['service']],
    ]);
    expect(reply.candidates[1].roles).toMatchObject([{ roleUuid: SEED_ROLES.bartender }]);
    expect(reply.serviceDays).toBe(28);
  });

  it('says which source could not be read, and still offers the others', async () => {
    const running = await start({ demoStaff: true });
    const h = laborHandlers(running.labor);
    const m = await h.laborIdentify({ pin: '9999' });
    rig.sb.world.faults.add({ route: 'GET /api/loc/:location/labor/entries', mode: 'status500', count: 'always' });
    const reply = staffCandidatesReply.parse(await h.laborStaffCandidates(m.token));
    expect(reply.unread).toMatchObject([{ source: 'service', sentence: /labor entries could not be read/ }]);
    expect(reply.candidates.map((c) => c.name)).toContain('Jordan Bartender');
  });

  it('is for managers only', async () => {
    const running = await start({ demoStaff: true });
    const h = laborHandlers(running.labor);
    const s = await h.laborIdentify({ pin: '1111' });
    await expect(h.laborStaffCandidates(s.token)).rejects.toMatchObject({ kind: expect.any(String) });
  });
});
