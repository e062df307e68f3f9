// A revoked kiosk's hand-over is one more contract channel (`hubHandOverPunches`): the hub's
// hand-over route only names the revoked device as the caller, and the core's dispatcher decides
// with the contract's schema and the access table, answering with typed errors. Real hub over TLS,
// real credentials, real files.
import { describe, expect, it } from 'vitest';
import { postJson, type SatellitePairing } from '../../electron/core/hub/hub-client';
import { LOCAL_CALLER } from '../../electron/core/caller';
import { HAND_OVER_BATCH } from '../../shared/hub';
import { HubLink, pairDevice, testHubs, type TestHub } from './hub-kit';

const hubs = testHubs();

const punch = (userId: string, extra: Record<string, unknown> = {}) => ({
  punchId: crypto.randomUUID(),
  userId,
  action: 'punch-in',
  capturedAt: Date.now(),
  offline: true,
  ...extra,
});

const staffId = (h: TestHub): string => h.app.labor.roster.views().find((v) => !v.manager)!.userId;

const handOver = (device: SatellitePairing, body: unknown, credential = device.credential) =>
  postJson(device, '/handover', body, credential);

async function heldCount(h: TestHub): Promise<number> {
  const m = await h.app.handlers.laborIdentify({ pin: '9999' });
  return (await h.app.handlers.hubReview(m.token)).items.length;
}

describe('handing over what a revoked kiosk holds', () => {
  it('is allowed to a revoked kiosk only, by the access table', async () => {
    const h = await hubs.hub();
    const userId = staffId(h);
    const door = await pairDevice(h, 'kiosk', 'Door');
    const link = await HubLink.open(door);
    hubs.later(() => link.close());

    // A live kiosk over its own link: the access table refuses it, and nothing is held.
    expect(await link.deviceRequest('hubForwardPunch', [punch(userId)])).toMatchObject({ ok: true });
    expect(await link.request('hubHandOverPunches', [{ punches: [punch(userId)] }])).toMatchObject({
      ok: false,
      error: { kind: 'forbidden', data: { by: 'venue' } },
    });
    // Nor the hub's own screen.
    expect(await h.app.dispatch('hubHandOverPunches', [{ punches: [punch(userId)] }], LOCAL_CALLER)).toMatchObject({
      ok: false,
      error: { kind: 'forbidden' },
    });
    const before = await heldCount(h);

    // A revoked workstation gets the answer an unknown credential gets: it learns nothing.
    const bar = await pairDevice(h, 'workstation', 'Bar');
    h.hub.revoke(bar.deviceId);
    const fromBar = await handOver(bar, { punches: [punch(userId)] });
    const unknown = await handOver(bar, { punches: [punch(userId)] }, 'not-a-credential');
    expect(fromBar.status).toBe(404);
    expect(fromBar).toEqual(unknown);
    // A live kiosk's credential on that route: the same.
    expect(await handOver(door, { punches: [punch(userId)] })).toEqual(unknown);

    // Revoked, the kiosk hands over: held for a manager, never applied.
    h.hub.revoke(door.deviceId);
    const p = punch(userId);
    expect(await handOver(door, { punches: [p] })).toEqual({
      status: 200,
      body: {
        ok: true,
        result: [{ punchId: p.punchId, outcome: { status: 'held', reasons: ['revoked-device', 'offline'] } }],
      },
    });
    expect(h.app.labor.outbox.has(p.punchId)).toBe(false);
    expect(await heldCount(h)).toBe(before + 1);
    // A revoked kiosk may ask nothing else of the core, whichever transport named it.
    const revoked = { deviceId: door.deviceId, deviceRole: 'kiosk' as const, revoked: true as const };
    for (const channel of ['hubKioskRoster', 'laborView'])
      expect(await h.app.dispatch(channel, [], revoked)).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
  });

  it('refuses a malformed hand-over as invalid, naming the field, and a broken punch with its reason', async () => {
    const h = await hubs.hub();
    const userId = staffId(h);
    const door = await pairDevice(h, 'kiosk', 'Door');
    h.hub.revoke(door.deviceId);

    const tooMany = Array.from({ length: HAND_OVER_BATCH + 1 }, () => punch(userId));
    for (const body of [{ punches: tooMany }, { punches: [{ userId }] }, { punches: 'all' }, { others: [] }])
      expect(await handOver(door, body)).toMatchObject({
        status: 400,
        body: { ok: false, error: { kind: 'invalid', data: { field: expect.stringMatching(/^punches/) } } },
      });
    expect(await heldCount(h)).toBe(0);

    // One punch breaks the contract's limits: it alone is refused, with its reason; the other is held.
    const good = punch(userId);
    const broken = punch('u'.repeat(129));
    const answer = await handOver(door, { punches: [good, broken] });
    expect(answer).toMatchObject({
      status: 200,
      body: {
        ok: true,
        result: [
          { punchId: good.punchId, outcome: { status: 'held' } },
          { punchId: broken.punchId, outcome: { status: 'refused', message: expect.stringContaining('userId') } },
        ],
      },
    });
    // Sent again (an answer lost): nothing new is held or listed twice.
    expect(await handOver(door, { punches: [good, broken] })).toMatchObject({
      body: { ok: true, result: [{ outcome: { status: 'duplicate' } }, { outcome: { status: 'refused' } }] },
    });
    const m = await h.app.handlers.laborIdentify({ pin: '9999' });
    expect((await h.app.handlers.hubReview(m.token)).items.map((i) => [i.punchId, i.status]).sort()).toEqual(
      [
        [good.punchId, 'held'],
        [broken.punchId, 'refused'],
      ].sort(),
    );
  });
});
