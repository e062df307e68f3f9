// The hub's door for satellites: HTTPS with the hub's own certificate (pinned by each satellite at
// pairing) and the same contract as the local screen, as JSON over a WebSocket. Without a device
// credential only `POST /pair` (a code: a request a manager on the hub must allow) and
// `POST /pair/wait` (the answer to it) answer; a revoked device's credential opens only `POST /handover`,
// which goes to the same dispatcher as its one channel. Every message from a device goes to the core's one
// dispatcher as the device its credential names: the contract's argument schemas, the device's
// role (shared/contract/device-access.ts), then the person's session, so no screen is ever trusted.
import { createServer, type Server } from 'node:https';
import { capConnections, HUB_LIMITS, type ConnectionLimits } from '../net/connection-cap';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { ipcEventNames, type IpcEventMap } from '../../../shared/contract';
import { deviceMayHear } from '../../../shared/contract/device-access';
import type { Dispatch } from '../ipc-dispatch';
import type { TypedEmitter } from '../typed-emitter';
import type { HubService } from './hub-service';
import type { DeviceRecord } from './device-registry';
import { onOwnSubnet } from './own-subnets';
import { sendJson as send, serveRequests } from '../request-loop';
import { AppError, appError, type ErrorKind } from '../../../shared/app-error';
import type { Caller } from '../caller';

export interface HubServerOptions {
  hub: HubService;
  /** The core's one dispatcher (the contract's schemas, then the device's role and the person's session). */
  dispatch: Dispatch;
  events: TypedEmitter<IpcEventMap>;
  /** Address to listen on: the LAN by default; tests use 127.0.0.1. */
  host?: string;
  port?: number;
  log?: (line: string) => void;
  /** Whether a pairing attempt's address is on the hub's own networks (tests pass their own). */
  onOwnSubnet?: (remote: string | undefined) => boolean;
  /** Bounds on open connections (HUB_LIMITS unless given). */
  connectionLimits?: Partial<ConnectionLimits>;
}

export interface RunningHubServer {
  port: number;
  close(): Promise<void>;
}

/** Close code a satellite gets when its device is revoked (4000-4999 are the application's). */
export const REVOKED_CLOSE_CODE = 4403;
export const REVOKED_MESSAGE = 'This device was revoked by a manager on the venue hub. Ask a manager to pair it again.';
const MAX_MESSAGE_BYTES = 1024 * 1024;
const NOT_FOUND = { ok: false, error: appError('not-found', 'Not found', { what: null }).toPayload() };
/** The HTTP status a hand-over's refusal goes with (the body carries the kind itself). */
const STATUS_OF: Partial<Record<ErrorKind, number>> = { invalid: 400, 'not-found': 404, internal: 500 };
const MAX_PAIR_BODY = 4096;
const HEARTBEAT_MS = 5_000;

export async function startHubServer(options: HubServerOptions): Promise<RunningHubServer> {
  const { hub } = options;
  const log = options.log ?? (() => {});
  const limits = { ...HUB_LIMITS, ...options.connectionLimits };
  const server: Server = createServer(
    {
      cert: hub.certificate.cert,
      key: hub.certificate.key,
      minVersion: 'TLSv1.2',
      // Node waits 120 s for a handshake by default: a connection that started one and stalled
      // held its place that long. A satellite on the LAN completes it in well under a second.
      handshakeTimeout: limits.firstByteMs,
    },
    (req, res) => {
      req.on('error', ignore);
      res.on('error', ignore);
      const path = new URL(req.url ?? '/', 'https://hub').pathname;
      if ((path === '/pair' || path === '/pair/wait') && req.method === 'POST') {
        // Only devices on the hub's own networks may try a code.
        if (!(options.onOwnSubnet ?? onOwnSubnet)(req.socket.remoteAddress))
          return answer(res, 403, {
            ok: false,
            reason: 'not-local',
            attemptsLeft: 0,
            message: 'Pairing is only open to devices on the venue hub’s own network',
          });
        return void (path === '/pair' ? pair(hub, req, res) : waitForManager(hub, req, res, running));
      }
      if (path === '/handover' && req.method === 'POST') return void handOver(req, res, options);
      answer(res, 404, NOT_FOUND);
    },
  );
  capConnections(server, limits);
  // The requests a satellite makes before its WebSocket are small: a slow one is not a satellite.
  server.headersTimeout = limits.firstByteMs;
  server.requestTimeout = 3 * limits.firstByteMs;
  server.on('clientError', (_error, socket) => socket.destroy());
  // A satellite that drops mid-handshake must not reach the process as an error.
  server.on('tlsClientError', ignore);
  // Cleared at close: a device waiting for a manager is answered at once then.
  const running = { open: true };
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  wss.on('error', ignore);
  const sockets = new Map<WebSocket, string>();

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const refuse = (status: string, reason: string) =>
      socket.end(`HTTP/1.1 ${status}\r\nX-Venue-Refused: ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    if (new URL(req.url ?? '/', 'https://hub').pathname !== '/ws') return refuse('404 Not Found', 'not-found');
    const auth = hub.authenticate(bearer(req.headers.authorization));
    if (!auth.ok) {
      // A revoked device is told so (its screen says so); anything else learns nothing.
      return auth.reason === 'revoked'
        ? refuse('403 Forbidden', 'revoked')
        : refuse('401 Unauthorized', 'no-credential');
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.set(ws, auth.device.id);
      ws.on('close', () => sockets.delete(ws));
      attach(ws, auth.device, options);
    });
  });

  const offRevoked = hub.events.on('revoked', (id) => {
    for (const [ws, deviceId] of sockets) {
      if (deviceId !== id) continue;
      send(ws, { revoked: true, message: REVOKED_MESSAGE });
      ws.close(REVOKED_CLOSE_CODE, 'revoked');
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '0.0.0.0', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  log(`Venue hub listening for satellites on port ${port}; certificate ${hub.fingerprint}`);
  return {
    port,
    close: async () => {
      offRevoked();
      running.open = false;
      hub.requests.close();
      // Each socket's 'close' records its device's disconnect (lastSeenAt, written to disk): wait
      // for those, so the hub writes nothing after close() has resolved.
      const disconnects = [...sockets.keys()].map(
        (ws) =>
          new Promise<void>((resolve) => (ws.readyState === ws.CLOSED ? resolve() : ws.once('close', () => resolve()))),
      );
      for (const ws of wss.clients) ws.terminate();
      wss.close();
      server.closeAllConnections();
      await Promise.all([new Promise<void>((resolve) => server.close(() => resolve())), ...disconnects]);
    },
  };
}

function attach(ws: WebSocket, device: DeviceRecord, options: HubServerOptions): void {
  const { hub } = options;
  ws.on('error', () => ws.terminate());
  hub.connected(device.id);
  // A satellite whose Wi-Fi dropped never closes its socket: without a pong it is ended, so the
  // Devices list stops calling it online.
  let alive = true;
  ws.on('pong', () => (alive = true));
  const heartbeat = setInterval(() => {
    if (!alive) return void ws.terminate();
    alive = false;
    ws.ping();
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const unsubscribers = ipcEventNames
    .filter((name) => deviceMayHear(device.role, name))
    .map((name) => options.events.on(name, (payload) => send(ws, { event: name, payload })));
  ws.on('close', () => {
    clearInterval(heartbeat);
    unsubscribers.forEach((off) => off());
    hub.disconnected(device.id);
  });
  serveRequests(ws, {
    dispatch: options.dispatch,
    // Asked again for every request: a revoke takes effect even for a message already in flight.
    // The caller is the device this link authenticated; the core's access decision checks its
    // role and the session it presents on it.
    caller: () => {
      const current = hub.stillAllowed(device.id);
      if (!current) throw new AppError('forbidden', REVOKED_MESSAGE, { by: 'venue' });
      hub.seen(device.id);
      return { deviceId: current.id, deviceRole: current.role };
    },
    refused: () => ws.close(REVOKED_CLOSE_CODE, 'revoked'),
  });
}

/**
 * The one door a revoked device's credential still opens (its TLS link is refused): this route
 * names that device as the caller, revoked, and hands its punches to the core's dispatcher as
 * `hubHandOverPunches`, where the contract's schema and the access table decide as for any other
 * request. It answers as the link does, `{ok, result}` or `{ok: false, error}` with the error's kind
 * and data. Any other credential learns nothing: the same answer as an unknown path.
 */
async function handOver(req: IncomingMessage, res: ServerResponse, options: HubServerOptions): Promise<void> {
  const auth = options.hub.authenticate(bearer(req.headers.authorization));
  if (auth.ok || auth.reason !== 'revoked' || !auth.device) return answer(res, 404, NOT_FOUND);
  const caller: Caller = { deviceId: auth.device.id, deviceRole: auth.device.role, revoked: true };
  let body: unknown;
  try {
    body = JSON.parse(await readBody(req, MAX_MESSAGE_BYTES));
  } catch {
    const error = appError('invalid', 'Send {"punches": [...]} as JSON', { field: 'punches' }).toPayload();
    return answer(res, 400, { ok: false, error });
  }
  const outcome = await options.dispatch('hubHandOverPunches', [body], caller);
  if (outcome.ok) return answer(res, 200, outcome);
  // Refused by the access table (a revoked device that is not a kiosk): nothing to tell it.
  if (outcome.error.kind === 'forbidden') return answer(res, 404, NOT_FOUND);
  answer(res, STATUS_OF[outcome.error.kind] ?? 409, outcome);
}

async function pair(hub: HubService, req: IncomingMessage, res: ServerResponse): Promise<void> {
  let body: { code?: unknown; name?: unknown; secret?: unknown };
  try {
    body = JSON.parse(await readBody(req, MAX_PAIR_BODY)) as typeof body;
    if (typeof body !== 'object' || body === null) throw new Error('not an object');
  } catch {
    return answer(res, 400, { message: 'Send {"code": "123456", "name": "Bar", "secret": "…"} as JSON' });
  }
  const outcome = hub.pair(
    typeof body.code === 'string' ? body.code : '',
    typeof body.name === 'string' ? body.name : '',
    req.socket.remoteAddress ?? '',
    typeof body.secret === 'string' ? body.secret : '',
  );
  // 202: taken, not done; the device asks /pair/wait until a manager decides.
  if (outcome.ok) return answer(res, 202, outcome);
  answer(res, outcome.reason === 'rate-limited' ? 429 : 403, outcome);
}

/** How long one /pair/wait is held open while the manager has not decided (the device asks again). */
export const PAIR_WAIT_MS = 20_000;

/** The device that asked to pair learns the manager's decision: held open until there is one. */
async function waitForManager(
  hub: HubService,
  req: IncomingMessage,
  res: ServerResponse,
  running: { open: boolean },
): Promise<void> {
  let body: { request?: unknown; secret?: unknown };
  try {
    body = JSON.parse(await readBody(req, MAX_PAIR_BODY)) as typeof body;
    if (typeof body !== 'object' || body === null) throw new Error('not an object');
  } catch {
    return answer(res, 400, { message: 'Send {"request": "…", "secret": "…"} as JSON' });
  }
  const id = typeof body.request === 'string' ? body.request : '';
  const secret = typeof body.secret === 'string' ? body.secret : '';
  // A device that gives up (its screen closed) frees the wait at once.
  let gone = false;
  res.once('close', () => (gone = true));
  const decided = await hub.pairingAnswer(id, secret, running.open ? PAIR_WAIT_MS : 0, () => !gone && !res.headersSent);
  if (!decided) return;
  answer(res, 200, decided);
}

function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new Error('too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function answer(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) return;
  res
    .writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', connection: 'close' })
    .end(JSON.stringify(body));
}

function bearer(header: string | undefined): string {
  const match = /^Bearer ([A-Za-z0-9_-]{1,200})$/.exec(header ?? '');
  return match ? match[1] : '';
}

function ignore(): void {}
