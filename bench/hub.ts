// Section 7: one venue, several devices, every one its own process as in a venue. A hub
// (`node out/main/host.js --hub --no-mdns`, loopback only) with a 40-person roster, and N kiosk
// satellites (the host's satellite mode, each paired with a code the hub opened), each with its
// screen open in Chromium. Rows:
//   - a punch's `labor` push reaching every satellite's screen bridge (hub → TLS → satellite → its
//     loopback WebSocket), against the hub's own screen bridge, same punches;
//   - a shift-change storm: `signIns` PIN sign-ins spread over `stormSeconds` across the
//     satellites' screens, each timed in the page from the PIN's Go to the person's panel in the
//     DOM, p95; baseline: the same people signing in one at a time on one screen;
//   - the hub's RSS after the storm with N satellites linked, against the same hub before any;
//   - a reconnect storm: the hub stopped (SIGTERM) and started again on the same data and port;
//     from its ready line until every satellite says its hub link is connected again; baseline:
//     the hub's own restart, SIGTERM → ready line.
// A kiosk PIN finds its person by the venue's lookup tag (pin-lookup.ts), so the place on the
// roster should not matter; the storm still takes people spread evenly from its start to its end.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import WebSocket from 'ws';
import type { SectionContext } from './run';
import { rssMB, type Started, startChild, stopChild } from './children';
import { tradeLaunchToken } from './host-child';
import { freeLoopbackPort as freePort } from '../electron/core/group/free-loopback-port';
import { makeRow, type Row, type RowTemplate } from './report';
import { median, percentile, sleep, wallNow } from './stats';
import { DEFAULT_SCRYPT_N, hashPin } from '../electron/core/labor/pin-hash';
import { pinTag } from '../electron/core/labor/pin-lookup';
import { DEMO_PINS } from '../electron/core/labor/demo-roster';
import type { LocationChoice, StaffSession } from '../shared/labor';
import type { HubView } from '../shared/hub';

export const HUB_ROWS = {
  latency: {
    key: 'hub.event_to_satellite_screen_p95',
    label:
      "a punch's `labor` push → every satellite process's screen bridge (hub → TLS → satellite → loopback WebSocket), p95",
    unit: 'ms',
    baselineOf: "the same push → the hub's own screen bridge, same punches",
  },
  signIn: {
    key: 'hub.shift_change_p95',
    label:
      "shift change: PIN sign-ins spread over the satellites' screens (full: 20 in 10 s) on a 40-person roster, Go → the person's panel in the DOM, p95",
    unit: 'ms',
    baselineOf: 'the same people signing in one at a time on one satellite screen, p95',
    target: { on: 'value', op: '<', limit: 1_000 },
  },
  rss: {
    key: 'hub.rss_satellites',
    label: 'hub process RSS after the shift-change storm, N satellite processes linked with their screens open',
    unit: 'MB',
    baselineOf: 'the same hub before any satellite paired',
  },
  reconnect: {
    key: 'hub.reconnect_storm',
    label: 'hub restarted (SIGTERM, same data and port): its ready line → every satellite linked again',
    unit: 'ms',
    baselineOf: "the hub's own restart, SIGTERM → ready line",
    target: { on: 'value', op: '<', limit: 6_000 },
  },
} satisfies Record<string, RowTemplate>;

const ROSTER_SIZE = 40;
const HOST = [process.execPath, 'out/main/host.js'];
const READY = /ready at (\S+)/;

export interface ScreenBridge {
  /** Arrival times (performance.now) of every `labor` push. */
  times: number[];
  call<T>(channel: string, ...args: unknown[]): Promise<T>;
  close(): void;
}

/** A screen's bridge as a page holds it: one WebSocket for requests and pushes. */
export function screenBridge(hostUrl: string): Promise<ScreenBridge> {
  const url = new URL(hostUrl);
  const ws = new WebSocket(`ws://${url.host}/ws?token=${url.searchParams.get('token') ?? ''}`, {
    origin: `http://${url.host}`,
  });
  const times: number[] = [];
  const pending = new Map<number, (m: { ok: boolean; result?: unknown; error?: { message: string } }) => void>();
  let nextId = 1;
  ws.on('message', (data) => {
    const m = JSON.parse(data.toString()) as {
      id?: number;
      event?: string;
      ok: boolean;
      result?: unknown;
      error?: { message: string };
    };
    if (m.event === 'labor') times.push(performance.now());
    if (typeof m.id === 'number') pending.get(m.id)?.(m);
  });
  const call = <T>(channel: string, ...args: unknown[]) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, (m) => (pending.delete(id), m.ok ? resolve(m.result as T) : reject(new Error(m.error?.message))));
      ws.send(JSON.stringify({ id, channel, args }));
    });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ times, call, close: () => ws.close() }));
    ws.once('error', reject);
  });
}

/** A screen address whose token works again (the printed launch token works once). */
export async function reusableUrl(launchUrl: string): Promise<string> {
  const { token } = await tradeLaunchToken(launchUrl);
  const url = new URL(launchUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * Starts a hub host on its own port and data folder, without mDNS so parallel benches on one
 * machine do not find each other. Shared by the hub and review-flood sections.
 */
export function startBenchHub(hubDir: string, hubPort: number): Promise<Started> {
  return startChild(
    [
      ...HOST,
      '--hub',
      '--no-mdns',
      '--hub-host',
      '127.0.0.1',
      '--hub-port',
      String(hubPort),
      '--port',
      '0',
      '--data-dir',
      hubDir,
    ],
    READY,
    { env: { VENUE_HUB_MDNS: '0' }, timeoutMs: 120_000 },
  );
}

interface Person {
  name: string;
  pin: string;
}

/**
 * Grows the roster the hub seeded (the sandbox's demo staff and PINs) to ROSTER_SIZE people with
 * PINs and a role at the demo staff's location, written while the hub is stopped. Returns everyone
 * in roster order.
 */
async function growRoster(dataDir: string, demoPins: Record<string, string>): Promise<Person[]> {
  const path = join(dataDir, 'labor-staff.json');
  const file = JSON.parse(readFileSync(path, 'utf8')) as {
    tagSalt?: string;
    staff: { userId: string; name: string; manager: boolean; pin: unknown; pinTag?: unknown; roles: unknown[] }[];
  };
  const { tagSalt } = file;
  if (!tagSalt) throw new Error('the hub seeded its roster without a PIN lookup salt');
  const template = file.staff.find((s) => !s.manager && s.roles.length > 0);
  if (!template) throw new Error('the hub seeded no staff member with a role');
  const added = await Promise.all(
    Array.from({ length: ROSTER_SIZE - file.staff.length }, async (_, i) => ({
      userId: `bench-${i}`,
      name: `Bench Person ${i}`,
      manager: false,
      pin: await hashPin(String(6000 + i)),
      pinTag: await pinTag(String(6000 + i), { salt: tagSalt, N: DEFAULT_SCRYPT_N, r: 8, p: 1 }),
      roles: template.roles,
    })),
  );
  const pins = new Map<string, string>(added.map((s, i) => [s.userId, String(6000 + i)]));
  file.staff.push(...added);
  writeFileSync(path, `${JSON.stringify(file, null, 2)}\n`);
  return file.staff.map((s) => {
    const pin = demoPins[s.userId] ?? pins.get(s.userId);
    if (pin === undefined) throw new Error(`no PIN known for ${s.userId}`);
    return { name: s.name, pin };
  });
}

/** In the page: Go on the PIN pad, then the time until the person's panel is in the DOM (or the pad's alert). */
const SIGN_IN = (name: string) => `new Promise((resolve) => {
  const panel = ${JSON.stringify(`section[aria-label="Punch for ${name}"]`)};
  const t0 = performance.now();
  const check = () => {
    if (document.querySelector(panel)) return resolve({ ms: performance.now() - t0 });
    const alert = document.querySelector('.k-pad-message[role="alert"]');
    if (alert) return resolve({ error: alert.textContent });
    return null;
  };
  const observer = new MutationObserver(() => { if (check() !== null || document.querySelector(panel)) observer.disconnect(); });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  document.querySelector('button[aria-label="Go: enter PIN"]').click();
  setTimeout(() => { observer.disconnect(); resolve({ error: 'no panel within 60 s' }); }, 60000);
})`;

async function signIn(page: Page, person: Person): Promise<number> {
  await page.locator('section.k-pad').waitFor();
  await page.keyboard.type(person.pin);
  await page.locator(`[data-testid="pin-dots"][aria-label="${person.pin.length} digits entered"]`).waitFor();
  const outcome = (await page.evaluate(SIGN_IN(person.name))) as { ms?: number; error?: string };
  if (outcome.ms === undefined) throw new Error(`${person.name} could not sign in: ${outcome.error}`);
  await page.getByRole('button', { name: /Back to the PIN pad/ }).click();
  return outcome.ms;
}

interface Satellite {
  proc: Started;
  /** wallNow() of each "Hub link: connected" the satellite printed. */
  linked: number[];
  page: Page;
  bridge: ScreenBridge;
}

export async function benchHub(context: SectionContext): Promise<Row[]> {
  const { profile, log } = context;
  const { satellites: count, signIns, stormSeconds } = profile.hub;
  const root = mkdtempSync(join(tmpdir(), 'venue-bench-hub-'));
  const hubDir = join(root, 'hub');
  const hubPort = await freePort();
  const startHub = () => startBenchHub(hubDir, hubPort);
  let hub = await startHub();
  const cleanups: (() => Promise<void> | void)[] = [() => rmSync(root, { recursive: true, force: true })];
  const stopHub = () => stopChild(hub.child);
  cleanups.unshift(() => stopHub());
  try {
    // The first start seeds the demo roster; it grows to 40 while the hub is stopped.
    const seeded = join(hubDir, 'labor-staff.json');
    for (let w = 0; w < 600 && !existsSync(seeded); w++) await sleep(50);
    await stopChild(hub.child);
    const roster = await growRoster(hubDir, DEMO_PINS);
    hub = await startHub();
    const hubAddress = `127.0.0.1:${hubPort}`;
    const screen = await screenBridge(await reusableUrl(hub.url));
    cleanups.unshift(() => screen.close());
    const [location] = await screen.call<LocationChoice[]>('laborLocations');
    await screen.call('laborSetLocation', null, location);
    const manager = await screen.call<StaffSession>('laborIdentify', { pin: DEMO_PINS['2001'] });
    const rssBefore = median([rssMB(hub.child.pid!), (await sleep(300), rssMB(hub.child.pid!))]);

    const browser = await context.browser();
    const sats: Satellite[] = [];
    for (let i = 0; i < count; i++) {
      const view = await screen.call<HubView>('hubOpenPairing', manager.token, 'kiosk');
      const starting = startChild(
        [
          ...HOST,
          '--satellite',
          hubAddress,
          '--pair-code',
          view.pairing!.code,
          '--device-name',
          `Bench kiosk ${i + 1}`,
          '--hub-fingerprint',
          view.fingerprint!,
          '--port',
          '0',
          '--data-dir',
          join(root, `sat-${i}`),
        ],
        READY,
        { timeoutMs: 120_000 },
      );
      // It asks with the code and waits for the manager, who allows it on the Devices tab's channel.
      await allowWhenAsked(screen, manager.token, `Bench kiosk ${i + 1}`);
      const proc = await starting;
      cleanups.unshift(() => stopChild(proc.child));
      const linked: number[] = [];
      let err = '';
      proc.child.stderr?.on('data', (chunk: Buffer) => {
        err += chunk.toString();
        for (let at = err.indexOf('\n'); at >= 0; at = err.indexOf('\n')) {
          if (err.slice(0, at).includes('Hub link: connected')) linked.push(wallNow());
          err = err.slice(at + 1);
        }
      });
      const url = await reusableUrl(proc.url);
      const page = await browser.newPage({ viewport: { width: 1080, height: 1920 }, bypassCSP: true });
      cleanups.unshift(() => page.close().catch(() => {}));
      await page.goto(url);
      await page.getByTestId('kiosk-shell').waitFor({ timeout: 60_000 });
      const bridge = await screenBridge(url);
      cleanups.unshift(() => bridge.close());
      sats.push({ proc, linked, page, bridge });
    }
    log(`hub: ${count} satellite processes paired, each with its kiosk screen open`);

    // A punch's push, at the hub's screen bridge and every satellite's.
    const staff = await screen.call<StaffSession>('laborIdentify', { pin: DEMO_PINS['2004'] });
    let on = false;
    const hubLat: number[] = [];
    const satLat: number[] = [];
    const arrived = (times: number[], t0: number) => times.find((t) => t >= t0);
    for (let i = 0; i < profile.screen.warmup + profile.screen.events; i++) {
      const t0 = performance.now();
      await screen.call(
        'laborPunch',
        staff.token,
        on ? { action: 'punch-out' } : { action: 'punch-in', role: staff.roles[0] },
      );
      on = !on;
      const clocks = [screen, ...sats.map((s) => s.bridge)];
      for (let w = 0; w < 400 && !clocks.every((c) => arrived(c.times, t0) !== undefined); w++) await sleep(5);
      if (i >= profile.screen.warmup) {
        hubLat.push(arrived(screen.times, t0)! - t0);
        for (const s of sats) satLat.push(arrived(s.bridge.times, t0)! - t0);
      }
      await sleep(20);
    }
    log(
      `hub: ${hubLat.length} punches, satellite screens p95 ${percentile(satLat, 95).toFixed(1)} ms vs hub screen ${percentile(hubLat, 95).toFixed(1)} ms`,
    );

    // Shift change: people spread evenly from the roster's start to its end (20 of 40: every other one).
    const people = Array.from({ length: signIns }, (_, i) => roster[Math.floor(((i + 0.5) * roster.length) / signIns)]);
    const gap = (stormSeconds * 1000) / people.length;
    const stormStart = wallNow();
    const late: number[] = [];
    const storm = await Promise.all(
      sats.map(async (s, k) => {
        const mine: number[] = [];
        for (let i = k; i < people.length; i += sats.length) {
          const due = stormStart + i * gap;
          const now = wallNow();
          if (now < due) await sleep(due - now);
          else late.push(now - due);
          mine.push(await signIn(s.page, people[i]));
        }
        return mine;
      }),
    );
    const stormMs = storm.flat();
    const stormTook = wallNow() - stormStart;
    const rssAfter = median([rssMB(hub.child.pid!), (await sleep(300), rssMB(hub.child.pid!))]);
    const alone: number[] = [];
    for (const person of people) alone.push(await signIn(sats[0].page, person));
    log(
      `hub: shift change ${stormMs.length} sign-ins in ${(stormTook / 1000).toFixed(1)} s, p95 ${percentile(stormMs, 95).toFixed(0)} ms (median ${median(stormMs).toFixed(0)}); one at a time p95 ${percentile(alone, 95).toFixed(0)} ms`,
    );

    // Reconnect storm.
    const satRss = median(sats.map((s) => rssMB(s.proc.child.pid!)));
    const stoppedAt = wallNow();
    await stopChild(hub.child);
    hub = await startHub();
    const readyAt = wallNow();
    const back = (s: Satellite) => s.linked.find((t) => t > stoppedAt);
    for (let w = 0; w < 1200 && !sats.every((s) => back(s) !== undefined); w++) await sleep(50);
    if (!sats.every((s) => back(s) !== undefined)) throw new Error('a satellite did not link again within 60 s');
    const lastBack = Math.max(...sats.map((s) => back(s)!));
    for (const s of sats) await s.page.getByTestId('satellite-banner').waitFor({ state: 'detached', timeout: 30_000 });
    log(
      `hub: restart ${(readyAt - stoppedAt).toFixed(0)} ms; all ${count} satellites linked ${(lastBack - readyAt).toFixed(0)} ms after its ready line`,
    );

    const storms = `${stormMs.length} sign-ins over ${count} satellite screens in ${(stormTook / 1000).toFixed(1)} s`;
    return [
      makeRow({
        ...HUB_ROWS.latency,
        value: percentile(satLat, 95),
        baseline: percentile(hubLat, 95),
        runs: satLat,
        note: `${hubLat.length} punches × ${count} satellites`,
      }),
      makeRow({
        ...HUB_ROWS.signIn,
        value: percentile(stormMs, 95),
        baseline: percentile(alone, 95),
        runs: stormMs,
        note: `${storms}; median ${median(stormMs).toFixed(0)} ms, one at a time median ${median(alone).toFixed(0)} ms${late.length ? `; ${late.length} started late (a screen still busy), by up to ${Math.max(...late).toFixed(0)} ms` : ''}`,
      }),
      makeRow({
        ...HUB_ROWS.rss,
        value: rssAfter,
        baseline: rssBefore,
        ratio: null,
        note: `${count} satellites; a satellite process ${satRss.toFixed(0)} MB (median)`,
      }),
      makeRow({
        ...HUB_ROWS.reconnect,
        value: lastBack - readyAt,
        baseline: readyAt - stoppedAt,
        ratio: null,
        note: `${count} satellites; SIGTERM → all back ${(lastBack - stoppedAt).toFixed(0)} ms (satellites retry after 0.5 s, doubling to 5 s)`,
      }),
    ];
  } finally {
    for (const cleanup of cleanups) await cleanup();
  }
}

/** A manager allows the device `name` once it is listed as asking to pair (polled: a bench, not a test). */
export async function allowWhenAsked(
  screen: { call<T>(channel: string, ...args: unknown[]): Promise<T> },
  token: string,
  name: string,
): Promise<void> {
  for (let tries = 0; tries < 2400; tries++) {
    const request = (await screen.call<HubView>('hubView', token)).requests.find((r) => r.name === name);
    if (request) return void (await screen.call('hubDecidePairing', token, request.id, 'allow'));
    await sleep(50);
  }
  throw new Error(`${name} never asked to pair`);
}
