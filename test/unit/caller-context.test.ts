// One venue, one authority: every request is asked as a device and, through the session it
// presents there, a person. Sessions, PIN lockouts and "a manager is signed in" belong to the
// device that asked, over the hub's real TLS link and this computer's own screen.
import { describe, expect, it } from 'vitest';
import type { StaffSession } from '../../shared/labor';
import { runAsCaller } from '../../electron/core/caller';
import { ok, pairDevice, HubLink, testHubs } from './hub-kit';
import { waitUntil } from '../support';

const { hub, later } = testHubs();

async function link(pairing: Parameters<typeof HubLink.open>[0]): Promise<HubLink> {
  const l = await HubLink.open(pairing);
  later(() => l.close());
  return l;
}

const WRONG = ['0001', '0002', '0003', '0004', '0005'];

describe('the caller context', () => {
  it('a manager-role device with nobody signed in on it is refused settings and the practice-venue reset', async () => {
    const h = await hub();
    const office = await link(await pairDevice(h, 'manager', 'Office'));
    // A manager signed in on the hub's own screen speaks for that screen only.
    await h.app.handlers.laborIdentify({ pin: '9999' });
    const entriesBefore = h.app.sandbox()!.world.labor.all().length;
    for (const [channel, args] of [
      ['resetPracticeVenue', []],
      ['saveWebhookSettings', [{ host: '0.0.0.0' }]],
      ['stopTunnel', []],
    ] as const) {
      expect(await office.request(channel, [...args])).toMatchObject({
        ok: false,
        error: { message: /manager must sign in with a manager PIN on this device/ },
      });
    }
    expect(h.app.sandbox()!.world.labor.all().length).toBe(entriesBefore);
    // Signed in on the device itself, settings open there.
    await ok<StaffSession>(office.request('laborIdentify', [{ pin: '9999' }]));
    expect(await office.request('stopTunnel', [])).toMatchObject({ ok: true });
  });

  it("a session opened on one device is no session on another, nor on the hub's own screen", async () => {
    const h = await hub();
    const kiosk = await link(await pairDevice(h, 'kiosk', 'Door'));
    const office = await link(await pairDevice(h, 'manager', 'Office'));
    const m = await ok<StaffSession>(office.request('laborIdentify', [{ pin: '9999' }]));
    expect(await office.request('laborStaff', [m.token])).toMatchObject({ ok: true });
    expect(await kiosk.request('laborPunch', [m.token, { action: 'punch-in' }])).toMatchObject({
      ok: false,
      error: { message: /session has ended/ },
    });
    await expect(h.app.handlers.laborStaff(m.token)).rejects.toMatchObject({ kind: 'pin-required' });
    // Nor does it count as "a manager is signed in" for the hub's screen (its close guard).
    expect(h.app.labor.access.sessions.anyManagerSession()).toBe(false);
    await h.app.handlers.laborIdentify({ pin: '9999' });
    expect(h.app.labor.access.sessions.anyManagerSession()).toBe(true);
  });

  it("5 wrong PINs on one kiosk lock that kiosk only: the hub's manager PIN and another kiosk still work", async () => {
    const h = await hub();
    const door = await link(await pairDevice(h, 'kiosk', 'Door'));
    const bar = await link(await pairDevice(h, 'kiosk', 'Back door'));
    const answers = [];
    for (const pin of WRONG) answers.push(await door.request('laborIdentify', [{ pin }]));
    expect(answers.at(-1)).toMatchObject({ ok: false, error: { message: /Too many wrong PINs/ } });
    expect(await door.request('laborIdentify', [{ pin: '2222' }])).toMatchObject({
      ok: false,
      error: { message: /Too many wrong PINs/ },
    });
    const manager = await h.app.handlers.laborIdentify({ pin: '9999' });
    expect(manager.manager).toBe(true);
    expect(await bar.request('laborIdentify', [{ pin: '2222' }])).toMatchObject({ ok: true });

    // A manager lifts the door's lockout from the hub.
    const doorId = h.hub.view().devices.find((d) => d.name === 'Door')!.id;
    await h.app.handlers.laborLiftLockout(manager.token, doorId);
    expect(await door.request('laborIdentify', [{ pin: '2222' }])).toMatchObject({ ok: true });
  });

  it("a refund dialog's wrong manager PINs never lock the sign-in pad of the same device", async () => {
    const h = await hub();
    const refusals: unknown[] = [];
    for (const pin of WRONG) refusals.push(await h.app.labor.access.approveByManagerPin(pin).catch((e: unknown) => e));
    expect(refusals.at(-1)).toMatchObject({ kind: 'locked-out', data: { deviceId: 'local', userId: null } });
    await expect(h.app.labor.access.approveByManagerPin('9999')).rejects.toMatchObject({ kind: 'locked-out' });
    const staff = await h.app.handlers.laborIdentify({ pin: '2222' });
    expect(staff.userId).toBe('2004');
    // And another device's approval pad is its own.
    const other = await runAsCaller({ deviceId: 'dev_other', deviceRole: 'workstation' }, () =>
      h.app.labor.access.approveByManagerPin('9999'),
    );
    expect(other.userId).toBeTruthy();
  });
});

describe('pushes', () => {
  it("a kiosk's lockout never shows on the hub's own pad; the kiosk reads its own", async () => {
    const h = await hub();
    const door = await link(await pairDevice(h, 'kiosk', 'Door'));
    const pushed: (number | null)[] = [];
    h.app.events.on('labor', (view) => pushed.push(view.padLockedUntil));
    for (const pin of WRONG) await door.request('laborIdentify', [{ pin }]);
    await waitUntil(() => pushed.length >= WRONG.length);
    expect(pushed.every((until) => until === null)).toBe(true);
    expect(h.app.labor.view().padLockedUntil).toBeNull();
    const own = await ok<{ padLockedUntil: number | null }>(door.request('laborView', []));
    expect(own.padLockedUntil).toEqual(expect.any(Number));
  });
});
