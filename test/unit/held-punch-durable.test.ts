// A punch the hub holds for review, or refuses, is on disk before the device hears of it. When the
// hub cannot write its review log, the device is told to try again and keeps the punch; nothing
// is remembered as seen, so once the log can be written the resend lands, once. Real hub over
// TLS, a real kiosk satellite and link, real files: a folder where the review's log must go makes
// the write fail, as root too.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ForwardedPunch, KioskRelay } from '../../electron/core/hub/kiosk-relay';
import type { PunchReceipt, StaffSession } from '../../shared/labor';
import { tempDirs, waitUntil } from '../support';
import { HubLink, ok, pairDevice, testHubs, type TestHub, pairedKiosk, satelliteCall } from './hub-kit';

const hubs = testHubs();
const dirs = tempDirs('venue-held-punch-');
afterEach(() => dirs.removeAll());

const reviewFile = (h: TestHub): string => join(h.dataDir, 'hub', 'punch-review.json');
/** Where each change to the review queue is appended first (review-store.ts). */
const reviewLog = (h: TestHub): string => join(h.dataDir, 'hub', 'punch-review.log');

/** Puts a folder where the review's log goes (the log, if any, set aside); the returned call undoes it. */
function blockReviewFile(h: TestHub): () => void {
  const path = reviewLog(h);
  const aside = `${path}.aside`;
  const had = existsSync(path);
  if (had) renameSync(path, aside);
  mkdirSync(path);
  return () => {
    rmdirSync(path);
    if (had) renameSync(aside, path);
  };
}

type OnDisk = { punchId: string; status: string; reasons: string[] };

/** The review's items for one punch id, as on disk: the file's, with the log's changes since. */
function onDisk(h: TestHub, punchId: string): OnDisk[] {
  const items = new Map<string, OnDisk>();
  if (existsSync(reviewFile(h)))
    for (const i of (JSON.parse(readFileSync(reviewFile(h), 'utf8')) as { items: OnDisk[] }).items)
      items.set(i.punchId, i);
  const lines = existsSync(reviewLog(h)) ? readFileSync(reviewLog(h), 'utf8').split('\n').filter(Boolean) : [];
  for (const line of lines) {
    const change = JSON.parse(line) as { put?: OnDisk; drop?: string[] };
    if (change.put) items.set(change.put.punchId, change.put);
    for (const id of change.drop ?? []) items.delete(id);
  }
  return [...items.values()].filter((i) => i.punchId === punchId);
}

/** Counts the forwarded punches the hub's relay is asked to take. */
function countForwards(relay: KioskRelay): () => number {
  let tries = 0;
  const accept = relay.accept.bind(relay);
  relay.accept = (punch, device) => (tries++, accept(punch, device));
  return () => tries;
}

describe('a punch the hub cannot write down', () => {
  it('held: the kiosk keeps it and sends it again until it lands in the review queue once', async () => {
    const h = await hubs.hub();
    // Three minutes ahead: the hub holds every punch of this kiosk for a manager (clock-ahead).
    const kiosk = await pairedKiosk(h, dirs.make(), {
      retryMs: { first: 50, max: 200 },
      now: () => Date.now() + 3 * 60_000,
    });
    hubs.later(() => kiosk.close());
    const call = <T>(channel: string, ...args: unknown[]) => satelliteCall<T>(kiosk, channel, ...args);
    await waitUntil(() => kiosk.status().link === 'connected');
    const forwards = countForwards(h.app.relay!);
    const staff = await call<StaffSession>('laborIdentify', { pin: '2222' });

    const unblock = blockReviewFile(h);
    const receipt = await call<PunchReceipt>('laborPunch', staff.token, { action: 'punch-in', role: staff.roles[0] });
    const punchId = receipt.punchIds[0];
    expect(receipt.waitingToSync).toBe(1);
    // The kiosk asks again on its own; each time the hub still cannot write, and says so.
    await waitUntil(() => forwards() >= 3 || kiosk.status().waitingPunches === 0);
    expect(kiosk.status().waitingPunches).toBe(1);
    expect(h.app.review!.view().items.filter((i) => i.punchId === punchId)).toEqual([]);

    unblock();
    await waitUntil(() => kiosk.status().waitingPunches === 0);
    expect(h.app.review!.view().items.filter((i) => i.punchId === punchId)).toEqual([
      expect.objectContaining({ status: 'held', reasons: ['clock-ahead'] }),
    ]);
    expect(onDisk(h, punchId)).toEqual([expect.objectContaining({ status: 'held', reasons: ['clock-ahead'] })]);
  });

  it('refused: the device is told to retry, never "duplicate", until the refusal is written down', async () => {
    const h = await hubs.hub();
    const link = await HubLink.open(await pairDevice(h, 'kiosk', 'Door'));
    hubs.later(() => link.close());
    const staff = await ok<StaffSession>(link.request('laborIdentify', [{ pin: '2222' }]));
    // No grant and not offline: the hub refuses it, and keeps the refusal for managers.
    const punch: ForwardedPunch = {
      punchId: randomUUID(),
      userId: staff.userId,
      action: 'punch-in',
      capturedAt: Date.now(),
    };

    const unblock = blockReviewFile(h);
    for (let i = 0; i < 2; i++)
      expect(await link.deviceRequest('hubForwardPunch', [punch])).toMatchObject({
        ok: false,
        error: { kind: 'internal' },
      });
    unblock();
    expect(await ok(link.deviceRequest('hubForwardPunch', [punch]))).toMatchObject({ status: 'refused' });
    expect(await ok(link.deviceRequest('hubForwardPunch', [punch]))).toEqual({ status: 'duplicate' });
    expect(onDisk(h, punch.punchId)).toEqual([expect.objectContaining({ status: 'refused' })]);
  });
});
