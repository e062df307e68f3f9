// The hub killed (SIGKILL) between the service's answer and its reply: the refund is done on the
// service, the screen heard nothing. After a restart, the same press (same request id) answers the
// outcome the ledger recorded before the kill, and the service still holds one refund.
// VENUE_FAULT_KILL_AFTER_RECORD makes the host kill itself right after the outcome is on disk,
// the one moment no timing from outside can hit.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { createControlClient } from '../../electron/sandbox/control-client';
import { LEDGER_FILE } from '../../electron/core/requests/request-ledger';
import { newRequestId as rid } from '../../shared/request-id';
import { freePort, runCli, tempDirs } from '../support';
import { HARBOUR } from './tabs-kit';

const dirs = tempDirs('venue-once-kill-');
let dir: string;
let rendererDir: string;
let sandbox: RunningSandbox;

beforeAll(async () => {
  dir = dirs.make();
  rendererDir = join(dir, 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>once kill</title>');
  sandbox = await startSandbox();
});

afterAll(async () => {
  await sandbox.close();
  dirs.removeAll();
});

async function host(dataDir: string, env: Record<string, string> = {}) {
  const p = runCli(
    'electron/host/cli.ts',
    [
      '--port',
      String(await freePort()),
      '--webhook-port',
      String(await freePort()),
      '--data-dir',
      dataDir,
      '--service-url',
      sandbox.baseUrl,
    ],
    { PATH: process.env.PATH ?? '', HOME: dir, VENUE_RENDERER_DIR: rendererDir, ...env },
  );
  await p.printed((out) => /ready at /.test(out));
  const url = new URL(/ready at (\S+)/.exec(p.out())![1]);
  const res = await fetch(url, { redirect: 'manual' });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  return { p, url, cookie };
}

type Answer = { ok: boolean; result?: unknown; error?: { kind: string } } | 'closed without an answer';

/** One request over the host's WebSocket, as the page sends it. */
function call(h: { url: URL; cookie: string }, channel: string, ...args: unknown[]): Promise<Answer> {
  return new Promise((done, fail) => {
    const ws = new WebSocket(`ws://${h.url.host}/ws`, { headers: { Origin: h.url.origin, Cookie: h.cookie } });
    let answered = false;
    ws.once('open', () => ws.send(JSON.stringify({ id: 1, channel, args })));
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as { id?: number };
      if (message.id !== 1) return;
      answered = true;
      ws.close();
      done(message as Answer);
    });
    ws.once('close', () => !answered && done('closed without an answer'));
    ws.once('error', (error) => !answered && fail(error));
  });
}

describe('a refund, the hub killed between the service answer and its reply', () => {
  it('answers the recorded outcome after a restart; one refund on the service', async () => {
    const dataDir = join(dir, 'hub');
    const control = createControlClient(sandbox.baseUrl);
    const { closed } = await control.simulateGuests({ tabs: 1, close: 'all' });
    const refunds = sandbox.world.tabs.refunds.size;

    const first = await host(dataDir, { VENUE_FAULT_KILL_AFTER_RECORD: 'tabRefund' });
    // While no manager has a PIN, this computer's own screen may set the venue up.
    expect(await call(first, 'tabsSetLocation', HARBOUR)).toMatchObject({ ok: true });
    for (const family of ['sent', 'answers', 'numbers'])
      expect(await call(first, 'tabsSetMoneyUnit', family, 'cents')).toMatchObject({ ok: true });
    expect(await call(first, 'laborSetupManager', { userId: '2001', name: 'Alex', pin: '8642' })).toMatchObject({
      ok: true,
    });

    const press = rid();
    const input = { managerPin: '8642', amount: 120, reason: 'Wrong drink' };
    expect(await call(first, 'tabRefund', closed[0], input, press)).toBe('closed without an answer');
    expect(await first.p.exited).toBeNull();
    expect(first.p.child.signalCode).toBe('SIGKILL');
    // Done on the service, and on disk before the kill.
    expect(sandbox.world.tabs.refunds.size).toBe(refunds + 1);
    const ledger = readFileSync(join(dataDir, 'requests', LEDGER_FILE), 'utf8');
    expect(ledger).toMatch(/"t":"end".*"state":"done"/);

    const second = await host(dataDir);
    try {
      const again = await call(second, 'tabRefund', closed[0], input, press);
      expect(again).toMatchObject({ ok: true, result: { ok: true, amount: 120 } });
      expect(sandbox.world.tabs.refunds.size).toBe(refunds + 1);
    } finally {
      second.p.child.kill('SIGTERM');
      await second.p.exited;
    }
    expect(existsSync(join(dataDir, 'requests'))).toBe(true);
  });
});
