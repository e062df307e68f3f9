// A manager's settings session on a device ends after a spell unused, through the real dispatcher
// every transport uses: the sessions' clock is stepped, not waited for. Using settings keeps the
// session alive; once it has lapsed, settingsAccess names nobody and the next settings request is
// refused as pin-required (a manager role), as on a device where nobody signed in.
import { describe, expect, it } from 'vitest';
import { LOCAL_SETTINGS_REFUSED } from '../../electron/core/access-guard';
import { MANAGER_SESSION_MS } from '../../electron/core/labor/sessions';
import type { App } from '../../electron/host/create-app';
import type { SettingsAccess } from '../../shared/authority';
import type { StaffSession } from '../../shared/labor';
import { call, ok } from '../support/dispatch';
import { testCores } from '../support/test-cores';

const cores = testCores('venue-settings-timeout-');

const MINUTE = 60_000;

const app = (clock: () => number): Promise<App> => cores.start({ sessionClock: clock });

const refused = {
  ok: false,
  error: { kind: 'pin-required', data: { role: 'manager' }, message: LOCAL_SETTINGS_REFUSED },
};

describe("a manager's settings session times out on the device", () => {
  it('lives while settings are used, and lapses back to "Manager PIN needed" once left alone', async () => {
    let now = Date.parse('2026-11-26T20:00:00Z');
    const a = await app(() => now);
    const manager = await ok<StaffSession>(call(a, 'laborIdentify', { pin: '9999' }));
    expect(manager.manager).toBe(true);
    const access = await ok<SettingsAccess>(call(a, 'settingsAccess'));
    expect(access.manager).toMatchObject({ userId: manager.userId, expiresAt: now + MANAGER_SESSION_MS });

    // In use, it slides: a settings request a minute before the end keeps it for another spell.
    now += MANAGER_SESSION_MS - MINUTE;
    expect((await call(a, 'stopTunnel')).ok).toBe(true);
    now += MANAGER_SESSION_MS - MINUTE;
    expect((await ok<SettingsAccess>(call(a, 'settingsAccess'))).manager?.userId).toBe(manager.userId);
    expect((await call(a, 'stopTunnel')).ok).toBe(true);

    // Left alone past its life: nobody is signed in here, and settings are refused until a PIN.
    now += MANAGER_SESSION_MS + 1;
    expect(await ok<SettingsAccess>(call(a, 'settingsAccess'))).toEqual({ open: false, manager: null });
    expect(await call(a, 'stopTunnel')).toEqual(refused);
    expect(await call(a, 'resetPracticeVenue')).toEqual(refused);
    // The lapsed token is no manager session either.
    expect(await call(a, 'laborStaff', manager.token)).toMatchObject({
      ok: false,
      error: { kind: 'pin-required', data: { role: 'manager' } },
    });

    // A manager's PIN opens settings again.
    await ok(call(a, 'laborIdentify', { pin: '9999' }));
    expect((await call(a, 'stopTunnel')).ok).toBe(true);
  });

  it('reading whether settings are open does not keep the session alive', async () => {
    let now = Date.parse('2026-11-26T20:00:00Z');
    const a = await app(() => now);
    await ok(call(a, 'laborIdentify', { pin: '9999' }));
    for (let i = 0; i < 3; i++) {
      now += MANAGER_SESSION_MS / 2;
      await call(a, 'settingsAccess');
    }
    expect((await ok<SettingsAccess>(call(a, 'settingsAccess'))).manager).toBeNull();
    expect(await call(a, 'stopTunnel')).toEqual(refused);
  });
});
