// The kiosk satellite under the venue's authority: offline, wrong PINs are checked one at a time
// and their count survives a restart, and the manager pad says managers need the hub; nothing is
// stranded: a punch the hub can never take is set aside with its reason and the queue moves on,
// the manager sees it with the device and the person, and a failed write of the hub's relay log
// is an answer, not a crash. Real hub over TLS, real satellite, real files.
import { randomUUID } from 'node:crypto';
import { appendFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatchRequest, type DispatchOutcome } from '../../electron/core/ipc-dispatch';
import { startSatellite, type RunningSatellite } from '../../electron/host/satellite';
import type { StaffSession } from '../../shared/labor';
import { allowedCode, ok, pairDevice, removeDir, rosterCopied, startTestHub, type TestHub, HubLink } from './hub-kit';
import { tempDirs, waitUntil } from '../support';

const cleanups: (() => Promise<void> | void)[] = [];
const dirs = tempDirs('venue-satellite-');
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
  dirs.removeAll();
});

const dir = (): string => dirs.make();

async function hub(): Promise<TestHub> {
  const h = await startTestHub();
  cleanups.push(() => removeDir(h.dataDir));
  cleanups.push(() => h.stop());
  return h;
}

async function kioskSatellite(h: TestHub, d: string): Promise<RunningSatellite> {
  const s = await startSatellite({
    dataDir: d,
    hubUrl: h.url.replace('https://', ''),
    pairCode: allowedCode(h.app, 'kiosk'),
    deviceName: 'Door',
    retryMs: { first: 50, max: 200 },
  });
  cleanups.push(() => s.close());
  return s;
}

const call = (s: RunningSatellite, channel: string, ...args: unknown[]): Promise<DispatchOutcome> =>
  dispatchRequest(s.handlers, channel, args);

async function offlineKiosk(): Promise<{ d: string; open: () => Promise<RunningSatellite> }> {
  const h = await hub();
  const d = dir();
  const kiosk = await kioskSatellite(h, d);
  await call(kiosk, 'getSnapshot');
  await rosterCopied(d);
  await kiosk.close();
  await h.stop();
  const open = async () => {
    const s = await startSatellite({ dataDir: d, retryMs: { first: 50, max: 200 } });
    cleanups.push(() => s.close());
    return s;
  };
  return { d, open };
}

describe('the offline kiosk', () => {
  it('200 parallel guesses check at most 5, the right PIN among them included; the lock survives a restart', async () => {
    const { open } = await offlineKiosk();
    const kiosk = await open();
    const guesses = Array.from({ length: 200 }, (_, i) => (i === 199 ? '2222' : String(3000 + i)));
    const answers = await Promise.all(guesses.map((pin) => call(kiosk, 'laborIdentify', { pin })));
    const checkedWrong = answers.filter((a) => !a.ok && /not recognised/.test(a.error.message));
    expect(checkedWrong.length).toBeLessThanOrEqual(5);
    expect(answers[199]).toMatchObject({ ok: false, error: { message: /Too many wrong PINs/ } });
    await kiosk.close();
    const again = await open();
    expect(await call(again, 'laborIdentify', { pin: '2222' })).toMatchObject({
      ok: false,
      error: { message: /Too many wrong PINs/ },
    });
  });

  it('a damaged count of wrong PINs locks the pad instead of granting fresh tries, and says so', async () => {
    const { d, open } = await offlineKiosk();
    writeFileSync(join(d, 'satellite-pin-lock.json'), '{"wrong": [1, 2, 3, 4], "lockedUn');
    const kiosk = await open();
    expect(await call(kiosk, 'laborIdentify', { pin: '2222' })).toMatchObject({
      ok: false,
      error: { kind: 'locked-out' },
    });
    expect(readdirSync(d).some((n) => n.startsWith('satellite-pin-lock.json.damaged-'))).toBe(true);
  });

  it('offline, a manager PIN is told that managers need the hub', async () => {
    const { open } = await offlineKiosk();
    const kiosk = await open();
    expect(await call(kiosk, 'laborIdentify', { pin: '9999' })).toMatchObject({
      ok: false,
      error: { message: /managers need the hub/ },
    });
  });
});

describe('nothing stranded', () => {
  it('a 128-character user id is set aside with its reason and the queue moves on; the manager sees it', async () => {
    const h = await hub();
    const d = dir();
    const first = await kioskSatellite(h, d);
    await first.close();
    const stuck = {
      punchId: randomUUID(),
      userId: 'u'.repeat(128),
      action: 'punch-in',
      capturedAt: Date.now(),
      offline: true,
    };
    appendFileSync(join(d, 'satellite-punches.log'), `${JSON.stringify({ add: stuck })}\n`);
    const kiosk = await startSatellite({ dataDir: d, retryMs: { first: 50, max: 200 } });
    cleanups.push(() => kiosk.close());
    await waitUntil(() => kiosk.status().link === 'connected' && kiosk.status().waitingPunches === 0);
    // A punch after it lands.
    const s = (await call(kiosk, 'laborIdentify', { pin: '2222' })) as { ok: true; result: StaffSession };
    const punched = await call(kiosk, 'laborPunch', s.result.token, { action: 'punch-in', role: s.result.roles[0] });
    expect(punched.ok).toBe(true);
    expect(kiosk.status().waitingPunches).toBe(0);

    const m = await h.app.handlers.laborIdentify({ pin: '9999' });
    const review = await h.app.handlers.hubReview(m.token);
    expect(review.items).toEqual([
      expect.objectContaining({
        punchId: stuck.punchId,
        status: 'refused',
        deviceName: 'Door',
        message: expect.any(String),
      }),
    ]);
    // The Devices list shows the kiosk's queue (empty now) from its report.
    await waitUntil(() => h.hub.view().devices[0].queuedPunches === 0);
  });

  it('a failed write of the relay log is an answer the kiosk retries, never an unhandled rejection', async () => {
    const h = await hub();
    const kiosk = await HubLink.open(await pairDevice(h, 'kiosk', 'Door'));
    cleanups.push(() => kiosk.close());
    const staff = await ok<StaffSession>(kiosk.request('laborIdentify', [{ pin: '2222' }]));
    // The relay's ids and their file (forwarded-log.ts), its append made to fail.
    const relay = (h.app.relay as unknown as { accepted: { log: { append(v: unknown): void; close(): void } } })
      .accepted;
    const real = relay.log;
    relay.log = {
      append: () => {
        throw new Error('EIO: i/o error, write');
      },
      close: () => real.close(),
    };
    const punch = {
      punchId: randomUUID(),
      userId: staff.userId,
      action: 'punch-in',
      role: staff.roles[0],
      capturedAt: Date.now(),
      grant: staff.punchGrant,
    };
    expect(await kiosk.deviceRequest('hubForwardPunch', [punch])).toMatchObject({
      ok: false,
      error: { message: /could not record/ },
    });
    relay.log = real;
    expect(await ok(kiosk.deviceRequest('hubForwardPunch', [punch]))).toMatchObject({
      status: expect.stringMatching(/accepted|duplicate/),
    });
    expect(h.app.labor.outbox.has(punch.punchId)).toBe(true);
  });
});
