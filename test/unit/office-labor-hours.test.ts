// The office's hours per person: a shift's length less its unpaid breaks, as the hub's own
// timesheet counts them. A break is paid only when its punch's time_punch_type says so; a break
// whose type the punch does not carry (published before it was) counts as unpaid. And an office
// whose labor tables were made by the version that subtracted every break replays them anew.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type OfficeStore } from '../../electron/office/office-store';
import { ModelRunner } from '../../electron/office/model-runner';
import { readModels } from '../../electron/office/models';
import { laborModel } from '../../electron/office/models/labor-model';
import { officeView } from '../../electron/office/office-views';
import type { GroupEdit, GroupPunch, PunchKind } from '../../shared/group';
import { tempDirs } from '../support';

const dirs = tempDirs('venue-office-hours-');
let store: OfficeStore;
const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 20, 17, 0);

beforeAll(async () => {
  store = await openStore({ dir: dirs.make() });
});

afterAll(async () => {
  await store.close();
  dirs.removeAll();
});

let n = 0;
async function punch(
  shiftKey: string,
  kind: PunchKind,
  atMin: number,
  breakType?: string | null,
  breakKey: string | null = null,
): Promise<void> {
  const id = `p${++n}`;
  const payload: GroupPunch = {
    punchId: id,
    kind,
    userId: 'u1',
    name: 'Sam Server',
    role: 'Server',
    locationUuid: 'loc',
    capturedAt: T0 + atMin * MIN,
    landedAt: T0 + atMin * MIN,
    shiftKey,
    breakKey,
    declaredTips: null,
    ...(breakType === undefined ? {} : { breakType }),
  };
  await deliver('labor.punch', `punch:${id}`, n, payload);
}

/** An edit the hub published from its audit log, by Alex, delivered as message `edit:<auditId>`. */
async function publishEdit(
  seq: number,
  edit: Pick<GroupEdit, 'auditId' | 'entryUuid' | 'at' | 'reason'> & Partial<GroupEdit>,
): Promise<void> {
  const payload: GroupEdit = { byUserId: '2001', byName: 'Alex', changes: [], entry: null, ...edit };
  await deliver('labor.edit', `edit:${edit.auditId}`, seq, payload);
}

/** One message of the venue "north" through the office's labor model, as the runner applies it. */
async function deliver(
  kind: 'labor.punch' | 'labor.edit',
  msgId: string,
  seq: number,
  payload: GroupPunch | GroupEdit,
): Promise<void> {
  await store.transaction((tx) => laborModel.apply(tx, { venueId: 'north', kind, msgId, seq, payload, heardAt: null }));
}

const workedMinutes = async () =>
  (await officeView(store, { venues: [], day: null }, { applied: 0, lagMs: null })).hours.map((h) => ({
    shifts: h.shifts,
    minutes: h.workedMs / MIN,
  }));

describe('hours at the office', () => {
  it('subtracts unpaid breaks only; a break of unknown type is unpaid', async () => {
    await new ModelRunner(store, readModels()).prepare();
    // 8 hours with a paid 15-minute rest and an unpaid 30-minute meal: 7 h 30 worked.
    await punch('s1', 'shift-start', 0);
    await punch('s1', 'break-start', 120, 'paid_break');
    await punch('s1', 'break-end', 135);
    await punch('s1', 'break-start', 240, 'unpaid_break');
    await punch('s1', 'break-end', 270);
    await punch('s1', 'shift-end', 480);
    expect(await workedMinutes()).toEqual([{ shifts: 1, minutes: 450 }]);
    // 4 hours with a break that carries no type and one still open at shift end (paid): 20 unpaid.
    await punch('s2', 'shift-start', 600);
    await punch('s2', 'break-start', 660);
    await punch('s2', 'break-end', 680);
    await punch('s2', 'break-start', 820, 'paid_break');
    await punch('s2', 'shift-end', 840);
    expect(await workedMinutes()).toEqual([{ shifts: 2, minutes: 450 + 220 }]);
  });

  it('applies the changed times of an edit the hub published from its audit log alone', async () => {
    const to = new Date(T0 + 900 * MIN).toISOString();
    await publishEdit(99, {
      auditId: 'a1',
      entryUuid: 's2',
      at: T0 + 1000 * MIN,
      reason: 'left later',
      changes: [{ field: 'punch_out', from: new Date(T0 + 840 * MIN).toISOString(), to }],
    });
    // s2 now runs 300 minutes, less its 20 unpaid.
    expect(await workedMinutes()).toEqual([{ shifts: 2, minutes: 450 + 280 }]);
  });

  it('moves a break by an edit published from the audit log alone', async () => {
    // s3: 2 hours with an unpaid break named by its entry, 10 minutes, then edited to 40.
    await punch('s3', 'shift-start', 1200);
    await punch('s3', 'break-start', 1230, 'unpaid_break', 'b3');
    await punch('s3', 'break-end', 1240, undefined, 'b3');
    await punch('s3', 'shift-end', 1320);
    expect(await workedMinutes()).toEqual([{ shifts: 3, minutes: 450 + 280 + 110 }]);
    await publishEdit(100, {
      auditId: 'a3',
      entryUuid: 'b3',
      at: T0 + 1400 * MIN,
      reason: 'longer meal',
      changes: [{ field: 'punch_out', from: null, to: new Date(T0 + 1270 * MIN).toISOString() }],
    });
    expect(await workedMinutes()).toEqual([{ shifts: 3, minutes: 450 + 280 + 80 }]);
  });

  it('finds a break by any key its venue names, keeps its paid unless told, and follows its type', async () => {
    // s4: 2 hours with a paid 15-minute rest whose break-start named the venue's local key.
    await punch('s4', 'shift-start', 1500);
    await punch('s4', 'break-start', 1530, 'paid_break', 'local:b4');
    await punch('s4', 'break-end', 1545, undefined, 'b4');
    await punch('s4', 'shift-end', 1620);
    const before = 450 + 280 + 80;
    expect(await workedMinutes()).toEqual([{ shifts: 4, minutes: before + 120 }]);
    const edit = (auditId: string, seq: number, fields: Partial<GroupEdit>) =>
      publishEdit(seq, {
        auditId,
        entryUuid: 'b4',
        entryKeys: ['local:b4', 'punch:p-b4'],
        at: T0 + 1700 * MIN,
        reason: 'fixed',
        ...fields,
      });
    // With its entry and no paid (as an earlier release sends it): moved, still paid, not added again.
    const entry = { kind: 'break' as const, shiftUuid: 's4', userId: 'u1', name: 'Sam Server' };
    await edit('a4', 101, { entry: { ...entry, punchIn: T0 + 1530 * MIN, punchOut: T0 + 1550 * MIN } });
    expect(await workedMinutes()).toEqual([{ shifts: 4, minutes: before + 120 }]);
    const breaks = await store.query("select break_key from office_breaks where shift_key = 's4'");
    expect(breaks).toEqual([{ break_key: 'local:b4' }]);
    // From the audit log alone: its type changed to unpaid, so its 20 minutes are taken off.
    await edit('a5', 102, { changes: [{ field: 'time_punch_type', from: 'paid_break', to: 'unpaid_break' }] });
    expect(await workedMinutes()).toEqual([{ shifts: 4, minutes: before + 100 }]);
    // With its entry saying paid.
    await edit('a6', 103, { entry: { ...entry, punchIn: T0 + 1530 * MIN, punchOut: T0 + 1550 * MIN, paid: true } });
    expect(await workedMinutes()).toEqual([{ shifts: 4, minutes: before + 120 }]);
  });

  it('finds a shift by any key its venue names, and keeps an edit it cannot place until its punches', async () => {
    const before = 450 + 280 + 80 + 120;
    const shift = (punchIn: number, punchOut: number) => ({
      kind: 'shift' as const,
      shiftUuid: null,
      userId: 'u1',
      name: 'Sam Server',
      punchIn: T0 + punchIn * MIN,
      punchOut: T0 + punchOut * MIN,
    });
    const refusals = () =>
      store.query('select audit_id, kind from office_edit_refusals where not placed order by audit_id');
    // s5: an hour heard under the venue's local key only.
    await punch('local:s5', 'shift-start', 1700);
    await punch('local:s5', 'shift-end', 1760);
    expect(await workedMinutes()).toEqual([{ shifts: 5, minutes: before + 60 }]);
    // An earlier release's edit names its uuid alone: refused, no second shift counted.
    const base = { entryUuid: 'u5', at: T0 + 1800 * MIN, reason: 'stayed' };
    await publishEdit(104, { ...base, auditId: 'a7', entry: shift(1700, 1790) });
    expect(await workedMinutes()).toEqual([{ shifts: 5, minutes: before + 60 }]);
    expect(await refusals()).toEqual([{ audit_id: 'a7', kind: 'shift-not-found' }]);
    // Naming its local key too, it is found: an hour and a half.
    await publishEdit(105, { ...base, auditId: 'a8', entryKeys: ['local:s5'], entry: shift(1700, 1790) });
    expect(await workedMinutes()).toEqual([{ shifts: 5, minutes: before + 90 }]);
    // The edit refused before it is behind this one now.
    expect(await refusals()).toEqual([]);
    // A new unpaid break goes to its shift by any of the shift's keys: 10 minutes off.
    const brk = { ...shift(1720, 1730), kind: 'break' as const, shiftUuid: 'u5', shiftKeys: ['local:s5'] };
    await publishEdit(106, { ...base, auditId: 'a9', entryUuid: 'b5', entry: { ...brk, paid: false } });
    expect(await workedMinutes()).toEqual([{ shifts: 5, minutes: before + 80 }]);

    // From the audit log alone, an entry the office has not heard of: refused, and shown.
    await publishEdit(107, {
      auditId: 'a10',
      entryUuid: 'u6',
      at: T0 + 2000 * MIN,
      reason: 'left later',
      changes: [{ field: 'punch_out', from: null, to: new Date(T0 + 1990 * MIN).toISOString() }],
    });
    // An earlier release's edit of a shift whose punches have not arrived.
    await publishEdit(108, {
      auditId: 'a11',
      entryUuid: 'u7',
      at: T0 + 2100 * MIN,
      reason: 'fixed',
      entry: shift(2000, 2060),
    });
    expect(await refusals()).toEqual([
      { audit_id: 'a10', kind: 'entry-not-found' },
      { audit_id: 'a11', kind: 'shift-not-found' },
    ]);
    const view = await officeView(store, { venues: [], day: null }, { applied: 0, lagMs: null });
    expect(view.problems.filter((p) => p.kind === 'edit').map((p) => p.refusal)).toEqual([
      'shift-not-found',
      'entry-not-found',
    ]);
    // Their punches arrive: each kept edit is placed, and a punch it corrected that lands after it
    // (u6's end, 50 minutes in) does not undo it.
    await punch('u6', 'shift-start', 1900);
    await punch('u6', 'shift-end', 1950);
    await punch('u7', 'shift-start', 2000);
    expect(await workedMinutes()).toEqual([{ shifts: 7, minutes: before + 80 + 90 + 60 }]);
    expect(await refusals()).toEqual([]);
  });

  it('replays the labor model when its tables are from the version that subtracted every break', async () => {
    const old = await openStore({ dir: dirs.make() });
    try {
      await old.exec(`
        create table office_applied (model text not null, venue_id text not null, msg_id text not null,
          primary key (model, venue_id, msg_id));
        create table office_checkpoint (consumer text primary key, seq bigint not null);
        create table office_shifts (venue_id text not null, shift_key text not null, user_id text not null,
          name text not null, role text, start_at bigint, end_at bigint, break_ms bigint not null default 0,
          break_since bigint, primary key (venue_id, shift_key));
        insert into office_shifts values ('north', 's1', 'u1', 'Sam', null, 0, 100, 10, null);
        insert into office_applied values ('labor', 'north', 'punch:p1'), ('tabs', 'north', 'ev:1');
        insert into office_checkpoint values ('labor:venue.*.labor.>', 7), ('tabs:venue.*.events.>', 9);`);
      await new ModelRunner(old, readModels()).prepare();
      const columns = await old.query<{ column_name: string }>(
        "select column_name from information_schema.columns where table_name = 'office_shifts'",
      );
      expect(columns.map((c) => c.column_name)).toContain('unpaid_break_ms');
      expect(await old.query('select * from office_shifts')).toEqual([]);
      expect(await old.query('select model from office_applied')).toEqual([{ model: 'tabs' }]);
      expect(await old.query('select consumer from office_checkpoint')).toEqual([
        { consumer: 'tabs:venue.*.events.>' },
      ]);
    } finally {
      await old.close();
    }
  });
});
