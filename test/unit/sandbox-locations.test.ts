// GET /api/loc and POST /api/loc/subscribe: which token sees which locations, all-or-nothing
// subscription, and the 400/403 answers.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createControlClient } from '../../electron/sandbox/control-client';
import {
  DEMO_ACCESS_ID,
  DEMO_ACCESS_SECRET,
  OTHER_ACCESS_ID,
  OTHER_ACCESS_SECRET,
  SEED_LOCATIONS,
  SEED_USERS,
  startSandbox,
  type RunningSandbox,
} from '../../electron/sandbox/index';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.close());
beforeEach(() => sb.world.reset());

const { harbour, garden, rooftop } = SEED_LOCATIONS;

interface Loc {
  uuid: string;
  id: string;
  name: string;
  timezone: string;
  featureFlags: { tab_pass_spend_limits: boolean };
  subscribed: boolean;
}

async function clientToken(accessId = DEMO_ACCESS_ID, secret = DEMO_ACCESS_SECRET): Promise<string> {
  const res = await fetch(`${sb.baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', api_access_id: accessId, api_access_secret: secret }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function userToken(userId: string): Promise<string> {
  const { code } = await createControlClient(sb.baseUrl).mintCode(DEMO_ACCESS_ID, userId);
  const res = await fetch(`${sb.baseUrl}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'authorization_code',
      code,
      api_access_id: DEMO_ACCESS_ID,
      api_access_secret: DEMO_ACCESS_SECRET,
    }),
  });
  return ((await res.json()) as { token: string }).token;
}

async function list(token: string): Promise<Loc[]> {
  const res = await fetch(`${sb.baseUrl}/api/loc`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { locations: Loc[] }).locations;
}

async function subscribe(token: string, body: unknown, raw?: string) {
  const res = await fetch(`${sb.baseUrl}/api/loc/subscribe`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: raw ?? JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { error?: string; subscribed?: string[] } };
}

describe('GET /api/loc', () => {
  it('client token: the locations that authorised the integration, in the documented shape', async () => {
    const locs = await list(await clientToken());
    expect(locs).toEqual([
      {
        uuid: harbour,
        id: '4101',
        name: 'Harbour Bar & Kitchen',
        timezone: 'America/New_York',
        featureFlags: { tab_pass_spend_limits: true },
        subscribed: false,
      },
      {
        uuid: garden,
        id: '4102',
        name: 'Garden Terrace',
        timezone: 'America/New_York',
        featureFlags: { tab_pass_spend_limits: false },
        subscribed: false,
      },
    ]);
  });

  it('user tokens: only what the user can access AND that authorised the integration', async () => {
    expect((await list(await userToken(SEED_USERS.alex))).map((l) => l.uuid)).toEqual([harbour, garden]); // rooftop not authorised
    expect((await list(await userToken(SEED_USERS.sam))).map((l) => l.uuid)).toEqual([harbour]);
    expect(await list(await userToken(SEED_USERS.riley))).toEqual([]);
  });

  it('another integration sees its own authorisations', async () => {
    const locs = await list(await clientToken(OTHER_ACCESS_ID, OTHER_ACCESS_SECRET));
    expect(locs.map((l) => l.uuid)).toEqual([harbour, rooftop]);
  });
});

describe('POST /api/loc/subscribe', () => {
  it('subscribes and /api/loc reports it, per integration', async () => {
    const token = await clientToken();
    const res = await subscribe(token, { location_uuids: [garden, garden] });
    expect(res).toEqual({ status: 200, body: { subscribed: [garden] } });
    const locs = await list(token);
    expect(locs.find((l) => l.uuid === garden)?.subscribed).toBe(true);
    expect(locs.find((l) => l.uuid === harbour)?.subscribed).toBe(false);
    const other = await list(await clientToken(OTHER_ACCESS_ID, OTHER_ACCESS_SECRET));
    expect(other.every((l) => !l.subscribed)).toBe(true);
  });

  it('a location that did not authorise the integration → 403 and NONE subscribed', async () => {
    const token = await clientToken();
    const res = await subscribe(token, { location_uuids: [harbour, rooftop] });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('location_forbidden');
    expect((await list(token)).map((l) => l.subscribed)).toEqual([false, false]);
  });

  it('a user token cannot subscribe a location outside the user’s access, even if authorised', async () => {
    const sam = await userToken(SEED_USERS.sam);
    expect((await subscribe(sam, { location_uuids: [harbour, garden] })).status).toBe(403);
    expect((await list(await clientToken())).map((l) => l.subscribed)).toEqual([false, false]);
    expect((await subscribe(sam, { location_uuids: [harbour] })).status).toBe(200);
    expect((await list(await clientToken())).map((l) => l.subscribed)).toEqual([true, false]);
  });

  it('an unknown location uuid → 403 (existence is not revealed)', async () => {
    expect(
      (await subscribe(await clientToken(), { location_uuids: ['00000000-0000-4000-8000-000000000000'] })).status,
    ).toBe(403);
  });

  it.each([
    ['no location_uuids', {}],
    ['an empty array', { location_uuids: [] }],
    ['a string instead of an array', { location_uuids: harbour }],
    ['a non-string entry', { location_uuids: [harbour, 7] }],
  ])('400 on %s', async (_name, body) => {
    const res = await subscribe(await clientToken(), body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_body');
  });

  it('400 on a body that is not JSON', async () => {
    const res = await subscribe(await clientToken(), null, 'location_uuids=abc');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_json');
  });

  it('authentication comes before body validation', async () => {
    const res = await fetch(`${sb.baseUrl}/api/loc/subscribe`, { method: 'POST', body: 'junk' });
    expect(res.status).toBe(401);
  });
});

describe('routing', () => {
  it('unknown route → 404 in the error shape', async () => {
    const res = await fetch(`${sb.baseUrl}/api/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found', message: 'No route GET /api/nope.' });
  });

  it('wrong method → 405 with Allow', async () => {
    const res = await fetch(`${sb.baseUrl}/api/loc`, { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
    expect(((await res.json()) as { error: string }).error).toBe('method_not_allowed');
  });

  it('a trailing slash is a different (unknown) route', async () => {
    expect((await fetch(`${sb.baseUrl}/api/loc/`)).status).toBe(404);
  });
});
