// Signing in as a user against the real sandbox: the test plays the browser with fetch (consent
// page, Allow, redirect to our loopback listener), then drives the refresh timer with a ManualClock.
import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignInStatus, UserSession } from '../../shared/domain';
import { ManualClock } from '../../electron/core/api/clock';
import { ServiceError } from '../../electron/core/api/errors';
import type { FetchLike } from '../../electron/core/api/http';
import { ServiceClient, type ServiceClientOptions } from '../../electron/core/api/service-client';
import { REFRESH_TOKEN_SECRET } from '../../electron/core/api/user-session';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import {
  type RunningSandbox,
  DEMO_ACCESS_ID,
  DEMO_ACCESS_SECRET,
  SEED_LOCATIONS,
  SEED_USERS,
  startSandbox,
} from '../../electron/sandbox';

const unescapeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** What a browser does: load the consent page, pick a user, press a button, follow the redirect. */
async function actAsBrowser(
  authorizeUrl: string,
  decision: 'allow' | 'deny' = 'allow',
  userId: string = SEED_USERS.alex,
): Promise<{ status: number; html: string; callbackUrl: string }> {
  const consent = await fetch(authorizeUrl);
  const page = await consent.text();
  expect(consent.status, page).toBe(200);
  const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(page);
  expect(form, 'consent form').not.toBeNull();
  const fields = new URLSearchParams();
  for (const [, name, value] of form![2].matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields.set(unescapeHtml(name), unescapeHtml(value));
  }
  fields.set('user_id', userId);
  fields.set('decision', decision);
  const answer = await fetch(new URL(unescapeHtml(form![1]), authorizeUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
    redirect: 'manual',
  });
  expect(answer.status).toBe(302);
  const callbackUrl = answer.headers.get('location')!;
  const callback = await fetch(callbackUrl);
  return { status: callback.status, html: await callback.text(), callbackUrl };
}

/** Resolves true when something accepts a TCP connection on the port. */
function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function caught(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError);
    return error as ServiceError;
  }
  throw new Error('expected a ServiceError');
}

function countingFetch() {
  const bodies: { route: string; body: Record<string, string> | null }[] = [];
  const fetchFn: FetchLike = (input, init) => {
    bodies.push({
      route: `${init.method ?? 'GET'} ${new URL(input).pathname}`,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : null,
    });
    return fetch(input, init);
  };
  return {
    fetch: fetchFn,
    grants: () => bodies.filter((b) => b.route === 'POST /api/oauth/token').map((b) => b.body?.grant_type),
  };
}

describe('user session', () => {
  let sandbox: RunningSandbox;
  let clients: ServiceClient[];

  beforeEach(async () => {
    sandbox = await startSandbox();
    clients = [];
  });
  afterEach(async () => {
    for (const c of clients) c.dispose();
    await sandbox.close();
  });

  async function control(path: string, body: unknown): Promise<unknown> {
    const res = await fetch(`${sandbox.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.ok, `control ${path}`).toBe(true);
    return res.json();
  }

  function makeClient(options: Partial<ServiceClientOptions> = {}) {
    const c = new ServiceClient({
      baseUrl: sandbox.baseUrl,
      accessId: DEMO_ACCESS_ID,
      accessSecret: DEMO_ACCESS_SECRET,
      secrets: new MemorySecretStore(),
      // What the core does for the embedded sandbox: register this flow's loopback URL.
      beforeAuthorize: (url) =>
        control(`/_sandbox/integrations/${DEMO_ACCESS_ID}/redirect-urls`, { url }).then(() => {}),
      ...options,
    });
    clients.push(c);
    return c;
  }

  async function signIn(c: ServiceClient, userId: string = SEED_USERS.alex) {
    const started = await c.user.start();
    const browser = await actAsBrowser(started.authorizeUrl, 'allow', userId);
    const session = await started.result;
    return { started, browser, session };
  }

  it('signs in through the browser and acts as the user', async () => {
    const secrets = new MemorySecretStore();
    const c = makeClient({ secrets });
    const signInStates: SignInStatus['state'][] = [];
    const sessions: (UserSession | null)[] = [];
    c.on('signIn', (s) => signInStates.push(s.state));
    c.on('userSession', (s) => sessions.push(s));
    const opened: string[] = [];

    const started = await c.user.start({ openUrl: (url) => void opened.push(url) });
    expect(started.openedExternally).toBe(true);
    expect(opened).toEqual([started.authorizeUrl]);
    const url = new URL(started.authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${sandbox.baseUrl}/manager/oauth`);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('access_id')).toBe(DEMO_ACCESS_ID);
    expect(url.searchParams.get('redirect_url')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(url.searchParams.get('state')).toMatch(/^[0-9a-f]{64}$/);
    expect(c.user.signInStatus()).toMatchObject({ state: 'waiting', authorizeUrl: started.authorizeUrl });

    const browser = await actAsBrowser(started.authorizeUrl, 'allow', SEED_USERS.sam);
    expect(browser.status).toBe(200);
    expect(browser.html).toContain('You are signed in');
    expect(browser.html).toContain('You can close this tab');

    const session = await started.result;
    expect(session).toMatchObject({ needsSignIn: false, token: { state: 'valid', message: null } });
    expect(JSON.stringify(sessions)).not.toContain('sbxat_');
    expect(sessions.at(-1)).toEqual(session);
    expect(signInStates).toEqual(['waiting', 'idle']);
    expect(await secrets.get(REFRESH_TOKEN_SECRET)).toMatch(/^sbxrt_/);

    // As sam, only harbour is visible (the integration sees harbour and garden).
    expect((await c.listLocations('user')).map((l) => l.uuid)).toEqual([SEED_LOCATIONS.harbour]);
    expect((await c.listLocations('integration')).map((l) => l.uuid)).toHaveLength(2);

    // The listener is gone once the flow is over.
    expect(await portOpen(Number(new URL(started.redirectUrl).port))).toBe(false);
  });

  it('refuses a callback whose state does not match, and closes the listener', async () => {
    const c = makeClient();
    const started = await c.user.start();
    const port = Number(new URL(started.redirectUrl).port);
    expect(await portOpen(port)).toBe(true);

    const forged = await fetch(`${started.redirectUrl}?code=stolen&state=${'0'.repeat(64)}`);
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('Sign-in failed');

    const error = await caught(started.result);
    expect(error.message).toMatch(/state/);
    expect(c.user.signInStatus()).toMatchObject({ state: 'failed' });
    expect(c.user.session()).toBeNull();
    expect(await portOpen(port)).toBe(false);
  });

  it('reports a declined consent', async () => {
    const c = makeClient();
    const started = await c.user.start();
    const browser = await actAsBrowser(started.authorizeUrl, 'deny');
    expect(browser.html).toContain('declined');
    await expect(started.result).rejects.toThrow('Access was declined on the consent page.');
    expect(c.user.session()).toBeNull();
  });

  it('closes the listener on cancel and on timeout', async () => {
    const clock = new ManualClock(Date.now());
    const c = makeClient({ clock, signInTimeoutMs: 60_000 });

    const first = await c.user.start();
    c.user.cancel();
    await expect(first.result).rejects.toThrow('The sign-in was cancelled.');
    expect(await portOpen(Number(new URL(first.redirectUrl).port))).toBe(false);
    expect(c.user.signInStatus()).toEqual({ state: 'idle' });

    const second = await c.user.start();
    clock.advance(60_000);
    await expect(second.result).rejects.toThrow('Nobody completed the sign-in within 1 minute.');
    expect(await portOpen(Number(new URL(second.redirectUrl).port))).toBe(false);
    expect(c.user.signInStatus()).toMatchObject({ state: 'failed' });
  });

  it('tells the user to sign in when nobody is', async () => {
    const c = makeClient();
    const error = await caught(c.listLocations('user'));
    expect(error).toMatchObject({ kind: 'sign-in-required', route: 'GET /api/loc' });
  });

  it('refreshes before expiry on the injected clock', async () => {
    const clock = new ManualClock(Date.now());
    const counter = countingFetch();
    const c = makeClient({ clock, fetch: counter.fetch });
    const { session } = await signIn(c);
    const issuedAt = session.token.issuedAt!;
    expect(session.token.expiresAt).toBe(issuedAt + 86_400_000);
    expect(clock.nextTimerAt()).toBe(issuedAt + 0.9 * 86_400_000);

    const refreshed = new Promise<UserSession | null>((resolve) => {
      const off = c.on('userSession', (s) => {
        off();
        resolve(s);
      });
    });
    clock.advance(0.9 * 86_400_000);
    const next = await refreshed;

    expect(counter.grants()).toEqual(['authorization_code', 'refresh_token']);
    expect(next?.token).toMatchObject({ state: 'valid', issuedAt: clock.now(), expiresAt: clock.now() + 86_400_000 });
    const userTokens = [...sandbox.world.tokens.access.values()].filter((t) => t.kind === 'user');
    expect(userTokens).toHaveLength(2);
    // The call after the refresh uses the new token, with no 401 on the way.
    await control('/_sandbox/tokens/revoke', { token: userTokens[0].token });
    await expect(c.listLocations('user')).resolves.toHaveLength(2);
    expect(counter.grants()).toHaveLength(2);
    // And the next refresh is scheduled again.
    expect(clock.nextTimerAt()).toBe(clock.now() + 0.9 * 86_400_000);
  });

  it('refreshes once on a 401, for any number of callers', async () => {
    const counter = countingFetch();
    const c = makeClient({ fetch: counter.fetch });
    await signIn(c);
    const user = [...sandbox.world.tokens.access.values()].find((t) => t.kind === 'user')!;
    await control('/_sandbox/tokens/revoke', { token: user.token });

    const results = await Promise.all(Array.from({ length: 30 }, () => c.listLocations('user')));
    expect(results.every((r) => r.length === 2)).toBe(true);
    expect(counter.grants()).toEqual(['authorization_code', 'refresh_token']);
  });

  it('marks the session as needing sign-in when the refresh token is revoked', async () => {
    const secrets = new MemorySecretStore();
    const c = makeClient({ secrets });
    await signIn(c);
    const refreshToken = (await secrets.get(REFRESH_TOKEN_SECRET))!;
    await control('/_sandbox/tokens/revoke', { refreshToken });
    const sessions: (UserSession | null)[] = [];
    c.on('userSession', (s) => sessions.push(s));

    const error = await caught(c.listLocations('user'));
    expect(error).toMatchObject({ kind: 'sign-in-required', status: 400 });
    expect(error.message).toMatch(
      /^The service no longer accepts this sign-in: the refresh was refused with 400: .*revoked/,
    );
    expect(c.user.session()).toMatchObject({ needsSignIn: true, token: { state: 'revoked' } });
    expect(sessions.at(-1)).toMatchObject({ needsSignIn: true });
    expect(await secrets.get(REFRESH_TOKEN_SECRET)).toBeNull();
    // Later calls fail at once, without asking the service.
    await expect(c.listLocations('user')).rejects.toMatchObject({ kind: 'sign-in-required' });

    // Signing in again clears the flag.
    const again = await signIn(c);
    expect(again.session.needsSignIn).toBe(false);
  });

  it('restores a session after a restart from the stored refresh token', async () => {
    const secrets = new MemorySecretStore();
    await signIn(makeClient({ secrets }), SEED_USERS.sam);

    const restarted = makeClient({ secrets });
    const session = await restarted.user.restore();
    expect(session).toMatchObject({ needsSignIn: false, token: { state: 'valid' } });
    expect((await restarted.listLocations('user')).map((l) => l.uuid)).toEqual([SEED_LOCATIONS.harbour]);
  });

  it('restores to needsSignIn when the stored refresh token is no longer accepted', async () => {
    const secrets = new MemorySecretStore();
    await secrets.set(REFRESH_TOKEN_SECRET, 'sbxrt_unknown');
    const c = makeClient({ secrets });
    expect(await c.user.restore()).toMatchObject({ needsSignIn: true });
    expect(await secrets.get(REFRESH_TOKEN_SECRET)).toBeNull();
  });

  it('keeps the session when a refresh fails for a passing reason', async () => {
    const clock = new ManualClock(Date.now());
    const c = makeClient({ clock });
    const { session } = await signIn(c);
    await control('/_sandbox/faults', { route: 'POST /api/oauth/token', mode: 'status500' });
    await expect(c.user.refresh()).rejects.toMatchObject({ kind: 'http', status: 500 });
    expect(c.user.session()).toMatchObject({
      needsSignIn: false,
      token: { state: 'valid', expiresAt: session.token.expiresAt },
    });
    // Retried a minute later, successfully.
    expect(clock.nextTimerAt()).toBe(clock.now() + 60_000);
    clock.advance(60_000);
    await vi.waitFor(() => expect(c.user.session()?.token.issuedAt).toBe(clock.now()));
  });

  it('keeps the sign-in when the refresh fails only because the app credentials are wrong', async () => {
    const secrets = new MemorySecretStore();
    await signIn(makeClient({ secrets }));
    const wrongSecret = makeClient({ secrets, accessSecret: 'changed-by-mistake' });
    const session = await wrongSecret.user.restore();
    expect(session).toMatchObject({ needsSignIn: false, token: { state: 'error' } });
    expect(session?.token.message).toMatch(/^The service rejected the access id or secret \(400\)/);
    expect(await secrets.get(REFRESH_TOKEN_SECRET)).toMatch(/^sbxrt_/);
  });

  it('degrades to "sign in again" when the service does not take our refresh request at all', async () => {
    // A real service may not serve the assumed refresh shape (spec 5.8 does not show it).
    const fetchFn: FetchLike = async (input, init) => {
      if (typeof init.body === 'string' && init.body.includes('"refresh_token"')) {
        return Response.json({ message: 'Unknown grant' }, { status: 404 });
      }
      return fetch(input, init);
    };
    const c = makeClient({ fetch: fetchFn });
    await signIn(c);
    await expect(c.user.refresh()).rejects.toMatchObject({ kind: 'sign-in-required', status: 404 });
    expect(c.user.session()).toMatchObject({ needsSignIn: true });
  });

  it('signs out: forgets the tokens here and in the store', async () => {
    const secrets = new MemorySecretStore();
    const c = makeClient({ secrets });
    await signIn(c);
    const sessions: (UserSession | null)[] = [];
    c.on('userSession', (s) => sessions.push(s));
    await c.user.signOut();
    expect(sessions).toEqual([null]);
    expect(c.user.session()).toBeNull();
    expect(await secrets.get(REFRESH_TOKEN_SECRET)).toBeNull();
    await expect(c.listLocations('user')).rejects.toMatchObject({ kind: 'sign-in-required' });
  });

  it('fails the flow when the redirect URL cannot be registered', async () => {
    const c = makeClient({
      beforeAuthorize: () => {
        throw new Error('control API unavailable');
      },
    });
    await expect(c.user.start()).rejects.toThrow(/Could not prepare the sign-in .*control API unavailable/);
    expect(c.user.signInStatus()).toMatchObject({ state: 'failed' });
  });
});
