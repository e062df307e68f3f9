// A browser on the host computer that lost its cookie signs back in with a manager's PIN on the
// host's loopback page; a staff PIN is no way in, and no way to learn which PINs are staff's. A real core (its roster and PIN lockout) and the real host over HTTP.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp, type App } from '../../electron/host/create-app';
import { startHost, type RunningHost } from '../../electron/host/host';
import { managerPinCheck, SIGN_IN_PAGE_DEVICE } from '../../electron/host/pin-sign-in';
import { tempDirs } from '../support';

const dirs = tempDirs('venue-pin-sign-in-');
let core: App;
let host: RunningHost;
let origin: string;
// The practice venue's seeded manager (docs/sandbox.md).
const MANAGER_PIN = '9999';

beforeAll(async () => {
  const dir = dirs.make();
  const rendererDir = join(dir, 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>app</title>');
  core = await createApp({ dataDir: join(dir, 'data'), runtime: 'headless' });
  await core.start();
  host = await startHost({
    rendererDir,
    handlers: core.handlers,
    events: core.events,
    managerPin: managerPinCheck(core.labor.access),
  });
  origin = `http://127.0.0.1:${host.port}`;
}, 60_000);

afterAll(async () => {
  await host?.close();
  await core?.stop();
  dirs.removeAll();
});

function post(pin: string, from = origin) {
  return fetch(`${origin}/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: from },
    body: new URLSearchParams({ pin }).toString(),
  });
}

/** Whether the page's cookie opens the contract's WebSocket, as the app's page does. */
function socketOpens(cookie: string): Promise<boolean> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/ws`, { headers: { origin, cookie } });
    ws.once('open', () => (ws.close(), resolve(true)));
    ws.once('error', () => resolve(false));
  });
}

const lockedUntil = () => core.labor.access.sessions.lockedUntilMs(undefined, 'approval', SIGN_IN_PAGE_DEVICE);

it('shows a PIN form on loopback', async () => {
  const res = await fetch(`${origin}/sign-in`);
  expect(res.status).toBe(200);
  expect(await res.text()).toContain('Manager PIN');
});

it("a manager's PIN gets the browser a session that opens the app", async () => {
  const res = await post(MANAGER_PIN);
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toBe('/');
  const cookie = res.headers.get('set-cookie')!.split(';')[0];
  expect(cookie).toBe(`venue-token-${host.port}=${host.token}`);
  expect(await socketOpens(cookie)).toBe(true);
  expect(await socketOpens(`venue-token-${host.port}=wrong`)).toBe(false);
});

it('another web page cannot post PINs, and its tries count for nothing', async () => {
  const res = await post('1111', 'https://evil.example');
  expect(res.status).toBe(403);
  expect(res.headers.get('set-cookie')).toBeNull();
  expect(lockedUntil()).toBeNull();
});

it("a staff member's PIN is answered as a wrong one and counted towards the page's lockout", async () => {
  try {
    const wrong = await post('1000');
    const staff = await post('1111'); // Sam, the practice venue's server
    expect(staff.status).toBe(401);
    expect(staff.headers.get('set-cookie')).toBeNull();
    // Word for word what a wrong PIN gets: the page does not say which PINs are staff's.
    expect(await staff.text()).toBe(await wrong.text());
    for (let i = 0; i < 3; i++) expect((await post('1111')).status).toBe(i < 2 ? 401 : 429);
    expect(lockedUntil()).toBeGreaterThan(Date.now());
  } finally {
    // The next test counts its own wrong PINs from none.
    core.labor.access.sessions.liftLockouts(SIGN_IN_PAGE_DEVICE);
  }
});

it('wrong PINs are counted towards a lockout of the page, and then even the right PIN waits', async () => {
  for (let i = 0; i < 5; i++) {
    const wrong = await post(String(1000 + i));
    expect(wrong.status).toBe(i < 4 ? 401 : 429);
    expect(wrong.headers.get('set-cookie')).toBeNull();
  }
  expect(lockedUntil()).toBeGreaterThan(Date.now());
  const locked = await post(MANAGER_PIN);
  expect(locked.status).toBe(429);
  expect(locked.headers.get('set-cookie')).toBeNull();
  expect(await locked.text()).toContain('Too many wrong PINs');
  // The kiosk's own pad on this computer is not locked by the page's guesses.
  expect(core.labor.access.sessions.lockedUntilMs(undefined, 'sign-in')).toBeNull();
});
