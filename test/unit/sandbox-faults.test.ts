// The fault registry: pattern matching in isolation, then each mode over real HTTP.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createControlClient } from '../../electron/sandbox/control-client';
import { compileFaultPattern, faultPatternMatches, FaultRegistry } from '../../electron/sandbox/faults';
import {
  DEMO_ACCESS_ID,
  DEMO_ACCESS_SECRET,
  SEED_LOCATIONS,
  startSandbox,
  type RunningSandbox,
} from '../../electron/sandbox/index';

describe('fault patterns', () => {
  const m = (pattern: string, method: string, path: string) =>
    faultPatternMatches(compileFaultPattern(pattern), method, path);

  it('matches method + exact path', () => {
    expect(m('POST /api/loc/subscribe', 'POST', '/api/loc/subscribe')).toBe(true);
    expect(m('POST /api/loc/subscribe', 'post', '/api/loc/subscribe')).toBe(true);
    expect(m('POST /api/loc/subscribe', 'GET', '/api/loc/subscribe')).toBe(false);
    expect(m('POST /api/loc/subscribe', 'POST', '/api/loc')).toBe(false);
  });

  it('no method or * means any method; trailing * is a prefix; :name is one segment', () => {
    expect(m('/api/loc', 'DELETE', '/api/loc')).toBe(true);
    expect(m('* /api/loc', 'GET', '/api/loc')).toBe(true);
    expect(m('GET /api/*', 'GET', '/api/loc/x/y')).toBe(true);
    expect(m('GET /api/*', 'GET', '/oauth/token')).toBe(false);
    expect(m('/api/loc/:location/tabs', 'POST', '/api/loc/abc/tabs')).toBe(true);
    expect(m('/api/loc/:location/tabs', 'POST', '/api/loc/abc/tabs/x')).toBe(false);
  });

  it('rejects a pattern without a path', () => {
    expect(() => compileFaultPattern('POST api/loc')).toThrow();
  });

  it('counts down, oldest rule first, and "always" never runs out', () => {
    const reg = new FaultRegistry();
    reg.add({ route: '/a', mode: 'status500', count: 2 });
    reg.add({ route: '/a', mode: 'delay' });
    reg.add({ route: '/b', mode: 'reset', count: 'always' });
    expect([1, 2, 3, 4].map(() => reg.take('GET', '/a')?.mode ?? null)).toEqual([
      'status500',
      'status500',
      'delay',
      null,
    ]);
    for (let i = 0; i < 5; i++) expect(reg.take('GET', '/b')?.mode).toBe('reset');
    expect(reg.list()).toHaveLength(1);
    expect(reg.list()[0].hits).toBe(5);
  });
});

describe('faults over HTTP', () => {
  let sb: RunningSandbox;
  const control = () => createControlClient(sb.baseUrl);
  beforeAll(async () => {
    sb = await startSandbox();
  });
  afterAll(() => sb.close());
  beforeEach(() => sb.world.reset());

  const tokenRequest = () =>
    fetch(`${sb.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        api_access_id: DEMO_ACCESS_ID,
        api_access_secret: DEMO_ACCESS_SECRET,
      }),
    });

  async function token(): Promise<string> {
    return ((await (await tokenRequest()).json()) as { access_token: string }).access_token;
  }

  it('status500: the next matching request gets 500 in the error shape, then normal service', async () => {
    const rule = await control().addFault({ route: 'POST /oauth/token', mode: 'status500' });
    expect(rule).toMatchObject({ route: 'POST /oauth/token', mode: 'status500', remaining: 1, hits: 0 });
    const failed = await tokenRequest();
    expect(failed.status).toBe(500);
    expect(((await failed.json()) as { error: string }).error).toBe('internal_error');
    expect((await tokenRequest()).status).toBe(200);
    expect((await control().faults()).faults).toEqual([]);
  });

  it('reset: the connection drops, so fetch throws', async () => {
    await control().addFault({ route: '/oauth/token', mode: 'reset' });
    await expect(tokenRequest()).rejects.toThrow();
    expect((await tokenRequest()).status).toBe(200);
  });

  it('delay: the answer comes after delayMs, and is the normal one', async () => {
    await control().addFault({ route: 'POST /oauth/token', mode: 'delay', delayMs: 300 });
    const started = performance.now();
    const res = await tokenRequest();
    expect(performance.now() - started).toBeGreaterThanOrEqual(280);
    expect(res.status).toBe(200);
  });

  it('delay lets a client time out (AbortSignal)', async () => {
    await control().addFault({ route: '/oauth/token', mode: 'delay', delayMs: 2000 });
    await expect(
      fetch(`${sb.baseUrl}/oauth/token`, { method: 'POST', body: '{}', signal: AbortSignal.timeout(100) }),
    ).rejects.toThrow();
  });

  it('commit-lose-response: the subscription happens but the client never hears of it', async () => {
    const t = await token();
    await control().addFault({ route: 'POST /api/loc/subscribe', mode: 'commit-lose-response' });
    await expect(
      fetch(`${sb.baseUrl}/api/loc/subscribe`, {
        method: 'POST',
        headers: { authorization: `Bearer ${t}`, 'content-type': 'application/json' },
        body: JSON.stringify({ location_uuids: [SEED_LOCATIONS.garden] }),
      }),
    ).rejects.toThrow();
    const res = await fetch(`${sb.baseUrl}/api/loc`, { headers: { authorization: `Bearer ${t}` } });
    const locs = ((await res.json()) as { locations: Array<{ uuid: string; subscribed: boolean }> }).locations;
    expect(locs.find((l) => l.uuid === SEED_LOCATIONS.garden)?.subscribed).toBe(true);
  });

  it('prefix patterns and counts', async () => {
    const t = await token();
    await control().addFault({ route: 'GET /api/*', mode: 'status500', count: 2 });
    const get = () => fetch(`${sb.baseUrl}/api/loc`, { headers: { authorization: `Bearer ${t}` } });
    expect((await get()).status).toBe(500);
    expect((await get()).status).toBe(500);
    expect((await get()).status).toBe(200);
  });

  it('never applies to the control API, so faults can always be listed and cleared', async () => {
    await control().addFault({ route: '/*', mode: 'reset', count: 'always' });
    expect((await control().faults()).faults).toHaveLength(1);
    await expect(tokenRequest()).rejects.toThrow();
    expect(await control().clearFaults()).toEqual({ cleared: 1 });
    expect((await tokenRequest()).status).toBe(200);
  });

  it('rejects a bad fault definition with 400', async () => {
    for (const body of [
      { route: '/x', mode: 'explode' },
      { route: 'no-slash', mode: 'reset' },
      { route: '/x', mode: 'reset', count: 0 },
      { route: '/x', mode: 'delay', delayMs: -5 },
    ]) {
      const res = await fetch(`${sb.baseUrl}/_sandbox/faults`, { method: 'POST', body: JSON.stringify(body) });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe('invalid_body');
    }
  });

  it('close() does not wait for a request parked in a delay', async () => {
    const own = await startSandbox();
    await createControlClient(own.baseUrl).addFault({ route: '/api/loc', mode: 'delay', delayMs: 60_000 });
    const pending = fetch(`${own.baseUrl}/api/loc`).catch(() => 'dropped');
    await new Promise((r) => setTimeout(r, 50));
    const started = performance.now();
    await own.close();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await pending).toBe('dropped');
  });
});
