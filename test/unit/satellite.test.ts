// Issue 13, satellites: a device pairs once with the code, keeps its pairing in its own data
// folder, and its screen's requests reach the hub's core over the pinned channel. A punch on the
// kiosk satellite shows on the manager satellite; revoked is said as such; a hub restart is
// ridden out by reconnecting.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatchRequest } from '../../electron/core/ipc-dispatch';
import { startSatellite, type RunningSatellite } from '../../electron/host/satellite';
import type { LaborView, StaffSession } from '../../shared/labor';
import type { DeviceRole, HubView } from '../../shared/hub';
import { allowedCode, removeDir, rosterCopied, startTestHub, type TestHub } from './hub-kit';
import { fromErrorPayload } from '../../shared/app-error';
import { waitUntil, tempDirs } from '../support';
import { newRequestId as rid } from '../../shared/request-id';

const cleanups: (() => Promise<void> | void)[] = [];
const dirs = tempDirs('venue-satellite-');
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
  dirs.removeAll();
});

function dir(): string {
  const d = dirs.make();
  return d;
}

async function hub(dataDir?: string, port = 0): Promise<TestHub> {
  const h = await startTestHub(dataDir, port);
  if (!dataDir) cleanups.push(() => removeDir(h.dataDir));
  cleanups.push(() => h.stop());
  return h;
}

async function satellite(
  h: TestHub,
  role: DeviceRole,
  dataDir = dir(),
  name: string = role,
): Promise<RunningSatellite> {
  const code = allowedCode(h.app, role);
  const s = await startSatellite({
    dataDir,
    hubUrl: h.url.replace('https://', ''),
    pairCode: code,
    deviceName: name,
    retryMs: { first: 50, max: 200 },
  });
  cleanups.push(() => s.close());
  return s;
}

/** Through the satellite's own dispatcher, as its screen's requests go. */
async function call<T>(s: RunningSatellite, channel: string, ...args: unknown[]): Promise<T> {
  const outcome = await dispatchRequest(s.handlers, channel, args);
  if (!outcome.ok) throw fromErrorPayload(outcome.error);
  return outcome.result as T;
}

describe('satellites of one hub', () => {
  it('a punch on the kiosk satellite reaches the manager satellite as a push and in its reads', async () => {
    const h = await hub();
    const kiosk = await satellite(h, 'kiosk');
    const manager = await satellite(h, 'manager');
    expect(kiosk.status()).toMatchObject({
      mode: 'satellite',
      link: 'connected',
      role: 'kiosk',
      fingerprint: h.hub.fingerprint,
    });
    const pushed: LaborView[] = [];
    manager.events.on('labor', (view) => pushed.push(view));

    const s = await call<StaffSession>(kiosk, 'laborIdentify', { pin: '2222' });
    await call(kiosk, 'laborPunch', s.token, { action: 'punch-in' });
    await waitUntil(() => pushed.some((v) => v.board.rows.some((r) => r.name === 'Jordan Bartender')));
    const view = await call<LaborView>(manager, 'laborView');
    expect(view.board.rows.some((r) => r.name === 'Jordan Bartender')).toBe(true);

    // The manager satellite sees both devices online; the kiosk satellite may not ask.
    const m = await call<StaffSession>(manager, 'laborIdentify', { pin: '9999' });
    const devices = (await call<HubView>(manager, 'hubView', m.token)).devices;
    expect(devices.map((d) => [d.role, d.online])).toEqual([
      ['kiosk', true],
      ['manager', true],
    ]);
    await expect(call(kiosk, 'tabRefund', 'tab-1', { amount: 100, managerPin: '9999' }, rid())).rejects.toMatchObject({
      kind: 'forbidden',
      data: { by: 'venue' },
    });
  });

  it('keeps its pairing: a restart reconnects without a code', async () => {
    const h = await hub();
    const d = dir();
    const first = await satellite(h, 'workstation', d, 'Bar');
    await first.close();
    const again = await startSatellite({ dataDir: d, retryMs: { first: 50, max: 200 } });
    cleanups.push(() => again.close());
    expect(again.status()).toMatchObject({ link: 'connected', deviceName: 'Bar', role: 'workstation' });
    expect((await call<LaborView>(again, 'laborView')).location).not.toBeNull();
    await expect(startSatellite({ dataDir: dir() })).rejects.toThrow(/not paired/);
  });

  it('a revoked satellite is told so, and its requests are refused with that sentence', async () => {
    const h = await hub();
    const bar = await satellite(h, 'workstation', dir(), 'Bar');
    const m = await h.app.handlers.laborIdentify({ pin: '9999' });
    await h.app.handlers.hubRevokeDevice(m.token, bar.pairing.deviceId);
    await waitUntil(() => bar.status().link === 'revoked');
    await expect(call(bar, 'laborView')).rejects.toThrow(/revoked/);
    expect((await call<{ message: string }>(bar, 'satelliteStatus')).message).toMatch(/revoked by a manager/);
  });

  it('a kiosk restarted while the hub is down opens on its last snapshot and takes punches by PIN', async () => {
    const h = await hub();
    const d = dir();
    const kiosk = await satellite(h, 'kiosk', d);
    await call(kiosk, 'getSnapshot');
    await rosterCopied(d);
    await kiosk.close();
    await h.stop();
    const again = await startSatellite({ dataDir: d, retryMs: { first: 50, max: 200 } });
    cleanups.push(() => again.close());
    expect(again.status().link).toBe('connecting');
    const snapshot = await call<{ labor?: LaborView }>(again, 'getSnapshot');
    expect(snapshot.labor?.location).not.toBeNull();
    // Offline: staff only. A manager's PIN hash never leaves the hub, so it is not recognised here.
    await expect(call(again, 'laborIdentify', { pin: '0000' })).rejects.toThrow(/not recognised/);
    await expect(call(again, 'laborIdentify', { pin: '9999' })).rejects.toThrow(/not recognised/);
    const cached = JSON.parse(readFileSync(join(d, 'satellite-cache.json'), 'utf8')) as {
      roster: { userId: string; manager: boolean }[];
    };
    expect(cached.roster.map((r) => r.userId)).not.toContain('2001');
    expect(cached.roster.every((r) => !r.manager)).toBe(true);
    const s = await call<StaffSession>(again, 'laborIdentify', { pin: '2222' });
    await call(again, 'laborPunch', s.token, { action: 'punch-in', role: s.roles[0] });
    expect(again.status().waitingPunches).toBe(1);
    expect((await call<LaborView>(again, 'laborView')).board.rows.some((r) => r.userId === '2004' && r.pending)).toBe(
      true,
    );
  });

  it('rides out a hub restart: unreachable meanwhile, connected again after', async () => {
    const h = await hub();
    const port = Number(new URL(h.url).port);
    const kiosk = await satellite(h, 'kiosk');
    // Read once while connected: whether the hub pushed a view of its own before it stopped then
    // no longer decides what the kiosk answers while the hub is down.
    const before = await call<LaborView>(kiosk, 'laborView');
    await h.stop();
    await waitUntil(() => kiosk.status().link === 'connecting');
    expect(kiosk.status().message).toMatch(/cannot be reached/);
    // Meanwhile: the kiosk's board is the last it saw; anything only the hub can answer is refused as unreachable.
    expect((await call<LaborView>(kiosk, 'laborView')).location).toEqual(before.location);
    await expect(call(kiosk, 'tabsView')).rejects.toThrow(/cannot be reached/);
    await hub(h.dataDir, port);
    await waitUntil(() => kiosk.status().link === 'connected', 10_000);
    expect((await call<LaborView>(kiosk, 'laborView')).location).not.toBeNull();
  });
});
