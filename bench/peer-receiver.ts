// The peer the bench holds the app's receiver against: a webhook receiver written the way a team
// would write one from the spec (6.2) in an afternoon, in the Express style (a raw-body step, then
// the route), on node:http since Express is not among the project's packages. Per request: the raw
// body, an HMAC-SHA256 check of X-Service-Signature against it, JSON.parse, one line appended to a
// file and fdatasync before the 200, so an acknowledged event survives a power cut as the app's
// does. No dedupe, no schema, no group commit: the plain way to be durable.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { open } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';

type Next = () => void;
type Handler = (req: IncomingMessage & { rawBody?: Buffer }, res: ServerResponse, next: Next) => void;

/** express.raw(): the whole body as a Buffer, up to `limit` bytes. */
function rawBody(limit: number): Handler {
  return (req, res, next) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        res.writeHead(413).end();
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      req.rawBody = Buffer.concat(chunks);
      next();
    });
  };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export interface PeerReceiver {
  server: Server;
  /** Events written and synced. */
  stored(): number;
  close(): Promise<void>;
}

export async function startPeerReceiver(secret: string, dataDir: string): Promise<PeerReceiver> {
  const file = await open(join(dataDir, 'webhooks.ndjson'), 'a');
  let stored = 0;
  const route: Handler = (req, res) => {
    if (req.method !== 'POST' || req.url !== '/webhooks') return json(res, 404, { error: 'not found' });
    const given = String(req.headers['x-service-signature'] ?? '');
    const expected = createHmac('sha256', secret).update(req.rawBody!).digest('hex');
    if (given.length !== expected.length || !timingSafeEqual(Buffer.from(given), Buffer.from(expected)))
      return json(res, 401, { error: 'bad signature' });
    let event: { type?: unknown };
    try {
      event = JSON.parse(req.rawBody!.toString('utf8')) as { type?: unknown };
    } catch {
      return json(res, 400, { error: 'not JSON' });
    }
    if (typeof event.type !== 'string') return json(res, 400, { error: 'no type' });
    const line = `${JSON.stringify({ receivedAt: new Date().toISOString(), event })}\n`;
    file
      .appendFile(line)
      .then(() => file.datasync())
      .then(
        () => {
          stored += 1;
          json(res, 200, { ok: true });
        },
        () => json(res, 500, { error: 'could not store' }),
      );
  };
  const stack: Handler[] = [rawBody(1024 * 1024), route];
  const server = createServer((req, res) => {
    let i = 0;
    const next = () => stack[i++](req, res, next);
    next();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    server,
    stored: () => stored,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await file.close();
    },
  };
}
