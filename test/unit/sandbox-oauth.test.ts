// Token endpoints of the sandbox over real HTTP: client credentials (2.1), auth-code exchange and
// refresh (2.2), and every 400.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createControlClient } from '../../electron/sandbox/control-client';
import {
  DEMO_ACCESS_ID,
  DEMO_ACCESS_SECRET,
  OTHER_ACCESS_ID,
  OTHER_ACCESS_SECRET,
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

const postJson = (path: string, body: unknown) =>
  fetch(`${sb.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const creds = { api_access_id: DEMO_ACCESS_ID, api_access_secret: DEMO_ACCESS_SECRET };

async function expect400(res: Response, error: string) {
  expect(res.status).toBe(400);
  const body = (await res.json()) as { error: string; message: string };
  expect(body.error).toBe(error);
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
}

describe('POST /oauth/token (client credentials)', () => {
  it('issues a Bearer token for 86400 s (JSON body)', async () => {
    const res = await postJson('/oauth/token', { grant_type: 'client_credentials', ...creds });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'token_type']);
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBe(86400);
    expect(typeof body.access_token).toBe('string');
    const loc = await fetch(`${sb.baseUrl}/api/loc`, { headers: { authorization: `Bearer ${body.access_token}` } });
    expect(loc.status).toBe(200);
  });

  it('accepts a form-encoded body too', async () => {
    const res = await fetch(`${sb.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', ...creds }).toString(),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { token_type: string }).token_type).toBe('Bearer');
  });

  it('gives a different token on every call (no refresh step: ask again)', async () => {
    const a = (await (await postJson('/oauth/token', { grant_type: 'client_credentials', ...creds })).json()) as {
      access_token: string;
    };
    const b = (await (await postJson('/oauth/token', { grant_type: 'client_credentials', ...creds })).json()) as {
      access_token: string;
    };
    expect(a.access_token).not.toBe(b.access_token);
  });

  it.each([
    ['missing grant_type', { ...creds }, 'invalid_request'],
    ['unknown grant_type', { grant_type: 'password', ...creds }, 'unsupported_grant_type'],
    [
      'authorization_code is not served here',
      { grant_type: 'authorization_code', code: 'x', ...creds },
      'unsupported_grant_type',
    ],
    [
      'missing api_access_id',
      { grant_type: 'client_credentials', api_access_secret: DEMO_ACCESS_SECRET },
      'invalid_request',
    ],
    [
      'missing api_access_secret',
      { grant_type: 'client_credentials', api_access_id: DEMO_ACCESS_ID },
      'invalid_request',
    ],
    [
      'non-string api_access_id',
      { grant_type: 'client_credentials', api_access_id: 42, api_access_secret: 'x' },
      'invalid_request',
    ],
    [
      'empty api_access_secret',
      { grant_type: 'client_credentials', api_access_id: DEMO_ACCESS_ID, api_access_secret: '' },
      'invalid_request',
    ],
    [
      'wrong secret',
      { grant_type: 'client_credentials', api_access_id: DEMO_ACCESS_ID, api_access_secret: 'nope' },
      'invalid_client',
    ],
    [
      'unknown access id',
      { grant_type: 'client_credentials', api_access_id: 'ghost', api_access_secret: 'x' },
      'invalid_client',
    ],
    [
      "another integration's secret",
      { grant_type: 'client_credentials', api_access_id: DEMO_ACCESS_ID, api_access_secret: OTHER_ACCESS_SECRET },
      'invalid_client',
    ],
  ])('400 on %s', async (_name, body, error) => {
    await expect400(await postJson('/oauth/token', body), error);
  });

  it('400 on a body that is not JSON', async () => {
    const res = await fetch(`${sb.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{nope',
    });
    await expect400(res, 'invalid_request');
  });

  it('400 on a JSON array body', async () => {
    await expect400(await postJson('/oauth/token', ['client_credentials']), 'invalid_request');
  });
});

describe('POST /api/oauth/token', () => {
  const control = () => createControlClient(sb.baseUrl);

  it('exchanges a code for the 2.2 shape, times in unix seconds on the sandbox clock', async () => {
    await control().advanceClock(3600);
    const { code } = await control().mintCode(DEMO_ACCESS_ID, SEED_USERS.sam);
    const res = await postJson('/api/oauth/token', { grant_type: 'authorization_code', code, ...creds });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual([
      'expires',
      'expiresIn',
      'initiated',
      'refreshToken',
      'token',
      'tokenType',
    ]);
    expect(body.tokenType).toBe('Bearer');
    expect(body.expiresIn).toBe(86400);
    expect(body.expires).toBe((body.initiated as number) + 86400);
    const sandboxNowS = Math.floor(sb.world.clock.nowMs() / 1000);
    expect(Math.abs((body.initiated as number) - sandboxNowS)).toBeLessThanOrEqual(2);
    expect((body.initiated as number) - Math.floor(Date.now() / 1000)).toBeGreaterThanOrEqual(3598);
  });

  it.each([
    ['missing code', { grant_type: 'authorization_code', ...creds }, 'invalid_request'],
    ['unknown code', { grant_type: 'authorization_code', code: 'sbxcode_nope', ...creds }, 'invalid_grant'],
    ['client_credentials is not served here', { grant_type: 'client_credentials', ...creds }, 'unsupported_grant_type'],
    [
      'missing secret',
      { grant_type: 'authorization_code', code: 'x', api_access_id: DEMO_ACCESS_ID },
      'invalid_request',
    ],
    [
      'wrong secret',
      { grant_type: 'authorization_code', code: 'x', api_access_id: DEMO_ACCESS_ID, api_access_secret: 'bad' },
      'invalid_client',
    ],
    ['missing refresh token', { grant_type: 'refresh_token', ...creds }, 'invalid_request'],
    ['unknown refresh token', { grant_type: 'refresh_token', refresh_token: 'sbxrt_nope', ...creds }, 'invalid_grant'],
  ])('400 on %s', async (_name, body, error) => {
    await expect400(await postJson('/api/oauth/token', body), error);
  });

  it('a code is single-use', async () => {
    const { code } = await control().mintCode(DEMO_ACCESS_ID, SEED_USERS.alex);
    expect((await postJson('/api/oauth/token', { grant_type: 'authorization_code', code, ...creds })).status).toBe(200);
    await expect400(
      await postJson('/api/oauth/token', { grant_type: 'authorization_code', code, ...creds }),
      'invalid_grant',
    );
  });

  it('a code expires after 10 minutes of sandbox clock', async () => {
    const fresh = await control().mintCode(DEMO_ACCESS_ID, SEED_USERS.alex);
    const stale = await control().mintCode(DEMO_ACCESS_ID, SEED_USERS.alex);
    await control().advanceClock(9 * 60);
    expect(
      (await postJson('/api/oauth/token', { grant_type: 'authorization_code', code: fresh.code, ...creds })).status,
    ).toBe(200);
    await control().advanceClock(61);
    const res = await postJson('/api/oauth/token', { grant_type: 'authorization_code', code: stale.code, ...creds });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/expired/);
  });

  it('a code only works for the integration it was issued to', async () => {
    const { code } = await control().mintCode(DEMO_ACCESS_ID, SEED_USERS.alex);
    const res = await postJson('/api/oauth/token', {
      grant_type: 'authorization_code',
      code,
      api_access_id: OTHER_ACCESS_ID,
      api_access_secret: OTHER_ACCESS_SECRET,
    });
    await expect400(res, 'invalid_grant');
    // …and the failed attempt did not burn it for its rightful owner.
    expect((await postJson('/api/oauth/token', { grant_type: 'authorization_code', code, ...creds })).status).toBe(200);
  });
});
