// Why the listener's paced tail rises: its commit groups traced (event-log.ts traceGroups) at
// paced rates, as the headroom row sends them, with the child's event-loop delay beside them.
//
//   npx tsx bench/commit-trace.ts [rate ...]          (default 4000 4500 5000 6000; 5 s each)
//   BENCH_STEP_SECONDS=N  how long each rate is sent
//   BENCH_PREFILL=N       send N events first, as fast as answered (the ingest section's runs
//                         before its headroom leave about 170 000 in the log, retention 200 000)
//   BENCH_GC_LOG=FILE     the child writes each garbage collection's kind and pause to FILE
//
// Per rate: the client's p50/p99; group sizes; how long a group's oldest line waited before its
// write began (the groups in flight were full, or the tick had not ended), how long the write
// took (on Linux an O_DSYNC write: the write and its fdatasync), how long a durable group waited
// to be answered (behind the group before it, answers go in log order), and the loop delay.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { deliveryRequests, prepareDeliveries } from './envelopes';
import { startServer } from './ingest';
import { runLoad, runPaced, withPacedSockets } from './load';

import { percentile, sleep } from './stats';

interface Traced {
  request?: number;
  lines: number;
  bytes: number;
  queuedAt: number;
  startedAt: number;
  writtenAt: number;
  answeredAt: number;
  inFlight: number;
  epoch: number;
}

const rates = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const stepSeconds = Number(process.env.BENCH_STEP_SECONDS ?? 5);
const dir = mkdtempSync(join(tmpdir(), 'venue-commit-trace-'));
const traceFile = join(dir, 'groups.jsonl');
const loopFile = join(dir, 'loop.jsonl');
process.env.BENCH_GROUP_TRACE = traceFile;

const fmt = (xs: number[], p: number) => percentile(xs, p).toFixed(2);

async function main(): Promise<void> {
  const listener = await startServer('listener', join(dir, 'data'), loopFile);
  const windows: {
    rate: number;
    from: number;
    to: number;
    p50: number;
    p99: number;
    rps: number;
    bad: number;
    slow: string[];
    sender: string;
  }[] = [];
  try {
    const prefill = Number(process.env.BENCH_PREFILL ?? 0);
    for (let done = 0; done < prefill; done += 30_000) {
      const n = Math.min(30_000, prefill - done);
      await runLoad(listener.url, deliveryRequests('/webhooks', n).requests, n, 50);
    }
    await withPacedSockets(50, async (sockets) => {
      await runPaced(listener.url, prepareDeliveries(2_000), 1_000, sockets);
      for (const rate of rates.length > 0 ? rates : [4_000, 4_500, 5_000, 6_000]) {
        const from = Date.now();
        const slow: number[] = [];
        const deliveries = prepareDeliveries(rate * stepSeconds);
        // The sender's own loop: a stall here delays answers it then counts as slow.
        const own = monitorEventLoopDelay({ resolution: 1 });
        own.enable();
        const r = await runPaced(listener.url, deliveries, rate, sockets, (sentAt, ms) => {
          if (ms > 10) slow.push(Math.floor((sentAt - from) / 100));
        });
        own.disable();
        const sender = `p99 ${(own.percentile(99) / 1e6 - 1).toFixed(1)} max ${(own.max / 1e6 - 1).toFixed(1)} ms`;
        const buckets = new Map<number, number>();
        for (const b of slow) buckets.set(b, (buckets.get(b) ?? 0) + 1);
        windows.push({
          rate,
          from,
          to: Date.now(),
          p50: r.p50,
          p99: r.p99,
          rps: r.rps,
          bad: r.non2xx + r.errors,
          sender,
          slow: [...buckets].map(([b, n]) => `${b}:${n}`),
        });
        await sleep(1_100);
      }
    });
  } finally {
    await listener.stop();
  }
  let groups = readFileSync(traceFile, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Traced);
  const requests = groups.filter((g) => g.request !== undefined);
  groups = groups.filter((g) => g.request === undefined);
  const loops = readFileSync(loopFile, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { t: number; p99: number; max: number });
  console.log(
    `load ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}; ${groups.length} groups traced`,
  );
  for (const w of windows) {
    const gs = groups.filter((g) => g.epoch >= w.from && g.epoch <= w.to);
    const served = requests.filter((g) => g.epoch >= w.from && g.epoch <= w.to).map((g) => g.request!);
    const ls = loops.filter((l) => l.t >= w.from && l.t <= w.to + 1000);
    const wait = gs.map((g) => g.startedAt - g.queuedAt);
    const write = gs.map((g) => g.writtenAt - g.startedAt);
    const behind = gs.map((g) => g.answeredAt - g.writtenAt);
    const whole = gs.map((g) => g.answeredAt - g.queuedAt);
    const sizes = gs.map((g) => g.lines);
    const full = gs.filter((g) => g.inFlight >= 2).length;
    console.log(
      `${w.rate}/s: achieved ${Math.round(w.rps)}/s, client p50 ${w.p50.toFixed(2)} p99 ${w.p99.toFixed(2)} ms, bad ${w.bad}\n` +
        `  groups ${gs.length} (${(gs.length / ((w.to - w.from) / 1000)).toFixed(0)}/s), lines p50 ${fmt(sizes, 50)} p99 ${fmt(sizes, 99)} max ${Math.max(...sizes)}; started with another in flight ${((full / Math.max(1, gs.length)) * 100).toFixed(0)} %\n` +
        `  queued→write p50 ${fmt(wait, 50)} p99 ${fmt(wait, 99)} max ${Math.max(...wait).toFixed(1)} ms\n` +
        `  write+sync   p50 ${fmt(write, 50)} p99 ${fmt(write, 99)} max ${Math.max(...write).toFixed(1)} ms\n` +
        `  durable→answered p50 ${fmt(behind, 50)} p99 ${fmt(behind, 99)} max ${Math.max(...behind).toFixed(1)} ms\n` +
        `  queued→answered  p50 ${fmt(whole, 50)} p99 ${fmt(whole, 99)} max ${Math.max(...whole).toFixed(1)} ms\n` +
        `  in the server (head parsed→answer handed over) p50 ${fmt(served, 50)} p99 ${fmt(served, 99)} max ${Math.max(...served).toFixed(1)} ms\n` +
        `  client latency > 10 ms: ${w.slow.length}, by 100 ms of the run: ${w.slow.join(' ')}\n` +
        `  the sender's loop delay ${w.sender}\n` +
        `  loop delay per second: p99 ${ls.map((l) => l.p99).join(' ')}; max ${ls.map((l) => l.max).join(' ')} ms`,
    );
  }
  rmSync(dir, { recursive: true, force: true });
}

await main();
