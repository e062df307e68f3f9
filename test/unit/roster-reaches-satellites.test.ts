// A kiosk's offline copy of the staff list follows the hub while the kiosk is online: every board
// the hub pushes carries its list's stamp, and a kiosk whose copy differs fetches it at once. So
// the practice PINs dropped when the hub leaves the practice venue, and a PIN changed on the hub,
// stop working offline on a kiosk that was online at the time. And the copy has a lifetime: a
// kiosk that has not heard the hub for a day asks for it rather than trusting an old list. Real
// hub over TLS, real kiosk satellites, real files; the satellite's clock is stepped for the day.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatchRequest, type DispatchOutcome } from '../../electron/core/ipc-dispatch';
import { KIOSK_CACHE_FILE } from '../../electron/core/labor/kiosk-cache';
import { startSatellite, type RunningSatellite } from '../../electron/host/satellite';
import { startSandbox, DEMO_ACCESS_ID, DEMO_ACCESS_SECRET } from '../../electron/sandbox';
import type { KioskStaff } from '../../shared/hub';
import { tempDirs, waitUntil } from '../support';
import { allowedCode, testHubs, type TestHub } from './hub-kit';

const hubs = testHubs();
const dirs = tempDirs('venue-roster-copy-');
afterEach(() => dirs.removeAll());

const call = (s: RunningSatellite, channel: string, ...args: unknown[]): Promise<DispatchOutcome> =>
  dispatchRequest(s.handlers, channel, args);

async function kiosk(h: TestHub, dataDir = dirs.make(), now?: () => number): Promise<RunningSatellite> {
  const s = await startSatellite({
    dataDir,
    hubUrl: h.url.replace('https://', ''),
    pairCode: allowedCode(h.app, 'kiosk'),
    deviceName: 'Door',
    retryMs: { first: 50, max: 200 },
    now,
  });
  hubs.later(() => s.close());
  await waitUntil(() => s.status().link === 'connected');
  return s;
}

/** The PIN hash of `userId` in the kiosk's copy on disk (null: none; undefined: not in the copy). */
function copiedPin(dataDir: string, userId: string): unknown {
  try {
    const cache = JSON.parse(readFileSync(join(dataDir, KIOSK_CACHE_FILE), 'utf8')) as { roster: KioskStaff[] };
    return cache.roster.find((s) => s.userId === userId)?.pin;
  } catch {
    return undefined;
  }
}

const refusedOffline = { ok: false, error: { kind: 'invalid', data: { reason: 'pin-not-recognised-offline' } } };

describe("a kiosk's offline copy of the staff list", () => {
  it('a kiosk online while the hub leaves the practice venue refuses 1111 offline afterwards', async () => {
    const h = await hubs.hub();
    const service = await startSandbox();
    hubs.later(() => service.close());
    const kioskDirs = [dirs.make(), dirs.make()];
    const sats = [await kiosk(h, kioskDirs[0]), await kiosk(h, kioskDirs[1])];
    for (const d of kioskDirs) await waitUntil(() => !!copiedPin(d, '2002'));

    // On the hub's own screen, a manager moves the venue to its real service.
    await h.app.handlers.laborIdentify({ pin: '9999' });
    await h.app.handlers.saveConnection({
      mode: 'remote',
      baseUrl: service.baseUrl,
      accessId: DEMO_ACCESS_ID,
      accessSecret: DEMO_ACCESS_SECRET,
    });
    await waitUntil(() => h.app.connection.realServiceAnswered());
    await h.app.labor.onServiceAnswered();
    // Both kiosks hear it while online: their copies lose the practice PINs.
    for (const d of kioskDirs) await waitUntil(() => copiedPin(d, '2002') === null && copiedPin(d, '2004') === null);

    await h.stop();
    for (const s of sats) {
      await waitUntil(() => s.status().link === 'connecting');
      expect(await call(s, 'laborIdentify', { pin: '1111' })).toMatchObject(refusedOffline);
    }
  });

  it('a PIN changed on the hub stops working offline on the kiosk; the new one works', async () => {
    const h = await hubs.hub();
    const d = dirs.make();
    const s = await kiosk(h, d);
    await waitUntil(() => !!copiedPin(d, '2004'));
    const before = JSON.stringify(copiedPin(d, '2004'));

    const m = await h.app.handlers.laborIdentify({ pin: '9999' });
    await h.app.handlers.laborSetPin(m.token, '2004', '8642');
    await waitUntil(() => JSON.stringify(copiedPin(d, '2004')) !== before);

    await h.stop();
    await waitUntil(() => s.status().link === 'connecting');
    expect(await call(s, 'laborIdentify', { pin: '2222' })).toMatchObject(refusedOffline);
    expect(await call(s, 'laborIdentify', { pin: '8642' })).toMatchObject({ ok: true, result: { userId: '2004' } });
  });

  it('a copy not heard from the hub for a day signs nobody in offline, across a restart too', async () => {
    const h = await hubs.hub();
    const d = dirs.make();
    let ahead = 0;
    const clock = () => Date.now() + ahead;
    const s = await kiosk(h, d, clock);
    await waitUntil(() => !!copiedPin(d, '2004'));
    await h.stop();
    await waitUntil(() => s.status().link === 'connecting');
    expect(await call(s, 'laborIdentify', { pin: '2222' })).toMatchObject({ ok: true });

    ahead += 25 * 3600_000;
    const tooOld = { ok: false, error: { kind: 'unreachable', message: /more than a day ago/ } };
    expect(await call(s, 'laborIdentify', { pin: '2222' })).toMatchObject(tooOld);
    await s.close();
    const again = await startSatellite({ dataDir: d, retryMs: { first: 50, max: 200 }, now: clock });
    hubs.later(() => again.close());
    expect(await call(again, 'laborIdentify', { pin: '2222' })).toMatchObject(tooOld);
  });
});
