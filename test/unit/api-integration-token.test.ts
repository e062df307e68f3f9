// The integration token against the real sandbox: one token request for a burst of callers,
// the spec's 401 (new token, retry once) and 403 (never retry) rules, and readable failures.
import { findLocationRows } from '../../shared/schemas/service';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TokenStatus } from '../../shared/domain';
import { ManualClock } from '../../electron/core/api/clock';
import { ServiceError } from '../../electron/core/api/errors';
import type { FetchLike } from '../../electron/core/api/http';
import { ServiceClient, type ServiceClientOptions } from '../../electron/core/api/service-client';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import {
  type RunningSandbox,
  DEMO_ACCESS_ID,
  DEMO_ACCESS_SECRET,
  SEED_LOCATIONS,
  startSandbox,
} from '../../electron/sandbox';

/** Real fetch, with a log of every route asked for. */
function countingFetch(rewrite?: (route: string, res: Response) => Promise<Response>) {
  const calls: string[] = [];
  const urls: string[] = [];
  const fetchFn: FetchLike = async (input, init) => {
    const route = `${init.method ?? 'GET'} ${new URL(input).pathname}`;
    calls.push(route);
    urls.push(input);
    const res = await fetch(input, init);
    return rewrite ? rewrite(route, res) : res;
  };
  return { fetch: fetchFn, calls, urls, count: (route: string) => calls.filter((c) => c === route).length };
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

describe('integration token', () => {
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

  function makeClient(options: Partial<ServiceClientOptions> = {}) {
    const c = new ServiceClient({
      baseUrl: sandbox.baseUrl,
      accessId: DEMO_ACCESS_ID,
      accessSecret: DEMO_ACCESS_SECRET,
      secrets: new MemorySecretStore(),
      ...options,
    });
    clients.push(c);
    return c;
  }

  async function control(path: string, body: unknown): Promise<unknown> {
    const res = await fetch(`${sandbox.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.ok, `control ${path}`).toBe(true);
    return res.json();
  }

  it('asks for exactly one token when 100 calls start together', async () => {
    const counter = countingFetch();
    const c = makeClient({ fetch: counter.fetch });
    const statuses: TokenStatus['state'][] = [];
    c.on('integrationToken', (s) => statuses.push(s.state));

    const results = await Promise.all(Array.from({ length: 100 }, () => c.listLocations('integration')));

    expect(counter.count('POST /oauth/token')).toBe(1);
    expect(counter.count('GET /api/loc')).toBe(100);
    expect(sandbox.world.tokens.access.size).toBe(1);
    expect(results[0].map((l) => l.uuid)).toEqual([SEED_LOCATIONS.harbour, SEED_LOCATIONS.garden]);
    // A service that shows no flags and no subscription state reads as "not shown", never as "off".
    const full = sandbox.world.readings.locationFields === 'full';
    expect(results[0][0]).toMatchObject(
      full ? { flags: { tab_pass_spend_limits: true }, subscribed: false } : { flags: {}, subscribed: null },
    );
    expect(statuses).toEqual(['fetching', 'valid']);
    // The status never carries the token itself.
    expect(JSON.stringify(c.integration.status())).not.toContain('sbxat_');
    expect(c.reachability()).toEqual({ state: 'ok', message: null });
  });

  it('gets one new token and retries once when the service says the token expired', async () => {
    const counter = countingFetch();
    const c = makeClient({ fetch: counter.fetch });
    await c.listLocations('integration');
    await control('/_sandbox/clock/advance', { seconds: 86_401 });

    const results = await Promise.all(Array.from({ length: 20 }, () => c.listLocations('integration')));

    expect(results.every((r) => r.length === 2)).toBe(true);
    expect(counter.count('POST /oauth/token')).toBe(2);
    // 1 first call + 20 refused + 20 retried.
    expect(counter.count('GET /api/loc')).toBe(41);
    expect(c.integration.status().state).toBe('valid');
  });

  it('recovers the same way from a revoked token, and says so in the status', async () => {
    const counter = countingFetch();
    const c = makeClient({ fetch: counter.fetch });
    const states: TokenStatus[] = [];
    c.on('integrationToken', (s) => states.push(s));
    const token = await c.integration.getToken();
    await control('/_sandbox/tokens/revoke', { token });

    await expect(c.listLocations('integration')).resolves.toHaveLength(2);

    expect(counter.count('POST /oauth/token')).toBe(2);
    expect(counter.count('GET /api/loc')).toBe(2);
    expect(states.map((s) => s.state)).toEqual(['fetching', 'valid', 'revoked', 'fetching', 'valid']);
    expect(states[2].message).toMatch(/revoked/);
    expect(await c.integration.getToken()).not.toBe(token);
  });

  it('gives up after one retry when even the new token is refused', async () => {
    // Every token gets revoked as soon as it is issued.
    const counter = countingFetch(async (route, res) => {
      if (route !== 'POST /oauth/token') return res;
      const body = (await res.json()) as { access_token: string };
      await control('/_sandbox/tokens/revoke', { token: body.access_token });
      return Response.json(body);
    });
    const c = makeClient({ fetch: counter.fetch });
    const error = await caught(c.listLocations('integration'));
    expect(error.kind).toBe('auth');
    expect(error.message).toBe(
      '401 on GET /api/loc even with a new token: The access token has been revoked. (token_revoked)',
    );
    expect(counter.count('POST /oauth/token')).toBe(2);
    expect(counter.count('GET /api/loc')).toBe(2);
  });

  it('drops a token the service calls invalid (403), gets a new one and tries once more', async () => {
    let tokens = 0;
    const counter = countingFetch(async (route, res) => {
      if (route !== 'POST /oauth/token' || ++tokens > 1) return res;
      return Response.json({ ...((await res.json()) as object), access_token: 'garbage' });
    });
    const c = makeClient({ fetch: counter.fetch });
    await expect(c.listLocations('integration')).resolves.toHaveLength(2);
    // The refused token was never sent unchanged again: one GET with it, one with the new one.
    expect(counter.count('GET /api/loc')).toBe(2);
    expect(counter.count('POST /oauth/token')).toBe(2);
    expect(c.integration.status()).toMatchObject({ state: 'valid' });
  });

  it('a second 403 with a new token is a permission problem, said so, and not retried again', async () => {
    const counter = countingFetch(async (route, res) =>
      route === 'POST /oauth/token'
        ? Response.json({ ...((await res.json()) as object), access_token: 'garbage' })
        : res,
    );
    const c = makeClient({ fetch: counter.fetch });
    const error = await caught(c.listLocations('integration'));
    expect(error).toMatchObject({ kind: 'forbidden', status: 403, route: 'GET /api/loc', retryable: false });
    expect(error.message).toMatch(/^403 on GET \/api\/loc also with a new token: a permission problem/);
    expect(counter.count('GET /api/loc')).toBe(2);
    expect(counter.count('POST /oauth/token')).toBe(2);
  });

  it('reads every page of GET /api/loc, following the next-page marker the service gives', async () => {
    sandbox.world.readings = { ...sandbox.world.readings, pageSize: 1 };
    const counter = countingFetch();
    const c = makeClient({ fetch: counter.fetch });
    const all = await c.listLocations('integration');
    expect(all.map((l) => l.uuid).sort()).toEqual([SEED_LOCATIONS.harbour, SEED_LOCATIONS.garden].sort());
    expect(counter.count('GET /api/loc')).toBe(2);
  });

  it('treats a 403 without any code (a bare "Forbidden") like a possibly invalid token', async () => {
    sandbox.world.readings = { ...sandbox.world.readings, invalidTokenBody: 'bare' };
    let tokens = 0;
    const counter = countingFetch(async (route, res) => {
      if (route !== 'POST /oauth/token' || ++tokens > 1) return res;
      return Response.json({ ...((await res.json()) as object), access_token: 'garbage' });
    });
    const c = makeClient({ fetch: counter.fetch });
    await expect(c.listLocations('integration')).resolves.toHaveLength(2);
    expect(counter.count('GET /api/loc')).toBe(2);
  });

  it('reports a 403 for a location that did not authorise the integration, without retrying', async () => {
    const counter = countingFetch();
    const c = makeClient({ fetch: counter.fetch });
    const error = await caught(c.subscribeLocations([SEED_LOCATIONS.harbour, SEED_LOCATIONS.rooftop], 'integration'));
    expect(error.kind).toBe('forbidden');
    expect(error.message).toMatch(
      /^403 on POST \/api\/loc\/subscribe: No location was subscribed: this token has no access to /,
    );
    expect(counter.count('POST /api/loc/subscribe')).toBe(1);
    // All or none: harbour was not subscribed either.
    expect((await c.listLocations('integration')).every((l) => !l.subscribed)).toBe(true);
  });

  it('subscribes locations', async () => {
    const c = makeClient();
    await c.subscribeLocations([SEED_LOCATIONS.garden], 'integration');
    const garden = (await c.listLocations('integration')).find((l) => l.uuid === SEED_LOCATIONS.garden);
    expect(garden?.subscribed).toBe(true);
  });

  it('explains a wrong secret', async () => {
    const c = makeClient({ accessSecret: 'not-the-secret' });
    const states: TokenStatus[] = [];
    c.on('integrationToken', (s) => states.push(s));
    const error = await caught(c.checkCredentials());
    expect(error).toMatchObject({ kind: 'auth', status: 400, route: 'POST /oauth/token', retryable: false });
    expect(error.message).toBe(
      'The service rejected the access id or secret (400): api_access_id or api_access_secret is wrong. (invalid_client)',
    );
    expect(states.at(-1)).toEqual({ state: 'error', message: error.message, expiresAt: null, issuedAt: null });
    // A service that answers 400 is reachable: the problem is the credentials, not the network.
    expect(c.reachability()).toEqual({ state: 'ok', message: null });
  });

  it('replaces a token that is expired on our own clock before sending it', async () => {
    const clock = new ManualClock(Date.now());
    const counter = countingFetch();
    const c = makeClient({ fetch: counter.fetch, clock });
    await c.listLocations('integration');
    expect(c.integration.status().expiresAt).toBe(clock.now() + 86_400_000);
    clock.advance(86_400_000);
    await c.listLocations('integration');
    expect(counter.calls).toEqual(['POST /oauth/token', 'GET /api/loc', 'POST /oauth/token', 'GET /api/loc']);
  });

  it('only drops the token that got the 401', async () => {
    const c = makeClient();
    const old = await c.integration.getToken();
    c.integration.invalidate(old);
    const fresh = await c.integration.getToken();
    // A late 401 for the old token must not throw away the new one.
    expect(c.integration.invalidate(old)).toBe(false);
    expect(await c.integration.getToken()).toBe(fresh);
  });

  it('passes query parameters and returns the raw JSON without a schema', async () => {
    const counter = countingFetch();
    const c = makeClient({ fetch: counter.fetch });
    const body = await c.request('integration', 'GET', '/loc', {
      query: { limit: 5, tags: ['a', 'b'], skipped: undefined },
    });
    // Raw as the reading wrapped it (named, under data, or bare).
    expect(findLocationRows(body)).toHaveLength(2);
    expect(counter.urls.at(-1)).toBe(`${sandbox.baseUrl}/api/loc?limit=5&tags=a&tags=b`);
  });

  it('names the route and the field when an answer has an unexpected shape', async () => {
    const c = makeClient();
    const error = await caught(c.request('integration', 'GET', '/loc', { schema: z.array(z.string()) }));
    expect(error.kind).toBe('bad-response');
    expect(error.message).toMatch(/^The service answered GET \/api\/loc with an unexpected shape: /);
  });
});
