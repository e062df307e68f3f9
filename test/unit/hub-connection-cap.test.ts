// The venue hub bounds how many connections one address holds open: past the cap a new one is
// closed at once, while the ones already open keep working; connections that have sent nothing
// make room for a satellite and are closed after a few seconds, and so is a stalled handshake.
// Real TLS on 127.0.0.1 port 0. And closing the venue hub closes the kiosk relay's log file.
import { existsSync, readdirSync, readlinkSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { connect as connectTcp } from 'node:net';
import { connect, type TLSSocket } from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import { HUB_LIMITS } from '../../electron/core/net/connection-cap';
import { idleSockets } from '../support';
import { removeDir, startTestHub } from './hub-kit';

const HUB_CONNECTIONS_PER_ADDRESS = HUB_LIMITS.perAddress;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** Resolves 'open' once the TLS handshake is done, 'closed' if the hub closes it first. */
function open(port: number): Promise<{ socket: TLSSocket; state: 'open' | 'closed' }> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, rejectUnauthorized: false });
    socket.once('secureConnect', () => resolve({ socket, state: 'open' }));
    socket.once('error', () => {});
    socket.once('close', () => resolve({ socket, state: 'closed' }));
  });
}

/** One HTTP request over an open socket: the status line the hub answers with. */
function ask(socket: TLSSocket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      const end = text.indexOf('\r\n');
      if (end >= 0) resolve(text.slice(0, end));
    });
    socket.once('close', () => reject(new Error(`closed before an answer: ${text}`)));
    socket.write('GET /nothing HTTP/1.1\r\nHost: hub\r\nConnection: keep-alive\r\n\r\n');
  });
}

describe('hub connection cap', () => {
  it(`refuses connections past ${HUB_CONNECTIONS_PER_ADDRESS} from one address; the first ones stay usable`, async () => {
    const h = await startTestHub();
    cleanups.push(() => removeDir(h.dataDir));
    cleanups.push(() => h.stop());
    const port = Number(new URL(h.url).port);
    const first: TLSSocket[] = [];
    cleanups.push(() => first.forEach((s) => s.destroy()));
    for (let n = 0; n < HUB_CONNECTIONS_PER_ADDRESS; n++) {
      const c = await open(port);
      expect(c.state, `connection ${n + 1}`).toBe('open');
      first.push(c.socket);
    }
    for (let n = 0; n < 5; n++) {
      const excess = await open(port);
      expect(excess.state, `excess connection ${n + 1}`).toBe('closed');
    }
    // Every one of the first connections still gets an answer.
    for (const socket of first) expect(await ask(socket)).toMatch(/^HTTP\/1\.1 404/);
    // One closed, one more from the address is taken.
    first.pop()!.destroy();
    let again = await open(port);
    // The hub counts the close when it sees it: wait on that, not on a margin.
    while (again.state === 'closed') again = await open(port);
    first.push(again.socket);
    expect(await ask(again.socket)).toMatch(/^HTTP\/1\.1 404/);
  }, 60_000);

  it(`${HUB_CONNECTIONS_PER_ADDRESS} idle connections from one address, reconnecting, leave a satellite's connection taken; silent and stalled ones are closed`, async () => {
    const firstByteMs = 500;
    const h = await startTestHub(undefined, 0, { connectionLimits: { firstByteMs } });
    cleanups.push(() => removeDir(h.dataDir));
    cleanups.push(() => h.stop());
    const port = Number(new URL(h.url).port);
    const idle = idleSockets(port, HUB_CONNECTIONS_PER_ADDRESS);
    cleanups.push(() => idle.stop());
    await idle.ready;
    // A satellite from the same address: its handshake is its first byte, an idle one makes room.
    for (let n = 0; n < 5; n++) {
      const satellite = await open(port);
      expect(satellite.state, `satellite connection ${n + 1}`).toBe('open');
      expect(await ask(satellite.socket)).toMatch(/^HTTP\/1\.1 404/);
      satellite.socket.destroy();
    }
    idle.stop();
    // Nothing sent at all, and a handshake begun with one byte and left: both closed by the hub.
    const heldFor = (first: Buffer | null) =>
      new Promise<number>((resolve) => {
        const socket = connectTcp(port, '127.0.0.1');
        socket.on('error', () => {});
        let at = 0;
        socket.once('connect', () => {
          at = Date.now();
          if (first) socket.write(first);
        });
        socket.once('close', () => resolve(Date.now() - at));
      });
    const [silent, stalled] = await Promise.all([heldFor(null), heldFor(Buffer.from([0x16]))]);
    console.log(
      `[figure] hub idle connections: a silent connection held ${silent} ms, a stalled handshake ${stalled} ms (limit ${firstByteMs} ms here, ${HUB_LIMITS.firstByteMs} ms by default)`,
    );
    expect(silent).toBeGreaterThanOrEqual(firstByteMs - 50);
    expect(stalled).toBeGreaterThanOrEqual(firstByteMs - 50);
  }, 60_000);
});

/** The files this process holds open, by path. */
function openFiles(): string[] {
  return readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      return [readlinkSync(`/proc/self/fd/${fd}`)];
    } catch {
      return [];
    }
  });
}

// The open descriptors are read from /proc; where there is none the test cannot see them.
const procFd = existsSync('/proc/self/fd');
if (!procFd) console.log('[skip] venue hub close: /proc/self/fd is absent here, so open files cannot be listed');

describe('venue hub close', () => {
  it.runIf(procFd)(
    'stopping the core closes the kiosk relay’s forwarded-punch log',
    async () => {
      const h = await startTestHub();
      cleanups.push(() => removeDir(h.dataDir));
      // The log opens its file at its first line: write one as an accepted punch would.
      (h.app.relay as unknown as { accepted: { add(line: { id: string }): void } }).accepted.add({ id: 'p-1' });
      const path = realpathSync(join(h.dataDir, 'hub', 'forwarded-punches.log'));
      expect(openFiles()).toContain(path);
      await h.stop();
      expect(openFiles()).not.toContain(path);
    },
    60_000,
  );
});
