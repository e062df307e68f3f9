// The HTTP server: one request → (fault?) → router → handler → response value → socket.
// Faults are applied here, around the handler, so every route gets them for free and handlers
// never need to know about them.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FaultRule } from './faults';
import { BodyTooLargeError, readBody } from './http/body';
import { idsIn, idsOut } from './http/id-form';
import { refusalAsRead } from './http/refusal-answer';
import { errorJson, json, type SandboxResponse } from './http/responses';
import { Router, type RouteDef } from './http/router';
import type { SandboxWorld } from './world';

export interface ListeningServer {
  server: Server;
  port: number;
  baseUrl: string;
  close(): Promise<void>;
}

const isControlPath = (pathname: string) => pathname === '/_sandbox' || pathname.startsWith('/_sandbox/');

/** Closes the connection without an HTTP answer (a TCP reset where the platform allows it). */
function dropConnection(req: IncomingMessage): void {
  const socket = req.socket;
  if (typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
  else socket.destroy();
}

function send(res: ServerResponse, r: SandboxResponse): void {
  res.writeHead(r.status, { ...r.headers, 'content-length': Buffer.byteLength(r.body) });
  res.end(r.body);
}

export function formatBaseUrl(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** Methods that never change the venue: answered without waiting for the disk. */
const READ_ONLY = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * `durable`: resolves once every change made so far is on disk (a service acknowledges a write
 * only once it is stored); a change that cannot be stored is answered 503 instead of its 2xx.
 */
export async function listen(
  world: SandboxWorld,
  routes: RouteDef[],
  host: string,
  port: number,
  durable?: () => Promise<void>,
): Promise<ListeningServer> {
  const router = new Router(routes);
  const timers = new Set<NodeJS.Timeout>();
  let baseUrl = '';

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.add(t);
    });

  async function route(req: IncomingMessage, method: string, url: URL, rawBody: Buffer): Promise<SandboxResponse> {
    const m = router.match(method, url.pathname);
    if (m.kind === 'not-found') return errorJson(404, 'not_found', `No route ${method} ${url.pathname}.`);
    if (m.kind === 'bad-path') return errorJson(400, 'invalid_path', 'The path contains malformed percent-encoding.');
    if (m.kind === 'method-not-allowed') {
      return errorJson(405, 'method_not_allowed', `${method} is not allowed on ${url.pathname}.`, {
        allow: m.allow.join(', '),
      });
    }
    return m.route.handler({
      world,
      method,
      pathname: url.pathname,
      query: url.searchParams,
      params: m.params,
      headers: req.headers,
      rawBody,
      baseUrl,
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    } catch {
      return send(res, errorJson(400, 'invalid_path', 'The request target is not a valid URL path.'));
    }
    let rawBody: Buffer;
    try {
      rawBody = await readBody(req);
    } catch (err) {
      if (err instanceof BodyTooLargeError) return send(res, errorJson(413, 'body_too_large', err.message));
      throw err;
    }

    // Ids in the idForm reading's wire form are the sandbox's own again before any route sees them.
    const idForm = isControlPath(url.pathname) ? 'string' : world.readings.idForm;
    if (idForm === 'number-beyond-2^53') {
      url.pathname = idsIn(url.pathname, idForm);
      rawBody = Buffer.from(idsIn(rawBody.toString('utf8'), idForm), 'utf8');
    }

    const fault: FaultRule | null = isControlPath(url.pathname) ? null : world.faults.take(method, url.pathname);
    if (fault?.mode === 'status500') {
      return send(res, errorJson(500, 'internal_error', `Injected fault ${fault.id} (status500) on ${fault.route}.`));
    }
    if (fault?.mode === 'status429' || fault?.mode === 'status503') {
      const status = fault.mode === 'status429' ? 429 : 503;
      const headers = { 'retry-after': String(fault.retryAfterS) };
      return send(
        res,
        errorJson(
          status,
          status === 429 ? 'rate_limited' : 'unavailable',
          `Injected fault ${fault.id} (${fault.mode}); try again in ${fault.retryAfterS} s.`,
          headers,
        ),
      );
    }
    if (fault?.mode === 'reset') return dropConnection(req);
    if (fault?.mode === 'ok-not-done') return send(res, json(200, {}));
    if (fault?.mode === 'delay') await sleep(fault.delayMs);

    let response = refusalAsRead(url.pathname, await route(req, method, url, rawBody), world.readings.refusalAnswer);
    if (idForm !== 'string' && url.pathname.startsWith('/api/') && /json/.test(response.headers['content-type'] ?? ''))
      response = { ...response, body: idsOut(response.body, idForm) };
    if (durable && !READ_ONLY.has(method)) {
      try {
        await durable();
      } catch {
        response = errorJson(503, 'unavailable', 'The change could not be stored; try again.');
      }
    }
    // The handler has committed its effects; the client never learns the outcome.
    if (fault?.mode === 'commit-lose-response') return dropConnection(req);
    if (fault?.mode === 'commit-then-504')
      return send(res, {
        status: 504,
        headers: { 'content-type': 'text/html' },
        body: '<html><body>504 Gateway Time-out</body></html>',
      });
    // The Date of the sandbox's own clock, as a service's is its own: the app reads times against it.
    if (!res.destroyed)
      send(res, { ...response, headers: { date: new Date(world.clock.nowMs()).toUTCString(), ...response.headers } });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      console.error('[sandbox] request failed:', err);
      if (!res.headersSent && !res.destroyed)
        send(res, errorJson(500, 'internal_error', 'The sandbox failed to handle this request.'));
    });
  });
  // An idle keep-alive socket stays open well past any pause between a client's calls. With Node's
  // few seconds, a sandbox process starved of CPU runs its idle timer before reading a request
  // that already arrived on the socket, and the client sees the connection closed before an
  // answer: a failure that only a loaded machine produces. close() still ends every socket.
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actualPort = (server.address() as AddressInfo).port;
  baseUrl = formatBaseUrl(host, actualPort);

  // Memoised so a second close() (test teardown after a signal handler, say) resolves instead of throwing.
  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= new Promise<void>((resolve, reject) => {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      // Webhook deliveries and retries run on their own timers, outside any request.
      world.dispose();
      server.close((err) => (err ? reject(err) : resolve()));
      // Keep-alive sockets (and requests parked in a delay fault) would otherwise hold close() open.
      server.closeAllConnections();
    }));

  return { server, port: actualPort, baseUrl, close };
}
