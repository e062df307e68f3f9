// `npm run host` stopped with SIGTERM while it is busy, as a kiosk script or systemd stops it: a
// request out with a service that never answers, a flood of webhooks on keep-alive connections and
// a sender that never finishes its body. The process must exit within its stop bound (measured by
// its exit event), a second signal must end it at once, and every delivery it acknowledged must be
// in the event log the next start reads.
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, type CliProcess } from '../support';
import { hostCall, hostCliSuite } from '../support/host-cli-suite';
import { createControlClient } from '../../electron/sandbox/control-client';
import { signBody } from '../../electron/core/webhooks/signature';

const suite = hostCliSuite('venue-host-shutdown-', 'host shutdown');
const SECRET = 'shutdown-secret-1';
/** The stop bound the hosts here run with (VENUE_STOP_BOUND_MS). */
const BOUND_MS = 4_000;
/** Room for a loaded machine between the bound firing and the process being gone. */
const SLACK_MS = 6_000;

async function ready(p: CliProcess): Promise<URL> {
  await p.printed((out) => /ready at /.test(out));
  return new URL(/ready at (\S+)/.exec(p.out())![1]);
}

async function cookieFor(url: URL): Promise<string> {
  const res = await fetch(url, { redirect: 'manual' });
  return (res.headers.get('set-cookie') ?? '').split(';')[0];
}

function startHost(dataDir: string, webhookPort: number, env: Record<string, string> = {}): CliProcess {
  return suite.run(
    ['--data-dir', dataDir, '--service-url', suite.sandbox.baseUrl, '--webhook-port', String(webhookPort)],
    { VENUE_WEBHOOK_SECRET: SECRET, VENUE_STOP_BOUND_MS: String(BOUND_MS), ...env },
  );
}

/** How long the process took to exit after `signal`, or null if it outlived `withinMs`. */
async function exitAfter(p: CliProcess, send: () => void, withinMs: number): Promise<number | null> {
  const at = performance.now();
  send();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const outlived = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), withinMs)));
  const took = await Promise.race([p.exited.then(() => performance.now() - at), outlived]);
  clearTimeout(timer);
  return took;
}

let n = 0;
function event(): string {
  n += 1;
  return JSON.stringify({
    type: 'LOCATION_UPDATED',
    targetUuid: `shutdown-${process.pid}-${n}`,
    locationUuid: 'loc-1',
    createdAt: new Date().toISOString(),
    data: { n },
  });
}

/** Senders posting signed events back to back over keep-alive connections until told to stop. */
function flood(port: number, senders: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: senders });
  const acknowledged = new Set<string>();
  let stopped = false;
  const one = (): Promise<void> =>
    new Promise((done) => {
      const body = event();
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/webhooks',
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'x-service-signature': signBody(body, SECRET) },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode === 200) acknowledged.add(JSON.parse(body).targetUuid);
            done();
          });
          res.on('error', () => done());
        },
      );
      req.on('error', () => done());
      req.end(body);
    });
  const loops = Array.from({ length: senders }, async () => {
    while (!stopped) await one();
  });
  return {
    acknowledged,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
      agent.destroy();
    },
  };
}

/**
 * A sender that sends its headers and part of its body, then nothing more (until the test ends).
 * It asks for "100 Continue", which the listener's server sends as it hands the request to the
 * handler: once read, the request is in progress there.
 */
async function stalledSender(port: number): Promise<{ close(): void }> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  let heard = '';
  await new Promise<void>((resolve, reject) => {
    socket.on('data', (d: Buffer) => {
      heard += d.toString();
      if (heard.includes('100 Continue')) resolve();
    });
    socket.once('close', () => reject(new Error(`closed before 100 Continue: ${heard}`)));
    socket.write(
      'POST /webhooks HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000\r\nExpect: 100-continue\r\n\r\n',
    );
  });
  socket.write('{"type":');
  return { close: () => socket.destroy() };
}

async function storedIds(url: URL): Promise<Set<string>> {
  const cookie = await cookieFor(url);
  const ids = new Set<string>();
  for (let offset = 0; ;) {
    const page = (await hostCall({ url, cookie }, 'listEvents', {}, offset, 200)) as {
      result: { rows: { targetUuid: string | null }[]; total: number };
    };
    for (const row of page.result.rows) if (row.targetUuid) ids.add(row.targetUuid);
    offset += page.result.rows.length;
    if (page.result.rows.length === 0 || offset >= page.result.total) return ids;
  }
}

describe('a host stopped while busy', () => {
  it('exits within its bound with a request out to a service that never answers', async () => {
    const control = createControlClient(suite.sandbox.baseUrl);
    const p = startHost(join(suite.dir, 'hung-service'), await freePort());
    try {
      const url = await ready(p);
      const cookie = await cookieFor(url);
      const rule = await control.addFault({ route: '* /api/*', mode: 'delay', delayMs: 120_000, count: 'always' });
      const answer = hostCall({ url, cookie }, 'checkService');
      // Out with the service: the sandbox has taken the request and is holding it.
      await expect
        .poll(async () => (await control.faults()).faults.find((f) => f.id === rule.id)?.hits ?? 0, {
          timeout: 30_000,
        })
        .toBeGreaterThan(0);
      const took = await exitAfter(p, () => p.child.kill('SIGTERM'), BOUND_MS + SLACK_MS);
      expect(took, `stderr: ${p.err()}`).not.toBeNull();
      await answer;
    } finally {
      await control.clearFaults();
      p.child.kill('SIGKILL');
    }
  }, 90_000);

  it('exits within its bound during a webhook flood, and keeps every acknowledged event', async () => {
    const dataDir = join(suite.dir, 'flood');
    const webhookPort = await freePort();
    const p = startHost(dataDir, webhookPort);
    let again: CliProcess | null = null;
    const senders = flood(webhookPort, 8);
    const stalled: { close(): void }[] = [];
    try {
      await ready(p);
      await expect.poll(() => senders.acknowledged.size, { timeout: 30_000 }).toBeGreaterThan(200);
      stalled.push(await stalledSender(webhookPort), await stalledSender(webhookPort));
      const took = await exitAfter(p, () => p.child.kill('SIGTERM'), BOUND_MS + SLACK_MS);
      expect(took, `stderr: ${p.err()}`).not.toBeNull();
      await senders.stop();

      again = startHost(dataDir, webhookPort);
      const stored = await storedIds(await ready(again));
      const missing = [...senders.acknowledged].filter((id) => !stored.has(id));
      expect(missing).toEqual([]);
    } finally {
      await senders.stop();
      for (const s of stalled) s.close();
      p.child.kill('SIGKILL');
      again?.child.kill('SIGKILL');
    }
  }, 120_000);

  it('a second SIGTERM while stopping ends it at once', async () => {
    // A bound long enough that only the second signal can explain a quick exit.
    const webhookPort = await freePort();
    const p = startHost(join(suite.dir, 'second-signal'), webhookPort, { VENUE_STOP_BOUND_MS: '120000' });
    const stalled: { close(): void }[] = [];
    try {
      await ready(p);
      // Something the stop waits for: a sender that never finishes its body.
      stalled.push(await stalledSender(webhookPort));
      p.child.kill('SIGTERM');
      await expect.poll(() => p.err(), { timeout: 10_000 }).toMatch(/Stopping/);
      const took = await exitAfter(p, () => p.child.kill('SIGTERM'), SLACK_MS);
      expect(took, `stderr: ${p.err()}`).not.toBeNull();
      // 143: ended by the second signal, not by a stop that ran to its end (0).
      expect(await p.exited, p.err()).toBe(143);
      expect(p.err()).toMatch(/SIGTERM again while stopping/);
    } finally {
      for (const s of stalled) s.close();
      p.child.kill('SIGKILL');
    }
  }, 90_000);
});
