// The sandbox's /loc/{location}/labor/entries over real HTTP: every rule of spec 2.4 and part 4
// plus the choices documented in docs/service-assumptions.md, and the fault modes on these routes.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createControlClient } from '../../electron/sandbox/control-client';
import {
  DEMO_ACCESS_ID,
  DEMO_ACCESS_SECRET,
  SEED_LOCATIONS,
  SEED_ROLES,
  defaultReadings,
  startSandbox,
  type RunningSandbox,
} from '../../electron/sandbox';

const { harbour, garden, rooftop } = SEED_LOCATIONS;
const JORDAN = '2004'; // bartender at Harbour
const SAM = '2002'; // server at Harbour

interface Entry {
  time_entry_uuid: string;
  time_shift_id: string | null;
  time_punch_type: string;
  user_id: string;
  user_role: string;
  user_role_uuid: string;
  punch_in: string;
  punch_out: string | null;
  declared_tips: number | null;
  is_open: boolean;
  fiscal_day: string;
}

let sb: RunningSandbox;
let token = '';
const control = () => createControlClient(sb.baseUrl);

beforeAll(async () => {
  // This suite pins the sandbox's own wire shapes, so it always runs the default reading; the
  // other reading's shapes are covered in labor-readings.test.ts.
  sb = await startSandbox({ readings: defaultReadings });
});
afterAll(() => sb.close());
beforeEach(async () => {
  sb.world.reset();
  const res = await fetch(`${sb.baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'client_credentials',
      api_access_id: DEMO_ACCESS_ID,
      api_access_secret: DEMO_ACCESS_SECRET,
    }),
  });
  token = ((await res.json()) as { access_token: string }).access_token;
});

const url = (location: string, rest = '') => `${sb.baseUrl}/api/loc/${location}/labor/entries${rest}`;

async function call(method: string, target: string, body?: unknown, auth = true) {
  const res = await fetch(target, {
    method,
    headers: {
      ...(auth ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> & Entry };
}

const post = (body: unknown, location: string = harbour) => call('POST', url(location), body);
const patch = (uuid: string, body: unknown, location: string = harbour) =>
  call('PATCH', url(location, `/${uuid}`), body);
const list = async (query = '', location: string = harbour) => {
  const r = await call('GET', url(location, query));
  expect(r.status).toBe(200);
  return (r.body as unknown as { entries: Entry[] }).entries;
};

async function shift(
  userId = JORDAN,
  punchIn = '2025-03-01T21:00:00Z',
  extra: Record<string, unknown> = {},
): Promise<Entry> {
  const r = await post({
    time_punch_type: 'shift',
    user_role: userId === SAM ? 'server' : 'bartender',
    user_id: userId,
    punch_in: punchIn,
    ...extra,
  });
  expect(r.status).toBe(201);
  return r.body;
}

async function brk(s: Entry, punchIn: string, extra: Record<string, unknown> = {}): Promise<Entry> {
  const r = await post({
    time_punch_type: 'unpaid_break',
    user_role: s.user_role,
    user_id: s.user_id,
    punch_in: punchIn,
    time_shift_id: s.time_entry_uuid,
    ...extra,
  });
  expect(r.status).toBe(201);
  return r.body;
}

describe('access', () => {
  it('needs a bearer token and a location that authorised the integration', async () => {
    expect((await call('GET', url(harbour), undefined, false)).status).toBe(401);
    expect((await call('GET', url(rooftop))).status).toBe(403);
    expect(
      (await call('POST', url(rooftop), { time_punch_type: 'shift', user_role: 'host', user_id: '2003' })).status,
    ).toBe(403);
    expect((await call('GET', url(harbour, '/'))).status).toBe(404);
  });
});

describe('POST creates a shift', () => {
  it('names every missing required field', async () => {
    const r = await post({});
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('time_punch_type');
    expect(r.body.message).toContain('user_role');
    expect(r.body.message).toContain('user_id');
    const one = await post({ time_punch_type: 'shift', user_role: 'bartender' });
    expect(one.status).toBe(400);
    expect(one.body.message).toMatch(/user_id/);
    expect(one.body.message).not.toMatch(/user_role/);
  });

  it('defaults punch_in to the sandbox clock and stays open without punch_out', async () => {
    sb.world.clock.advanceMs(3_600_000);
    const before = sb.world.clock.nowMs();
    const r = await post({ time_punch_type: 'shift', user_role: 'bartender', user_id: JORDAN });
    expect(r.status).toBe(201);
    const at = Date.parse(r.body.punch_in);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThan(before + 5_000);
    expect(r.body).toMatchObject({
      punch_out: null,
      is_open: true,
      time_shift_id: null,
      user_role: 'bartender',
      user_role_uuid: SEED_ROLES.bartender,
      declared_tips: null,
    });
  });

  it('with punch_out the entry is closed; punch_out before punch_in is refused', async () => {
    const closed = await post({
      time_punch_type: 'shift',
      user_role: SEED_ROLES.server,
      user_id: SAM,
      punch_in: '2025-03-01T17:00:00Z',
      punch_out: '2025-03-01T23:00:00Z',
    });
    expect(closed.status).toBe(201);
    expect(closed.body).toMatchObject({ is_open: false, user_role: 'server', punch_out: '2025-03-01T23:00:00.000Z' });
    const backwards = await post({
      time_punch_type: 'shift',
      user_role: 'server',
      user_id: SAM,
      punch_in: '2025-03-01T17:00:00Z',
      punch_out: '2025-03-01T16:00:00Z',
    });
    expect(backwards.status).toBe(400);
  });

  it('refuses unknown fields, bad types, unknown roles and people who do not work here', async () => {
    const base = { time_punch_type: 'shift', user_role: 'bartender', user_id: JORDAN };
    expect((await post({ ...base, declared_tips: 100 })).status).toBe(400);
    expect((await post({ ...base, time_punch_type: 'lunch' })).status).toBe(400);
    expect((await post({ ...base, user_role: 'astronaut' })).status).toBe(400);
    expect((await post({ ...base, user_id: '2005' })).status).toBe(400); // Casey works at Garden
    expect((await post({ ...base, punch_in: '01/03/2025 21:00' })).status).toBe(400);
    expect((await post({ ...base, punch_in: 1740862800000 })).status).toBe(400);
    expect((await post({ ...base, time_punch_type: 'unpaid_break' })).status).toBe(400);
    const notJson = await fetch(url(harbour), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{',
    });
    expect(notJson.status).toBe(400);
    expect(await list()).toEqual([]);
  });
});

describe('POST with time_shift_id adds a break', () => {
  it('adds a break to an open shift', async () => {
    const s = await shift();
    const b = await brk(s, '2025-03-01T23:00:00Z');
    expect(b).toMatchObject({
      time_shift_id: s.time_entry_uuid,
      time_punch_type: 'unpaid_break',
      is_open: true,
      fiscal_day: s.fiscal_day,
    });
  });

  it('404 for a shift that does not exist (or is a break, or at another location); 400 for a closed one', async () => {
    const s = await shift();
    const body = {
      time_punch_type: 'unpaid_break',
      user_role: 'bartender',
      user_id: JORDAN,
      punch_in: '2025-03-01T22:00:00Z',
    };
    expect((await post({ ...body, time_shift_id: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    const b = await brk(s, '2025-03-01T22:00:00Z');
    expect((await post({ ...body, time_shift_id: b.time_entry_uuid })).status).toBe(404);
    const morgan = await post({ time_punch_type: 'shift', user_role: 'server', user_id: '2006' }, garden);
    expect((await post({ ...body, user_id: '2006', time_shift_id: morgan.body.time_entry_uuid })).status).toBe(404);

    expect((await patch(b.time_entry_uuid, { punch_out: '2025-03-01T22:15:00Z' })).status).toBe(200);
    expect((await patch(s.time_entry_uuid, { punch_out: '2025-03-02T02:00:00Z' })).status).toBe(200);
    const closed = await post({ ...body, time_shift_id: s.time_entry_uuid, punch_in: '2025-03-01T23:00:00Z' });
    expect(closed.status).toBe(400);
    expect(closed.body.error).toBe('shift_closed');
  });

  it('refuses a break before its shift, a shift type, or another person', async () => {
    const s = await shift();
    const body = {
      time_punch_type: 'unpaid_break',
      user_role: 'bartender',
      user_id: JORDAN,
      time_shift_id: s.time_entry_uuid,
    };
    expect((await post({ ...body, punch_in: '2025-03-01T20:00:00Z' })).status).toBe(400);
    expect((await post({ ...body, time_punch_type: 'shift', punch_in: '2025-03-01T22:00:00Z' })).status).toBe(400);
    expect((await post({ ...body, user_id: SAM, user_role: 'server', punch_in: '2025-03-01T22:00:00Z' })).status).toBe(
      400,
    );
  });
});

describe('GET one and PATCH', () => {
  it('returns one entry; unknown or other-location entries are 404', async () => {
    const s = await shift();
    const one = await call('GET', url(harbour, `/${s.time_entry_uuid}`));
    expect(one.status).toBe(200);
    expect(one.body).toEqual(s);
    expect((await call('GET', url(harbour, '/nope'))).status).toBe(404);
    expect((await call('GET', url(garden, `/${s.time_entry_uuid}`))).status).toBe(404);
    expect((await patch('nope', { punch_out: '2025-03-02T01:00:00Z' })).status).toBe(404);
  });

  it('updates exactly the five updatable fields', async () => {
    const s = await shift();
    const r = await patch(s.time_entry_uuid, {
      punch_in: '2025-03-01T20:30:00Z',
      punch_out: '2025-03-02T01:00:00+00:00',
      user_role_uuid: SEED_ROLES.server,
      time_punch_type: 'shift',
      declared_tips: 4250,
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      punch_in: '2025-03-01T20:30:00.000Z',
      punch_out: '2025-03-02T01:00:00.000Z',
      user_role: 'server',
      user_role_uuid: SEED_ROLES.server,
      declared_tips: 4250,
      is_open: false,
    });
    const again = await call('GET', url(harbour, `/${s.time_entry_uuid}`));
    expect(again.body.declared_tips).toBe(4250);
  });

  it('any other field, an empty body, bad values or punch_out before punch_in → 400, nothing changed', async () => {
    const s = await shift();
    for (const body of [
      { user_id: SAM },
      { user_role: 'server' },
      { time_shift_id: null },
      { punch_out: '2025-03-02T01:00:00Z', is_open: false },
      {},
      { punch_out: '2025-03-01T20:00:00Z' },
      { declared_tips: -1 },
      { declared_tips: 12.5 },
      { user_role_uuid: 'nope' },
      { time_punch_type: 'unpaid_break' },
      { punch_in: null },
    ]) {
      const r = await patch(s.time_entry_uuid, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call('GET', url(harbour, `/${s.time_entry_uuid}`))).body).toEqual(s);
  });

  it('a break can never end up outside its shift', async () => {
    const s = await shift();
    const b = await brk(s, '2025-03-01T23:00:00Z');
    // Closing the shift while the break is open would leave the break outside it.
    expect((await patch(s.time_entry_uuid, { punch_out: '2025-03-02T01:00:00Z' })).status).toBe(400);
    expect((await patch(b.time_entry_uuid, { punch_in: '2025-03-01T20:00:00Z' })).status).toBe(400);
    expect((await patch(b.time_entry_uuid, { declared_tips: 100 })).status).toBe(400);
    expect((await patch(b.time_entry_uuid, { time_punch_type: 'shift' })).status).toBe(400);
    expect(
      (await patch(b.time_entry_uuid, { time_punch_type: 'paid_break', punch_out: '2025-03-01T23:20:00Z' })).status,
    ).toBe(200);
    expect((await patch(s.time_entry_uuid, { punch_out: '2025-03-02T01:00:00Z' })).status).toBe(200);
    expect((await patch(b.time_entry_uuid, { punch_out: '2025-03-02T02:00:00Z' })).status).toBe(400);
    expect((await patch(b.time_entry_uuid, { punch_out: null })).status).toBe(400);
    expect((await patch(s.time_entry_uuid, { punch_in: '2025-03-01T23:10:00Z' })).status).toBe(400);
    expect((await patch(s.time_entry_uuid, { punch_out: '2025-03-01T23:10:00Z' })).status).toBe(400);
    const after = await call('GET', url(harbour, `/${b.time_entry_uuid}`));
    expect(after.body).toMatchObject({ time_punch_type: 'paid_break', punch_out: '2025-03-01T23:20:00.000Z' });
  });
});

describe('GET lists shifts and breaks', () => {
  async function seedMix() {
    const a = await shift(JORDAN, '2025-03-01T21:00:00Z');
    const ab = await brk(a, '2025-03-01T23:00:00Z');
    await patch(ab.time_entry_uuid, { punch_out: '2025-03-01T23:30:00Z' });
    await patch(a.time_entry_uuid, { punch_out: '2025-03-02T03:00:00Z' });
    const b = await shift(SAM, '2025-03-02T20:00:00Z');
    const bb = await brk(b, '2025-03-02T22:00:00Z');
    const c = await shift(JORDAN, '2025-03-03T07:30:00Z'); // 02:30 in New York: still the 2nd
    return { a, ab, b, bb, c };
  }

  it('filters by type, is_open, user_id and user_role (name or uuid)', async () => {
    const { a, ab, b, bb, c } = await seedMix();
    const ids = (entries: Entry[]) => entries.map((e) => e.time_entry_uuid).sort();
    expect(ids(await list())).toEqual(ids([a, ab, b, bb, c]));
    expect(ids(await list('?type=all'))).toHaveLength(5);
    expect(ids(await list('?type=shifts'))).toEqual(ids([a, b, c]));
    expect(ids(await list('?type=breaks'))).toEqual(ids([ab, bb]));
    expect(ids(await list('?is_open=true'))).toEqual(ids([b, bb, c]));
    expect(ids(await list('?is_open=false&type=shifts'))).toEqual(ids([a]));
    expect(ids(await list(`?user_id=${SAM}`))).toEqual(ids([b, bb]));
    expect(ids(await list('?user_role=server'))).toEqual(ids([b, bb]));
    expect(ids(await list(`?user_role=${SEED_ROLES.bartender}&type=shifts`))).toEqual(ids([a, c]));
  });

  it('files entries by fiscal day: the location’s local date, from 04:00; a break on its shift’s day', async () => {
    const { a, ab, b, bb, c } = await seedMix();
    expect(a.fiscal_day).toBe('2025-03-01');
    expect(c.fiscal_day).toBe('2025-03-02');
    const ids = (entries: Entry[]) => entries.map((e) => e.time_entry_uuid).sort();
    expect(ids(await list('?fiscal_day_start=2025-03-01&fiscal_day_end=2025-03-01'))).toEqual(ids([a, ab]));
    expect(ids(await list('?fiscal_day_start=2025-03-02'))).toEqual(ids([b, bb, c]));
    expect(ids(await list('?fiscal_day_end=2025-03-01'))).toEqual(ids([a, ab]));
  });

  it('sorts by created, punch_in or punch_out, either direction (open entries last), and limits', async () => {
    const { a, ab, b, bb, c } = await seedMix();
    const order = (entries: Entry[]) => entries.map((e) => e.time_entry_uuid);
    expect(order(await list())).toEqual(order([a, ab, b, bb, c]));
    expect(order(await list('?sort_by=created&sort_direction=desc'))).toEqual(order([c, bb, b, ab, a]));
    expect(order(await list('?sort_by=punch_in'))).toEqual(order([a, ab, b, bb, c]));
    expect(order(await list('?sort_by=punch_in&sort_direction=desc'))).toEqual(order([c, bb, b, ab, a]));
    expect(order(await list('?sort_by=punch_out'))).toEqual(order([ab, a, b, bb, c]));
    expect(order(await list('?sort_by=punch_out&sort_direction=desc'))).toEqual(order([a, ab, b, bb, c]));
    expect(order(await list('?limit=2'))).toEqual(order([a, ab]));
    const capped = await call('GET', url(harbour, '?limit=5000'));
    expect(capped.body.limit).toBe(1000);
    const dflt = await call('GET', url(harbour));
    expect(dflt.body.limit).toBe(100);
  });

  it('says which query parameter is wrong', async () => {
    for (const q of [
      '?type=everything',
      '?is_open=yes',
      '?fiscal_day_start=2025-3-1',
      '?fiscal_day_end=2025-02-30',
      '?limit=0',
      '?limit=ten',
      '?sort_by=name',
      '?sort_direction=up',
      '?fiscal_day_start=2025-03-02&fiscal_day_end=2025-03-01',
    ]) {
      const r = await call('GET', url(harbour, q));
      expect(r.status, q).toBe(400);
      expect(String(r.body.message), q).toMatch(/type|is_open|fiscal_day|limit|sort/);
    }
  });

  it('the control API lists every entry without a token, and clears them', async () => {
    await shift();
    const all = (await control().venue(),
    await fetch(`${sb.baseUrl}/_sandbox/labor/entries`).then((r) => r.json())) as { entries: Entry[] };
    expect(all.entries).toHaveLength(1);
    const cleared = await fetch(`${sb.baseUrl}/_sandbox/labor/entries`, { method: 'DELETE' }).then((r) => r.json());
    expect(cleared).toEqual({ cleared: 1 });
  });
});

describe('fault modes on the labor routes', () => {
  const route = 'POST /api/loc/:location/labor/entries';
  const body = { time_punch_type: 'shift', user_role: 'bartender', user_id: JORDAN, punch_in: '2025-03-01T21:00:00Z' };

  it('status500 answers 500 without creating anything', async () => {
    await control().addFault({ route, mode: 'status500' });
    expect((await post(body)).status).toBe(500);
    expect(await list()).toHaveLength(0);
  });

  it('reset drops the connection without creating anything', async () => {
    await control().addFault({ route, mode: 'reset' });
    await expect(post(body)).rejects.toThrow();
    expect(await list()).toHaveLength(0);
  });

  it('delay answers late, normally', async () => {
    await control().addFault({ route, mode: 'delay', delayMs: 300 });
    const started = performance.now();
    expect((await post(body)).status).toBe(201);
    expect(performance.now() - started).toBeGreaterThanOrEqual(280);
  });

  it('commit-lose-response creates the entry (POST) or applies the change (PATCH), and the client sees a failure', async () => {
    await control().addFault({ route, mode: 'commit-lose-response' });
    await expect(post(body)).rejects.toThrow();
    const [created] = await list();
    expect(created).toMatchObject({ user_id: JORDAN, punch_in: '2025-03-01T21:00:00.000Z' });

    await control().addFault({ route: 'PATCH /api/loc/:location/labor/entries/:entry', mode: 'commit-lose-response' });
    await expect(
      patch(created.time_entry_uuid, { punch_out: '2025-03-02T01:00:00Z', declared_tips: 900 }),
    ).rejects.toThrow();
    expect((await list())[0]).toMatchObject({ punch_out: '2025-03-02T01:00:00.000Z', declared_tips: 900 });
  });

  it('an outage (a catch-all reset fault) refuses everything but the control API until cleared', async () => {
    await control().addFault({ route: '/*', mode: 'reset', count: 'always' });
    await expect(post(body)).rejects.toThrow();
    await expect(fetch(`${sb.baseUrl}/oauth/token`, { method: 'POST' })).rejects.toThrow();
    expect((await fetch(`${sb.baseUrl}/_sandbox/labor/entries`)).status).toBe(200);
    await control().clearFaults();
    expect((await post(body)).status).toBe(201);
  });
});
