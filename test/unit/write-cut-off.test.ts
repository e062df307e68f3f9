// A write whose connection broke after the service may have read it is "outcome unknown", never
// "unreachable" (which tells a screen pressing again is safe); one that never connected is
// unreachable, and so is any read.
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestJson } from '../../electron/core/api/http';
import { errorPayloadOf } from '../../electron/core/api/app-error-of';
import { freePort } from '../support';

let server: Server;
let port: number;
beforeAll(async () => {
  // Reads the request, then closes the connection without an answer: as a proxy or a crash does.
  server = createServer((socket) => socket.on('data', () => socket.destroy()));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

async function kindOf(method: 'GET' | 'POST' | 'PATCH', url: string) {
  const route = `${method} /api/x`;
  try {
    await requestJson({ route, url, method, ...(method === 'GET' ? {} : { body: { a: 1 } }) });
  } catch (error) {
    return errorPayloadOf(error);
  }
  throw new Error('the request did not fail');
}

describe('a request cut off by the network', () => {
  it('a write the service read before the connection closed: outcome unknown', async () => {
    for (const method of ['POST', 'PATCH'] as const)
      expect(await kindOf(method, `http://127.0.0.1:${port}/api/x`)).toMatchObject({
        kind: 'outcome-unknown',
        data: { operation: `${method} /api/x` },
      });
  });

  it('a read cut off the same way, or a write that never connected: unreachable', async () => {
    expect(await kindOf('GET', `http://127.0.0.1:${port}/api/x`)).toMatchObject({ kind: 'unreachable' });
    const closed = await freePort();
    expect(await kindOf('POST', `http://127.0.0.1:${closed}/api/x`)).toMatchObject({ kind: 'unreachable' });
  });
});
