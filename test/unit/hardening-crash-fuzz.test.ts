// "Must not crash": resets, refused upgrades, oversized and malformed WebSocket frames and garbage
// HTTP thrown at the headless host and at the webhook listener over real sockets. The figure
// "host crash cases" in docs/security.md comes from this test: it prints the case count and the
// crash count (uncaught exceptions seen by this process while the cases ran).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { createApp, type App } from '../../electron/host/create-app';
import { startHost, type RunningHost } from '../../electron/host/host';
import { WebhookReceiver } from '../../electron/core/webhooks';
import { tempDirs } from '../support';

const HOST_CASES = 6_000;
const LISTENER_CASES = 4_000;
const CONCURRENCY = 24;

let dir: string;
let core: App;
let host: RunningHost;
let receiver: WebhookReceiver;
let listenerPort: number;
const dirs = tempDirs('venue-fuzz-');
let crashes = 0;
const onCrash = () => {
  crashes += 1;
};

beforeAll(async () => {
  dir = dirs.make();
  const rendererDir = join(dir, 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
  core = await createApp({ dataDir: join(dir, 'data'), runtime: 'headless' });
  await core.start();
  host = await startHost({ rendererDir, handlers: core.handlers, events: core.events });
  receiver = new WebhookReceiver({ dataDir: join(dir, 'hooks'), secret: 'fuzz-secret', port: 0 });
  const status = await receiver.start();
  listenerPort = Number(new URL(status.url!).port);
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
});

afterAll(async () => {
  process.off('uncaughtException', onCrash);
  process.off('unhandledRejection', onCrash);
  await receiver.stop();
  await host.close();
  await core.stop();
  dirs.removeAll();
});

type Ending = 'reset-now' | 'reset-after-data' | 'end-after-data';

/** Writes `bytes` to the port, then resets or ends as told; resolves when the socket is gone. */
function throwAt(port: number, bytes: Buffer, ending: Ending): Promise<void> {
  return new Promise((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1');
    const timer = setTimeout(() => socket.resetAndDestroy(), 500);
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.on('connect', () => {
      socket.write(bytes);
      if (ending === 'reset-now') socket.resetAndDestroy();
    });
    socket.once('data', () => {
      if (ending === 'reset-after-data') socket.resetAndDestroy();
      else socket.end();
    });
  });
}

function upgradeRequest(path: string, origin: string | null): string {
  return [
    `GET ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Upgrade: websocket',
    'Connection: Upgrade',
    `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
    'Sec-WebSocket-Version: 13',
    ...(origin === null ? [] : [`Origin: ${origin}`]),
    '',
    '',
  ].join('\r\n');
}

/** A client frame; `masked: false` is itself a protocol error for a server. */
function frame(
  opcode: number,
  payload: Buffer,
  options: { rsv?: number; masked?: boolean; declared?: number } = {},
): Buffer {
  const length = options.declared ?? payload.length;
  const masked = options.masked ?? true;
  const first = 0x80 | ((options.rsv ?? 0) << 4) | opcode;
  let header: Buffer;
  if (length < 126) header = Buffer.from([first, (masked ? 0x80 : 0) | length]);
  else if (length < 65_536) {
    header = Buffer.alloc(4);
    header[0] = first;
    header[1] = (masked ? 0x80 : 0) | 126;
    header.writeUInt16BE(length, 2);
  } else {
    header = Buffer.alloc(10);
    header[0] = first;
    header[1] = (masked ? 0x80 : 0) | 127;
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  if (!masked) return Buffer.concat([header, payload]);
  const mask = randomBytes(4);
  const body = Buffer.from(payload.map((byte, i) => byte ^ mask[i % 4]));
  return Buffer.concat([header, mask, body]);
}

const INVALID_UTF8 = Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0xa0, 0xa1, 0xf0, 0x28, 0x8c, 0xbc, 0x7d]);

/** Case i against the host: refused upgrades, authenticated bad frames, garbage HTTP. */
function hostCase(i: number): [Buffer, Ending] {
  const origin = `http://127.0.0.1:${host.port}`;
  const authed = Buffer.from(upgradeRequest(`/ws?token=${host.token}`, origin));
  const endings: Ending[] = ['reset-now', 'reset-after-data', 'end-after-data'];
  const ending = endings[i % 3];
  switch (i % 10) {
    case 0:
      return [Buffer.from(upgradeRequest('/ws?token=wrong', origin)), ending];
    case 1:
      return [Buffer.from(upgradeRequest(`/ws?token=${host.token}`, 'http://evil.example')), ending];
    case 2:
      return [Buffer.from(upgradeRequest('/elsewhere', null)), ending];
    case 3: // declares 2 MiB, over the 1 MiB limit
      return [Buffer.concat([authed, frame(1, randomBytes(64), { declared: 2 * 1024 * 1024 })]), ending];
    case 4:
      return [Buffer.concat([authed, frame(1, INVALID_UTF8)]), ending];
    case 5:
      return [Buffer.concat([authed, frame(1, Buffer.from('{}'), { rsv: 1 + (i % 7) })]), ending];
    case 6: // unmasked client frame, then a reserved opcode
      return [Buffer.concat([authed, frame(1, Buffer.from('{}'), { masked: false })]), ending];
    case 7:
      return [Buffer.concat([authed, frame(3 + (i % 5), randomBytes(8))]), ending];
    case 8:
      return [randomBytes(1 + (i % 300)), ending];
    default: // a request line cut short, or a header line of garbage
      return [Buffer.concat([Buffer.from('GET / HTTP/1.1\r\nX: '), randomBytes(20 + (i % 80))]), ending];
  }
}

/** Case i against the webhook listener: garbage, bodies cut mid-way, oversized claims, upgrades. */
function listenerCase(i: number): [Buffer, Ending] {
  const endings: Ending[] = ['reset-now', 'reset-after-data', 'end-after-data'];
  const ending = endings[i % 3];
  const post = (headers: string, body: Buffer) =>
    Buffer.concat([
      Buffer.from(`POST /webhooks HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${headers}\r\n`),
      body,
    ]);
  switch (i % 6) {
    case 0:
      return [randomBytes(1 + (i % 400)), ending];
    case 1: // promises 500 bytes, sends 10
      return [post('Content-Length: 500\r\n', Buffer.from('{"type":"O')), ending];
    case 2: // claims 5 MiB
      return [post('Content-Length: 5242880\r\n', randomBytes(2048)), ending];
    case 3:
      return [
        post('Transfer-Encoding: chunked\r\n', Buffer.from(`zz\r\n${randomBytes(8).toString('hex')}\r\n`)),
        ending,
      ];
    case 4:
      return [Buffer.from(upgradeRequest('/webhooks', null)), ending];
    default:
      return [post(`Content-Length: ${INVALID_UTF8.length}\r\n`, INVALID_UTF8), ending];
  }
}

async function runAll(count: number, port: number, make: (i: number) => [Buffer, Ending]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const [bytes, ending] = make(next++);
      await throwAt(port, bytes, ending);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

function askHost(): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/ws?token=${host.token}`, {
      headers: { Origin: `http://127.0.0.1:${host.port}` },
    });
    ws.once('error', reject);
    ws.once('open', () => ws.send(JSON.stringify({ id: 1, channel: 'no-such-channel', args: [] })));
    ws.on('message', (data) => {
      const parsed = JSON.parse(String(data));
      if ('event' in parsed) return;
      ws.close();
      resolve(parsed);
    });
  });
}

describe('nothing thrown at a socket crashes the host or the listener', () => {
  it(
    `survives ${HOST_CASES + LISTENER_CASES} hostile connections and still answers`,
    { timeout: 240_000 },
    async () => {
      await Promise.all([runAll(HOST_CASES, host.port, hostCase), runAll(LISTENER_CASES, listenerPort, listenerCase)]);
      console.log(
        `[figure] crash fuzz: ${HOST_CASES} host cases + ${LISTENER_CASES} listener cases, ${crashes} crashes`,
      );
      expect(crashes).toBe(0);

      const page = await fetch(`http://127.0.0.1:${host.port}/`);
      expect(page.status).toBe(200);
      expect(await askHost()).toMatchObject({ id: 1, ok: false, error: { kind: 'unknown-channel' } });
      const hook = await fetch(`http://127.0.0.1:${listenerPort}/webhooks`, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      });
      expect(hook.status).toBeGreaterThanOrEqual(400);
      expect(receiver.status().state).toBe('listening');
    },
  );
});
