// 5. Start-up and size.
// Start-up: from spawn() to the host's ready line and a 200 from its URL (core, embedded sandbox,
// listener and host all up), fresh data directory each time, two ways:
//   npx tsx electron/host/cli.ts     what `npm run host` does (the target applies to this one);
//   node --import tsx …               the same without npx's own start-up.
// Baseline: bench/bare-start.ts (an http server printing a ready line) spawned the same way, so the
// ratio is the app's own start-up over the runtime's. Spawns alternate bare/host after a warm-up
// (tsx's transform cache), medians.
// Size: gzip (level 6, what a web server sends) of out/renderer/assets/*.js and *.css, against the
// same for the least React app (react + react-dom/client rendering one div) built by the same vite.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { NODE_TSX, ROOT, startChild, stopChild, waitFor200 } from './children';
import type { Profile } from './profile';
import { makeRow, type Row, type RowTemplate } from './report';
import { median, wallNow } from './stats';

export const STARTUP_ROWS = {
  host: {
    key: 'startup.host_npx',
    label: 'spawn `npx tsx electron/host/cli.ts` → ready line and HTTP 200 (sandbox + listener + core + host)',
    unit: 'ms',
    baselineOf: '`npx tsx bench/bare-start.ts` (bare http server), same spawn path',
    target: { on: 'value', op: '<', limit: 1500 },
  },
  hostNode: {
    key: 'startup.host_node',
    label: 'spawn `node --import tsx electron/host/cli.ts` → ready line and HTTP 200',
    unit: 'ms',
    baselineOf: '`node --import tsx bench/bare-start.ts`, same spawn path',
  },
  bundle: {
    key: 'startup.bundle_gzip',
    label: 'renderer bundle, gzip of out/renderer/assets/*.js + *.css',
    unit: 'kB',
    baselineOf: 'the least React app (react-dom/client rendering a div), same vite, gzip',
    target: { on: 'value', op: '<', limit: 300 },
  },
} satisfies Record<string, RowTemplate>;

const READY = /ready at (http:\/\/\S+)/;

async function timeStart(command: string[], withDataDir: boolean): Promise<number> {
  const dataDir = withDataDir ? mkdtempSync(join(tmpdir(), 'venue-bench-start-')) : null;
  const t0 = wallNow();
  const started = await startChild(dataDir === null ? command : [...command, '--data-dir', dataDir], READY, { t0 });
  try {
    const answered = await waitFor200(started.url);
    return answered - t0;
  } finally {
    await stopChild(started.child);
    if (dataDir !== null) rmSync(dataDir, { recursive: true, force: true });
  }
}

async function startTimes(profile: Profile, launcher: string[], log: (line: string) => void, label: string): Promise<{ host: number[]; bare: number[] }> {
  const host: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < profile.startup.warmup; i++) {
    await timeStart([...launcher, 'bench/bare-start.ts'], false);
    await timeStart([...launcher, 'electron/host/cli.ts'], true);
  }
  for (let i = 0; i < profile.startup.spawns; i++) {
    bare.push(await timeStart([...launcher, 'bench/bare-start.ts'], false));
    host.push(await timeStart([...launcher, 'electron/host/cli.ts'], true));
  }
  log(`startup (${label}): host ${host.map((t) => Math.round(t)).join(', ')} ms; bare ${bare.map((t) => Math.round(t)).join(', ')} ms`);
  return { host, bare };
}

function gzipKB(bytes: Uint8Array | string): number {
  return gzipSync(bytes).length / 1000;
}

function appBundleKB(): { kB: number; files: string[] } {
  const dir = join(ROOT, 'out/renderer/assets');
  const files = readdirSync(dir).filter((f) => f.endsWith('.js') || f.endsWith('.css'));
  return { kB: files.reduce((sum, f) => sum + gzipKB(readFileSync(join(dir, f))), 0), files };
}

/** The same vite, minified, building the least React app: the floor any React renderer pays. */
async function reactFloorKB(): Promise<number> {
  const dir = join(ROOT, '.tmp/bench-react-floor');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>\n');
  writeFileSync(
    join(dir, 'main.js'),
    "import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(createElement('div', null, 'ready'));\n",
  );
  const { build } = await import('vite');
  type Output = { output: ({ type: 'chunk'; fileName: string; code: string } | { type: 'asset'; fileName: string; source: string | Uint8Array })[] };
  const result = (await build({ configFile: false, root: dir, logLevel: 'silent', build: { write: false, minify: true } })) as Output | Output[];
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((o) => o.output);
  let kB = 0;
  for (const o of outputs) {
    if (o.type === 'chunk' && o.fileName.endsWith('.js')) kB += gzipKB(o.code);
    if (o.type === 'asset' && o.fileName.endsWith('.css')) kB += gzipKB(o.source);
  }
  rmSync(dir, { recursive: true, force: true });
  return kB;
}

export async function benchStartup(profile: Profile, log: (line: string) => void): Promise<Row[]> {
  const npx = await startTimes(profile, ['npx', 'tsx'], log, 'npx tsx');
  const node = await startTimes(profile, NODE_TSX, log, 'node --import tsx');
  const bundle = appBundleKB();
  const floor = await reactFloorKB();
  log(`bundle: ${bundle.files.join(', ')} = ${bundle.kB.toFixed(1)} kB gzip; React floor ${floor.toFixed(1)} kB`);
  const pairedRatio = (s: { host: number[]; bare: number[] }) => median(s.host.map((h, i) => h / s.bare[i]));
  return [
    makeRow({ ...STARTUP_ROWS.host, value: median(npx.host), baseline: median(npx.bare), ratio: pairedRatio(npx), runs: npx.host, note: `${profile.startup.spawns} spawn(s) each after ${profile.startup.warmup} warm-up` }),
    makeRow({ ...STARTUP_ROWS.hostNode, value: median(node.host), baseline: median(node.bare), ratio: pairedRatio(node), runs: node.host }),
    makeRow({ ...STARTUP_ROWS.bundle, value: bundle.kB, baseline: floor, note: bundle.files.join(', ') }),
  ];
}
