// "This device is the venue hub" in Settings (the Electron app becomes the hub without
// a command line): kept in the data folder, applied at the next start, a settings-level choice
// (a kiosk needs a manager signed in), and never made from a satellite.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { createApp, type App } from '../../electron/host/create-app';
import { hubModeSaved } from '../../electron/core/hub/hub-mode';
import { saveHubMode } from '../../electron/core/hub/hub-mode';
import { mkdirSync } from 'node:fs';
import { deviceMayCall } from '../../shared/contract/device-access';
import { KIOSK_SETTINGS_REFUSED } from '../../electron/core/access-guard';
import { tempDirs } from '../support';
import { call } from '../support/dispatch';

const cleanups: (() => Promise<void> | void)[] = [];
const dirs = tempDirs('venue-hub-mode-');
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
  dirs.removeAll();
});

function folder(): string {
  const dir = dirs.make();
  return dir;
}

async function app(dataDir: string, extra: { kiosk?: boolean } = {}): Promise<App> {
  const a = await createApp({
    dataDir,
    runtime: 'headless',
    secrets: new MemorySecretStore(),
    labor: { scryptN: 1024 },
    // As Electron main and the host pass it: the hub when the saved choice says so.
    hub: { when: 'if-saved', host: '127.0.0.1', port: 0, mdns: false },
    ...extra,
  });
  cleanups.push(() => a.stop());
  return a;
}

describe('venue hub mode', () => {
  it('is saved for the next start, and says a restart is needed until then', async () => {
    const dir = folder();
    const a = await app(dir);
    expect(await call(a, 'hubMode')).toEqual({
      ok: true,
      result: { startsAsHub: false, running: false, restartNeeded: false },
    });
    expect(await call(a, 'hubSetMode', true)).toEqual({
      ok: true,
      result: { startsAsHub: true, running: false, restartNeeded: true },
    });
    expect(hubModeSaved(dir)).toBe(true);
    await a.stop();
    cleanups.splice(cleanups.length - 1, 1);
    // The next start, as Electron main and the host both do it: the saved choice opens the hub.
    const b = await app(dir);
    expect(await call(b, 'hubMode')).toEqual({
      ok: true,
      result: { startsAsHub: true, running: true, restartNeeded: false },
    });
    expect((await call(b, 'hubSetMode', false)).ok).toBe(true);
    expect(hubModeSaved(dir)).toBe(false);
  });

  it('is a settings choice: on a kiosk it needs a manager signed in; a satellite can never make it', async () => {
    const a = await app(folder(), { kiosk: true });
    expect(await call(a, 'hubSetMode', true)).toMatchObject({ ok: false, error: { message: KIOSK_SETTINGS_REFUSED } });
    expect(await call(a, 'hubSetMode', 'yes')).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    for (const role of ['kiosk', 'workstation', 'manager'] as const)
      expect(deviceMayCall(role, 'hubSetMode')).toBe(false);
  });

  it('a damaged setting is kept aside and reported, and the device starts alone', () => {
    const dir = folder();
    writeFileSync(join(dir, 'hub-mode.json'), '{"version":1,"hub":');
    const reports: string[] = [];
    expect(hubModeSaved(dir, (r) => reports.push(r.sentence))).toBe(false);
    expect(reports).toHaveLength(1);
  });

  it('a hub file that cannot be read shows in data health, like every file of the data folder', async () => {
    const dir = folder();
    saveHubMode(dir, true);
    mkdirSync(join(dir, 'hub'), { recursive: true });
    writeFileSync(join(dir, 'hub', 'devices.json'), '{"version":1,"devices":[{"id":');
    const a = await app(dir);
    expect(a.hub).not.toBeNull();
    expect(a.dataHealth.view().notices).toEqual([
      expect.objectContaining({ file: join('hub', 'devices.json'), severity: 'error', keptAs: expect.any(String) }),
    ]);
    await a.start();
    expect(a.hubServer()?.port).toBeGreaterThan(0);
  });
});
