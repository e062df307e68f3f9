// The practice venue seeds a roster with PINs printed in the docs (manager 9999). A venue that
// moves to a real service must not keep them, but only a service that answers is a move: an
// address that never answers costs nobody their PIN. Real core, real sandbox over HTTP, real files.
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { saveDeviceSetup } from '../../electron/core/setup/device-setup';
import { Roster, type DemoStaff } from '../../electron/core/labor/roster';
import { DEMO_MANAGERS, DEMO_PINS } from '../../electron/core/labor/demo-roster';
import { createApp, type App, type AppOptions } from '../../electron/host/create-app';
import { startSandbox, DEMO_ACCESS_ID, DEMO_ACCESS_SECRET } from '../../electron/sandbox';
import type { PunchReceipt, StaffSession } from '../../shared/labor';
import type { ConnectionStatus } from '../../shared/domain';
import { freePort, tempDirs, waitUntil } from '../support';
import { call, ok, connectRemote } from '../support/dispatch';
import { HARBOUR } from './labor-test-constants';

const cleanups: (() => Promise<void> | void)[] = [];
const dirs = tempDirs('venue-practice-pins-');
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
  dirs.removeAll();
});

async function start(dir: string, more: Partial<AppOptions> = {}): Promise<App> {
  const a = await createApp({
    dataDir: dir,
    runtime: 'headless',
    secrets: new MemorySecretStore(),
    labor: { scryptN: 1024, boardRefreshMs: 0 },
    ...more,
  });
  cleanups.push(() => a.stop());
  await a.start();
  return a;
}

/** A core on the practice venue in a fresh folder, once its demo roster (manager 9999) is seeded. */
async function startPractice(): Promise<{ dir: string; a: App; logs: string[] }> {
  const dir = dirs.make();
  saveDeviceSetup(dir, { venue: 'practice', role: 'single', purpose: null });
  const logs: string[] = [];
  const a = await start(dir, { log: (line) => logs.push(line) });
  await waitUntil(() => !a.labor.roster.needsManagerSetup());
  return { dir, a, logs };
}

async function realService() {
  const s = await startSandbox();
  cleanups.push(() => s.close());
  return s;
}

const notRecognised = { ok: false, error: { kind: 'invalid', data: { reason: 'pin-not-recognised' } } };

describe('leaving the practice service', () => {
  it("removes the practice venue's PINs: 9999 is refused after, a PIN a manager set survives, also after a restart and a switch back", async () => {
    const service = await realService();
    const { dir, a, logs } = await startPractice();

    // On the practice venue, the documented manager PIN signs a manager in.
    const alex = await ok<StaffSession>(call(a, 'laborIdentify', { pin: '9999' }));
    expect(alex).toMatchObject({ name: 'Alex Manager', manager: true });
    // A manager gives Sam a PIN of the venue's own.
    await ok(call(a, 'laborSetPin', alex.token, '2002', '8642'));

    await connectRemote(a, service.baseUrl);
    // Once the service has answered: the well-known PINs sign nobody in, and the manager's open
    // session is over.
    await waitUntil(() => a.connection.realServiceAnswered());
    await a.labor.onServiceAnswered();
    expect(await call(a, 'laborIdentify', { pin: '9999' })).toMatchObject(notRecognised);
    expect(await call(a, 'laborIdentify', { pin: '2222' })).toMatchObject(notRecognised);
    expect(await call(a, 'laborStaff', alex.token)).toMatchObject({
      ok: false,
      error: { kind: 'pin-required' },
    });
    expect(await ok(call(a, 'laborIdentify', { pin: '8642' }))).toMatchObject({ name: 'Sam Server', manager: false });
    // The people stay for a manager to give them PINs; no manager has one, so it is a first run.
    const view = a.labor.view();
    expect(view.needsManagerSetup).toBe(true);
    expect(view.practicePinsRemoved?.names).toContain('Alex Manager');
    expect(view.practicePinsRemoved?.names).not.toContain('Sam Server');
    expect(a.labor.roster.get('2001')).toMatchObject({ manager: false, pin: null });
    expect(await ok(call(a, 'settingsAccess'))).toEqual({ open: true, manager: null });
    expect(logs.some((l) => /practice venue's PINs were removed/.test(l) && /set a manager PIN/.test(l))).toBe(true);
    // No PIN of the practice venue is left in the file.
    const file = JSON.parse(readFileSync(join(dir, 'labor-staff.json'), 'utf8')) as {
      staff: { userId: string; pin: unknown }[];
    };
    expect(file.staff.filter((s) => s.pin !== null).map((s) => s.userId)).toEqual(['2002']);

    // A restart keeps it so (the secret was in memory only, so the service is not reachable:
    // the venue is still off the practice service).
    await a.stop();
    const b = await start(dir);
    expect(await call(b, 'laborIdentify', { pin: '9999' })).toMatchObject(notRecognised);
    expect(await ok(call(b, 'laborIdentify', { pin: '8642' }))).toMatchObject({ name: 'Sam Server' });

    // Back to the practice venue: the roster is not seeded again over the venue's own.
    await ok(call(b, 'saveConnection', { mode: 'sandbox' }));
    await waitUntil(() => b.sandbox() !== null);
    await b.labor.onClientChanged();
    expect(await call(b, 'laborIdentify', { pin: '9999' })).toMatchObject(notRecognised);
    expect(b.labor.roster.get('2001')).toMatchObject({ manager: false, pin: null });
    expect(b.labor.view().needsManagerSetup).toBe(true);
  });

  it('a real service that never answers removes nothing: back on the practice venue every PIN signs in', async () => {
    const { a, logs } = await startPractice();
    const alex = await ok<StaffSession>(call(a, 'laborIdentify', { pin: '9999' }));
    await ok(call(a, 'laborSetLocation', alex.token, HARBOUR));
    const jordan = await ok<StaffSession>(call(a, 'laborIdentify', { pin: '2222' }));
    await ok(call(a, 'laborPunch', jordan.token, { action: 'punch-in' }));

    // A real service's address where nothing listens (a port just closed on this computer).
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    const pushed: ConnectionStatus[] = [];
    a.events.on('connection', (status) => pushed.push(status));
    await connectRemote(a, nowhere);
    await waitUntil(() => a.connection.status().reachability === 'error');
    await a.labor.onClientChanged();
    // The status names the service that was saved, never the practice venue it left.
    expect(a.connection.status().settings).toMatchObject({ mode: 'remote', baseUrl: nowhere });
    expect(pushed.at(-1)).toMatchObject({ settings: { mode: 'remote', baseUrl: nowhere }, reachability: 'error' });
    expect(a.connection.realServiceAnswered()).toBe(false);
    // Nothing was removed while it did not answer.
    expect(await ok(call(a, 'laborIdentify', { pin: '9999' }))).toMatchObject({ name: 'Alex Manager', manager: true });
    expect(a.labor.view()).toMatchObject({ needsManagerSetup: false, practicePinsRemoved: null });

    // Back to the practice venue: every practice PIN signs in, and Jordan, still on shift, punches out.
    await ok(call(a, 'saveConnection', { mode: 'sandbox' }));
    await waitUntil(() => a.connection.status().reachability === 'ok');
    await a.labor.onClientChanged();
    expect(a.connection.status().settings.mode).toBe('sandbox');
    for (const [userId, pin] of Object.entries(DEMO_PINS))
      expect(await ok(call(a, 'laborIdentify', { pin })), `PIN ${pin}`).toMatchObject({ userId });
    expect(await ok(call(a, 'laborIdentify', { pin: '9999' }))).toMatchObject({ manager: true });
    const again = await ok<StaffSession>(call(a, 'laborIdentify', { pin: '2222' }));
    expect(again).toMatchObject({ name: 'Jordan Bartender' });
    expect(await ok<PunchReceipt>(call(a, 'laborPunch', again.token, { action: 'punch-out' }))).toMatchObject({
      action: 'punch-out',
      name: 'Jordan Bartender',
    });
    expect(a.labor.view()).toMatchObject({ needsManagerSetup: false, practicePinsRemoved: null });
    expect(logs.filter((l) => /practice venue's PINs were removed/.test(l))).toEqual([]);
  });

  it('a staff list written before the mark: PINs that still verify as the demo ones go, others stay', async () => {
    const service = await realService();
    const dir = dirs.make();
    const staff: DemoStaff[] = ['2001', '2002', '2004'].map((userId) => ({
      userId,
      name: `Person ${userId}`,
      locationUuid: 'loc',
      role: 'server',
      roleUuid: 'role',
    }));
    const roster = new Roster(dir, 1024);
    expect(await roster.seedDemo(staff, DEMO_PINS, DEMO_MANAGERS)).toBe(true);
    await roster.setPin('2002', '8642');
    // As an older version wrote it: no mark on anyone.
    const path = join(dir, 'labor-staff.json');
    const old = JSON.parse(readFileSync(path, 'utf8')) as { staff: Record<string, unknown>[] };
    for (const s of old.staff) delete s.demoPin;
    writeFileSync(path, JSON.stringify(old));

    const a = await start(dir, {
      serviceUrl: service.baseUrl,
      accessId: DEMO_ACCESS_ID,
      accessSecret: DEMO_ACCESS_SECRET,
    });
    await waitUntil(() => a.connection.realServiceAnswered());
    await a.labor.onServiceAnswered();
    expect(await call(a, 'laborIdentify', { pin: '9999' })).toMatchObject(notRecognised);
    expect(await call(a, 'laborIdentify', { pin: '2222' })).toMatchObject(notRecognised);
    expect(await ok(call(a, 'laborIdentify', { pin: '8642' }))).toMatchObject({ userId: '2002' });
    expect(a.labor.roster.get('2001')).toMatchObject({ manager: false, pin: null });
    expect(a.labor.view().practicePinsRemoved?.names).toEqual(['Person 2001', 'Person 2004']);
  });
});
