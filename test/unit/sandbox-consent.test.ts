// The consent page (GET /manager/oauth) and the full authorization-code flow through its HTML form.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answerConsent, authorizeUrl, parseConsentForm } from '../../electron/sandbox/consent-driver';
import { createControlClient } from '../../electron/sandbox/control-client';
import {
  DEMO_ACCESS_ID,
  DEMO_ACCESS_SECRET,
  DEMO_REDIRECT_URLS,
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

const REDIRECT = DEMO_REDIRECT_URLS[0];
const getPage = (query: string) => fetch(`${sb.baseUrl}/manager/oauth?${query}`, { redirect: 'manual' });
const q = (o: Record<string, string>) => new URLSearchParams(o).toString();
/** The page's text with entities decoded, for matching messages (the page escapes quotes). */
const text = (html: string) =>
  html
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const good = { response_type: 'code', access_id: DEMO_ACCESS_ID, redirect_url: REDIRECT };

async function exchange(code: string) {
  const res = await fetch(`${sb.baseUrl}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'authorization_code',
      api_access_id: DEMO_ACCESS_ID,
      api_access_secret: DEMO_ACCESS_SECRET,
      code,
    }),
  });
  return { status: res.status, body: (await res.json()) as { token: string; refreshToken: string } };
}

describe('GET /manager/oauth validation', () => {
  it.each([
    ['response_type is not code', { ...good, response_type: 'token' }, /response_type must be 'code'/],
    ['response_type is missing', { access_id: DEMO_ACCESS_ID, redirect_url: REDIRECT }, /response_type is required/],
    [
      'access_id is unknown',
      { ...good, access_id: 'ghost-app' },
      /access_id 'ghost-app' is not a registered integration/,
    ],
    ['access_id is missing', { response_type: 'code', redirect_url: REDIRECT }, /access_id is required/],
    ['redirect_url has a trailing slash', { ...good, redirect_url: `${REDIRECT}/` }, /must equal one of these exactly/],
    ['redirect_url differs in case', { ...good, redirect_url: REDIRECT.toUpperCase() }, /not registered/],
    ['redirect_url has an extra query', { ...good, redirect_url: `${REDIRECT}?x=1` }, /not registered/],
    ['redirect_url is missing', { response_type: 'code', access_id: DEMO_ACCESS_ID }, /redirect_url is required/],
  ])('400 error page, no redirect, when %s', async (_name, params, message) => {
    const res = await getPage(q(params));
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const body = await res.text();
    expect(text(body)).toMatch(message);
    expect(body).not.toContain('consent-form');
  });

  it('reports every problem at once', async () => {
    const body = text(await (await getPage(q({ response_type: 'token', access_id: 'ghost' }))).text());
    expect(body).toMatch(/response_type must be/);
    expect(body).toMatch(/access_id 'ghost'/);
    expect(body).toMatch(/redirect_url is required/);
  });

  it('refuses a repeated parameter', async () => {
    const res = await getPage(`${q(good)}&redirect_url=${encodeURIComponent('https://evil.example/')}`);
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/redirect_url was given more than once/);
  });

  it('escapes everything it echoes into HTML', async () => {
    const res = await getPage(q({ ...good, access_id: '<script>alert(1)</script>' }));
    const body = await res.text();
    expect(body).not.toContain('<script>');
    expect(body).toContain('&lt;script&gt;');
  });

  it('escapes the integration name and state on the consent page', async () => {
    await createControlClient(sb.baseUrl).registerIntegration({
      accessId: 'xss-app',
      accessSecret: 's',
      name: '<img src=x onerror=alert(1)>',
      redirectUrls: ['https://xss.example/cb'],
    });
    const res = await getPage(
      q({ response_type: 'code', access_id: 'xss-app', redirect_url: 'https://xss.example/cb', state: '"><b>x' }),
    );
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).not.toContain('<img');
    expect(body).not.toContain('"><b>');
    expect(parseConsentForm(body).fields.state).toBe('"><b>x');
  });

  it('renders the page: users as labelled radios, Allow and Deny buttons, a nonce', async () => {
    const res = await getPage(q({ ...good, state: 's1' }));
    expect(res.status).toBe(200);
    const body = await res.text();
    const form = parseConsentForm(body);
    expect(form.action).toBe('/manager/oauth/decision');
    expect(form.users.map((u) => u.name)).toEqual(['Alex Manager', 'Sam Server', 'Riley Host']);
    expect(form.fields.nonce).toMatch(/^sbxnonce_/);
    expect(body).toMatch(/<button[^>]*id="consent-allow"[^>]*>Allow<\/button>/);
    expect(body).toMatch(/<button[^>]*id="consent-deny"[^>]*>Deny<\/button>/);
    // A new page gets a new nonce.
    const again = parseConsentForm(await (await getPage(q(good))).text());
    expect(again.fields.nonce).not.toBe(form.fields.nonce);
  });
});

describe('the authorization-code flow through the form', () => {
  it('Allow: 302 to redirect_url with a code and the unchanged state; the code works once', async () => {
    const state = 'st@te with spaces/&?=+ünï';
    const out = await answerConsent(
      authorizeUrl(sb.baseUrl, { accessId: DEMO_ACCESS_ID, redirectUrl: REDIRECT, state }),
      {
        userId: SEED_USERS.sam,
      },
    );
    expect(out.status).toBe(302);
    const location = new URL(out.location!);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('state')).toBe(state);
    const code = location.searchParams.get('code')!;
    expect(code).toMatch(/^sbxcode_/);

    const first = await exchange(code);
    expect(first.status).toBe(200);
    const locs = await fetch(`${sb.baseUrl}/api/loc`, { headers: { authorization: `Bearer ${first.body.token}` } });
    const names = ((await locs.json()) as { locations: Array<{ name: string }> }).locations.map((l) => l.name);
    expect(names).toEqual(['Harbour Bar & Kitchen']); // Sam's access only

    const second = await exchange(code);
    expect(second.status).toBe(400);
  });

  it('no state sent → no state returned; empty state sent → empty state returned', async () => {
    const none = await answerConsent(authorizeUrl(sb.baseUrl, { accessId: DEMO_ACCESS_ID, redirectUrl: REDIRECT }));
    expect(new URL(none.location!).searchParams.has('state')).toBe(false);
    const empty = await answerConsent(
      authorizeUrl(sb.baseUrl, { accessId: DEMO_ACCESS_ID, redirectUrl: REDIRECT, state: '' }),
    );
    expect(new URL(empty.location!).searchParams.get('state')).toBe('');
  });

  it('keeps a query already in the registered redirect URL', async () => {
    const control = createControlClient(sb.baseUrl);
    await control.addRedirectUrl(DEMO_ACCESS_ID, 'http://127.0.0.1:9/cb?app=venue');
    const out = await answerConsent(
      authorizeUrl(sb.baseUrl, {
        accessId: DEMO_ACCESS_ID,
        redirectUrl: 'http://127.0.0.1:9/cb?app=venue',
        state: 'x',
      }),
    );
    expect(out.location).toMatch(/^http:\/\/127\.0\.0\.1:9\/cb\?app=venue&code=sbxcode_[^&]+&state=x$/);
  });

  it('Deny: 302 with error=access_denied and the state, no code', async () => {
    const out = await answerConsent(
      authorizeUrl(sb.baseUrl, { accessId: DEMO_ACCESS_ID, redirectUrl: REDIRECT, state: 'abc' }),
      {
        decision: 'deny',
      },
    );
    expect(out.status).toBe(302);
    const location = new URL(out.location!);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('abc');
    expect(location.searchParams.has('code')).toBe(false);
  });

  it('a consent form can be submitted once only (nonce)', async () => {
    const html = await (await getPage(q({ ...good, state: 'once' }))).text();
    const form = parseConsentForm(html);
    const post = () =>
      fetch(`${sb.baseUrl}${form.action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...form.fields, decision: 'allow', user_id: SEED_USERS.alex }).toString(),
        redirect: 'manual',
      });
    expect((await post()).status).toBe(302);
    const replay = await post();
    expect(replay.status).toBe(400);
    expect(replay.headers.get('location')).toBeNull();
  });

  it('refuses a form whose redirect_url was edited, and one without a nonce', async () => {
    const form = parseConsentForm(await (await getPage(q(good))).text());
    const tampered = await fetch(`${sb.baseUrl}/manager/oauth/decision`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        ...form.fields,
        redirect_url: 'https://evil.example/cb',
        decision: 'allow',
        user_id: SEED_USERS.alex,
      }).toString(),
      redirect: 'manual',
    });
    expect(tampered.status).toBe(400);
    expect(tampered.headers.get('location')).toBeNull();

    const forged = await fetch(`${sb.baseUrl}/manager/oauth/decision`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        access_id: DEMO_ACCESS_ID,
        redirect_url: REDIRECT,
        decision: 'allow',
        user_id: SEED_USERS.alex,
      }).toString(),
      redirect: 'manual',
    });
    expect(forged.status).toBe(400);
  });

  it('Allow without a known user is an error page, not a redirect', async () => {
    const out = await answerConsent(authorizeUrl(sb.baseUrl, { accessId: DEMO_ACCESS_ID, redirectUrl: REDIRECT }), {
      userId: 'nobody',
    });
    expect(out.status).toBe(400);
    expect(out.location).toBeNull();
    expect(out.body).toMatch(/Choose which demo user/);
  });

  it('a code from the page expires after 10 minutes of sandbox clock', async () => {
    const out = await answerConsent(authorizeUrl(sb.baseUrl, { accessId: DEMO_ACCESS_ID, redirectUrl: REDIRECT }));
    const code = new URL(out.location!).searchParams.get('code')!;
    await createControlClient(sb.baseUrl).advanceClock(601);
    expect((await exchange(code)).status).toBe(400);
  });

  it('a consent page left open for over 30 minutes of sandbox clock cannot be submitted', async () => {
    const form = parseConsentForm(await (await getPage(q(good))).text());
    sb.world.clock.advanceMs(31 * 60 * 1000);
    const res = await fetch(`${sb.baseUrl}/manager/oauth/decision`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...form.fields, decision: 'allow', user_id: SEED_USERS.alex }).toString(),
      redirect: 'manual',
    });
    expect(res.status).toBe(400);
  });
});
