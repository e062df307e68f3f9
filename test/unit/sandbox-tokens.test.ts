// Token lifetime on REST routes: refresh, expiry on the sandbox clock, revocation, and the
// 401-vs-403 split of spec parts 5 and 7.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createControlClient } from '../../electron/sandbox/control-client';
import {
  defaultReadings,
  DEMO_ACCESS_ID,
  DEMO_ACCESS_SECRET,
  SEED_USERS,
  startSandbox,
  type RunningSandbox,
} from '../../electron/sandbox/index';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.close());
// Readings survive reset(); these tests pin the ones they check.
beforeEach(() => {
  sb.world.reset();
  sb.world.readings = { ...defaultReadings };
});

const creds = { api_access_id: DEMO_ACCESS_ID, api_access_secret: DEMO_ACCESS_SECRET };
const control = () => createControlClient(sb.baseUrl);

async function post(path: string, body: unknown) {
  const res = await fetch(`${sb.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string & number> };
}

async function clientToken(): Promise<string> {
  return (await post('/oauth/token', { grant_type: 'client_credentials', ...creds })).body.access_token;
}

async function userTokens(userId: string = SEED_USERS.alex) {
  const { code } = await control().mintCode(DEMO_ACCESS_ID, userId);
  const res = await post('/api/oauth/token', { grant_type: 'authorization_code', code, ...creds });
  expect(res.status).toBe(200);
  return res.body as unknown as { token: string; refreshToken: string; initiated: number; expires: number };
}

async function listWith(authorization?: string) {
  const res = await fetch(`${sb.baseUrl}/api/loc`, { headers: authorization === undefined ? {} : { authorization } });
  return { status: res.status, body: (await res.json()) as { error?: string; message?: string }, headers: res.headers };
}

describe('refresh exchange', () => {
  it('gives a new token with the same refreshToken, both tokens usable', async () => {
    const first = await userTokens();
    sb.world.clock.advanceMs(3_600_000);
    const res = await post('/api/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: first.refreshToken,
      ...creds,
    });
    expect(res.status).toBe(200);
    expect(res.body.tokenType).toBe('Bearer');
    expect(res.body.token).not.toBe(first.token);
    expect(res.body.refreshToken).toBe(first.refreshToken);
    expect(res.body.initiated).toBeGreaterThanOrEqual(first.initiated + 3600);
    expect(res.body.expires).toBe(res.body.initiated + 86400);
    expect((await listWith(`Bearer ${res.body.token}`)).status).toBe(200);
    expect((await listWith(`Bearer ${first.token}`)).status).toBe(200);
  });

  it('reads the refresh token from the field its reading names (refresh_token, or refreshToken in the other)', async () => {
    const first = await userTokens();
    const camel = await post('/api/oauth/token', {
      grant_type: 'refresh_token',
      refreshToken: first.refreshToken,
      ...creds,
    });
    expect(camel.status).toBe(400);
    sb.world.readings = { ...sb.world.readings, refreshField: 'refreshToken' };
    const res = await post('/api/oauth/token', {
      grant_type: 'refresh_token',
      refreshToken: first.refreshToken,
      ...creds,
    });
    expect(res.status).toBe(200);
  });

  it('rotates refresh tokens when its reading says so: the old one is spent, the answer carries the next', async () => {
    sb.world.readings = { ...sb.world.readings, refreshRotates: true };
    const first = await userTokens();
    const res = await post('/api/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: first.refreshToken,
      ...creds,
    });
    expect(res.status).toBe(200);
    expect(res.body.refreshToken).not.toBe(first.refreshToken);
    const again = await post('/api/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: first.refreshToken,
      ...creds,
    });
    expect(again.status).toBe(400);
    const next = await post('/api/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: res.body.refreshToken,
      ...creds,
    });
    expect(next.status).toBe(200);
  });

  it('the refresh token does not expire with the clock', async () => {
    const first = await userTokens();
    sb.world.clock.advanceMs(400 * 86_400_000);
    expect((await listWith(`Bearer ${first.token}`)).status).toBe(401);
    const res = await post('/api/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: first.refreshToken,
      ...creds,
    });
    expect(res.status).toBe(200);
    expect((await listWith(`Bearer ${res.body.token}`)).status).toBe(200);
  });

  it('a revoked refresh token → 400 invalid_grant, and its access tokens → 401', async () => {
    const first = await userTokens();
    expect(await control().revokeTokens({ refreshToken: first.refreshToken })).toEqual({ revoked: 2 });
    const res = await post('/api/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: first.refreshToken,
      ...creds,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_grant');
    expect((await listWith(`Bearer ${first.token}`)).status).toBe(401);
  });
});

describe('401 vs 403 on REST routes', () => {
  it('missing Authorization → 401 missing_token with WWW-Authenticate', async () => {
    const res = await listWith();
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('missing_token');
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('a client token expires after 86400 s of sandbox clock → 401 token_expired', async () => {
    const token = await clientToken();
    sb.world.clock.advanceMs(86_399_000);
    expect((await listWith(`Bearer ${token}`)).status).toBe(200);
    await control().advanceClock(2);
    const res = await listWith(`Bearer ${token}`);
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('token_expired');
  });

  it('a user token expires after 86401 s too', async () => {
    const { token } = await userTokens();
    await control().advanceClock(86_401);
    expect((await listWith(`Bearer ${token}`)).status).toBe(401);
  });

  it('a revoked token → 401 token_revoked; other tokens keep working', async () => {
    const a = await clientToken();
    const b = await clientToken();
    expect(await control().revokeTokens({ token: a })).toEqual({ revoked: 1 });
    expect(await control().revokeTokens({ token: a })).toEqual({ revoked: 0 });
    const res = await listWith(`Bearer ${a}`);
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('token_revoked');
    expect((await listWith(`Bearer ${b}`)).status).toBe(200);
  });

  it('revoke all', async () => {
    const a = await clientToken();
    const u = await userTokens();
    expect((await control().revokeTokens({ all: true })).revoked).toBe(3);
    expect((await listWith(`Bearer ${a}`)).status).toBe(401);
    expect((await listWith(`Bearer ${u.token}`)).status).toBe(401);
  });

  it.each([
    ['a garbage token', 'Bearer not-a-real-token'],
    ['a refresh token used as access token', 'REFRESH'],
    ['a non-Bearer scheme', 'Basic dXNlcjpwYXNz'],
    ['an empty Bearer', 'Bearer '],
  ])('%s → 403 invalid_token', async (_name, header) => {
    let authorization = header;
    if (header === 'REFRESH') authorization = `Bearer ${(await userTokens()).refreshToken}`;
    const res = await listWith(authorization);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('invalid_token');
  });

  it('the Bearer scheme is case-insensitive', async () => {
    expect((await listWith(`bearer ${await clientToken()}`)).status).toBe(200);
  });

  it('after reset a token is unknown (403); reset with keepTokens keeps it', async () => {
    const kept = await clientToken();
    await control().reset({ keepTokens: true });
    expect((await listWith(`Bearer ${kept}`)).status).toBe(200);
    await control().reset();
    expect((await listWith(`Bearer ${kept}`)).status).toBe(403);
  });
});
