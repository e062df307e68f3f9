// The headless host over real sockets: who may connect, and what a connected page may send.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { createApp, type App } from '../../electron/host/create-app';
import { startHost, type RunningHost } from '../../electron/host/host';
import { tempDirs } from '../support';

const dirs = tempDirs('venue-host-');
let dir: string;
let core: App;
let host: RunningHost;

beforeAll(async () => {
  dir = dirs.make();
  const rendererDir = join(dir, 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
  writeFileSync(join(dir, 'secret.txt'), 'outside the renderer');
  core = await createApp({ dataDir: join(dir, 'data'), runtime: 'headless' });
  await core.start();
  host = await startHost({ rendererDir, handlers: core.handlers, events: core.events });
});

afterAll(async () => {
  await host.close();
  await core.stop();
  dirs.removeAll();
});

const origin = () => `http://127.0.0.1:${host.port}`;

function open(token: string, headers: Record<string, string> = { Origin: origin() }): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/ws?token=${token}`, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

function ask(ws: WebSocket, message: unknown): Promise<any> {
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const parsed = JSON.parse(String(data));
      if ('event' in parsed) return;
      ws.off('message', onMessage);
      resolve(parsed);
    };
    ws.on('message', onMessage);
    ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  });
}

describe('headless host', () => {
  it('serves the renderer but nothing outside it', async () => {
    const index = await fetch(`${origin()}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-security-policy')).toContain("default-src 'self'");
    const escape = await fetch(`${origin()}/..%2fsecret.txt`);
    expect(escape.status).toBe(404);
  });

  it('refuses a socket without the token, with a wrong token, or from a foreign origin', async () => {
    await expect(open('')).rejects.toThrow('refused 401');
    await expect(open('0'.repeat(host.token.length))).rejects.toThrow('refused 401');
    await expect(open(host.token, { Origin: 'http://evil.example' })).rejects.toThrow('refused 403');
    await expect(open(host.token, {})).rejects.toThrow('refused 403');
  });

  it('answers contract calls, validates arguments and refuses unknown channels', async () => {
    const ws = await open(host.token);
    const snapshot = await ask(ws, { id: 1, channel: 'getSnapshot', args: [] });
    expect(snapshot.ok).toBe(true);
    expect(snapshot.result.connection.settings.mode).toBe('sandbox');
    expect(snapshot.result.runtime).toBe('headless');

    const bad = await ask(ws, { id: 2, channel: 'listLocations', args: ['everyone'] });
    expect(bad).toMatchObject({ id: 2, ok: false, error: { kind: 'invalid' } });
    expect(bad.error.message).toMatch(/listLocations/);

    const unknown = await ask(ws, { id: 3, channel: 'deleteEverything', args: [] });
    expect(unknown).toMatchObject({ ok: false, error: { kind: 'unknown-channel' } });

    const garbage = await ask(ws, 'not json');
    expect(garbage).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    ws.close();
  });

  it('pushes events to connected pages', async () => {
    const ws = await open(host.token);
    const pushed = new Promise<any>((resolve) =>
      ws.on('message', (data) => {
        const parsed = JSON.parse(String(data));
        if (parsed.event === 'locations') resolve(parsed.payload);
      }),
    );
    await ask(ws, { id: 1, channel: 'listLocations', args: ['integration'] });
    const payload = await pushed;
    expect(payload.as).toBe('integration');
    expect(payload.locations.length).toBeGreaterThan(0);
    ws.close();
  });

  it('trades the address token for an HttpOnly SameSite=Strict cookie and drops it from the address', async () => {
    const first = await fetch(`${origin()}/?token=${host.token}`, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/');
    const cookie = first.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^venue-token-${host.port}=${host.token}; HttpOnly; SameSite=Strict; Path=/$`));
    // The cookie alone opens the socket: the page never holds the token.
    const ws = await open('', { Origin: origin(), Cookie: cookie.split(';')[0] });
    expect((await ask(ws, { id: 1, channel: 'getSnapshot', args: [] })).ok).toBe(true);
    ws.close();
    await expect(
      open('', { Origin: origin(), Cookie: `venue-token-${host.port}=${'0'.repeat(host.token.length)}` }),
    ).rejects.toThrow('refused 401');
    // A wrong token is dropped from the address too, and earns no cookie.
    const wrong = await fetch(`${origin()}/?token=nope`, { redirect: 'manual' });
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('retires the launch token once it has been traded: the same address earns no second cookie or socket', async () => {
    const launch = new URL(host.url);
    expect(launch.searchParams.get('token')).not.toBe(host.token);
    const first = await fetch(launch, { redirect: 'manual' });
    const cookie = first.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^venue-token-${host.port}=${host.token}; HttpOnly`));
    // Read from the process list afterwards: dead.
    const again = await fetch(launch, { redirect: 'manual' });
    expect(again.status).toBe(303);
    expect(again.headers.get('set-cookie')).toBeNull();
    await expect(open(launch.searchParams.get('token')!, { Origin: origin() })).rejects.toThrow('refused 401');
    // The cookie it earned still works; a new address (a new read of host.url) works once too.
    const ws = await open('', { Origin: origin(), Cookie: cookie.split(';')[0] });
    ws.close();
    const other = new URL(host.url).searchParams.get('token')!;
    (await open(other, { Origin: origin() })).close();
    await expect(open(other, { Origin: origin() })).rejects.toThrow('refused 401');
  });

  it('refuses requests and sockets whose Host is not this loopback address (DNS rebinding)', async () => {
    const { request } = await import('node:http');
    const status = (hostHeader: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port: host.port, path: '/', headers: { host: hostHeader } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
    expect(await status('evil.example')).toBe(421);
    expect(await status(`evil.example:${host.port}`)).toBe(421);
    expect(await status(`localhost:${host.port}`)).toBe(200);
    await expect(open(host.token, { Origin: origin(), Host: `rebound.example:${host.port}` })).rejects.toThrow(
      'refused 421',
    );
  });
});
