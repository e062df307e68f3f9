// The headless host: the same app without Electron. It serves the built renderer and carries the
// IPC contract over a loopback WebSocket. Only a page that knows this run's token, loaded from
// this very origin, may connect: the token stops other local processes, the Origin check stops
// other web pages open in the user's browser. The address a browser is opened with carries a
// launch token that works once: it is traded for the cookie and retired, so the copy other local
// users can read in the process list (Chromium's --app=…) is dead by the time they read it.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { IpcEventMap, IpcHandlers } from '../../shared/contract';
import type { TypedEmitter } from '../core/typed-emitter';
import { dispatchRequest, type Dispatch } from '../core/ipc-dispatch';
import { serveRequests } from '../core/request-loop';
import { LOCAL_CALLER } from '../core/caller';
import { serveStatic } from './static-files';
import { EventBroadcast } from './event-broadcast';
import { BACKUP_PATH, CONTROL_HEADER, NEW_LINK_PATH, serveBackupControl, type BackupRequest } from './host-control';
import { handleSignIn, type ManagerPinCheck } from './pin-sign-in';

export interface HostOptions {
  rendererDir: string;
  handlers: IpcHandlers;
  /** The core's dispatcher (app-core.ts); absent: the one dispatcher over `handlers` (a satellite's). */
  dispatch?: Dispatch;
  events: TypedEmitter<IpcEventMap>;
  port?: number;
  /** Per-run token (the cookie's value; never put in an address by the host); random when left out. */
  token?: string;
  /** Whoever sends this secret to POST /_control/new-link gets a fresh one-use address (host-control.ts). */
  controlSecret?: string;
  /** The running core's backup, for POST /_control/backup with the control secret (`--backup FILE`). */
  backup?: (request: BackupRequest) => Promise<unknown>;
  /** Checks a manager's PIN for the loopback sign-in page (pin-sign-in.ts); without it the page says so. */
  managerPin?: ManagerPinCheck;
}

export interface RunningHost {
  /** A fresh address with a single-use launch token, each time it is read. */
  readonly url: string;
  port: number;
  /** The run's token: the cookie's value, and accepted in `/ws?token=` from this process. */
  token: string;
  close(): Promise<void>;
}

const MAX_MESSAGE_BYTES = 1024 * 1024;

export async function startHost(options: HostOptions): Promise<RunningHost> {
  const token = options.token ?? randomBytes(24).toString('hex');
  // Launch tokens not yet traded; each is removed the moment it is used.
  const launchTokens = new Set<string>();
  const useLaunchToken = (given: string): boolean => {
    for (const launch of launchTokens) {
      if (sameToken(given, launch)) {
        launchTokens.delete(launch);
        return true;
      }
    }
    return false;
  };
  let cookieName = '';
  let allowedHosts = new Set<string>();
  let allowedOrigins = new Set<string>();
  const server = createServer((req, res) => {
    // A reset mid-request must never reach the process as an unhandled 'error' event.
    req.on('error', ignore);
    res.on('error', ignore);
    // DNS rebinding: a page on evil.example resolved to 127.0.0.1 still sends Host: evil.example.
    if (!allowedHosts.has(req.headers.host ?? '')) {
      res.writeHead(421, { 'content-type': 'text/plain', connection: 'close' }).end('Misdirected request');
      return;
    }
    if (req.url === BACKUP_PATH) return serveBackupControl(req, res, options.controlSecret, options.backup);
    if (req.url === NEW_LINK_PATH) {
      const given = req.headers[CONTROL_HEADER];
      const allowed =
        req.method === 'POST' &&
        options.controlSecret !== undefined &&
        typeof given === 'string' &&
        sameToken(given, options.controlSecret);
      res
        .writeHead(allowed ? 200 : 403, { 'content-type': 'application/json', 'cache-control': 'no-store' })
        .end(allowed ? JSON.stringify({ url: newLink() }) : '{}');
      return;
    }
    if (
      handleSignIn(req, res, {
        check: options.managerPin,
        allowedOrigins,
        grant: (headers) => (headers['set-cookie'] = `${cookieName}=${token}; HttpOnly; SameSite=Strict; Path=/`),
      })
    )
      return;
    if (tradeToken(req, res, token, cookieName, useLaunchToken)) return;
    serveStatic(options.rendererDir, req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  // Garbage HTTP: answer 400 when the socket can still take it, then drop it.
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    socket.destroy();
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  wss.on('error', ignore);
  const broadcast = new EventBroadcast(options.events);
  const dispatch: Dispatch =
    options.dispatch ?? ((channel, args, caller) => dispatchRequest(options.handlers, channel, args, caller));

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  allowedOrigins = new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
  allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  // Cookies are not scoped by port: two hosts on one machine must not overwrite each other's.
  cookieName = `venue-token-${port}`;

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Before anything is written: a client that resets while we refuse it must not crash the host.
    socket.on('error', () => socket.destroy());
    const refusal = allowedHosts.has(req.headers.host ?? '')
      ? checkUpgrade(req, token, allowedOrigins, cookieName, useLaunchToken)
      : '421 Misdirected Request';
    if (refusal) {
      socket.end(`HTTP/1.1 ${refusal}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => attach(ws, dispatch, broadcast));
  });

  function newLink(): string {
    const launch = randomBytes(24).toString('hex');
    launchTokens.add(launch);
    return `http://127.0.0.1:${port}/?token=${launch}`;
  }

  return {
    get url() {
      return newLink();
    },
    port,
    token,
    close: async () => {
      broadcast.close();
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function checkUpgrade(
  req: IncomingMessage,
  token: string,
  allowedOrigins: Set<string>,
  cookieName: string,
  useLaunchToken: (given: string) => boolean,
): string | null {
  const url = new URL(req.url ?? '/', 'http://host');
  if (url.pathname !== '/ws') return '404 Not Found';
  if (!allowedOrigins.has(req.headers.origin ?? '')) return '403 Forbidden';
  // The page traded the address token for a cookie on first load; scripts and tests may still
  // name it in the query.
  const fromCookie = readCookie(req.headers.cookie, cookieName);
  if (fromCookie !== null && sameToken(fromCookie, token)) return null;
  const given = url.searchParams.get('token') ?? '';
  // The run's token, or a launch token used here instead of a page load (once, like a trade).
  if (!sameToken(given, token) && !useLaunchToken(given)) return '401 Unauthorized';
  return null;
}

function sameToken(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function readCookie(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * First load with `?token=`: the token is visible to every local user in `ps` (Chromium's --app=
 * address) and in history. Answer with an HttpOnly, SameSite=Strict cookie and send the page to
 * the same address without the token. Returns true when it answered.
 */
function tradeToken(
  req: IncomingMessage,
  res: ServerResponse,
  token: string,
  cookieName: string,
  useLaunchToken: (given: string) => boolean,
): boolean {
  const url = new URL(req.url ?? '/', 'http://host');
  const given = url.searchParams.get('token');
  if (given === null || req.method !== 'GET') return false;
  url.searchParams.delete('token');
  const location = url.pathname + (url.search === '?' ? '' : url.search);
  const headers: Record<string, string> = { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };
  if (sameToken(given, token) || useLaunchToken(given))
    headers['set-cookie'] = `${cookieName}=${token}; HttpOnly; SameSite=Strict; Path=/`;
  res.writeHead(303, headers).end();
  return true;
}

function attach(ws: WebSocket, dispatch: Dispatch, broadcast: EventBroadcast): void {
  // Oversized frames, invalid UTF-8, RSV bits, resets: ws closes the socket with the matching code;
  // the listener only keeps the error from becoming an uncaught exception.
  ws.on('error', () => ws.terminate());
  broadcast.add(ws);
  // The loopback page is this computer's own screen.
  serveRequests(ws, { dispatch, caller: () => LOCAL_CALLER });
}

function ignore(): void {}
