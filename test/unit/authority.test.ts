// Authority lives in the core, checked through the real dispatch every
// transport uses: kiosk settings need a manager signed in, roster changes end manager rights at
// once, and PIN guessing locks per kiosk and per person, serialised.
import { describe, expect, it } from 'vitest';
import { KIOSK_SETTINGS_REFUSED, LOCAL_SETTINGS_REFUSED } from '../../electron/core/access-guard';
import { runAsCaller } from '../../electron/core/caller';
import { dispatchRequest } from '../../electron/core/ipc-dispatch';
import type { App } from '../../electron/host/create-app';
import type { StaffSession } from '../../shared/labor';
import { signInManager } from '../support';
import { call, ok } from '../support/dispatch';
import { testCores } from '../support/test-cores';
import { newRequestId as rid } from '../../shared/request-id';

const cores = testCores('venue-authority-');

const app = (kiosk: boolean, options: { firstStart?: boolean } = {}): Promise<App> =>
  cores.start({ kiosk, setup: options.firstStart ? 'none' : 'practice' });

describe('kiosk: privileged settings need a manager signed in on this kiosk', () => {
  it('refuses webhook, connection and tunnel changes with no manager session, and allows them after a manager PIN', async () => {
    const a = await app(true);
    const before = (await ok<{ settings: { host: string } }>(call(a, 'getWebhookState'))).settings.host;
    const refused = [
      await call(a, 'saveWebhookSettings', { host: '0.0.0.0' }),
      await call(a, 'saveConnection', {
        mode: 'remote',
        baseUrl: 'https://example.test',
        accessId: 'x',
        accessSecret: 'y',
      }),
      await call(a, 'startTunnel', 'token'),
      await call(a, 'stopTunnel'),
      await call(a, 'resetPracticeVenue'),
    ];
    for (const o of refused)
      expect(o).toEqual({
        ok: false,
        error: { kind: 'pin-required', data: { role: 'manager' }, message: KIOSK_SETTINGS_REFUSED },
      });
    expect((await ok<{ settings: { host: string } }>(call(a, 'getWebhookState'))).settings.host).toBe(before);

    // A staff PIN is not enough; a manager's is.
    const staff = await ok<StaffSession>(call(a, 'laborIdentify', { pin: '2222' }));
    expect((await call(a, 'stopTunnel')).ok).toBe(false);
    await ok(call(a, 'laborEndSession', staff.token));
    const m = await ok<StaffSession>(call(a, 'laborIdentify', { pin: '9999' }));
    expect((await call(a, 'stopTunnel')).ok).toBe(true);
    await ok(call(a, 'laborEndSession', m.token));
    expect(await call(a, 'stopTunnel')).toMatchObject({ ok: false, error: { message: KIOSK_SETTINGS_REFUSED } });
  });

  it('on a desktop run too: manager requests still need a manager token', async () => {
    const a = await app(false);
    expect(await call(a, 'laborStaff', 'not-a-token-of-any-session')).toMatchObject({
      ok: false,
      error: { kind: 'pin-required', data: { role: 'manager' } },
    });
  });
});

describe("this computer's own screen: settings need a manager signed in on it once a manager has a PIN", () => {
  const refusal = {
    ok: false,
    error: { kind: 'pin-required', data: { role: 'manager' }, message: LOCAL_SETTINGS_REFUSED },
  };
  const remote = { mode: 'remote', baseUrl: 'https://example.test', accessId: 'x', accessSecret: 'y' };

  it('refuses saveConnection and resetPracticeVenue with nobody signed in, and a staff session does not unlock', async () => {
    const a = await app(false);
    const entries = a.labor.view().board.rows.length;
    expect(await call(a, 'saveConnection', remote)).toEqual(refusal);
    expect(await call(a, 'resetPracticeVenue')).toEqual(refusal);
    expect(await ok(call(a, 'settingsAccess'))).toEqual({ open: false, manager: null });
    const staff = await ok<StaffSession>(call(a, 'laborIdentify', { pin: '2222' }));
    expect(await call(a, 'saveConnection', remote)).toEqual(refusal);
    expect(await call(a, 'resetPracticeVenue')).toEqual(refusal);
    expect(await ok(call(a, 'settingsAccess'))).toEqual({ open: false, manager: null });
    await ok(call(a, 'laborEndSession', staff.token));
    // Nothing moved: still the practice venue.
    expect(a.connection.status().settings.mode).toBe('sandbox');
    expect(a.labor.view().board.rows.length).toBe(entries);
  });

  it('works once a manager signs in on this screen, and locks again when the manager signs out', async () => {
    const a = await app(false);
    const manager = await signInManager(a.handlers);
    expect(await ok(call(a, 'settingsAccess'))).toMatchObject({
      open: false,
      manager: { userId: manager!.userId, name: 'Alex Manager' },
    });
    // A PIN of the venue's own: the practice venue's well-known one is removed on leaving it.
    await ok(call(a, 'laborSetPin', manager!.token, manager!.userId, '86421'));
    expect((await call(a, 'resetPracticeVenue')).ok).toBe(true);
    expect((await call(a, 'saveConnection', remote)).ok).toBe(true);
    expect(a.connection.status().settings.mode).toBe('remote');
    expect(await ok(call(a, 'settingsSignOut'))).toEqual({ open: false, manager: null });
    expect(await call(a, 'saveConnection', { mode: 'sandbox' })).toEqual(refusal);
    expect(a.connection.status().settings.mode).toBe('remote');
  });

  it('a paired manager device signed in does not unlock this screen', async () => {
    const a = await app(false);
    await runAsCaller({ deviceId: 'office', deviceRole: 'manager' }, () => signInManager(a.handlers));
    expect(await call(a, 'resetPracticeVenue')).toEqual(refusal);
  });

  it('while no manager has a PIN, settings are open to this screen, and say so, until the first manager is set up', async () => {
    const a = await cores.create();
    // Not started: the practice venue has not seeded its demo manager, as on a real service's first run.
    expect(await ok(call(a, 'settingsAccess'))).toEqual({ open: true, manager: null });
    expect((await call(a, 'saveWebhookSettings', { host: '127.0.0.1' })).ok).toBe(true);
    expect((await call(a, 'setupChoose', { venue: 'service', role: 'single', purpose: 'manager' })).ok).toBe(true);
    // A paired device is never spared.
    expect(
      await dispatchRequest(a.handlers, 'saveWebhookSettings', [{ host: '127.0.0.1' }], {
        deviceId: 'office',
        deviceRole: 'manager',
      }),
    ).toMatchObject({ ok: false, error: { kind: 'pin-required' } });
    const first = await ok<StaffSession>(
      call(a, 'laborSetupManager', { userId: 'm1', name: 'Morgan Owner', pin: '4321' }),
    );
    expect((await call(a, 'saveWebhookSettings', { host: '127.0.0.1' })).ok).toBe(true);
    await ok(call(a, 'laborEndSession', first.token));
    expect(await ok(call(a, 'settingsAccess'))).toEqual({ open: false, manager: null });
    expect(await call(a, 'saveWebhookSettings', { host: '127.0.0.1' })).toEqual(refusal);
  });

  it("the first start's own requests stay open while it is open, though the practice venue's manager exists", async () => {
    const a = await app(false, { firstStart: true });
    expect(a.labor.roster.needsManagerSetup()).toBe(false);
    expect(await ok(call(a, 'setupView'))).toMatchObject({ needed: true });
    // (Saved as the practice venue: leaving it would remove its PINs, and with no manager PIN
    // left, settings are open anyway.)
    expect((await call(a, 'saveConnection', { mode: 'sandbox' })).ok).toBe(true);
    expect((await call(a, 'setupChoose', { venue: 'service', role: 'hub', purpose: 'manager' })).ok).toBe(true);
    // Answered: the restart it needs is still this screen's to make, and nothing else is.
    expect(await call(a, 'setupRestart')).toMatchObject({ ok: false, error: { kind: 'local-failure' } });
    expect(await call(a, 'setupChoose', { venue: 'practice', role: 'single', purpose: null })).toEqual(refusal);
    expect(await call(a, 'saveConnection', remote)).toEqual(refusal);
    expect(await call(a, 'stopTunnel')).toEqual(refusal);
  });

  it('a first start that needs no restart leaves nothing open', async () => {
    const a = await app(false, { firstStart: true });
    expect((await call(a, 'setupChoose', { venue: 'practice', role: 'single', purpose: 'manager' })).ok).toBe(true);
    expect(await call(a, 'setupRestart')).toEqual(refusal);
  });
});

describe('bug B: a roster change ends manager rights in open sessions at once', () => {
  it('a demoted manager and a removed manager lose manager rights immediately', async () => {
    const a = await app(false);
    const alex = await ok<StaffSession>(call(a, 'laborIdentify', { pin: '9999' }));
    const staff = await ok<{ userId: string; name: string; roles: unknown[] }[]>(call(a, 'laborStaff', alex.token));
    const sam = staff.find((s) => s.userId === '2002')!;
    const jordan = staff.find((s) => s.userId === '2004')!;
    await ok(
      call(a, 'laborSaveStaff', alex.token, { userId: sam.userId, name: sam.name, manager: true, roles: sam.roles }),
    );
    await ok(
      call(a, 'laborSaveStaff', alex.token, {
        userId: jordan.userId,
        name: jordan.name,
        manager: true,
        roles: jordan.roles,
      }),
    );
    const samSession = await ok<StaffSession>(call(a, 'laborIdentify', { pin: '1111' }));
    const jordanSession = await ok<StaffSession>(call(a, 'laborIdentify', { pin: '2222' }));
    expect(samSession.manager && jordanSession.manager).toBe(true);

    await ok(
      call(a, 'laborSaveStaff', alex.token, { userId: sam.userId, name: sam.name, manager: false, roles: sam.roles }),
    );
    expect(await call(a, 'laborStaff', samSession.token)).toMatchObject({ ok: false });
    await ok(call(a, 'laborRemoveStaff', alex.token, jordan.userId));
    expect(await call(a, 'laborStaff', jordanSession.token)).toMatchObject({ ok: false });
    expect((await call(a, 'laborStaff', alex.token)).ok).toBe(true);
  });
});

describe('PIN guessing', () => {
  it('400 guesses meet a lockout even when a colleague signs in correctly between them', async () => {
    const a = await app(false);
    let wrong = 0;
    let locked = 0;
    for (let i = 0; i < 400; i++) {
      if (i % 4 === 3) await call(a, 'laborIdentify', { pin: '2222' }); // someone else's correct PIN
      const o = await call(a, 'laborIdentify', { pin: String(5000 + i) });
      if (o.ok) continue;
      if (o.error.kind === 'locked-out') locked += 1;
      else wrong += 1;
    }
    expect(wrong).toBeLessThanOrEqual(5);
    expect(locked).toBeGreaterThan(390);
    expect((await ok<{ padLockedUntil: number | null }>(call(a, 'laborView'))).padLockedUntil).toBeGreaterThan(
      Date.now(),
    );
  });

  it('simultaneous guesses are serialised: no more than five get past the lock check', async () => {
    const a = await app(false);
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, i) => call(a, 'laborIdentify', { userId: '2001', pin: String(5000 + i) })),
    );
    const checked = outcomes.filter((o) => !o.ok && o.error.kind === 'invalid').length;
    expect(checked).toBe(4);
    expect(outcomes.filter((o) => !o.ok && o.error.kind === 'locked-out')).toHaveLength(36);
    // That person's correct PIN is locked out too, and so is the kiosk.
    expect((await call(a, 'laborIdentify', { userId: '2001', pin: '9999' })).ok).toBe(false);
  });
});

describe('refunds need a manager PIN in every mode', () => {
  it('refuses a missing, a staff and a wrong PIN before anything reaches the service, and records who approved', async () => {
    const a = await app(false);
    const tab = 'no-such-tab';
    expect(await call(a, 'tabRefund', tab, { amount: 100 }, rid())).toMatchObject({
      ok: false,
      error: { kind: 'invalid', data: { field: 'managerPin' } },
    });
    expect(await call(a, 'tabRefund', tab, { amount: 100, managerPin: '2222' }, rid())).toMatchObject({
      ok: false,
      error: { kind: 'pin-required', data: { role: 'manager' } },
    });
    expect(await call(a, 'tabRefund', tab, { amount: 100, managerPin: '8642' }, rid())).toMatchObject({
      ok: false,
      error: { kind: 'invalid', data: { field: 'pin' } },
    });
  });
});

describe('kiosk view on a workstation is kept and enforced by the core', () => {
  it('locks settings like kiosk mode, survives a restart, and only a manager session leaves it', async () => {
    const a = await app(false);
    const view = await ok<{ kioskView: boolean }>(call(a, 'laborEnterKioskView'));
    expect(view.kioskView).toBe(true);
    // The screen is not asked: the bridge itself now refuses settings without a manager signed in.
    expect(await call(a, 'saveWebhookSettings', { host: '0.0.0.0' })).toMatchObject({
      ok: false,
      error: { message: KIOSK_SETTINGS_REFUSED },
    });
    const staff = await ok<StaffSession>(call(a, 'laborIdentify', { pin: '2222' }));
    expect(await call(a, 'laborLeaveKioskView', staff.token)).toMatchObject({ ok: false });
    expect(a.labor.view().kioskView).toBe(true);
    const m = await ok<StaffSession>(call(a, 'laborIdentify', { pin: '9999' }));
    expect((await ok<{ kioskView: boolean }>(call(a, 'laborLeaveKioskView', m.token))).kioskView).toBe(false);
    expect((await call(a, 'stopTunnel')).ok).toBe(true);
    await ok(call(a, 'laborEndSession', m.token));
    expect(await call(a, 'stopTunnel')).toMatchObject({ ok: false, error: { message: LOCAL_SETTINGS_REFUSED } });
  });

  it('is remembered in the data folder across a restart', async () => {
    const dir = cores.dir();
    const first = await cores.start({ dataDir: dir, setup: 'none' });
    await ok(call(first, 'laborEnterKioskView'));
    await first.stop();
    const second = await cores.create({ dataDir: dir, setup: 'none' });
    await second.start();
    expect(second.labor.view().kioskView).toBe(true);
    expect(await call(second, 'stopTunnel')).toMatchObject({ ok: false, error: { message: KIOSK_SETTINGS_REFUSED } });
  });

  it('is refused while no manager exists, so nobody can be locked out of the workstation', async () => {
    const a = await cores.create({ setup: 'none' });
    // Not started: no practice venue has seeded the demo manager.
    expect(await call(a, 'laborEnterKioskView')).toMatchObject({
      ok: false,
      error: { kind: 'conflict', data: { what: 'manager' } },
    });
  });
});
