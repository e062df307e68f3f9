// Child process of the ingest bench (forked with an IPC channel, started as `node --import tsx`):
//   listener  the app's WebhookReceiver (verify, validate, durable append, dedupe, 2xx; on Linux the
//             log's writes are O_DSYNC, elsewhere a write and an fdatasync per group)
//             on 127.0.0.1:0 with a fresh data directory;
//   nofsync   the same receiver on plain writes whose fdatasync does nothing (never how the app runs: an
//             acknowledged event could be lost on power loss), so the cost of durability is a figure;
//   nodisk    the same receiver on a log that writes nothing at all: every check, the row's JSON and
//             the bookkeeping, with each group answered in the turn it arrived. What the receiver's
//             own work allows on this machine, whatever the disk does;
//   peer      a conventional receiver written from the spec (peer-receiver.ts): raw body, HMAC check,
//             JSON.parse, an append and fdatasync per request;
//   bare      a bare node:http server that reads the body and answers 200 with a JSON body of the
//             same shape, nothing else.
// Both are started the same way, so the comparison is the listener's own work and nothing more.
// IPC: sends {ready, url}; answers {stats} to 'stats' (events in the log, answered requests, CPU
// time) and exits on 'stop'.
import { subscribe } from 'node:diagnostics_channel';
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PerformanceObserver } from 'node:perf_hooks';
import { createNodeLogIo, type LogIo, WebhookReceiver } from '../electron/core/webhooks';
import { KEEP_ALIVE_MS } from '../electron/core/webhooks/webhook-receiver';
import { traceGroups } from '../electron/core/webhooks/event-log';
import { startPeerReceiver } from './peer-receiver';

type Message =
  | { ready: true; url: string }
  | {
      stats: {
        answered: number;
        events: number;
        duplicate: number;
        stale: number;
        flagged: number;
        rejected: number;
        cpuMs: number;
        rssMiB: number;
      };
    };

const [mode, secret, dataDir] = process.argv.slice(2);
const send = (message: Message) => process.send?.(message);
const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/**
 * BENCH_GROUP_TRACE=<file>: every commit group's timeline (event-log.ts traceGroups), one JSON line
 * each with `epoch` (Date.now() when answered) so bench/commit-trace.ts can cut it by run; written
 * twice a second, so the trace costs the measured loop little.
 */
function startGroupTrace(file: string): void {
  let lines: string[] = [];
  const flush = () => {
    if (lines.length === 0) return;
    const text = lines.join('');
    lines = [];
    appendFileSync(file, text);
  };
  traceGroups((g) => lines.push(`${JSON.stringify({ ...g, epoch: Date.now() })}\n`));
  // Each request's time in this process, from its head parsed to its answer handed to the socket.
  const begun = new WeakMap<object, number>();
  subscribe('http.server.request.start', (m) => begun.set((m as { response: object }).response, performance.now()));
  subscribe('http.server.response.finish', (m) => {
    const t0 = begun.get((m as { response: object }).response);
    if (t0 !== undefined) lines.push(`{"request":${(performance.now() - t0).toFixed(3)},"epoch":${Date.now()}}\n`);
  });
  setInterval(flush, 500).unref();
  process.on('exit', flush);
}

/**
 * BENCH_GC_LOG=<file>: each garbage collection's kind and pause (node:perf_hooks 'gc' entries),
 * one line each with `epoch`, written twice a second.
 */
function startGcLog(file: string): void {
  const kinds: Record<number, string> = { 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weakcb' };
  let lines: string[] = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = (e as unknown as { detail?: { kind?: number } }).detail?.kind ?? 0;
      lines.push(
        `${JSON.stringify({ gc: kinds[kind] ?? String(kind), ms: Number(e.duration.toFixed(2)), epoch: Date.now() })}\n`,
      );
    }
  }).observe({ entryTypes: ['gc'] });
  const flush = () => {
    if (lines.length === 0) return;
    appendFileSync(file, lines.join(''));
    lines = [];
  };
  setInterval(flush, 500).unref();
  process.on('exit', flush);
}

async function main(): Promise<void> {
  if (process.env.BENCH_GROUP_TRACE) startGroupTrace(process.env.BENCH_GROUP_TRACE);
  if (process.env.BENCH_GC_LOG) startGcLog(process.env.BENCH_GC_LOG);
  if (mode === 'listener' || mode === 'nofsync' || mode === 'nodisk') {
    // Writes as usual, but the sync returns at once: the page cache holds what was "acknowledged".
    // Plain writes (no O_DSYNC), whatever the platform's log does.
    const plainWrites = createNodeLogIo({ durableWrites: false });
    const noSync: LogIo = {
      openAppend: async (path) => {
        const file = await plainWrites.openAppend(path);
        return {
          size: () => file.size(),
          writeAt: (data, position) => file.writeAt(data, position),
          sync: async () => {},
          truncate: (n) => file.truncate(n),
          close: () => file.close(),
        };
      },
      syncDir: async () => {},
    };
    // Nothing reaches the disk; sizes are counted so the log's offsets stay what they would be.
    const noDisk: LogIo = {
      openAppend: async () => {
        let size = 0;
        return {
          size: async () => size,
          writeAt: async (data, position) => {
            size = Math.max(size, position + data.length);
          },
          sync: async () => {},
          truncate: async (n) => {
            size = n;
          },
          close: async () => {},
        };
      },
      syncDir: async () => {},
    };
    // Retention as the app configures it (webhook-settings.ts: 200 000 rows).
    const receiver = new WebhookReceiver({
      dataDir,
      secret,
      port: 0,
      retentionEvents: 200_000,
      logIo: mode === 'nofsync' ? noSync : mode === 'nodisk' ? noDisk : undefined,
      // BENCH_GROUPS_IN_FLIGHT=N: the same receiver with N commit groups in flight (commit-trace.ts).
      groupsInFlight: process.env.BENCH_GROUPS_IN_FLIGHT ? Number(process.env.BENCH_GROUPS_IN_FLIGHT) : undefined,
    });
    const status = await receiver.start();
    if (status.url === null) throw new Error(`the listener did not start: ${status.message}`);
    let answered = 0;
    receiver.events.on('appended', () => {
      answered += 1;
    });
    process.on(
      'message',
      (message) =>
        void (async () => {
          if (message === 'stats') {
            const c = receiver.counters();
            send({
              stats: {
                answered,
                events: c.verified,
                duplicate: c.duplicate,
                stale: c.stale,
                flagged: c.flagged,
                rejected: c.rejected,
                cpuMs: cpuMs(),
                rssMiB: process.memoryUsage.rss() / 1048576,
              },
            });
          } else if (message === 'stop') {
            await receiver.stop();
            process.exit(0);
          }
        })(),
    );
    send({ ready: true, url: status.url });
    return;
  }
  if (mode === 'peer') {
    const peer = await startPeerReceiver(secret, dataDir);
    process.on(
      'message',
      (message) =>
        void (async () => {
          if (message === 'stats') {
            const events = peer.stored();
            send({
              stats: {
                answered: events,
                events,
                duplicate: 0,
                stale: 0,
                flagged: 0,
                rejected: 0,
                cpuMs: cpuMs(),
                rssMiB: process.memoryUsage.rss() / 1048576,
              },
            });
          } else if (message === 'stop') {
            await peer.close();
            process.exit(0);
          }
        })(),
    );
    const { port } = peer.server.address() as AddressInfo;
    send({ ready: true, url: `http://127.0.0.1:${port}/webhooks` });
    return;
  }
  if (mode !== 'bare') throw new Error(`unknown mode ${mode}`);
  let answered = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      Buffer.concat(chunks);
      answered += 1;
      const body = JSON.stringify({ ok: true, seq: answered });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
  });
  // Same timeouts as the listener.
  server.requestTimeout = 15_000;
  server.headersTimeout = 10_000;
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  process.on('message', (message) => {
    if (message === 'stats') {
      send({
        stats: {
          answered,
          events: answered,
          duplicate: 0,
          stale: 0,
          flagged: 0,
          rejected: 0,
          cpuMs: cpuMs(),
          rssMiB: process.memoryUsage.rss() / 1048576,
        },
      });
    } else if (message === 'stop') {
      server.closeAllConnections();
      server.close(() => process.exit(0));
    }
  });
  send({ ready: true, url: `http://127.0.0.1:${port}/webhooks` });
}

main().catch((error) => {
  console.error(`ingest-server ${mode}: ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
