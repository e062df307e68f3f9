// The office page's HTTP server (loopback by default): the built page (out/renderer/office.html
// and its assets), its views as JSON, the payroll CSV, and a server-sent event each time the read
// models change, so the page reads again. It only reads the office's own store: it never calls a
// hub (hubs sit behind venue NAT, and the log already carries what they would be asked).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { OfficeFilter } from '../../shared/group';
import type { Sql } from './office-store';
import { officeView, payrollCsv, venuesOf } from './office-views';

export const PAGE_DIR = resolve(import.meta.dirname, '../../out/renderer');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
};

export interface OfficeServerDeps {
  db: Sql;
  stats: () => { applied: number; lagMs: number | null };
  onChanged: (listener: () => void) => void;
  pageDir?: string;
}

function filterOf(url: URL): OfficeFilter {
  const venues = (url.searchParams.get('venues') ?? '').split(',').filter(Boolean);
  const day = url.searchParams.get('day');
  return { venues, day: day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null };
}

export async function startOfficeServer(
  deps: OfficeServerDeps,
  port: number,
  host = '127.0.0.1',
): Promise<{ url: string; close(): Promise<void> }> {
  const pageDir = deps.pageDir ?? PAGE_DIR;
  const watchers = new Set<ServerResponse>();
  deps.onChanged(() => {
    for (const res of watchers) res.write('data: changed\n\n');
  });
  const send = (res: ServerResponse, status: number, type: string, body: string | Buffer) => {
    res.writeHead(status, {
      'Content-Type': type,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'self'; style-src 'self' 'unsafe-inline'",
    });
    res.end(body);
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://office');
    if (req.method !== 'GET') return send(res, 405, 'text/plain', 'GET only');
    if (url.pathname === '/api/view') {
      const view = await officeView(deps.db, filterOf(url), deps.stats());
      return send(res, 200, 'application/json', JSON.stringify(view));
    }
    if (url.pathname === '/api/payroll.csv') {
      const filter = filterOf(url);
      const view = await officeView(deps.db, filter, deps.stats());
      const names = new Map((await venuesOf(deps.db)).map((v) => [v.venueId, v.venueName]));
      res.setHeader('Content-Disposition', `attachment; filename="payroll-${filter.day ?? 'all'}.csv"`);
      return send(
        res,
        200,
        'text/csv; charset=utf-8',
        payrollCsv(view.hours, (id) => names.get(id) ?? id),
      );
    }
    if (url.pathname === '/api/changes') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
      res.write('data: hello\n\n');
      watchers.add(res);
      req.on('close', () => watchers.delete(res));
      return;
    }
    const path = url.pathname === '/' ? '/office.html' : url.pathname;
    const file = normalize(join(pageDir, path));
    if (!file.startsWith(pageDir) || !existsSync(file) || extname(file) === '')
      return url.pathname === '/'
        ? send(res, 503, 'text/plain', 'The office page is not built: run `npm run build` once, then reload.')
        : send(res, 404, 'text/plain', 'Not found');
    return send(res, 200, TYPES[extname(file)] ?? 'application/octet-stream', readFileSync(file));
  };
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) =>
      send(res, 500, 'text/plain', error instanceof Error ? error.message : String(error)),
    );
  });
  // A port already taken is said as the start's failure, not an unhandled 'error' event.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}`,
    close: async () => {
      for (const res of watchers) res.end();
      watchers.clear();
      await new Promise<void>((r) => server.close(() => r()));
      server.closeAllConnections();
    },
  };
}
