// `npm run host -- --satellite … --pair-code …` run where nobody can answer a question (a service
// manager, a script: no terminal). It must not trust the certificate it was shown: it prints the
// check code and the fingerprint, refuses, and says to give --hub-fingerprint; given the check code
// (or the full fingerprint) it pairs. A real child process against a real hub on loopback, with no
// mDNS announcement.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tempDirs } from '../support';
import { cliScript } from '../support/cli-process';
import { shortFingerprint } from '../../shared/fingerprint';
import { allowedCode, removeDir, startTestHub, type TestHub } from './hub-kit';

const root = resolve(import.meta.dirname, '../..');
const dirs = tempDirs('venue-satellite-cli-');
let rendererDir: string;
let h: TestHub;
interface Run {
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Ready (its screen is served) or gone, whichever came first. */
  settled: Promise<'ready' | 'exited'>;
  err(): string;
}
const children: Run[] = [];

beforeAll(async () => {
  rendererDir = join(dirs.make(), 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>satellite cli</title>');
  h = await startTestHub();
});

afterEach(async () => {
  for (const c of children.splice(0)) {
    if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGTERM');
    await c.exited;
  }
});

afterAll(async () => {
  await h.stop();
  removeDir(h.dataDir);
  dirs.removeAll();
});

/** The host CLI as a satellite, its stdin not a terminal (as under a service manager). */
function satellite(extra: string[]): Run {
  const dataDir = dirs.make();
  const child = spawn(
    process.execPath,
    [
      cliScript('electron/host/cli.ts'),
      '--satellite',
      `127.0.0.1:${h.port}`,
      '--device-name',
      'Door',
      '--data-dir',
      dataDir,
      '--port',
      '0',
      ...extra,
    ],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '', HOME: dataDir, VENUE_RENDERER_DIR: rendererDir },
    },
  );
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const settled = new Promise<'ready' | 'exited'>((done) => {
    child.stdout.on('data', () => out.includes(' ready at ') && done('ready'));
    void exited.then(() => done('exited'));
  });
  const run = { child, exited, settled, err: () => err };
  children.push(run);
  return run;
}

/** A code a manager on the hub allows as soon as the device asks with it (hub-kit.ts). */
const code = () => allowedCode(h.app, 'kiosk');

describe('pairing from the command line without a terminal', () => {
  it('refuses without the fingerprint, shows the one it got, and sends no code', async () => {
    const shown = h.hub.openPairing('kiosk').pairing!;
    const run = satellite(['--pair-code', shown.code]);
    expect(await run.settled).toBe('exited');
    expect(await run.exited).toBe(1);
    expect(run.err()).toContain(shortFingerprint(h.hub.fingerprint));
    expect(run.err()).toContain(h.hub.fingerprint);
    expect(run.err()).toMatch(/Not paired: .*--hub-fingerprint/);
    // Nothing was trusted and the code was never sent: no device, no attempt spent.
    expect(h.hub.view().devices).toHaveLength(0);
    expect(h.hub.view().pairing).toMatchObject({ code: shown.code, attemptsLeft: shown.attemptsLeft });
  }, 60_000);

  it('refuses a check code that is not this hub’s', async () => {
    const wrong = shortFingerprint(h.hub.fingerprint).replace(/^./, (c) => (c === '0' ? '1' : '0'));
    const run = satellite(['--pair-code', code(), '--hub-fingerprint', wrong]);
    expect(await run.settled).toBe('exited');
    expect(await run.exited).toBe(1);
    expect(run.err()).toContain('not pairing');
    expect(h.hub.view().devices).toHaveLength(0);
  }, 60_000);

  it.each([
    ['the check code the hub shows', () => shortFingerprint(h.hub.fingerprint)],
    ['the full fingerprint', () => h.hub.fingerprint],
  ])(
    'pairs with %s',
    async (_form, given) => {
      const before = h.hub.view().devices.length;
      const run = satellite(['--pair-code', code(), '--hub-fingerprint', given()]);
      expect(await run.settled, run.err()).toBe('ready');
      expect(run.err()).toContain(`hub certificate ${h.hub.fingerprint}`);
      // While it waited, it said the check code a manager compares on the hub's Devices tab.
      expect(run.err()).toMatch(/This device's check code: [0-9A-F]{4}( [0-9A-F]{4}){4}\./);
      expect(
        h.hub
          .view()
          .devices.slice(before)
          .map((d) => [d.name, d.role]),
      ).toEqual([['Door', 'kiosk']]);
    },
    60_000,
  );
});
