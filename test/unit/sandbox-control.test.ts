// The /_sandbox control API and the /manager/integrations dashboard.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answerConsent, authorizeUrl } from '../../electron/sandbox/consent-driver';
import { createControlClient, SandboxControlError } from '../../electron/sandbox/control-client';
import {
  DEMO_ACCESS_ID,
  DEMO_ACCESS_SECRET,
  SEED_LOCATIONS,
  SEED_PASSES,
  SEED_USERS,
  startSandbox,
  type RunningSandbox,
} from '../../electron/sandbox/index';

let sb: RunningSandbox;
const control = () => createControlClient(sb.baseUrl);
beforeAll(async () => {
  sb = await startSandbox({ now: () => Date.UTC(2030, 0, 1) });
});
afterAll(() => sb.close());
beforeEach(() => sb.world.reset());

async function raw(method: string, path: string, body?: string) {
  const res = await fetch(`${sb.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('GET /_sandbox/venue', () => {
  it('returns the whole seed and no secrets', async () => {
    const res = await fetch(`${sb.baseUrl}/_sandbox/venue`);
    const text = await res.text();
    expect(text).not.toContain(DEMO_ACCESS_SECRET);
    const venue = JSON.parse(text) as Record<string, Array<Record<string, unknown>>>;
    expect(Object.keys(venue).sort()).toEqual(
      [
        'categories',
        'integrations',
        'locations',
        'passes',
        'products',
        'roles',
        'spots',
        'staff',
        'users',
        'zones',
      ].sort(),
    );
    expect(venue.locations.map((l) => l.uuid)).toEqual(Object.values(SEED_LOCATIONS));
    expect(venue.passes.map((p) => p.xPassId)).toEqual(expect.arrayContaining(Object.values(SEED_PASSES)));
    const spend = Object.fromEntries(venue.passes.map((p) => [p.xPassId, p.spendLimit]));
    expect(spend[SEED_PASSES.pre]).toEqual({ amount: 5000, enforce: 'pre' });
    expect(spend[SEED_PASSES.post]).toEqual({ amount: 5000, enforce: 'post' });
    expect(spend[SEED_PASSES.noLimit]).toBeNull();
    const cards = venue.products.filter((p) => p.giftCard !== null).map((p) => p.giftCard as { gateway: string });
    expect(cards.filter((c) => c.gateway === 'INTERNAL').length).toBeGreaterThanOrEqual(2);
    expect(cards.some((c) => c.gateway !== 'INTERNAL')).toBe(true);
    expect(new Set(venue.staff.map((s) => s.role))).toEqual(new Set(['manager', 'server', 'bartender', 'host']));
    expect(venue.users.map((u) => u.id)).toEqual(Object.values(SEED_USERS));
  });
});

describe('clock', () => {
  it('reads the injected real clock plus the offset, and advances', async () => {
    expect(await control().clock()).toEqual({
      now: '2030-01-01T00:00:00.000Z',
      nowMs: Date.UTC(2030, 0, 1),
      offsetMs: 0,
    });
    const after = await control().advanceClock(90.5);
    expect(after).toEqual({ now: '2030-01-01T00:01:30.500Z', nowMs: Date.UTC(2030, 0, 1) + 90_500, offsetMs: 90_500 });
  });

  it.each([['{"seconds":-1}'], ['{"seconds":"10"}'], ['{}'], ['{"seconds":1,"extra":true}'], ['not json']])(
    '400 on %s',
    async (body) => {
      const res = await raw('POST', '/_sandbox/clock/advance', body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/^invalid_(body|json)$/);
      expect(typeof res.body.message).toBe('string');
    },
  );

  it('tells onAdvance listeners (for work scheduled on the sandbox clock)', async () => {
    const seen: number[] = [];
    const off = sb.world.clock.onAdvance((now) => seen.push(now));
    await control().advanceClock(60);
    off();
    await control().advanceClock(60);
    expect(seen).toEqual([Date.UTC(2030, 0, 1) + 60_000]);
  });

  it('reset puts the clock back', async () => {
    await control().advanceClock(1000);
    expect((await control().reset()).clock.offsetMs).toBe(0);
  });
});

describe('tokens', () => {
  it('lists tokens truncated, with their state', async () => {
    const res = await fetch(`${sb.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        api_access_id: DEMO_ACCESS_ID,
        api_access_secret: DEMO_ACCESS_SECRET,
      }),
    });
    const { access_token } = (await res.json()) as { access_token: string };
    const listed = (await raw('GET', '/_sandbox/tokens')).body as { accessTokens: Array<Record<string, string>> };
    expect(listed.accessTokens).toHaveLength(1);
    const t = listed.accessTokens[0];
    expect(t.token).not.toBe(access_token);
    expect(access_token.startsWith(t.token.replace('…', ''))).toBe(true);
    expect(t).toMatchObject({ kind: 'client', accessId: DEMO_ACCESS_ID, state: 'valid', userId: null });
    await control().advanceClock(86_400);
    const later = (await raw('GET', '/_sandbox/tokens')).body as { accessTokens: Array<Record<string, string>> };
    expect(later.accessTokens[0].state).toBe('expired');
  });

  it('revoke needs exactly one selector', async () => {
    expect((await raw('POST', '/_sandbox/tokens/revoke', '{}')).status).toBe(400);
    expect((await raw('POST', '/_sandbox/tokens/revoke', '{"all":false}')).status).toBe(400);
    expect((await raw('POST', '/_sandbox/tokens/revoke', '{"token":"a","all":true}')).status).toBe(400);
    expect((await raw('POST', '/_sandbox/tokens/revoke', '{"token":"unknown"}')).body).toEqual({ revoked: 0 });
  });

  it('mints codes only for known integrations and users', async () => {
    await expect(control().mintCode('ghost', SEED_USERS.alex)).rejects.toMatchObject({
      status: 404,
      error: 'not_found',
    });
    await expect(control().mintCode(DEMO_ACCESS_ID, '9999')).rejects.toBeInstanceOf(SandboxControlError);
  });
});

describe('integrations', () => {
  it('registers one, which can then get tokens and run the consent flow', async () => {
    const created = await control().registerIntegration({
      accessId: 'my-app',
      accessSecret: 'my-secret',
      name: 'My App',
      redirectUrls: ['http://127.0.0.1:5555/cb'],
      authorizedLocationUuids: [SEED_LOCATIONS.rooftop],
    });
    expect(created).toMatchObject({
      accessId: 'my-app',
      name: 'My App',
      redirectUrls: ['http://127.0.0.1:5555/cb'],
      authorizedLocationUuids: [SEED_LOCATIONS.rooftop],
      subscribedLocationUuids: [],
    });
    expect(JSON.stringify(created)).not.toContain('my-secret');

    const tok = await fetch(`${sb.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        api_access_id: 'my-app',
        api_access_secret: 'my-secret',
      }),
    });
    const { access_token } = (await tok.json()) as { access_token: string };
    const locs = await fetch(`${sb.baseUrl}/api/loc`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(((await locs.json()) as { locations: Array<{ uuid: string }> }).locations.map((l) => l.uuid)).toEqual([
      SEED_LOCATIONS.rooftop,
    ]);

    const out = await answerConsent(
      authorizeUrl(sb.baseUrl, { accessId: 'my-app', redirectUrl: 'http://127.0.0.1:5555/cb' }),
    );
    expect(out.status).toBe(302);
  });

  it('adds a redirect URL (idempotently), which the consent page then accepts', async () => {
    const url = 'http://127.0.0.1:61234/callback';
    const before = await answerConsent(authorizeUrl(sb.baseUrl, { accessId: DEMO_ACCESS_ID, redirectUrl: url }));
    expect(before.status).toBe(400);
    await control().addRedirectUrl(DEMO_ACCESS_ID, url);
    const view = await control().addRedirectUrl(DEMO_ACCESS_ID, url);
    expect(view.redirectUrls.filter((u) => u === url)).toHaveLength(1);
    const after = await answerConsent(authorizeUrl(sb.baseUrl, { accessId: DEMO_ACCESS_ID, redirectUrl: url }));
    expect(after.status).toBe(302);
  });

  it('lists and gets integrations; 404 and 409 and 400 where due', async () => {
    const all = await control().integrations();
    expect(all.integrations.map((i) => i.accessId)).toContain(DEMO_ACCESS_ID);
    expect((await raw('GET', `/_sandbox/integrations/${DEMO_ACCESS_ID}`)).body.accessId).toBe(DEMO_ACCESS_ID);
    expect((await raw('GET', '/_sandbox/integrations/ghost')).status).toBe(404);
    expect((await raw('POST', '/_sandbox/integrations/ghost/redirect-urls', '{"url":"http://x/cb"}')).status).toBe(404);
    await expect(control().registerIntegration({ accessId: DEMO_ACCESS_ID, accessSecret: 'x' })).rejects.toMatchObject({
      status: 409,
    });
    await expect(
      control().registerIntegration({ accessId: 'a', accessSecret: 'x', redirectUrls: ['not a url'] }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      control().registerIntegration({ accessId: 'a', accessSecret: 'x', redirectUrls: ['http://x/cb#frag'] }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      control().registerIntegration({ accessId: 'a', accessSecret: 'x', authorizedLocationUuids: ['nope'] }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('reset forgets registered integrations', async () => {
    await control().registerIntegration({ accessId: 'temp', accessSecret: 'x' });
    await control().reset();
    expect((await raw('GET', '/_sandbox/integrations/temp')).status).toBe(404);
  });
});

describe('pages and discovery', () => {
  it('GET /_sandbox lists the control routes', async () => {
    const body = (await raw('GET', '/_sandbox')).body as { routes: string[]; sandbox: boolean };
    expect(body.sandbox).toBe(true);
    expect(body.routes).toContain('POST /_sandbox/faults');
  });

  it('/manager/integrations is an HTML dashboard listing integrations, escaped, without secrets', async () => {
    await control().registerIntegration({
      accessId: 'html-app',
      accessSecret: 'hidden-secret',
      name: '<b>Bold</b> & co',
    });
    const res = await fetch(`${sb.baseUrl}/manager/integrations`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain(DEMO_ACCESS_ID);
    expect(html).toContain('&lt;b&gt;Bold&lt;/b&gt; &amp; co');
    expect(html).not.toContain('hidden-secret');
    expect(html).not.toContain(DEMO_ACCESS_SECRET);
  });
});

describe('startSandbox options', () => {
  it('uses the given demo credentials', async () => {
    const other = await startSandbox({ accessId: 'custom-id', accessSecret: 'custom-secret' });
    try {
      expect(other.baseUrl).toBe(`http://127.0.0.1:${other.port}`);
      const res = await fetch(`${other.baseUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'client_credentials',
          api_access_id: 'custom-id',
          api_access_secret: 'custom-secret',
        }),
      });
      expect(res.status).toBe(200);
      expect(other.world.integrations.has(DEMO_ACCESS_ID)).toBe(false);
    } finally {
      await other.close();
      await other.close(); // idempotent
    }
  });
});
