// Pairing is confirmed on the hub: a code pairs nothing by itself. A look-alike hub on the LAN,
// with its own certificate and its own QR code (which of course "matches" it), relays the real
// hub's code: the device only waits, the real hub's Devices tab lists it with a check code that is
// not the one the device shows, and a manager who compares denies it. Reaching the real hub
// directly, both codes are the same and an allowed device pairs. A QR code's address is connected
// to only when it is on the venue's own network. Real TLS on loopback; the satellite's own side is
// the one its pairing screen uses.
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer, request, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatchRequest } from '../../electron/core/ipc-dispatch';
import { loadOrCreateCertificate } from '../../electron/core/hub/hub-certificate';
import { startSatelliteOrSetup, type SatelliteRun } from '../../electron/host/satellite-setup';
import type { SatelliteStatus } from '../../shared/hub';
import { fromErrorPayload } from '../../shared/app-error';
import { signInManager, tempDirs, waitUntil } from '../support';
import { allowAsManager, removeDir, testHubs } from './hub-kit';

const { hub, later } = testHubs();
const dirs = tempDirs('venue-pair-confirmed-');
afterEach(() => dirs.removeAll());

async function call<T>(s: SatelliteRun, channel: string, ...args: unknown[]): Promise<T> {
  const outcome = await dispatchRequest(s.handlers, channel, args);
  if (!outcome.ok) throw fromErrorPayload(outcome.error);
  return outcome.result as T;
}

/** A look-alike hub: its own certificate, every request passed on to the real hub's port. */
async function lookAlike(realPort: number): Promise<{ address: string; fingerprint: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'venue-look-alike-'));
  later(() => removeDir(dir));
  const own = await loadOrCreateCertificate(dir);
  const server: Server = createServer({ cert: own.cert, key: own.key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const upstream = request(
        {
          host: '127.0.0.1',
          port: realPort,
          path: req.url,
          method: req.method,
          headers: req.headers,
          rejectUnauthorized: false,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      upstream.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  later(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))));
  return { address: `127.0.0.1:${(server.address() as AddressInfo).port}`, fingerprint: own.fingerprint };
}

async function unpairedSatellite(): Promise<{ run: SatelliteRun; dir: string }> {
  const dir = dirs.make();
  const run = await startSatelliteOrSetup({ dataDir: dir, retryMs: { first: 50, max: 200 } });
  later(() => run.close());
  return { run, dir };
}

describe('pairing confirmed on the hub', () => {
  it('a look-alike hub’s QR does not pair until the real hub’s manager allows it: the check codes differ, and it is denied', async () => {
    const h = await hub();
    const fake = await lookAlike(h.port);
    expect(fake.fingerprint).not.toBe(h.hub.fingerprint);
    const { run, dir } = await unpairedSatellite();
    // The look-alike's QR code: its address, the real hub's code (read off the hub's screen), its own certificate.
    const qr = { hub: fake.address, code: h.hub.openPairing('manager').pairing!.code, fingerprint: fake.fingerprint };
    const checked = await call<{ address: string; fingerprint: string }>(run, 'satelliteCheckHub', qr.hub);
    expect(checked.fingerprint).toBe(qr.fingerprint); // what the old screen called "matches its QR code"
    const asked = await call<SatelliteStatus>(run, 'satellitePair', {
      address: checked.address,
      code: qr.code,
      name: 'Office laptop',
      fingerprint: checked.fingerprint,
    });
    // Not paired: waiting for a manager, with this device's check code to compare.
    expect(asked.link).toBe('unpaired');
    expect(asked.pairingRequest).toMatchObject({ state: 'waiting', name: 'Office laptop' });
    const deviceCode = asked.pairingRequest!.checkCode;
    expect(deviceCode).toMatch(/^[0-9A-F]{4}( [0-9A-F]{4}){4}$/);

    // The real hub's Devices tab lists the request, relayed by the look-alike, with another check code.
    const manager = await signInManager(h.app.handlers);
    const view = await h.app.handlers.hubView(manager!.token);
    expect(view.requests.map((r) => [r.name, r.role])).toEqual([['Office laptop', 'manager']]);
    const hubCode = view.requests[0].checkCode;
    expect(hubCode).not.toBe(deviceCode);
    expect(view.devices).toEqual([]);
    expect(existsSync(join(dir, 'satellite.json'))).toBe(false);
    expect(run.status().pairingRequest?.state).toBe('waiting');

    // The manager compares, the codes differ: denied. Nothing was issued; the device is told.
    await allowAsManager(h.app, view.requests[0].id, 'deny');
    await waitUntil(() => run.status().pairingRequest?.state === 'denied');
    expect(run.status().link).toBe('unpaired');
    expect(h.hub.view().devices).toEqual([]);
    expect(existsSync(join(dir, 'satellite.json'))).toBe(false);

    // Straight to the real hub: the same check code on both screens, and allowed, it pairs.
    const real = await call<{ address: string; fingerprint: string }>(run, 'satelliteCheckHub', h.url);
    const again = await call<SatelliteStatus>(run, 'satellitePair', {
      address: real.address,
      code: h.hub.openPairing('manager').pairing!.code,
      name: 'Office laptop',
      fingerprint: real.fingerprint,
    });
    const [request] = h.hub.view().requests;
    expect(request.checkCode).toBe(again.pairingRequest!.checkCode);
    await allowAsManager(h.app, request.id);
    await waitUntil(() => run.status().link === 'connected', 10_000);
    expect(run.status()).toMatchObject({ role: 'manager', fingerprint: h.hub.fingerprint, pairingRequest: null });
    expect(existsSync(join(dir, 'satellite.json'))).toBe(true);
  });

  it('connects for pairing only to addresses on the venue’s own network', async () => {
    const { run } = await unpairedSatellite();
    for (const address of ['8.8.8.8:47800', 'hub.example.com:47800', '[2001:db8::1]:47800']) {
      await expect(call(run, 'satelliteCheckHub', address)).rejects.toMatchObject({
        kind: 'invalid',
        data: { field: 'hub' },
      });
      await expect(
        call(run, 'satellitePair', { address, code: '123456', name: 'Door', fingerprint: 'AB'.repeat(32) }),
      ).rejects.toMatchObject({ kind: 'invalid', data: { field: 'hub' } });
    }
  });
});
