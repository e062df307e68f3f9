// A staff list that cannot be read: nobody can sign in, so no manager can open settings. This
// computer's own screen (never a paired device, never a locked-down kiosk) may set the damaged
// list aside and start a new one; the damaged bytes are kept, and the app lands in the first-run
// "set a manager PIN" state.
import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dispatchRequest, type DispatchOutcome } from '../../electron/core/ipc-dispatch';
import { saveDeviceSetup } from '../../electron/core/setup/device-setup';
import type { App } from '../../electron/host/create-app';
import { testCores } from '../support/test-cores';

const cores = testCores('venue-roster-aside-');

const DAMAGED = '{"version":1,"seeded":true,"staff":[{"userId":"2001","na';

/** The app on `dir`, on a real service that is not there (no practice venue to seed anyone). */
const start = (dir: string, kiosk = false): Promise<App> =>
  cores.start({
    dataDir: dir,
    setup: 'none',
    kiosk,
    serviceUrl: 'http://127.0.0.1:9',
    accessId: 'a',
    accessSecret: 'b',
    labor: { boardRefreshMs: 0 },
  });

/** A venue whose staff list existed (a manager with a PIN), then was damaged on disk while stopped. */
async function damagedVenue(): Promise<string> {
  const dir = cores.dir();
  saveDeviceSetup(dir, { venue: 'service', role: 'single', purpose: 'manager' });
  const first = await start(dir);
  await first.handlers.laborSetupManager({ userId: 'm1', name: 'Morgan Owner', pin: '4321' });
  await first.stop();
  writeFileSync(join(dir, 'labor-staff.json'), DAMAGED);
  return dir;
}

const call = (a: App, channel: string, args: unknown[] = []): Promise<DispatchOutcome> =>
  dispatchRequest(a.handlers, channel, args);

describe('an unreadable staff list', () => {
  it("shuts settings, and this computer's screen sets it aside, keeps its bytes and lands in first-run", async () => {
    const dir = await damagedVenue();
    const a = await start(dir);
    expect(a.labor.view().rosterError).not.toBeNull();
    // Nobody can sign in, so no manager opens settings, and no first manager can be made.
    expect(await call(a, 'laborIdentify', [{ pin: '4321' }])).toMatchObject({ ok: false });
    expect(await call(a, 'saveWebhookSettings', [{ host: '127.0.0.1' }])).toMatchObject({
      ok: false,
      error: { kind: 'pin-required' },
    });
    expect(await call(a, 'laborSetupManager', [{ userId: 'x', name: 'X', pin: '1357' }])).toMatchObject({
      ok: false,
      error: { kind: 'data-damaged' },
    });
    // The way in is offered to this screen only.
    const access = await call(a, 'settingsAccess');
    expect(access).toMatchObject({ ok: true, result: { open: false, manager: null } });
    const keptAs = (access as { result: { damagedRoster?: { keptAs: string | null } } }).result.damagedRoster?.keptAs;
    expect(keptAs).toMatch(/labor-staff\.json\.damaged-/);
    const office = { deviceId: 'office', deviceRole: 'manager' as const };
    expect(await dispatchRequest(a.handlers, 'settingsAccess', [], office)).toEqual({
      ok: true,
      result: { open: false, manager: null },
    });
    expect(await dispatchRequest(a.handlers, 'laborSetRosterAside', [], office)).toMatchObject({
      ok: false,
      error: { kind: 'forbidden' },
    });
    expect(readFileSync(join(dir, 'labor-staff.json'), 'utf8')).toBe(DAMAGED);

    // Set aside on this screen: the damaged bytes stay, and the app is in its first run.
    expect(await call(a, 'laborSetRosterAside')).toEqual({ ok: true, result: { open: true, manager: null } });
    expect(readFileSync(keptAs!, 'utf8')).toBe(DAMAGED);
    expect(a.labor.view()).toMatchObject({ rosterError: null, needsManagerSetup: true });
    // The managers' notice now says what was done, instead of "nobody can sign in".
    expect(a.dataHealth.view().notices.filter((n) => n.file === 'labor-staff.json')).toEqual([
      expect.objectContaining({ severity: 'warning', sentence: expect.stringMatching(/set aside/) as unknown }),
    ]);
    expect(await call(a, 'laborSetRosterAside')).toMatchObject({ ok: false, error: { kind: 'conflict' } });
    const first = await call(a, 'laborSetupManager', [{ userId: 'm2', name: 'Robin Owner', pin: '2468' }]);
    expect(first).toMatchObject({ ok: true, result: { manager: true } });
    await call(a, 'laborEndSession', [(first as { result: { token: string } }).result.token]);
    expect(await call(a, 'saveWebhookSettings', [{ host: '127.0.0.1' }])).toMatchObject({
      ok: false,
      error: { kind: 'pin-required' },
    });

    // A restart reads the new list; the kept copy is still there, byte for byte.
    await a.stop();
    const b = await start(dir);
    expect(b.labor.view().rosterError).toBeNull();
    expect(await call(b, 'laborIdentify', [{ pin: '2468' }])).toMatchObject({
      ok: true,
      result: { name: 'Robin Owner' },
    });
    expect(readFileSync(keptAs!, 'utf8')).toBe(DAMAGED);
  });

  it('a kiosk never offers it: the list stays as it is', async () => {
    const dir = await damagedVenue();
    const a = await start(dir, true);
    expect(await call(a, 'settingsAccess')).toEqual({ ok: true, result: { open: false, manager: null } });
    expect(await call(a, 'laborSetRosterAside')).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(readFileSync(join(dir, 'labor-staff.json'), 'utf8')).toBe(DAMAGED);
    expect(a.labor.view().rosterError).not.toBeNull();
  });
});
