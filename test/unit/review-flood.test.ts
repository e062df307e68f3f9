// Every door into the hub's review queue has a bound, per device, live or revoked alike: a revoked
// kiosk's 10 000 refused punches leave the review file small and the hub answering its screens; a
// live kiosk's credential fills at most its cap of held punches (the rest wait on the device, told
// to try later), a manager clears a device's part in one request, and a revoked device's
// hand-over ends once its queue is handed over, or a day after the revoke. Real hub over TLS, real
// device credentials, real files; the hub's clock is stepped where a rate or a day must pass. The
// time the hub takes to answer during the flood is the bench's figure (bench/review-flood.ts).
import { randomUUID } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { postJson, type SatellitePairing } from '../../electron/core/hub/hub-client';
import { DEVICE_BURST, HELD_PER_DEVICE, REFUSED_LISTED_PER_DEVICE } from '../../electron/core/hub/punch-review';
import { HAND_OVER_BATCH, type ForwardedPunch, type HandOverOutcome } from '../../shared/hub';
import type { StaffSession } from '../../shared/labor';
import { HubLink, ok, pairDevice, removeDir, startTestHub, testHubs, type TestHub } from './hub-kit';

const hubs = testHubs();

/** A hub whose clock the test moves on (its review's rates and the hand-over's day). */
async function steppedHub(): Promise<{ h: TestHub; step(ms: number): void }> {
  let ahead = 0;
  const h = await startTestHub(undefined, 0, {}, { now: () => Date.now() + ahead });
  hubs.later(() => removeDir(h.dataDir));
  hubs.later(() => h.stop());
  return { h, step: (ms) => void (ahead += ms) };
}

const offline = (userId: string, at = Date.now()): ForwardedPunch => ({
  punchId: randomUUID(),
  userId,
  action: 'punch-in',
  capturedAt: at,
  offline: true,
});

const handOver = (device: SatellitePairing, punches: unknown[]) =>
  postJson(device, '/handover', { punches }, device.credential);

/** The review's files on disk, in bytes. */
function reviewBytes(h: TestHub): number {
  return ['punch-review.json', 'punch-review.log']
    .map((f) => join(h.dataDir, 'hub', f))
    .reduce((sum, path) => sum + (existsSync(path) ? statSync(path).size : 0), 0);
}

async function managerLink(h: TestHub): Promise<{ link: HubLink; token: string }> {
  const link = await HubLink.open(await pairDevice(h, 'manager', 'Office'));
  hubs.later(() => link.close());
  const m = await ok<StaffSession>(link.request('laborIdentify', [{ pin: '9999' }]));
  return { link, token: m.token };
}

describe('the review queue under a flood', () => {
  it('10 000 refused hand-over punches: the review file stays small and the hub keeps answering', async () => {
    const h = await hubs.hub();
    const door = await pairDevice(h, 'kiosk', 'Door');
    h.hub.revoke(door.deviceId);
    const office = await managerLink(h);
    let refused = 0;
    let limited = 0;
    for (let batch = 0; batch < 10_000 / HAND_OVER_BATCH; batch++) {
      // Nobody by that id is on the roster: each one the hub takes is refused.
      const punches = Array.from({ length: HAND_OVER_BATCH }, () => offline('nobody'));
      const [answer, devices, board] = await Promise.all([
        handOver(door, punches),
        office.link.request('hubView', [office.token]),
        office.link.request('laborView', []),
      ]);
      // The hub's screens are answered all along.
      expect(devices).toMatchObject({ ok: true, result: { enabled: true } });
      expect(board).toMatchObject({ ok: true });
      const body = answer.body as { ok: boolean; result?: HandOverOutcome[]; error?: { kind: string } };
      if (body.ok) refused += body.result!.filter((o) => o.outcome.status === 'refused').length;
      else {
        expect(body.error).toMatchObject({ kind: 'rate-limited' });
        limited++;
      }
    }
    // The device's rate took the first burst; the rest it was told to send later.
    expect(refused).toBeGreaterThanOrEqual(DEVICE_BURST);
    expect(refused).toBeLessThan(1_000);
    expect(limited).toBeGreaterThan(50);
    // Its newest refusals are listed, the others counted.
    const review = await ok<{ items: { status: string }[]; unlisted: { deviceId: string; refused: number }[] }>(
      office.link.request('hubReview', [office.token]),
    );
    const listed = review.items.filter((i) => i.status === 'refused').length;
    expect(listed).toBe(REFUSED_LISTED_PER_DEVICE);
    expect(review.unlisted).toEqual([expect.objectContaining({ deviceId: door.deviceId, refused: refused - listed })]);
    // Bounded on disk: the file and its log together, not a line per refusal kept for ever.
    expect(reviewBytes(h)).toBeLessThan(400_000);
    console.log(
      `[figure] review flood: 10 000 refused hand-over punches: ${refused} kept (${listed} listed, ${refused - listed} counted), ${limited} of 100 batches told to wait, review files ${(reviewBytes(h) / 1024).toFixed(0)} KB, every hubView and laborView answered`,
    );
  });

  it('a live kiosk credential fills its cap of held punches and no more; a manager purges them at once', async () => {
    const { h, step } = await steppedHub();
    const kiosk = await HubLink.open(await pairDevice(h, 'kiosk', 'Door'));
    hubs.later(() => kiosk.close());
    const held = () => h.hub.view().devices.find((d) => d.name === 'Door')!.heldPunches;
    const send = async (count: number) => {
      const answers = [];
      for (let i = 0; i < count; i++) answers.push(await kiosk.deviceRequest('hubForwardPunch', [offline('2004')]));
      return answers;
    };
    // A burst, then "later": the punch stays on the device (not refused, not lost).
    const first = await send(DEVICE_BURST + 20);
    expect(first.filter((a) => a.ok)).toHaveLength(DEVICE_BURST);
    expect(first.at(-1)).toMatchObject({
      ok: false,
      error: { kind: 'rate-limited', data: { retryAfterMs: expect.any(Number) } },
    });
    // Minutes on, the rate allows more, up to the device's cap of held punches.
    for (let i = 0; held() < HELD_PER_DEVICE && i < 10; i++) {
      step(10 * 60_000);
      await send(DEVICE_BURST);
    }
    expect(held()).toBe(HELD_PER_DEVICE);
    step(60 * 60_000);
    expect(await kiosk.deviceRequest('hubForwardPunch', [offline('2004')])).toMatchObject({
      ok: false,
      error: { kind: 'rate-limited', data: { retryAfterMs: null }, message: /once a manager has decided some/ },
    });

    // One request clears the device's part: rejected, never applied, off the list.
    const office = await managerLink(h);
    const before = await ok<{ items: { punchId: string }[] }>(office.link.request('hubReview', [office.token]));
    const purged = await ok<{ items: unknown[] }>(
      office.link.request('hubReviewPurgeDevice', [office.token, h.hub.view().devices[0].id]),
    );
    expect(purged.items).toEqual([]);
    expect(held()).toBe(0);
    expect(before.items.some((i) => h.app.labor.outbox.has(i.punchId))).toBe(false);
    expect(await kiosk.deviceRequest('hubForwardPunch', [offline('2004')])).toMatchObject({ ok: true });
  });

  it('a manager approves a device’s held punches in one request, in the order taken, each once', async () => {
    const h = await hubs.hub();
    const kiosk = await HubLink.open(await pairDevice(h, 'kiosk', 'Door'));
    hubs.later(() => kiosk.close());
    const t = Date.now() - 30 * 60_000;
    const taken = [
      { ...offline('2004', t + 60_000), action: 'break-start' as const },
      offline('2004', t),
      { ...offline('2004', t + 120_000), action: 'break-end' as const },
    ];
    for (const p of taken)
      expect(await ok(kiosk.deviceRequest('hubForwardPunch', [p]))).toMatchObject({ status: 'held' });
    const office = await managerLink(h);
    const ids = taken.map((p) => p.punchId);
    const decided = await ok<{ items: { status: string }[] }>(
      office.link.request('hubReviewDecideMany', [office.token, ids, 'approve']),
    );
    expect(decided.items.map((i) => i.status)).toEqual(['approved', 'approved', 'approved']);
    expect(ids.every((id) => h.app.labor.outbox.has(id))).toBe(true);
    // Applied in capture order: the break lies inside the shift begun first.
    expect(h.app.labor.rowFor('2004')).toMatchObject({ breakStart: null, shiftStart: t });
    const again = await ok<{ items: { status: string }[] }>(
      office.link.request('hubReviewDecideMany', [office.token, ids, 'reject']),
    );
    expect(again.items.map((i) => i.status)).toEqual(['approved', 'approved', 'approved']);
  });

  it('a revoked device hands over until its queue is in, or for a day; then only old answers are given', async () => {
    const { h, step } = await steppedHub();
    const userId = '2004';
    const door = await pairDevice(h, 'kiosk', 'Door');
    const bar = await pairDevice(h, 'kiosk', 'Bar');
    h.hub.revoke(door.deviceId);
    h.hub.revoke(bar.deviceId);

    // Door's last batch is short: its queue is handed over, and the door closes behind it.
    const last = [offline(userId), offline(userId)];
    expect(await handOver(door, last)).toMatchObject({ status: 200, body: { ok: true } });
    const unknownCredential = await postJson(door, '/handover', { punches: [offline(userId)] }, 'not-a-credential');
    expect(await handOver(door, [offline(userId)])).toEqual(unknownCredential);
    expect(await handOver(door, last)).toMatchObject({
      body: { ok: true, result: [{ outcome: { status: 'duplicate' } }, { outcome: { status: 'duplicate' } }] },
    });

    // Bar keeps sending full batches: open for a day after the revoke, not after.
    const full = Array.from({ length: HAND_OVER_BATCH }, () => offline(userId));
    expect(await handOver(bar, full)).toMatchObject({ status: 200, body: { ok: true } });
    step(25 * 3600_000);
    expect(await handOver(bar, [offline(userId)])).toEqual(unknownCredential);
  });
});
