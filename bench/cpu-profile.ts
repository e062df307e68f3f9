// Where the receiver's CPU goes, per event: the ingest section's child (bench/ingest-server.ts) run
// under `node --cpu-prof`, sent the bench's signed, distinct deliveries by autocannon (50
// connections), then its profile's samples sorted into the phases docs/performance.md tabulates.
// Each sample is charged to the first phase found walking its stack from the leaf up, so a
// JSON.parse called from the envelope parser is "parse" and a Buffer.concat in the HMAC is "HMAC".
//
//   npx tsx bench/cpu-profile.ts [listener|nodisk|peer] [requests]     (default nodisk 30000)
//
// nodisk (no writes at all) shows the receiver's own work without the disk's waits; listener the
// durable one. The load generator runs in this process, so it is not in the profile.
import { fork } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './children';
import { BENCH_SECRET, deliveryRequests } from './envelopes';
import { runLoad } from './load';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const STARTUP = 'start-up';

/** Phases in the order a delivery meets them; the first rule that matches a frame wins. */
const PHASES: { phase: string; match: (fn: string, url: string) => boolean }[] = [
  // tsx compiling and loading the sources as the child starts: once, not per event (left out).
  { phase: STARTUP, match: (_fn, url) => /node:internal\/modules|node_modules\/tsx|esbuild/.test(url) },
  { phase: 'HMAC', match: (fn, url) => /hmac-sha256|signature\.ts/.test(url) || fn === 'createHmac' },
  { phase: 'parse', match: (_fn, url) => /json-digits/.test(url) },
  { phase: 'dedupe key', match: (_fn, url) => /dedupe-key/.test(url) },
  {
    phase: 'validation',
    match: (_fn, url) => /webhook-events|fast-check-data|data-check|node_modules\/zod/.test(url),
  },
  {
    phase: 'row encoding',
    match: (fn, url) =>
      /record-frame/.test(url) ||
      (/delivery-handler/.test(url) && /^(row|headerRecord)$/.test(fn)) ||
      (/event-log/.test(url) && /^(rowTail|enqueue|encode\w*)$/.test(fn)),
  },
  { phase: 'sidecars', match: (_fn, url) => /sidecar/.test(url) },
  {
    phase: 'index and log bookkeeping',
    match: (_fn, url) => /event-log|log-index|log-counters|segment-files|log-io/.test(url),
  },
  { phase: 'accepted event', match: (_fn, url) => /accepted-event/.test(url) },
  {
    phase: 'HTTP layer (node:http, sockets, body read, answer)',
    match: (_fn, url) =>
      /node:_http|node:net|node:internal\/streams|node:internal\/http|node:stream|request-body|node:internal\/stream_base/.test(
        url,
      ),
  },
  { phase: 'receiver glue (handler, emitter, push gate)', match: (_fn, url) => /electron\/core/.test(url) },
];

async function main(): Promise<void> {
  const mode = process.argv[2] ?? 'nodisk';
  const requests = Number(process.argv[3] ?? 30_000);
  const profDir = mkdtempSync(join(tmpdir(), 'venue-cpu-prof-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'venue-cpu-data-'));
  const child = fork(join(ROOT, 'bench/ingest-server.ts'), [mode, BENCH_SECRET, dataDir], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx', '--cpu-prof', `--cpu-prof-dir=${profDir}`],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`ingest-server exited (${code})`)));
    child.once('message', (m) => resolve((m as { url: string }).url));
  });
  child.removeAllListeners('exit');
  const load1 = loadavg()[0];
  // A warm-up the profile includes too, small beside the measured run.
  await runLoad(url, deliveryRequests('/webhooks', 2_000).requests, 2_000, 50);
  const result = await runLoad(url, deliveryRequests('/webhooks', requests).requests, requests, 50);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.send('stop');
  await exited;
  const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
  if (file === undefined) throw new Error('no profile written');
  const profile = JSON.parse(readFileSync(join(profDir, file), 'utf8')) as CpuProfile;
  rmSync(profDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });

  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const phaseOf = new Map<number, string>();
  const classify = (id: number): string => {
    const known = phaseOf.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id)!;
    const { functionName: fn, url: src } = node.callFrame;
    let phase: string;
    if (fn === '(idle)') phase = 'idle';
    else if (fn === '(garbage collector)') phase = 'garbage collection';
    else if (fn === '(program)') phase = '(program: V8 and libuv outside JavaScript)';
    else {
      const rule = PHASES.find((r) => r.match(fn, src));
      const up = parent.get(id);
      phase = rule?.phase ?? (up === undefined ? 'other' : classify(up));
    }
    phaseOf.set(id, phase);
    return phase;
  };
  const totals = new Map<string, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const phase = classify(profile.samples[i]);
    totals.set(phase, (totals.get(phase) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  totals.delete('idle');
  const startup = totals.get(STARTUP) ?? 0;
  totals.delete(STARTUP);
  if (process.env.CPU_PROFILE_OTHER) {
    // The leaf frames charged to one phase, for finding a rule a new hot spot needs.
    const leaves = new Map<string, number>();
    for (let i = 0; i < profile.samples.length; i++) {
      if (classify(profile.samples[i]) !== process.env.CPU_PROFILE_OTHER) continue;
      const { functionName, url: src } = byId.get(profile.samples[i])!.callFrame;
      const key = `${functionName} ${src.replace(/^.*\//, '')}`;
      leaves.set(key, (leaves.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
    }
    for (const [key, us] of [...leaves].sort((a, b) => b[1] - a[1]).slice(0, 25))
      console.log(`  ${(us / 1000).toFixed(1)} ms ${key}`);
  }
  const events = result.answered + 2_000;
  const busy = [...totals.values()].reduce((a, b) => a + b, 0);
  console.log(
    `${mode}: ${events} events (${Math.round(result.rps)} req/s, p99 ${result.p99.toFixed(1)} ms), ${new Date().toISOString()}, load ${load1.toFixed(1)}`,
  );
  console.log(`| phase | µs per event | share |\n|---|---|---|`);
  for (const [phase, us] of [...totals].sort((a, b) => b[1] - a[1]))
    console.log(`| ${phase} | ${(us / events).toFixed(1)} | ${((us / busy) * 100).toFixed(0)} % |`);
  console.log(`| **total (not idle)** | **${(busy / events).toFixed(1)}** | |`);
  console.log(`(start-up, left out: ${(startup / 1000).toFixed(0)} ms)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
