// Head office counts each venue's rows by that venue's business day: in the zone the venue counts
// in, from its day-start hour, as its heartbeat says them. A tab closed at 23:30 in New York counts
// on that day, not the next UTC day; a shift that starts at 02:00 with a 04:00 day start counts on
// the day before. A venue that has not said its zone (an earlier release) has UTC days, and the
// page is told so; once it says one, its rows already stored are dated again. Real parts: a hub
// core on the practice venue joined to the group, its webhook receiver fed signed deliveries,
// head office's nats-server and read models on PGlite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningOffice } from '../../electron/office/office';
import { openStore } from '../../electron/office/office-store';
import { ModelRunner } from '../../electron/office/model-runner';
import { readModels } from '../../electron/office/models';
import { businessDaySql } from '../../electron/office/models/read-model';
import { refundMessage } from '../../electron/core/group/log-messages';
import { saveGroupJoin } from '../../electron/core/group/group-join';
import { officeView } from '../../electron/office/office-views';
import { addDays, fiscalDayOf } from '../../shared/labor-calc';
import type { GroupStatus } from '../../shared/group';
import { tempDirs } from '../support';
import { startCore, type TestCore } from './tabs-kit';
import { eventually, groupSetup, startTestOffice, view } from './group-kit';
import { HARBOUR } from './labor-test-constants';
import { deliver, SAMPLES, SECRET } from './webhook-fixtures';

const dirs = tempDirs('venue-office-day-');
const NY = 'America/New_York';
const MIN = 60_000;
let office: RunningOffice;
let hub: TestCore;

/** The latest moment before now that is `hh:mm` on New York's clock. */
function lastNewYork(hh: number, mm: number): number {
  const wall = (ms: number) => {
    const p = new Intl.DateTimeFormat('en-US', { timeZone: NY, hour: 'numeric', minute: 'numeric', hourCycle: 'h23' })
      .formatToParts(ms)
      .reduce<Record<string, number>>((o, x) => ({ ...o, [x.type]: Number(x.value) }), {});
    return p.hour * 60 + p.minute;
  };
  let at = Math.floor(Date.now() / MIN) * MIN - MIN;
  while (wall(at) !== hh * 60 + mm) at -= MIN;
  return at;
}

const event = (type: 'OPEN_TAB' | 'CLOSE_TAB' | 'ORDER_PLACED', targetUuid: string, at: number, data = {}) => ({
  type,
  targetUuid,
  locationUuid: HARBOUR.uuid,
  locationName: HARBOUR.name,
  locationId: '101',
  createdAt: new Date(at).toISOString(),
  data: { ...SAMPLES[type].data, ...data },
});

beforeAll(async () => {
  const officeDir = dirs.make();
  const [venue] = await groupSetup(officeDir, 1, ['north']);
  office = await startTestOffice(officeDir);
  const dataDir = dirs.make();
  saveGroupJoin(dataDir, venue.joinText);
  // The receiver checks deliveries against this secret, so the test signs them as the service would.
  hub = await startCore({
    dataDir,
    // Its heartbeat is a minute apart: the zone is said as soon as the location is chosen.
    group: { statusEveryMs: 60_000 },
    labor: { scryptN: 1024, boardRefreshMs: 0 },
    webhook: { secret: SECRET },
  });
  await hub.core.handlers.laborSetLocation(null, HARBOUR);
  // Its heartbeat says the venue's zone and the hour its day starts (the practice venue's 4 a.m.).
  await eventually(async () => {
    const north = (await view(office)).venues.find((v) => v.venueId === 'north');
    expect(north).toMatchObject({ timezone: NY, dayStartHour: 4 });
  }, 40_000);
}, 90_000);

afterAll(async () => {
  await hub?.stop();
  await office?.stop();
  dirs.removeAll();
});

describe("a venue's business day at head office", () => {
  it('counts a tab closed at 23:30 in New York on that business day, not the next UTC day', async () => {
    const closedAt = lastNewYork(23, 30);
    const day = fiscalDayOf(closedAt, NY, 4);
    const utcDay = new Date(closedAt).toISOString().slice(0, 10);
    expect(utcDay).toBe(addDays(day, 1));
    const url = hub.core.webhooks.status().url!;
    const tab = 'tab-late-1';
    for (const e of [
      event('OPEN_TAB', tab, closedAt - 60 * MIN),
      event('ORDER_PLACED', 'order-late-1', closedAt - 50 * MIN, {
        tabUuid: tab,
        created: new Date(closedAt - 50 * MIN).toISOString(),
      }),
      event('CLOSE_TAB', tab, closedAt),
    ])
      expect((await deliver(url, e, SECRET)).status).toBe(200);
    await eventually(async () => {
      const [north] = (await view(office, ['north'], day)).takings;
      expect(north.closedTabs).toBe(1);
      expect(north.takings).toBeGreaterThan(0);
      expect(north.events).toBe(3);
    }, 10_000);
    const [nextUtc] = (await view(office, ['north'], utcDay)).takings;
    expect(nextUtc).toMatchObject({ closedTabs: 0, takings: 0, events: 0 });
  }, 60_000);

  it('counts a shift that starts at 02:00 with a 04:00 day start on the day before', async () => {
    const start = lastNewYork(2, 0);
    const day = fiscalDayOf(start, NY, 4);
    expect(day).toBe(addDays(new Date(start).toISOString().slice(0, 10), -1));
    const labor = hub.core.labor;
    labor.capture('2004', { action: 'punch-in' }, start);
    labor.capture('2004', { action: 'punch-out', declaredTipsCents: 0 }, start + 90 * MIN);
    await eventually(async () => {
      const hours = (await view(office, ['north'], day)).hours;
      expect(hours.map((h) => [h.name, h.workedMs])).toEqual([['Jordan Bartender', 90 * MIN]]);
    }, 30_000);
    expect((await view(office, ['north'], addDays(day, 1))).hours).toEqual([]);
    // The payroll file for that day is the same table.
    const csv = await (await fetch(`${office.url}/api/payroll.csv?day=${day}`)).text();
    expect(csv).toContain('Jordan Bartender,2004,Venue NORTH,1,1.50');
  }, 60_000);
});

describe('a venue that has not said its zone', () => {
  it('has UTC days until its heartbeat says one, then its stored rows are dated again', async () => {
    const store = await openStore({ dir: dirs.make() });
    try {
      const models = readModels();
      await new ModelRunner(store, models).prepare();
      // As the runner applies a message: by the model whose filter takes its subject.
      const takes = (filter: string, subject: string) =>
        new RegExp(`^${filter.replaceAll('.', '\\.').replaceAll('*', '[^.]+').replace('>', '.+')}$`).test(subject);
      const apply = async (kind: string, msgId: string, payload: unknown) =>
        store.transaction(async (tx) => {
          const model = models.find((m) => m.filters.some((f) => takes(f, `venue.south.${kind}`)))!;
          await model.apply(tx, { venueId: 'south', kind, msgId, seq: 1, payload, heardAt: null });
        });
      const status = (at: number, businessDay?: GroupStatus['businessDay']): GroupStatus => ({
        at,
        venueName: 'South',
        punchesWaiting: 0,
        punchesFailed: 0,
        webhooks: { verified: 0, unsigned: 0, rejected: 0, duplicates: 0 },
        listener: 'listening',
        ...(businessDay ? { businessDay } : {}),
      });
      const at = lastNewYork(23, 30);
      const day = fiscalDayOf(at, NY, 4);
      const utcDay = addDays(day, 1);
      // An earlier release's heartbeat and a refund at 23:30 in New York.
      await apply('status', 'status:1', status(at - 60 * MIN));
      const asked = { tabUuid: 't1', requestId: 'r1', paymentId: 'p1', amount: 500, items: 0, reason: null };
      const outcome = { ok: true as const, refundPaymentId: 'rp1', amount: 500, refundType: null };
      const refund = refundMessage('south', { ...asked, approvedBy: null }, outcome, at);
      await apply('tabs.refund', refund.msgId, refund.payload);
      const south = async (d: string) => officeView(store, { venues: ['south'], day: d }, { applied: 0, lagMs: null });
      expect((await south(utcDay)).venues).toEqual([
        { venueId: 'south', venueName: 'South', timezone: null, dayStartHour: null },
      ]);
      expect((await south(utcDay)).refunds).toHaveLength(1);
      // Its heartbeat now says New York from 4 a.m.: the refund already stored moves to its day.
      await apply('status', 'status:2', status(at, { timezone: NY, startHour: 4 }));
      expect((await south(day)).refunds).toHaveLength(1);
      expect((await south(utcDay)).refunds).toHaveLength(0);
      expect((await south(day)).venues[0]).toMatchObject({ timezone: NY, dayStartHour: 4 });
      // An older heartbeat heard late, and one without the field, change nothing.
      await apply('status', 'status:3', status(at - 30 * MIN, { timezone: 'UTC', startHour: 0 }));
      await apply('status', 'status:4', status(at + MIN));
      expect((await south(day)).refunds).toHaveLength(1);
    } finally {
      await store.close();
    }
  });
});

describe('an office store from before business days', () => {
  it('keeps its events and checkpoints, gives each event its moment, and dates them once the zone is said', async () => {
    const store = await openStore({ dir: dirs.make() });
    try {
      const at = lastNewYork(23, 30);
      const utcDay = new Date(at).toISOString().slice(0, 10);
      const created = new Date(at).toISOString();
      const payload = JSON.stringify({ type: 'CLOSE_TAB', createdAt: created, receivedAt: at + 5 });
      // The tabs tables as version 1 made them, with a closed tab, its event and checkpoint.
      await store.exec(`
        create table office_applied (model text not null, venue_id text not null, msg_id text not null,
          primary key (model, venue_id, msg_id));
        create table office_checkpoint (consumer text primary key, seq bigint not null);
        create table office_model (model text primary key, version int not null);
        create table office_events (venue_id text not null, msg_id text not null, seq bigint not null,
          type text not null, created_at text not null, day text not null, location_uuid text,
          payload jsonb not null, primary key (venue_id, msg_id));
        create table office_tabs (venue_id text not null, tab_uuid text not null, name text, location_uuid text,
          opened_at bigint, closed_at bigint, closed_day text, total double precision not null,
          refunded double precision not null, primary key (venue_id, tab_uuid));
        insert into office_model values ('tabs', 1);
        insert into office_applied values ('tabs', 'north', 'ev:1'), ('tabs', 'north', 'ev:2');
        insert into office_checkpoint values ('tabs:venue.*.events.>', 9);
        insert into office_tabs values ('north', 't1', 'Ana', null, ${at - 60 * MIN}, ${at}, '${utcDay}', 1200, 0);`);
      await store.query('insert into office_events values ($1, $2, $3, $4, $5, $6, $7, $8)', [
        'north',
        'ev:1',
        1,
        'CLOSE_TAB',
        created,
        utcDay,
        null,
        payload,
      ]);
      await store.query('insert into office_events values ($1, $2, $3, $4, $5, $6, $7, $8)', [
        'north',
        'ev:2',
        2,
        'OPEN_TAB',
        'not a time',
        utcDay,
        null,
        payload,
      ]);
      const models = readModels();
      const lines: string[] = [];
      await new ModelRunner(store, models, (line) => lines.push(line)).prepare();
      expect(lines).toEqual(['office: tabs changed (version 1 to 2): its tables were migrated']);
      expect(await store.query('select msg_id, at, day from office_events order by msg_id')).toEqual([
        { msg_id: 'ev:1', at, day: utcDay },
        { msg_id: 'ev:2', at: at + 5, day: utcDay },
      ]);
      expect(await store.query("select version from office_model where model = 'tabs'")).toEqual([{ version: 2 }]);
      expect(await store.query('select count(*)::int as n from office_applied')).toEqual([{ n: 2 }]);
      expect(await store.query('select seq from office_checkpoint')).toEqual([{ seq: 9 }]);
      // The venue's heartbeat says its zone: the stored event and tab move to its business day.
      const venues = models.find((m) => m.name === 'venues')!;
      const status: GroupStatus = {
        at,
        venueName: 'North',
        punchesWaiting: 0,
        punchesFailed: 0,
        webhooks: { verified: 0, unsigned: 0, rejected: 0, duplicates: 0 },
        listener: 'listening',
        businessDay: { timezone: NY, startHour: 4 },
      };
      await store.transaction((tx) =>
        venues.apply(tx, { venueId: 'north', kind: 'status', msgId: 's', seq: 10, payload: status, heardAt: null }),
      );
      const day = fiscalDayOf(at, NY, 4);
      expect(await store.query("select day from office_events where msg_id = 'ev:1'")).toEqual([{ day }]);
      expect(await store.query('select closed_day from office_tabs')).toEqual([{ closed_day: day }]);
    } finally {
      await store.close();
    }
  });

  it('dates a moment as the venue does, across daylight-saving changes and half-hour zones', async () => {
    const store = await openStore({ dir: dirs.make() });
    try {
      await new ModelRunner(store, readModels()).prepare();
      for (const [timezone, startHour] of [
        [NY, 4],
        ['Australia/Lord_Howe', 5],
        ['Asia/Kolkata', 0],
      ] as const) {
        await store.query(
          `insert into office_venue_days values ('v', $1, $2, 0)
           on conflict (venue_id) do update set timezone = $1, start_hour = $2`,
          [timezone, startHour],
        );
        // Every 30 minutes through the weeks around both of 2026's changes of the clocks.
        const moments: number[] = [];
        for (const from of [Date.UTC(2026, 2, 5), Date.UTC(2026, 3, 1), Date.UTC(2026, 9, 1), Date.UTC(2026, 9, 29)])
          for (let at = from; at < from + 8 * 24 * 60 * MIN; at += 30 * MIN) moments.push(at);
        const rows = await store.query<{ at: string; day: string }>(
          `select m.at, ${businessDaySql('m.at', "'v'")} as day from unnest($1::bigint[]) as m(at)`,
          [moments],
        );
        expect(rows.filter((r) => r.day !== fiscalDayOf(Number(r.at), timezone, startHour))).toEqual([]);
      }
    } finally {
      await store.close();
    }
  });
});
