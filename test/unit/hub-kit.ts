// A real hub for tests: the whole app core with the practice venue, its hub state, and the TLS
// server on 127.0.0.1 port 0. Satellites connect to it exactly as over the LAN.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { afterEach } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HubService } from '../../electron/core/hub/hub-service';
import type { HubOptions } from '../../electron/core/hub/venue-hub';
import { pairWithHub, type SatellitePairing } from '../../electron/core/hub/hub-client';
import { HubLink, type LinkOutcome } from '../../electron/core/hub/hub-link';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { createApp, type App, type AppOptions } from '../../electron/host/create-app';
import type { DeviceRole } from '../../shared/hub';
import { KIOSK_CACHE_FILE } from '../../electron/core/labor/kiosk-cache';
import { signInManager, waitUntil } from '../support';
import { dispatchRequest } from '../../electron/core/ipc-dispatch';
import { startSatellite, type RunningSatellite, type SatelliteOptions } from '../../electron/host/satellite';
import { fromErrorPayload } from '../../shared/app-error';

export interface TestHub {
  app: App;
  hub: HubService;
  /** The hub's TLS port. */
  port: number;
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startTestHub(
  dataDir?: string,
  port = 0,
  serve: Partial<Omit<HubOptions, 'when' | 'host' | 'port' | 'mdns'>> = {},
  /** More of the core's options (tests shorten what it keeps). */
  core: Partial<AppOptions> = {},
): Promise<TestHub> {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'venue-hub-'));
  // The one composition, as Electron and the host run it: the core starts its own hub server.
  const app = await createApp({
    dataDir: dir,
    runtime: 'headless',
    secrets: new MemorySecretStore(),
    labor: { scryptN: 1024 },
    hub: { when: 'always', host: '127.0.0.1', port, mdns: false, ...serve },
    ...core,
  });
  await app.start();
  // The practice venue seeds the roster with its demo staff (manager PIN 9999) on connect.
  for (let i = 0; i < 100 && app.labor.roster.needsManagerSetup(); i++) await new Promise((r) => setTimeout(r, 50));
  // The hub's kiosk location, chosen once on the hub (satellites may not set it).
  const [location] = await app.handlers.laborLocations();
  if (!app.labor.view().location) await app.handlers.laborSetLocation(null, location);
  const server = app.hubServer()!;
  return {
    app,
    hub: app.hub!,
    port: server.port,
    url: `https://127.0.0.1:${server.port}`,
    dataDir: dir,
    stop: () => app.stop(),
  };
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Pair one device as `role` the way a manager and a satellite do it. */
export async function pairDevice(h: TestHub, role: DeviceRole, name = `${role} device`): Promise<SatellitePairing> {
  return pairWithHub({ url: h.url, code: allowedCode(h.app, role), name });
}

/**
 * A pairing code for a device of `role` that a manager allows as soon as a device asks with it:
 * the practice venue's manager signs in on the hub's own screen and allows it on the Devices tab's
 * channel (`hubDecidePairing`), as a person does after comparing the check code. For tests about
 * something else than that comparison; pairing-confirmed.test.ts shows the comparison itself.
 */
export function allowedCode(app: App, role: DeviceRole): string {
  const code = app.hub!.openPairing(role).pairing!.code;
  allowNext(app);
  return code;
}

/** The next device that asks to pair (with whatever code) is allowed by a manager. */
export function allowNext(app: App): void {
  const off = app.hub!.events.on('pairingRequested', (id) => {
    off();
    // A code shown for a device that never asked leaves its listener here: one decision a request.
    const taken = deciding.get(app) ?? new Set<string>();
    deciding.set(app, taken);
    if (taken.has(id)) return;
    taken.add(id);
    void allowAsManager(app, id);
  });
}

const deciding = new WeakMap<App, Set<string>>();

/** A manager on the hub's own screen allows (or denies) a device waiting to pair. */
export async function allowAsManager(app: App, requestId: string, decision: 'allow' | 'deny' = 'allow'): Promise<void> {
  const manager = (await signInManager(app.handlers))!;
  try {
    await app.handlers.hubDecidePairing(manager.token, requestId, decision);
  } finally {
    // Signed out again: the hub's own screen has nobody signed in after, as before the device asked.
    await app.handlers.laborEndSession(manager.token);
  }
}

export async function ok<T>(p: Promise<LinkOutcome>): Promise<T> {
  const o = await p;
  if (!o.ok) throw new Error(o.error.message);
  return o.result as T;
}

export { HubLink };

/** Waits until a kiosk satellite has its copy of the hub's roster on disk (it comes on connect). */
export async function rosterCopied(satelliteDir: string, userId = '2004'): Promise<void> {
  const copied = () => {
    try {
      return readFileSync(join(satelliteDir, KIOSK_CACHE_FILE), 'utf8').includes(`"${userId}"`);
    } catch {
      return false;
    }
  };
  await waitUntil(copied);
}

/**
 * Hubs started for one test and stopped after it, with anything else the test hands to `later`
 * (links, folders): undone last first, after each test.
 */
export function testHubs(): { hub(): Promise<TestHub>; later(undo: () => Promise<void> | void): void } {
  const undo: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    while (undo.length) await undo.pop()!();
  });
  return {
    later: (fn) => void undo.push(fn),
    hub: async () => {
      const h = await startTestHub();
      undo.push(() => removeDir(h.dataDir));
      undo.push(() => h.stop());
      return h;
    },
  };
}

/**
 * A kiosk satellite on `dataDir`, paired with `h` by an allowed code, as the door of the tests'
 * venue; `options` adds to or overrides that (a skewed `now`, fast retries). The caller closes it.
 */
export function pairedKiosk(
  h: TestHub,
  dataDir: string,
  options: Partial<SatelliteOptions> = {},
): Promise<RunningSatellite> {
  return startSatellite({
    dataDir,
    hubUrl: h.url.replace('https://', ''),
    pairCode: allowedCode(h.app, 'kiosk'),
    deviceName: 'Door',
    ...options,
  });
}

/** One request to a satellite as its screens send it: the result, or the error its screens would show, thrown. */
export async function satelliteCall<T>(s: RunningSatellite, channel: string, ...args: unknown[]): Promise<T> {
  const outcome = await dispatchRequest(s.handlers, channel, args);
  if (!outcome.ok) throw fromErrorPayload(outcome.error);
  return outcome.result as T;
}
