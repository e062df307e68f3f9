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
import { waitUntil } from '../support';

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
  const { pairing } = h.hub.openPairing(role);
  return pairWithHub({ url: h.url, code: pairing!.code, name });
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
