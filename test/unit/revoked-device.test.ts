// A revoked kiosk that still holds punches: its screen is told it was revoked (a typed kind, not an
// endless wait), it hands what it holds to the hub's review queue (the one door its credential
// still opens), the Devices list counts them, and a manager accepts or rejects each; an accepted
// one lands once. Real hub over TLS, real satellite, real files.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatchRequest, type DispatchOutcome } from '../../electron/core/ipc-dispatch';
import { startSatellite, type RunningSatellite } from '../../electron/host/satellite';
import { postJson } from '../../electron/core/hub/hub-client';
import type { StaffSession } from '../../shared/labor';
import { allowedCode, removeDir, startTestHub, type TestHub } from './hub-kit';
import { tempDirs, waitUntil } from '../support';

const cleanups: (() => Promise<void> | void)[] = [];
const dirs = tempDirs('venue-revoked-');
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
  dirs.removeAll();
});

const call = (s: RunningSatellite, channel: string, ...args: unknown[]): Promise<DispatchOutcome> =>
  dispatchRequest(s.handlers, channel, args);

async function satellite(d: string, extra: Partial<Parameters<typeof startSatellite>[0]> = {}) {
  const s = await startSatellite({ dataDir: d, retryMs: { first: 50, max: 200 }, ...extra });
  cleanups.push(() => s.close());
  return s;
}

describe('a revoked kiosk', () => {
  it('says so, hands its queued punches to review, and a manager accepts or rejects each', async () => {
    const d = dirs.make();
    const first = await startTestHub();
    cleanups.push(() => removeDir(first.dataDir));
    const port = Number(new URL(first.url).port);
    const kiosk = await satellite(d, {
      hubUrl: first.url.replace('https://', ''),
      pairCode: allowedCode(first.app, 'kiosk'),
      deviceName: 'Door',
    });
    await call(kiosk, 'getSnapshot');
    await waitUntil(
      () =>
        existsSync(join(d, 'satellite-cache.json')) &&
        readFileSync(join(d, 'satellite-cache.json'), 'utf8').includes('"2004"'),
    );
    // The hub goes away; the kiosk takes two punches offline.
    await first.stop();
    await waitUntil(() => kiosk.status().link === 'connecting');
    const session = (await call(kiosk, 'laborIdentify', { pin: '2222' })) as { ok: true; result: StaffSession };
    expect(session.ok).toBe(true);
    const ids = [crypto.randomUUID(), crypto.randomUUID()];
    for (const [i, action] of (['punch-in', 'break-start'] as const).entries())
      expect((await call(kiosk, 'laborPunch', session.result.token, { action, punchId: ids[i] })).ok).toBe(true);
    expect(kiosk.status().waitingPunches).toBe(2);
    await kiosk.close();

    // Back on the same data and port, the hub's manager revokes the kiosk before it reconnects.
    const h: TestHub = await startTestHub(first.dataDir, port);
    cleanups.push(() => h.stop());
    h.hub.revoke(kiosk.pairing.deviceId);
    const revoked = await satellite(d);
    await waitUntil(() => revoked.status().link === 'revoked' && revoked.status().waitingPunches === 0, 15_000);
    // Its screen is told, with a kind: not an endless "loading".
    expect(await call(revoked, 'getSnapshot')).toMatchObject({
      ok: false,
      error: { kind: 'revoked', data: { waitingPunches: 0 } },
    });

    const m = await h.app.handlers.laborIdentify({ pin: '9999' });
    let review = await h.app.handlers.hubReview(m.token);
    expect(
      review.items.map((i) => [i.punchId, i.status, i.deviceName, i.userId, i.reasons.includes('revoked-device')]),
    ).toEqual([
      [ids[0], 'held', 'Door', session.result.userId, true],
      [ids[1], 'held', 'Door', session.result.userId, true],
    ]);
    const door = h.hub.view().devices.find((x) => x.id === kiosk.pairing.deviceId);
    expect(door).toMatchObject({ heldPunches: 2 });
    expect(door?.revokedAt).not.toBeNull();
    expect(h.app.labor.outbox.has(ids[0])).toBe(false);

    await h.app.handlers.hubReviewDecide(m.token, ids[0], { decision: 'approve' });
    review = await h.app.handlers.hubReviewDecide(m.token, ids[1], { decision: 'reject' });
    expect(review.items.map((i) => i.status)).toEqual(['approved', 'rejected']);
    expect(h.app.labor.outbox.has(ids[0])).toBe(true);
    expect(h.app.labor.outbox.has(ids[1])).toBe(false);
    expect(h.hub.view().devices.find((x) => x.id === kiosk.pairing.deviceId)).toMatchObject({ heldPunches: 0 });

    // Handed over again (an answer lost): nothing new is held, nothing lands twice.
    const again = await postJson(
      kiosk.pairing,
      '/handover',
      { punches: [{ punchId: ids[0], userId: session.result.userId, action: 'punch-in', capturedAt: Date.now() }] },
      kiosk.pairing.credential,
    );
    expect(again.body).toEqual({ ok: true, result: [{ punchId: ids[0], outcome: { status: 'duplicate' } }] });
    expect((await h.app.handlers.hubReview(m.token)).items).toHaveLength(2);
    // A live device's credential, or none, learns nothing there.
    expect((await postJson(kiosk.pairing, '/handover', { punches: [] })).status).toBe(404);
  });
});
