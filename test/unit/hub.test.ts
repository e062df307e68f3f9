// Issue 13, the hub: pairing codes (5 wrong and the code is replaced), a certificate made once and
// pinned, device credentials, and every satellite request checked in the hub's core against the
// device's role and the person's session. Real TLS on 127.0.0.1 port 0.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer as createHttpsServer, request } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { HubService } from '../../electron/core/hub/hub-service';
import { PairingRefused, pairWithHub, readHubCertificate } from '../../electron/core/hub/hub-client';
import { HubLink, HubRefused } from '../../electron/core/hub/hub-link';
import type { StaffSession } from '../../shared/labor';
import type { HubView } from '../../shared/hub';
import { allowedCode, allowNext, ok, pairDevice, removeDir, startTestHub, type TestHub } from './hub-kit';
import { waitUntil } from '../support';
import { newRequestId as rid } from '../../shared/request-id';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function hub(dataDir?: string): Promise<TestHub> {
  const h = await startTestHub(dataDir);
  if (!dataDir) cleanups.push(() => removeDir(h.dataDir));
  cleanups.push(() => h.stop());
  return h;
}

async function link(
  pairing: Parameters<typeof HubLink.open>[0],
  handlers?: Parameters<typeof HubLink.open>[1],
): Promise<HubLink> {
  const l = await HubLink.open(pairing, handlers);
  cleanups.push(() => l.close());
  return l;
}

function rawHttps(url: string, path: string, method = 'GET', headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const req = request({ host: u.hostname, port: u.port, path, method, headers, rejectUnauthorized: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('pairing', () => {
  it('pairs with the shown code once; the satellite sees the fingerprint the hub shows', async () => {
    const h = await hub();
    const seen = await readHubCertificate(h.url);
    expect(seen.fingerprint).toBe(h.hub.fingerprint);
    expect(h.hub.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    const code = allowedCode(h.app, 'kiosk');
    const paired = await pairWithHub({
      url: h.url,
      code,
      name: 'Staff door',
      expectFingerprint: h.hub.fingerprint.toLowerCase(),
    });
    expect(paired).toMatchObject({ role: 'kiosk', name: 'Staff door', fingerprint: h.hub.fingerprint });
    // One use: the same code again is refused, and the hub is no longer pairing.
    await expect(pairWithHub({ url: h.url, code, name: 'Again' })).rejects.toMatchObject({
      reason: 'no-code',
    });
    expect(h.hub.view().devices.map((d) => [d.name, d.role])).toEqual([['Staff door', 'kiosk']]);
  });

  it('5 wrong codes and the code is replaced: the old code no longer works, the new one does', async () => {
    const h = await hub();
    const first = h.hub.openPairing('manager').pairing!;
    const wrong = first.code === '000000' ? '000001' : '000000';
    const refusals: PairingRefused[] = [];
    for (let i = 0; i < 5; i++) {
      refusals.push(
        await pairWithHub({ url: h.url, code: wrong, name: 'Guesser' }).then(
          () => {
            throw new Error('paired');
          },
          (e: PairingRefused) => e,
        ),
      );
    }
    expect(refusals.map((r) => [r.reason, r.attemptsLeft])).toEqual([
      ['wrong', 4],
      ['wrong', 3],
      ['wrong', 2],
      ['wrong', 1],
      ['replaced', 0],
    ]);
    const second = h.hub.view().pairing!;
    expect(second.role).toBe('manager');
    expect(second.attemptsLeft).toBe(5);
    // The right code from before the lockout is dead (unless the new random code is the same number).
    if (second.code !== first.code)
      await expect(pairWithHub({ url: h.url, code: first.code, name: 'Late' })).rejects.toMatchObject({
        reason: 'wrong',
      });
    allowNext(h.app);
    const paired = await pairWithHub({ url: h.url, code: second.code, name: "Manager's laptop" });
    expect(paired.role).toBe('manager');
  });

  it('refuses to send the code to a hub whose fingerprint is not the expected one', async () => {
    const h = await hub();
    const { pairing } = h.hub.openPairing('kiosk');
    await expect(
      pairWithHub({ url: h.url, code: pairing!.code, name: 'x', expectFingerprint: 'AB:CD' }),
    ).rejects.toThrow(/not pairing/);
    expect(h.hub.view().pairing?.attemptsLeft).toBe(5);
  });
});

describe('the certificate and the registry are kept in the data folder', () => {
  it('reuses the certificate and the devices across restarts; stores no credential', async () => {
    const h = await hub();
    const paired = await pairDevice(h, 'workstation', 'Bar');
    const fingerprint = h.hub.fingerprint;
    await h.stop();
    const again = await HubService.open({ dataDir: h.dataDir });
    expect(again.fingerprint).toBe(fingerprint);
    expect(again.authenticate(paired.credential)).toMatchObject({
      ok: true,
      device: { name: 'Bar', role: 'workstation' },
    });
    const file = readFileSync(join(h.dataDir, 'hub', 'devices.json'), 'utf8');
    expect(file).not.toContain(paired.credential);
    expect(existsSync(join(h.dataDir, 'hub', 'hub-identity.pem'))).toBe(true);
  });
});

describe('without a credential only the pairing endpoint answers', () => {
  it('refuses the contract socket without, or with a wrong, credential; every other path is 404', async () => {
    const h = await hub();
    const paired = await pairDevice(h, 'manager');
    await expect(HubLink.open({ ...paired, credential: 'not-a-credential' })).rejects.toMatchObject({
      reason: 'unauthorized',
    });
    const status = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`${h.url.replace('https', 'wss')}/ws`, { rejectUnauthorized: false });
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('error', () => resolve(-1));
    });
    expect(status).toBe(401);
    expect(await rawHttps(h.url, '/')).toBe(404);
    expect(await rawHttps(h.url, '/ws')).toBe(404);
    expect(await rawHttps(h.url, '/pair', 'GET')).toBe(404);
  });

  it('a hub that answers 503 (stopping) is out of reach for now, not a refusal: the satellite keeps retrying', async () => {
    const h = await hub();
    const paired = await pairDevice(h, 'kiosk');
    // The same certificate, answering every upgrade as a stopping hub does (ws closes first: 503).
    const stopping = createHttpsServer({ cert: h.hub.certificate.cert, key: h.hub.certificate.key });
    stopping.on('upgrade', (_req, socket) =>
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n'),
    );
    await new Promise<void>((resolve) => stopping.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => stopping.close(() => resolve())));
    const url = `https://127.0.0.1:${(stopping.address() as AddressInfo).port}`;
    await expect(HubLink.open({ ...paired, url })).rejects.toMatchObject({ reason: 'unreachable' });
  });

  it('a satellite pinned to another certificate does not connect (and sends no credential)', async () => {
    const a = await hub();
    const b = await hub();
    const paired = await pairDevice(a, 'manager');
    // Same address, other certificate: what a look-alike hub on the LAN would present.
    const other = await readHubCertificate(b.url);
    await expect(HubLink.open({ ...paired, url: b.url })).rejects.toBeInstanceOf(HubRefused);
    expect(other.fingerprint).not.toBe(paired.fingerprint);
  });
});

describe('closing the hub', () => {
  it('records every connected device as gone before close() resolves, so nothing is written after', async () => {
    const h = await hub();
    await link(await pairDevice(h, 'manager', 'Office'));
    await waitUntil(() => h.hub.devices()[0]?.online === true);
    await h.app.hubServer()!.close();
    // Before, the disconnect came a tick later and wrote hub/devices.json after the hub had closed.
    expect(h.hub.devices()[0].online).toBe(false);
    const saved = JSON.parse(readFileSync(join(h.dataDir, 'hub', 'devices.json'), 'utf8')) as {
      devices: { lastSeenAt: number }[];
    };
    expect(saved.devices[0].lastSeenAt).toBe(h.hub.devices()[0].lastSeenAt);
  });
});

describe('every request is checked against the device role and the person', () => {
  it('a kiosk device punches, but cannot refund, change settings or manage devices, even with a manager PIN', async () => {
    const h = await hub();
    const kiosk = await link(await pairDevice(h, 'kiosk', 'Staff door'));
    const s = await ok<StaffSession>(kiosk.request('laborIdentify', [{ pin: '2222' }]));
    await ok(kiosk.request('laborPunch', [s.token, { action: 'punch-in' }]));
    expect(h.app.labor.view().board.rows.some((r) => r.name === 'Jordan Bartender')).toBe(true);

    const refund = await kiosk.request('tabRefund', ['tab-1', { amount: 100, managerPin: '9999' }, rid()]);
    expect(refund).toMatchObject({ ok: false, error: { message: /kiosk device cannot/ } });
    const settings = await kiosk.request('saveWebhookSettings', [{ host: '0.0.0.0' }]);
    expect(settings).toMatchObject({ ok: false, error: { message: /kiosk device cannot/ } });
    const m = await ok<StaffSession>(kiosk.request('laborIdentify', [{ pin: '9999' }]));
    expect(await kiosk.request('hubView', [m.token])).toMatchObject({
      ok: false,
      error: { message: /kiosk device cannot/ },
    });
    expect(await kiosk.request('laborStaff', [m.token])).toMatchObject({ ok: false });
    expect(await kiosk.request('laborEnterKioskView', [])).toMatchObject({
      ok: false,
      error: { message: /hub itself/ },
    });
  });

  it('a manager device still needs a manager session; a workstation may not touch settings', async () => {
    const h = await hub();
    const manager = await link(await pairDevice(h, 'manager', 'Office'));
    expect(await manager.request('hubView', ['x'.repeat(32)])).toMatchObject({
      ok: false,
      error: { message: /session has ended/ },
    });
    const staff = await ok<StaffSession>(manager.request('laborIdentify', [{ pin: '2222' }]));
    expect(await manager.request('hubView', [staff.token])).toMatchObject({
      ok: false,
      error: { message: /manager/i },
    });
    const m = await ok<StaffSession>(manager.request('laborIdentify', [{ pin: '9999' }]));
    const view = await ok<HubView>(manager.request('hubView', [m.token]));
    expect(view.devices.find((d) => d.name === 'Office')?.online).toBe(true);

    const bar = await link(await pairDevice(h, 'workstation', 'Bar'));
    expect(await bar.request('stopTunnel', [])).toMatchObject({
      ok: false,
      error: { message: /workstation device cannot/ },
    });
    // A refund from the bar reaches the core's own checks (here: no such tab), not a device refusal.
    const refund = await bar.request('tabRefund', ['tab-404', { amount: 100, managerPin: '9999' }, rid()]);
    expect(refund.ok).toBe(false);
    expect(refund.ok ? '' : refund.error.message).not.toMatch(/device cannot/);
  });
});

describe('revoking a device', () => {
  it('ends its open channel with "revoked", refuses it from then on, and says so', async () => {
    const h = await hub();
    const paired = await pairDevice(h, 'workstation', 'Bar');
    let closedRevoked: boolean | null = null;
    await link(paired, { onClose: (revoked) => (closedRevoked = revoked) });
    await waitUntil(() => h.hub.view().devices[0].online);
    const m = await ok<StaffSession>(
      h.app.handlers.laborIdentify({ pin: '9999' }).then((result) => ({ ok: true as const, result })),
    );
    await h.app.handlers.hubRevokeDevice(m.token, paired.deviceId);
    await waitUntil(() => closedRevoked !== null);
    expect(closedRevoked).toBe(true);
    await expect(HubLink.open(paired)).rejects.toMatchObject({ reason: 'revoked', message: /revoked/ });
    expect(h.hub.view().devices[0]).toMatchObject({ online: false, revokedAt: expect.any(Number) });
  });

  it('rename shows on the list; renames and revokes of unknown devices are clear errors', async () => {
    const h = await hub();
    const paired = await pairDevice(h, 'kiosk', 'Door');
    const m = await h.app.handlers.laborIdentify({ pin: '9999' });
    expect((await h.app.handlers.hubRenameDevice(m.token, paired.deviceId, '  Staff\u0000door ')).devices[0].name).toBe(
      'Staff door',
    );
    await expect(h.app.handlers.hubRevokeDevice(m.token, 'dev_nope')).rejects.toThrow(/not paired/);
  });
});
