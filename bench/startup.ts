// 5. Start-up and size.
// Start-up: from spawn() to the host's ready line and a 200 from its URL (core, embedded sandbox,
// listener and host all up), two ways:
//   node out/main/host.js            the built JavaScript `npm run host` runs (the target applies
//                                    to this one), without npm's own start-up;
//   node --import tsx electron/…     the TypeScript through tsx, as the tests start it;
// with a data directory the host has already started on once (a returning user: the usual start),
// and, for the built path, with a fresh empty one (first run: the demo roster's PINs are hashed then).
// Baseline: bench/bare-start.mjs (an http server printing a ready line) spawned the same way, so the
// ratio is the app's own start-up over the runtime's. Spawns alternate bare/host after a warm-up
// (which also fills tsx's transform cache), medians.
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
    key: 'startup.host',
    label:
      'spawn `node out/main/host.js` (the build `npm run host` runs) → ready line and HTTP 200 (sandbox + listener + core + host)',
    unit: 'ms',
    baselineOf: '`node bench/bare-start.mjs` (bare http server), same spawn path',
    target: { on: 'value', op: '<', limit: 1500 },
  },
  firstRun: {
    key: 'startup.host_first_run',
    label: 'the same on a fresh, empty data directory (first run)',
    unit: 'ms',
    baselineOf: '`node bench/bare-start.mjs`, same spawn path',
  },
  hostTsx: {
    key: 'startup.host_tsx',
    label:
      'spawn `node --import tsx electron/host/cli.ts` (the TypeScript, as the tests start it) → ready line and HTTP 200',
    unit: 'ms',
    baselineOf: '`node --import tsx bench/bare-start.mjs`, same spawn path',
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

/** Spawn → ready line → 200, ms. `dataDir`: 'fresh' makes (and removes) a new one. */
async function timeStart(command: string[], dataDir: string | 'fresh' | null): Promise<number> {
  const dir = dataDir === 'fresh' ? mkdtempSync(join(tmpdir(), 'venue-bench-start-')) : dataDir;
  const t0 = wallNow();
  const started = await startChild(dir === null ? command : [...command, '--data-dir', dir], READY, { t0 });
  try {
    const answered = await waitFor200(started.url);
    return answered - t0;
  } finally {
    await stopChild(started.child);
    if (dataDir === 'fresh' && dir !== null) rmSync(dir, { recursive: true, force: true });
  }
}

interface StartTimes {
  host: number[];
  bare: number[];
  firstRun: number[];
}

async function startTimes(
  profile: Profile,
  launcher: string[],
  entry: string,
  withFirstRun: boolean,
  log: (line: string) => void,
  label: string,
): Promise<StartTimes> {
  const times: StartTimes = { host: [], bare: [], firstRun: [] };
  const returning = mkdtempSync(join(tmpdir(), 'venue-bench-start-'));
  const bare = () => timeStart([...launcher, 'bench/bare-start.mjs'], null);
  const host = (dir: string) => timeStart([...launcher, entry], dir);
  try {
    // Always once: the returning data directory must have been started on before.
    await host(returning);
    for (let i = 0; i < profile.startup.warmup; i++) await bare();
    for (let i = 0; i < profile.startup.spawns; i++) {
      times.bare.push(await bare());
      times.host.push(await host(returning));
      if (withFirstRun) times.firstRun.push(await host('fresh'));
    }
  } finally {
    rmSync(returning, { recursive: true, force: true });
  }
  const ms = (xs: number[]) => xs.map((t) => Math.round(t)).join(', ');
  log(
    `startup (${label}): host ${ms(times.host)} ms${withFirstRun ? `; first run ${ms(times.firstRun)} ms` : ''}; bare ${ms(times.bare)} ms`,
  );
  return times;
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
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>\n',
  );
  writeFileSync(
    join(dir, 'main.js'),
    "import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(createElement('div', null, 'ready'));\n",
  );
  const { build } = await import('vite');
  type Output = {
    output: (
      | { type: 'chunk'; fileName: string; code: string }
      | { type: 'asset'; fileName: string; source: string | Uint8Array }
    )[];
  };
  const result = (await build({
    configFile: false,
    root: dir,
    logLevel: 'silent',
    build: { write: false, minify: true },
  })) as Output | Output[];
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
  const built = await startTimes(profile, [process.execPath], 'out/main/host.js', true, log, 'node, built');
  const tsx = await startTimes(profile, NODE_TSX, 'electron/host/cli.ts', false, log, 'node --import tsx');
  const bundle = appBundleKB();
  const floor = await reactFloorKB();
  log(`bundle: ${bundle.files.join(', ')} = ${bundle.kB.toFixed(1)} kB gzip; React floor ${floor.toFixed(1)} kB`);
  const pairedRatio = (host: number[], bare: number[]) => median(host.map((h, i) => h / bare[i]));
  return [
    makeRow({
      ...STARTUP_ROWS.host,
      value: median(built.host),
      baseline: median(built.bare),
      ratio: pairedRatio(built.host, built.bare),
      runs: built.host,
      note: `${profile.startup.spawns} spawn(s) each after a warm-up`,
    }),
    makeRow({
      ...STARTUP_ROWS.firstRun,
      value: median(built.firstRun),
      baseline: median(built.bare),
      ratio: pairedRatio(built.firstRun, built.bare),
      runs: built.firstRun,
    }),
    makeRow({
      ...STARTUP_ROWS.hostTsx,
      value: median(tsx.host),
      baseline: median(tsx.bare),
      ratio: pairedRatio(tsx.host, tsx.bare),
      runs: tsx.host,
    }),
    makeRow({ ...STARTUP_ROWS.bundle, value: bundle.kB, baseline: floor, note: bundle.files.join(', ') }),
  ];
}
