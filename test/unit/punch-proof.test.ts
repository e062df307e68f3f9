// A punch is worth the PIN behind it: a kiosk device's stored credential alone cannot make the hub
// record a punch. A forwarded punch must carry the grant the hub signed when it checked that
// person's PIN on that device; a punch taken offline, at a time far from the hub's clock, or with
// tips over the manager's limit waits in the review queue until a manager decides. Real TLS link.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { StaffSession } from '../../shared/labor';
import type { PunchReviewView } from '../../shared/authority';
import { ok, pairDevice, type TestHub, HubLink, testHubs } from './hub-kit';
import { drained, entriesAt } from './labor-test-kit';
import { waitUntil } from '../support';
import { LOCAL_CALLER } from '../../electron/core/caller';

const { hub, later } = testHubs();

async function kioskLink(h: TestHub, name = 'Door'): Promise<HubLink> {
  const l = await HubLink.open(await pairDevice(h, 'kiosk', name));
  later(() => l.close());
  return l;
}

/** Someone on the roster here who is not on shift yet. */
async function offShift(h: TestHub): Promise<{ userId: string; pin: string }> {
  await h.app.handlers.laborRefreshBoard();
  const here = h.app.labor.location().uuid;
  const staff = [
    { userId: '2004', pin: '2222' },
    { userId: '2002', pin: '1111' },
    { userId: '2006', pin: '3333' },
    { userId: '2005', pin: '4444' },
  ];
  const free = staff.find(
    (p) =>
      !h.app.labor.rowFor(p.userId) && h.app.labor.roster.get(p.userId)?.roles.some((r) => r.locationUuid === here),
  );
  if (!free) throw new Error('nobody off shift in the practice venue');
  return free;
}

const inOutbox = (h: TestHub, punchId: string) => h.app.labor.outbox.has(punchId);

describe('a forwarded punch needs the PIN behind it', () => {
  it('refuses a punch without proof, with a forged one, or with another person’s: nothing reaches the timesheet', async () => {
    const h = await hub();
    const kiosk = await kioskLink(h);
    const person = await offShift(h);
    const base = { userId: '2001', action: 'punch-in', capturedAt: Date.now(), declaredTipsCents: 10_000_000 };
    const bare = { ...base, punchId: randomUUID() };
    expect(await ok(kiosk.deviceRequest('hubForwardPunch', [bare]))).toMatchObject({
      status: 'refused',
      message: /no proof/,
      problem: { kind: 'invalid', data: { field: 'proof' } },
    });
    const forged = { ...base, punchId: randomUUID(), grant: `${Date.now()}.${'A'.repeat(43)}` };
    expect(await ok(kiosk.deviceRequest('hubForwardPunch', [forged]))).toMatchObject({ status: 'refused' });
    // A real grant, but for the person who typed their PIN, not for the manager.
    const staff = await ok<StaffSession>(kiosk.request('laborIdentify', [{ pin: person.pin }]));
    expect(staff.punchGrant).toBeTruthy();
    const borrowed = { ...base, punchId: randomUUID(), grant: staff.punchGrant };
    expect(await ok(kiosk.deviceRequest('hubForwardPunch', [borrowed]))).toMatchObject({ status: 'refused' });
    for (const p of [bare, forged, borrowed]) expect(inOutbox(h, p.punchId)).toBe(false);
    expect(h.app.labor.rowFor('2001')).toBeNull();

    // The manager sees each refusal with the device, the person and the reason.
    const m = await h.app.handlers.laborIdentify({ pin: '9999' });
    const review = await h.app.handlers.hubReview(m.token);
    expect(review.items.filter((i) => i.status === 'refused')).toHaveLength(3);
    expect(review.items[0]).toMatchObject({
      deviceName: 'Door',
      userId: '2001',
      message: /no proof/,
      problem: { kind: 'invalid', data: { field: 'proof' } },
    });

    // The same person's own punch, with their grant and the hub's time, lands.
    const own = {
      ...base,
      userId: person.userId,
      declaredTipsCents: 0,
      punchId: randomUUID(),
      grant: staff.punchGrant,
    };
    expect(await ok(kiosk.deviceRequest('hubForwardPunch', [own]))).toEqual({ status: 'accepted' });
    expect(inOutbox(h, own.punchId)).toBe(true);
  });

  it('holds a back-dated and a high-tip punch; a manager approves, and each lands once', async () => {
    const h = await hub();
    const kiosk = await kioskLink(h);
    const person = await offShift(h);
    const staff = await ok<StaffSession>(kiosk.request('laborIdentify', [{ pin: person.pin }]));
    const backDated = {
      punchId: randomUUID(),
      userId: person.userId,
      action: 'punch-in',
      capturedAt: Date.now() - 40 * 24 * 3600_000,
      grant: staff.punchGrant,
    };
    expect(await ok(kiosk.deviceRequest('hubForwardPunch', [backDated]))).toMatchObject({
      status: 'held',
      reasons: ['back-dated'],
    });
    expect(inOutbox(h, backDated.punchId)).toBe(false);
    const m = await h.app.handlers.laborIdentify({ pin: '9999' });
    await h.app.handlers.hubSaveReviewRules(m.token, { tipLimitCents: 20_000 });
    // One PIN entry, one punch: the person enters it again for the next one.
    const again = await ok<StaffSession>(kiosk.request('laborIdentify', [{ pin: person.pin }]));
    const tips = {
      punchId: randomUUID(),
      userId: person.userId,
      action: 'punch-out',
      capturedAt: Date.now(),
      declaredTipsCents: 10_000_000,
      grant: again.punchGrant,
    };
    expect(await ok(kiosk.deviceRequest('hubForwardPunch', [tips]))).toMatchObject({
      status: 'held',
      reasons: ['tips-over-limit'],
    });
    // Sent again (a lost answer): still one item, never applied.
    expect(await ok(kiosk.deviceRequest('hubForwardPunch', [tips]))).toEqual({ status: 'duplicate' });
    let review: PunchReviewView = await h.app.handlers.hubReview(m.token);
    expect(review.items.map((i) => [i.status, i.deviceName, i.userId, i.reasons])).toEqual([
      ['held', 'Door', person.userId, ['back-dated']],
      ['held', 'Door', person.userId, ['tips-over-limit']],
    ]);
    expect(h.hub.view().devices.find((d) => d.name === 'Door')?.heldPunches).toBe(2);

    // The manager corrects the back-dated punch to an hour ago and approves it, corrects the tips
    // of the other; a repeated approval changes nothing.
    const at = Date.now() - 3600_000;
    await h.app.handlers.hubReviewDecide(m.token, backDated.punchId, { decision: 'approve', capturedAt: at });
    await h.app.handlers.hubReviewDecide(m.token, backDated.punchId, { decision: 'approve', capturedAt: at });
    review = await h.app.handlers.hubReviewDecide(m.token, tips.punchId, {
      decision: 'approve',
      declaredTipsCents: 1_500,
    });
    expect(review.items.map((i) => i.status)).toEqual(['approved', 'approved']);
    expect(review.items[0].decidedBy).toMatch(/\(2001\)/);
    await drained(h.app.labor, 30_000);
    const entries = entriesAt(h.app.sandbox()!).filter((e) => e.userId === person.userId && e.punchInMs >= at - 60_000);
    expect(entries).toHaveLength(1);
    expect(entries[0].punchOutMs).not.toBeNull();
    expect(entries[0].declaredTips).toBeGreaterThan(0);
    await expect(h.app.handlers.hubReviewDecide(m.token, tips.punchId, { decision: 'reject' })).rejects.toMatchObject({
      kind: 'conflict',
    });
  });

  it('holds a punch the kiosk took offline, and a rejected one never lands', async () => {
    const h = await hub();
    const kiosk = await kioskLink(h);
    const person = await offShift(h);
    const offline = {
      punchId: randomUUID(),
      userId: person.userId,
      action: 'punch-in',
      capturedAt: Date.now(),
      offline: true,
    };
    expect(await ok(kiosk.deviceRequest('hubForwardPunch', [offline]))).toMatchObject({
      status: 'held',
      reasons: ['offline'],
    });
    const m = await h.app.handlers.laborIdentify({ pin: '9999' });
    await h.app.handlers.hubReviewDecide(m.token, offline.punchId, { decision: 'reject' });
    expect(inOutbox(h, offline.punchId)).toBe(false);
    expect(await ok(kiosk.deviceRequest('hubForwardPunch', [offline]))).toEqual({ status: 'duplicate' });
    expect(inOutbox(h, offline.punchId)).toBe(false);
  });

  it('a punch the contract’s schema refuses gets a typed invalid answer; the manager sees it, once', async () => {
    const h = await hub();
    const kiosk = await kioskLink(h);
    const person = await offShift(h);
    const staff = await ok<StaffSession>(kiosk.request('laborIdentify', [{ pin: person.pin }]));
    const tooMuch = {
      punchId: randomUUID(),
      userId: person.userId,
      action: 'punch-out',
      capturedAt: Date.now(),
      declaredTipsCents: 10_000_001,
      grant: staff.punchGrant,
    };
    const answer = await kiosk.deviceRequest('hubForwardPunch', [tooMuch]);
    expect(answer).toMatchObject({ ok: false, error: { kind: 'invalid', data: { field: 'declaredTipsCents' } } });
    // Sent again (the kiosk lost the answer): the same answer, still one refusal listed.
    expect(await kiosk.deviceRequest('hubForwardPunch', [tooMuch])).toMatchObject({
      ok: false,
      error: { kind: 'invalid' },
    });
    expect(inOutbox(h, tooMuch.punchId)).toBe(false);
    const m = await h.app.handlers.laborIdentify({ pin: '9999' });
    const review = await h.app.handlers.hubReview(m.token);
    expect(review.items).toEqual([
      expect.objectContaining({ punchId: tooMuch.punchId, status: 'refused', deviceName: 'Door' }),
    ]);
  });

  it('roster hashes go to a kiosk device’s own link only: never a screen, the hub’s own included', async () => {
    const h = await hub();
    const kiosk = await kioskLink(h);
    const roster = await ok<{ userId: string; manager: boolean; pin: unknown }[]>(
      kiosk.deviceRequest('hubKioskRoster', []),
    );
    expect(roster.length).toBeGreaterThan(0);
    expect(roster.every((s) => !s.manager && s.pin !== undefined)).toBe(true);
    const bar = await HubLink.open(await pairDevice(h, 'workstation', 'Bar'));
    later(() => bar.close());
    expect(await bar.deviceRequest('hubKioskRoster', [])).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(await h.app.dispatch('hubKioskRoster', [], LOCAL_CALLER)).toMatchObject({
      ok: false,
      error: { kind: 'forbidden' },
    });
  });

  it('each device reports its clock; a skew over a minute shows on the Devices list', async () => {
    const h = await hub();
    const kiosk = await kioskLink(h);
    await ok(kiosk.deviceRequest('hubDeviceReport', [{ at: Date.now() + 5 * 60_000, waiting: 3 }]));
    await waitUntil(() => h.hub.view().devices[0].clockSkewMs !== null);
    const door = h.hub.view().devices[0];
    expect(door.clockSkewMs).toBeGreaterThan(4 * 60_000);
    expect(door.queuedPunches).toBe(3);
  });
});
