// One PIN entry on a kiosk records one punch. The grant the hub signs when it checks a PIN on a
// kiosk device is bound to that person, that device, that session and one punch: the hub writes its
// use down before the punch counts, so a second punch with it is refused, after a sign-out and after
// a hub restart too; a name tap gets no grant, and its punch waits for a manager. The kiosk's own
// punch over its link spends the same grant. Real hub over TLS, real kiosk credentials, real files.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ForwardedPunch } from '../../shared/hub';
import type { StaffSession } from '../../shared/labor';
import { HubLink, ok, pairDevice, removeDir, startTestHub, testHubs, type TestHub } from './hub-kit';

const hubs = testHubs();

async function kioskLink(h: TestHub): Promise<HubLink> {
  const link = await HubLink.open(await pairDevice(h, 'kiosk', 'Door'));
  hubs.later(() => link.close());
  return link;
}

const punch = (userId: string, grant: string | undefined, action: ForwardedPunch['action']): ForwardedPunch => ({
  punchId: randomUUID(),
  userId,
  action,
  capturedAt: Date.now(),
  ...(grant ? { grant } : {}),
});

const inOutbox = (h: TestHub, p: ForwardedPunch) => h.app.labor.outbox.has(p.punchId);

describe('a punch grant is good for one punch', () => {
  it('is refused the second time, after sign-out, and after the hub restarts', async () => {
    const first = await startTestHub();
    hubs.later(() => removeDir(first.dataDir));
    let h = first;
    hubs.later(() => h.stop());
    const pairing = await pairDevice(h, 'kiosk', 'Door');
    let kiosk = await HubLink.open(pairing);
    const jordan = await ok<StaffSession>(kiosk.request('laborIdentify', [{ pin: '2222' }]));
    expect(jordan.punchGrant).toMatch(/^2\./);

    // Sam's case: one PIN entry, then punch after punch with the same grant.
    const shiftStart = punch(jordan.userId, jordan.punchGrant, 'punch-in');
    expect(await ok(kiosk.deviceRequest('hubForwardPunch', [shiftStart]))).toEqual({ status: 'accepted' });
    // The same punch sent again (its answer lost) is still the one punch.
    expect(await ok(kiosk.deviceRequest('hubForwardPunch', [shiftStart]))).toEqual({ status: 'duplicate' });
    const again = { ...punch(jordan.userId, jordan.punchGrant, 'punch-out'), declaredTipsCents: 49_999 };
    expect(await ok(kiosk.deviceRequest('hubForwardPunch', [again]))).toMatchObject({
      status: 'refused',
      message: /one PIN entry records one punch/,
      problem: { kind: 'invalid', data: { field: 'proof' } },
    });
    expect(inOutbox(h, shiftStart)).toBe(true);
    expect(inOutbox(h, again)).toBe(false);

    // A session signed out takes its unused grant with it.
    const later = await ok<StaffSession>(kiosk.request('laborIdentify', [{ pin: '2222' }]));
    await ok(kiosk.request('laborEndSession', [later.token]));
    const afterSignOut = punch(jordan.userId, later.punchGrant, 'punch-out');
    expect(await ok(kiosk.deviceRequest('hubForwardPunch', [afterSignOut]))).toMatchObject({
      status: 'refused',
      message: /signed out/,
    });
    expect(inOutbox(h, afterSignOut)).toBe(false);

    // The hub restarts on the same folder: the used grant is still used.
    kiosk.close();
    const port = h.port;
    await h.stop();
    h = await startTestHub(first.dataDir, port);
    kiosk = await HubLink.open(pairing);
    hubs.later(() => kiosk.close());
    const afterRestart = punch(jordan.userId, jordan.punchGrant, 'punch-out');
    expect(await ok(kiosk.deviceRequest('hubForwardPunch', [afterRestart]))).toMatchObject({
      status: 'refused',
      message: /one PIN entry records one punch/,
    });
    expect(inOutbox(h, afterRestart)).toBe(false);
    // The manager sees each refused one, with why.
    const m = await h.app.handlers.laborIdentify({ pin: '9999' });
    const refused = (await h.app.handlers.hubReview(m.token)).items.filter((i) => i.status === 'refused');
    expect(refused.map((i) => i.punchId).sort()).toEqual(
      [again.punchId, afterSignOut.punchId, afterRestart.punchId].sort(),
    );
  });

  it('a kiosk’s own punch over its link spends the grant too: one PIN, one punch', async () => {
    const h = await hubs.hub();
    const kiosk = await kioskLink(h);
    const jordan = await ok<StaffSession>(kiosk.request('laborIdentify', [{ pin: '2222' }]));
    await ok(kiosk.request('laborPunch', [jordan.token, { punchId: randomUUID(), action: 'punch-in' }]));
    expect(
      await kiosk.request('laborPunch', [jordan.token, { punchId: randomUUID(), action: 'punch-out' }]),
    ).toMatchObject({
      ok: false,
      error: { kind: 'pin-required', message: /one punch/ },
    });
    // Nor may the grant then go with a forwarded punch.
    expect(
      await ok(kiosk.deviceRequest('hubForwardPunch', [punch(jordan.userId, jordan.punchGrant, 'punch-out')])),
    ).toMatchObject({ status: 'refused' });
  });

  it('a name tap gets no grant: its punch waits for a manager, a manager’s included', async () => {
    const h = await hubs.hub();
    const m = await h.app.handlers.laborIdentify({ pin: '9999' });
    await h.app.handlers.laborSaveSettings(m.token, { ...h.app.labor.view().settings, nameTapNeedsPin: false });
    const kiosk = await kioskLink(h);
    const tapped = await ok<StaffSession>(kiosk.request('laborIdentify', [{ userId: '2004' }]));
    expect(tapped.punchGrant).toBeUndefined();
    const manager = await ok<StaffSession>(kiosk.request('laborIdentify', [{ userId: '2001' }]));
    expect(manager).toMatchObject({ manager: false });
    expect(manager.punchGrant).toBeUndefined();

    // Said as a name tap, it is held; without a word, refused; over the link, refused.
    const tap = { ...punch('2004', undefined, 'punch-in'), nameTap: true };
    expect(await ok(kiosk.deviceRequest('hubForwardPunch', [tap]))).toEqual({ status: 'held', reasons: ['no-pin'] });
    expect(await ok(kiosk.deviceRequest('hubForwardPunch', [punch('2001', undefined, 'punch-in')]))).toMatchObject({
      status: 'refused',
    });
    expect(await kiosk.request('laborPunch', [manager.token, { action: 'punch-in' }])).toMatchObject({
      ok: false,
      error: { kind: 'pin-required' },
    });
    expect(inOutbox(h, tap)).toBe(false);
    expect(h.app.labor.rowFor('2001')).toBeNull();
    expect(h.hub.view().devices[0].heldPunches).toBe(1);
  });

  // Grants are for what a device sends on its own word, and only a kiosk does that: its queue
  // forwards punches taken while the PIN was checked earlier, or offline. A workstation or manager
  // device punches only live, over its link, on a session its own pad opened (and the hub checks
  // that session at once), so it is given no grant and may forward nothing, even a punch that on a
  // kiosk would wait for a manager.
  it('only a kiosk device forwards punches: a workstation or manager device gets no grant and forwards nothing', async () => {
    const h = await hubs.hub();
    for (const role of ['workstation', 'manager'] as const) {
      const link = await HubLink.open(await pairDevice(h, role, `The ${role}`));
      hubs.later(() => link.close());
      const jordan = await ok<StaffSession>(link.request('laborIdentify', [{ pin: '2222' }]));
      expect(jordan.punchGrant, role).toBeUndefined();
      for (const p of [
        { ...punch(jordan.userId, undefined, 'punch-in'), offline: true },
        { ...punch(jordan.userId, undefined, 'punch-in'), nameTap: true },
      ]) {
        expect(await link.deviceRequest('hubForwardPunch', [p]), role).toMatchObject({
          ok: false,
          error: { kind: 'forbidden' },
        });
        expect(inOutbox(h, p), role).toBe(false);
      }
      expect(await link.deviceRequest('hubKioskRoster', []), role).toMatchObject({ ok: false });
    }
    // Nothing reached the review queue either.
    const manager = await h.app.handlers.laborIdentify({ pin: '9999' });
    expect((await h.app.handlers.hubReview(manager.token)).items).toEqual([]);
  });
});
