// The venue hub's computer dies; its backup is restored on another computer (another data folder
// and port), and the kiosk that was paired with it keeps working through it all. Every part is a
// real process on loopback (the hub, the kiosk satellite, each backup and restore), mDNS off: the
// kiosk is told the hub's new address on its screen. The venue is release 0.1.0's own hub and
// kiosk (test/fixtures/data-v1/venue), already paired.
//
// - A backup with the hub's key sealed: the restore is killed (kill -9) halfway through writing
//   the files, then again in the middle of its switch; the folder is the old one after the first,
//   and the whole restored venue at the next start after the second. The kiosk reconnects without
//   pairing and its queued punches land once each.
// - A backup that left the key out: the restored hub has a new identity; the kiosk says "this
//   hub's identity changed: pair again" and keeps its queue.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterEach, expect, it, vi } from 'vitest';
import { freePort, runCli, tempDirs, type CliProcess } from '../support';
import { copyFixture, DEMO_PINS, hashes, manifest } from './data-v1-kit';
import { certificateFingerprint } from '../../electron/core/hub/hub-certificate';
import type { SatelliteStatus } from '../../shared/hub';
import type { PunchReceipt, StaffSession } from '../../shared/labor';

const dirs = tempDirs('venue-hub-move-', ['.restore']);
const running: CliProcess[] = [];
afterEach(async () => {
  for (const p of running.splice(0)) {
    if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
    await p.exited;
  }
  dirs.removeAll();
});

let home = '';
let rendererDir = '';
const env = () => ({ PATH: process.env.PATH ?? '', HOME: home, VENUE_RENDERER_DIR: rendererDir });

interface Screen {
  p: CliProcess;
  url: URL;
  cookie: string;
}

/** The host (`npm run host -- …`) until its ready line, signed in as its own screen. */
async function host(args: string[], extra: Record<string, string> = {}): Promise<Screen> {
  const p = runCli('electron/host/cli.ts', ['--port', String(await freePort()), ...args], { ...env(), ...extra });
  running.push(p);
  await p.printed((out) => /ready at /.test(out));
  const url = new URL(/ready at (\S+)/.exec(p.out())![1]);
  const res = await fetch(url, { redirect: 'manual' });
  return { p, url, cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] };
}

/** A command that runs and exits (a backup, a restore). */
async function command(args: string[], extra: Record<string, string> = {}): Promise<CliProcess> {
  const p = runCli('electron/host/cli.ts', args, { ...env(), ...extra });
  running.push(p);
  await p.exited;
  return p;
}

async function hub(dataDir: string, port: number): Promise<Screen> {
  return host(['--data-dir', dataDir, '--hub', '--hub-host', '127.0.0.1', '--hub-port', String(port), '--no-mdns']);
}

/** One request over a host's WebSocket, as its page sends it. */
function call<T>(s: Screen, channel: string, ...args: unknown[]): Promise<T> {
  return new Promise((done, fail) => {
    const ws = new WebSocket(`ws://${s.url.host}/ws`, { headers: { Origin: s.url.origin, Cookie: s.cookie } });
    ws.once('open', () => ws.send(JSON.stringify({ id: 1, channel, args })));
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as { id?: number; ok?: boolean; result?: T; error?: { message: string } };
      if (m.id !== 1) return;
      ws.close();
      if (m.ok) done(m.result as T);
      else fail(new Error(`${channel}: ${m.error?.message}`));
    });
    ws.once('error', fail);
  });
}

async function status(kiosk: Screen): Promise<SatelliteStatus> {
  return call<SatelliteStatus>(kiosk, 'satelliteStatus');
}

/** What `read` answers once it passes `ok`, asked again until then (the test's timeout bounds it). */
function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!ok(value)) throw new Error(`not yet: ${JSON.stringify(value)}`);
      return value;
    },
    { timeout: 90_000, interval: 100 },
  );
}

/** Waits on the kiosk's own word for its link and queue. */
function kioskUntil(kiosk: Screen, check: (s: SatelliteStatus) => boolean): Promise<SatelliteStatus> {
  return eventually(() => status(kiosk), check);
}

async function punch(kiosk: Screen, pin: string, action: 'punch-in' | 'punch-out'): Promise<string[]> {
  const session = await call<StaffSession>(kiosk, 'laborIdentify', { pin });
  const receipt = await call<PunchReceipt>(kiosk, 'laborPunch', session.token, {
    action,
    ...(action === 'punch-in' ? { role: session.roles[0] } : { declaredTipsCents: 0 }),
  });
  await call(kiosk, 'laborEndSession', session.token).catch(() => undefined);
  return receipt.punchIds;
}

function fingerprintIn(dataDir: string): string {
  const pem = readFileSync(join(dataDir, 'hub', 'hub-identity.pem'), 'utf8');
  return certificateFingerprint(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(pem)![0]);
}

interface ReviewItem {
  punchId: string;
  status: string;
  capturedAt: number;
}

async function review(hub: Screen): Promise<ReviewItem[]> {
  const manager = await call<StaffSession>(hub, 'laborIdentify', { pin: '9999' });
  return (await call<{ items: ReviewItem[] }>(hub, 'hubReview', manager.token)).items;
}

/**
 * How many times the hub holds each punch id: accepted (its forwarded-punch log) or held and
 * refused (its review queue). Once each is what "landed once" means on the hub.
 */
async function known(hub: Screen, ids: string[]): Promise<number[]> {
  const dataDir = hub.p.child.spawnargs[hub.p.child.spawnargs.indexOf('--data-dir') + 1];
  const forwarded = readFileSync(join(dataDir, 'hub', 'forwarded-punches.log'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { id: string }).id);
  const all = [...forwarded, ...(await review(hub)).map((i) => i.punchId)];
  return ids.map((id) => all.filter((i) => i === id).length);
}

interface WireEntry {
  user_id: string;
  time_punch_type: string;
  punch_in: string;
  punch_out: string | null;
}

it('a hub restored on another computer takes its kiosk back; its queue lands once; a kill -9 mid-restore leaves a whole folder', async () => {
  const root = dirs.make();
  home = root;
  rendererDir = join(root, 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>hub move</title>');
  const passphraseFile = join(root, 'passphrase');
  writeFileSync(passphraseFile, 'correct horse battery staple\n', { mode: 0o600 });
  const [oldDir, kioskDir, newDir, keylessDir] = ['old-hub', 'kiosk', 'new-hub', 'keyless-hub'].map((n) =>
    join(root, n),
  );
  copyFixture('venue/hub', oldDir);
  copyFixture('venue/kiosk', kioskDir);
  const oldFingerprint = fingerprintIn(oldDir);

  // The venue as it ran: its hub, and the kiosk by the staff door sending what it had queued.
  const oldPort = await freePort();
  const old = await hub(oldDir, oldPort);
  const kiosk = await host(['--data-dir', kioskDir, '--satellite', `127.0.0.1:${oldPort}`]);
  await kioskUntil(kiosk, (s) => s.link === 'connected' && s.waitingPunches === 0);
  // Taken while the hub was away when release 0.1.0 ran: held for a manager, once each.
  expect(await known(old, manifest.venue.queued)).toEqual(manifest.venue.queued.map(() => 1));

  // Two backups of the running hub, made by it: one with the secrets sealed, one without them.
  const sealedFile = join(root, 'sealed.venue-backup');
  const keylessFile = join(root, 'keyless.venue-backup');
  const sealed = await command(['--data-dir', oldDir, '--backup', sealedFile, '--passphrase-file', passphraseFile]);
  expect(sealed.child.exitCode, sealed.err()).toBe(0);
  expect(sealed.out()).toContain('Secrets: sealed with the passphrase.');
  const keyless = await command(['--data-dir', oldDir, '--backup', keylessFile, '--no-secrets']);
  expect(keyless.child.exitCode, keyless.err()).toBe(0);
  expect(keyless.out()).toMatch(/leaves out .*the venue hub's key/);

  // The hub's computer dies. The kiosk goes on: three punches taken while no hub answers.
  old.p.child.kill('SIGKILL');
  await old.p.exited;
  await kioskUntil(kiosk, (s) => s.link !== 'connected');
  const [first, second] = manifest.venue.people;
  const offline = [
    ...(await punch(kiosk, DEMO_PINS[first], 'punch-in')),
    ...(await punch(kiosk, DEMO_PINS[second], 'punch-in')),
    ...(await punch(kiosk, DEMO_PINS[first], 'punch-out')),
  ];
  expect(offline).toHaveLength(3);
  expect((await status(kiosk)).waitingPunches).toBe(3);
  const queueBytes = readFileSync(join(kioskDir, 'satellite-punches.log'));

  // Restored without the key: a hub with a new identity. The kiosk, told its address, says so,
  // sends nothing, and keeps its queue.
  const keylessRestore = await command(['--data-dir', keylessDir, '--restore', keylessFile, '--no-secrets']);
  expect(keylessRestore.child.exitCode, keylessRestore.err()).toBe(0);
  const keylessPort = await freePort();
  const stranger = await hub(keylessDir, keylessPort);
  expect(fingerprintIn(keylessDir)).not.toBe(oldFingerprint);
  await call(kiosk, 'satelliteMoveHub', `127.0.0.1:${keylessPort}`);
  const changed = await kioskUntil(kiosk, (s) => s.link === 'identity-changed');
  expect(changed.message).toContain('This hub’s identity changed: pair again');
  expect(changed.waitingPunches).toBe(3);
  expect(readFileSync(join(kioskDir, 'satellite-punches.log')).equals(queueBytes)).toBe(true);
  expect(await known(stranger, offline)).toEqual([0, 0, 0]);
  stranger.p.child.kill('SIGTERM');
  await stranger.p.exited;

  // The new computer had been started as a hub once (its own identity) before the restore.
  const fresh = await hub(newDir, 0);
  fresh.p.child.kill('SIGTERM');
  await fresh.p.exited;
  const freshFingerprint = fingerprintIn(newDir);
  const before = hashes(newDir);

  // Killed halfway through writing the files: the folder is as it was.
  const cutShort = await command(['--data-dir', newDir, '--restore', sealedFile, '--passphrase-file', passphraseFile], {
    VENUE_FAULT_KILL_IN_RESTORE: 'build',
  });
  expect(cutShort.child.signalCode).toBe('SIGKILL');
  expect(hashes(newDir)).toEqual(before);

  // Killed in the middle of the switch: on disk, some of the old folder is already aside...
  const cutInSwitch = await command(
    ['--data-dir', newDir, '--restore', sealedFile, '--passphrase-file', passphraseFile],
    { VENUE_FAULT_KILL_IN_RESTORE: 'switch' },
  );
  expect(cutInSwitch.child.signalCode).toBe('SIGKILL');
  expect(existsSync(`${newDir}.restore`)).toBe(true);

  // ...and the next start finishes it before it opens anything: the old hub, whole, on another port.
  const newPort = await freePort();
  const moved = await hub(newDir, newPort);
  expect(moved.p.err()).toContain(`The restored venue is in place in ${newDir}`);
  expect(existsSync(`${newDir}.restore`)).toBe(false);
  expect(fingerprintIn(newDir)).toBe(oldFingerprint);
  const aside = readdirSync(root).find((n) => n.startsWith('new-hub.before-restore-'))!;
  expect(fingerprintIn(join(root, aside))).toBe(freshFingerprint);

  // The kiosk told where the hub is now: no pairing, the queue goes, each punch once.
  await call(kiosk, 'satelliteMoveHub', `127.0.0.1:${newPort}`);
  await kioskUntil(kiosk, (s) => s.link === 'connected' && s.waitingPunches === 0);
  const queued = [...manifest.venue.queued, ...offline];
  expect(await known(moved, queued)).toEqual(queued.map(() => 1));

  // Taken while no hub answered, they wait for a manager; approved, they reach the service once.
  const manager = await call<StaffSession>(moved, 'laborIdentify', { pin: '9999' });
  const held = (await review(moved)).filter((i) => offline.includes(i.punchId));
  expect(held.map((i) => i.status)).toEqual(['held', 'held', 'held']);
  for (const item of held.sort((a, b) => a.capturedAt - b.capturedAt))
    await call(moved, 'hubReviewDecide', manager.token, item.punchId, { decision: 'approve' });
  const since = Math.min(...held.map((i) => i.capturedAt));
  const snapshot = await call<{ connection: { settings: { baseUrl: string } } }>(moved, 'getSnapshot');
  const shifts = async () => {
    const res = await fetch(`${snapshot.connection.settings.baseUrl}/_sandbox/labor/entries`);
    const { entries } = (await res.json()) as { entries: WireEntry[] };
    return entries.filter((e) => e.time_punch_type.toLowerCase() === 'shift' && Date.parse(e.punch_in) >= since);
  };
  const landed = await eventually(shifts, (found) => found.length >= 2 && found.some((e) => e.punch_out !== null));
  expect(landed.map((e) => [e.user_id, e.punch_out !== null]).sort()).toEqual([
    [first, true],
    [second, false],
  ]);
}, 240_000);
