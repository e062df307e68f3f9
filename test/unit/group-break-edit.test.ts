// A manager's edit of a break entry on the hub reaches head office: the office's shift keeps its
// breaks one by one, so the edited break's new times change the hours it counts (a shift's length
// less its unpaid breaks). Real parts: a hub core on the practice venue joined to the group, head
// office's nats-server and read models.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningOffice } from '../../electron/office/office';
import { newRequestId as rid } from '../../shared/request-id';
import { fiscalDayOf } from '../../shared/labor-calc';
import { tempDirs } from '../support';
import type { TestCore } from './tabs-kit';
import { eventually, groupSetup, startHub, startTestOffice, view, type Venue } from './group-kit';
import { HARBOUR } from './labor-test-constants';

const dirs = tempDirs('venue-group-break-edit-');
const MIN = 60_000;
let office: RunningOffice;
let venue: Venue;
let hub: TestCore;

beforeAll(async () => {
  const officeDir = dirs.make();
  [venue] = await groupSetup(officeDir, 1, ['north']);
  office = await startTestOffice(officeDir);
  hub = await startHub(dirs.make(), venue);
}, 60_000);

afterAll(async () => {
  await hub?.stop();
  await office?.stop();
  dirs.removeAll();
}, 30_000);

const samWorked = async () => (await view(office, ['north'])).hours.find((r) => r.name === 'Sam Server')?.workedMs;

describe('an edit of a break entry in a group', () => {
  it('changes the hours head office counts for that shift', async () => {
    const h = hub.core.handlers;
    const s = await h.laborIdentify({ pin: '1111' });
    for (const action of ['punch-in', 'break-start', 'break-end', 'punch-out'] as const)
      await h.laborPunch(s.token, action === 'break-start' ? { action, breakKind: 'meal' } : { action });
    await h.laborEndSession(s.token);
    await eventually(() => expect(hub.core.labor.outbox.all().every((p) => p.status === 'done')).toBe(true));

    const m = await h.laborIdentify({ pin: '9999' });
    const day = fiscalDayOf(Date.now(), HARBOUR.timezone, 4);
    const rows = async () =>
      (await h.laborTimesheet(m.token, { fromDay: day, toDay: day, sortBy: 'punch_in', sortDir: 'asc' })).rows.filter(
        (r) => r.name === 'Sam Server',
      );
    const shift = (await rows()).find((r) => r.kind === 'shift')!;
    const brk = (await rows()).find((r) => r.kind === 'break')!;
    expect(brk.shiftUuid).toBe(shift.uuid);
    // Two hours on shift; then the unpaid meal set to 30 minutes of it.
    const start = shift.punchOut! - 120 * MIN;
    await h.laborEditEntry(m.token, shift.uuid, { reason: 'came in early', punchIn: start }, rid());
    await eventually(async () => expect(await samWorked()).toBeGreaterThan(119 * MIN));
    await h.laborEditEntry(
      m.token,
      brk.uuid,
      { reason: 'meal was half an hour', punchIn: start + 30 * MIN, punchOut: start + 60 * MIN },
      rid(),
    );
    await eventually(async () => expect(await samWorked()).toBe(90 * MIN));
    // And back to 10 minutes: the office follows each edit.
    await h.laborEditEntry(m.token, brk.uuid, { reason: 'ten minutes', punchOut: start + 40 * MIN }, rid());
    await eventually(async () => expect(await samWorked()).toBe(110 * MIN));
  }, 90_000);
});
