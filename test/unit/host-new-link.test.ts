// A way back into a running headless host: the printed address works once; `--new-link` against
// the same data folder (and SIGUSR2 to the host) prints a fresh one-use address from the running
// host, so a reopened browser signs in without a restart that would forget the secrets. Real
// child processes over loopback.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli, tempDirs } from '../support';

const dirs = tempDirs('venue-new-link-');
let dir: string;
let rendererDir: string;

beforeAll(() => {
  dir = dirs.make();
  rendererDir = join(dir, 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>new link</title>');
});

afterAll(() => dirs.removeAll());

const run = (args: string[]) =>
  runCli('electron/host/cli.ts', args, { PATH: process.env.PATH ?? '', HOME: dir, VENUE_RENDERER_DIR: rendererDir });

const LINK = /http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]+/g;

/** What a browser gets for the address: the session cookie, or nothing when the token is spent. */
async function signIn(url: string): Promise<string | null> {
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return res.headers.get('set-cookie');
}

it('a spent address is replaced by a fresh one from the running host, by --new-link and by SIGUSR2', async () => {
  const dataDir = join(dir, 'data');
  const host = run(['--data-dir', dataDir, '--port', '0']);
  try {
    await host.printed((out) => out.match(LINK) !== null);
    const printed = host.out().match(LINK)![0];
    expect(await signIn(printed)).toMatch(/^venue-token-\d+=/);
    // The browser closed; the same address is spent.
    expect(await signIn(printed)).toBeNull();
    expect(host.err()).toContain('--new-link');

    const ask = run(['--new-link', '--data-dir', dataDir]);
    expect(await ask.exited).toBe(0);
    const fresh = ask.out().trim();
    expect(fresh).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]+$/);
    expect(new URL(fresh).port).toBe(new URL(printed).port);
    expect(fresh).not.toBe(printed);
    expect(await signIn(fresh)).toMatch(/^venue-token-\d+=/);
    expect(await signIn(fresh)).toBeNull();

    // Without the control file's secret the host gives nothing.
    const refused = await fetch(`http://127.0.0.1:${new URL(printed).port}/_control/new-link`, {
      method: 'POST',
      headers: { 'x-venue-control': 'guess' },
    });
    expect(refused.status).toBe(403);

    host.child.kill('SIGUSR2');
    await host.printed((out) => (out.match(LINK) ?? []).length >= 2);
    const bySignal = host.out().match(LINK)!.at(-1)!;
    expect(await signIn(bySignal)).toMatch(/^venue-token-\d+=/);
  } finally {
    host.child.kill('SIGTERM');
    await host.exited;
  }
  // Stopped: the control file is gone and --new-link says no host runs there.
  expect(existsSync(join(dataDir, 'host-control.json'))).toBe(false);
  const late = run(['--new-link', '--data-dir', dataDir]);
  expect(await late.exited).toBe(1);
  expect(late.err()).toContain('No running host');
}, 120_000);
