// Shared set-up for the sandbox webhook tests: a tiny node:http receiver on port 0 that keeps the
// raw bytes of every request, and helpers to subscribe an integration through the real REST API.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningSandbox } from '../../electron/sandbox/index';

export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  raw: Buffer;
  json: Record<string, unknown>;
}

/** What the receiver answers: a status, or 'hang' to never answer. */
export type Answer = number | 'hang';

export interface Receiver {
  url: string;
  requests: Received[];
  /** Decides the answer for each request (default 200). */
  answer: (r: Received) => Answer;
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(path = '/hook'): Promise<Receiver> {
  const requests: Received[] = [];
  const waiters: Array<() => void> = [];
  const receiver: Receiver = {
    url: '',
    requests,
    answer: () => 200,
    waitFor: (count, timeoutMs = 3000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (requests.length >= count) {
            clearTimeout(timer);
            resolve(requests.slice(0, count));
            return true;
          }
          return false;
        };
        const timer = setTimeout(
          () => reject(new Error(`receiver got ${requests.length} of ${count} requests`)),
          timeoutMs,
        );
        const wait = () => {
          if (!check()) waiters.push(wait);
        };
        wait();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
      } catch {
        // Kept as {}: a test that cares reads raw.
      }
      const r: Received = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, raw, json };
      requests.push(r);
      for (const w of waiters.splice(0)) w();
      const answer = receiver.answer(r);
      if (answer === 'hang') return;
      res.writeHead(answer, { 'content-type': 'text/plain' });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return receiver;
}

export const hmacHex = (raw: Buffer | string, secret: string) => createHmac('sha256', secret).update(raw).digest('hex');

/** Subscribes an integration to locations through POST /api/loc/subscribe, as a client would. */
export async function subscribe(
  sb: RunningSandbox,
  accessId: string,
  accessSecret: string,
  locationUuids: string[],
): Promise<void> {
  const tokenRes = await fetch(`${sb.baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'client_credentials',
      api_access_id: accessId,
      api_access_secret: accessSecret,
    }),
  });
  const { access_token } = (await tokenRes.json()) as { access_token: string };
  const res = await fetch(`${sb.baseUrl}/api/loc/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
    body: JSON.stringify({ location_uuids: locationUuids }),
  });
  if (res.status !== 200) throw new Error(`subscribe failed: ${res.status} ${await res.text()}`);
}

/** Polls until `check` returns a value (not undefined/false) or the time runs out. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 3000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
