// A fresh install, as a new user starts it: `npm run host` on a data folder that does not exist yet,
// from a shell with the usual umask (022), then the first start's question answered on its screen.
// Nothing in the folder was made by anyone but the app, so there is nothing to warn a manager about.
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempDirs, type CliProcess } from '../support';
import type { AppSnapshot } from '../../shared/domain';

const dirs = tempDirs('venue-fresh-start-');
afterAll(() => dirs.removeAll());

/** The host started as a user's shell starts it: files it makes under umask 022 unless it says otherwise. */
function startHost(home: string, rendererDir: string, dataDir: string): CliProcess {
  let before: number | null = null;
  try {
    before = process.umask(0o022);
  } catch {
    // a worker thread cannot set it; the child then inherits whatever this process has
  }
  try {
    return runCli('electron/host/cli.ts', ['--data-dir', dataDir, '--port', '0'], {
      PATH: process.env.PATH ?? '',
      HOME: home,
      VENUE_RENDERER_DIR: rendererDir,
    });
  } finally {
    if (before !== null) process.umask(before);
  }
}

async function readyUrl(p: CliProcess): Promise<URL> {
  await p.printed((out) => out.includes('\n'));
  const m = /ready at (http:\/\/\S+)/.exec(p.out());
  expect(m, p.out()).not.toBeNull();
  return new URL(m![1]);
}

/** Requests over the host's WebSocket, as its browser screen makes them (the launch token traded for the cookie). */
async function screen(url: URL) {
  const cookie = (await fetch(url, { redirect: 'manual' })).headers.get('set-cookie')!.split(';')[0];
  let id = 0;
  return (channel: string, ...args: unknown[]): Promise<{ ok: boolean; result?: unknown; error?: unknown }> =>
    new Promise((done, fail) => {
      const ws = new WebSocket(`ws://${url.host}/ws`, { headers: { Origin: url.origin, Cookie: cookie } });
      const mine = ++id;
      ws.once('open', () => ws.send(JSON.stringify({ id: mine, channel, args })));
      ws.on('message', (data) => {
        const message = JSON.parse(String(data));
        if (message.id !== mine) return;
        ws.close();
        done(message);
      });
      ws.once('error', fail);
    });
}

describe('a fresh install', () => {
  it('through the first start: no data-health notice, and the folder it made is private', async () => {
    const home = dirs.make();
    const rendererDir = join(home, 'renderer');
    mkdirSync(rendererDir);
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>fresh start</title>');
    const dataDir = join(home, '.venue-companion');
    const host = startHost(home, rendererDir, dataDir);
    try {
      const request = await screen(await readyUrl(host));
      expect(await request('setupView')).toMatchObject({ ok: true, result: { needed: true } });
      expect(await request('setupChoose', { venue: 'practice', role: 'single', purpose: 'manager' })).toMatchObject({
        ok: true,
        result: { needed: false, restartNeeded: false },
      });
      // The first start is over once the practice venue's staff are on the list.
      let snapshot = (await request('getSnapshot')).result as AppSnapshot;
      for (let i = 0; i < 100 && snapshot.labor?.needsManagerSetup !== false; i++) {
        await new Promise((r) => setTimeout(r, 50));
        snapshot = (await request('getSnapshot')).result as AppSnapshot;
      }
      expect(snapshot.labor?.needsManagerSetup).toBe(false);
      expect(snapshot.dataHealth?.notices).toEqual([]);
      expect(host.err()).not.toMatch(/data health/);
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    } finally {
      host.child.kill('SIGKILL');
      await host.exited;
    }
  });
});
