// The command-line entries the unit tests start as child processes, bundled once per test run
// (vitest.config.ts: globalSetup) into plain JavaScript that `node` runs without a TypeScript
// loader, the way the shipped host runs as one built file. Under tsx each start cost about 2.3 CPU
// seconds against 0.75 for the bundle (2026-11-26, 2 cores), and the unit tests start dozens.
//
// Each bundle is made from the sources at the start of the run, so a test never runs a stale build.
// `import.meta.dirname` and `import.meta.url` keep the values of the file they are written in, so a
// bundle finds what its source finds (the built renderer, the repository's folders).
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import type { TestProject } from 'vitest/node';

const root = resolve(import.meta.dirname, '../..');

/** The entries bundled, relative to the repository. */
export const CLI_ENTRIES = [
  'electron/host/cli.ts',
  'electron/sandbox/cli.ts',
  'test/unit/labor-kill-child.ts',
  'test/unit/practice-venue-kill-child.ts',
  'test/unit/webhook-kill-child.ts',
] as const;
export type CliEntry = (typeof CLI_ENTRIES)[number];

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder this run's bundles are in (see bundleFor). */
    cliBundles: string;
  }
}

/** The bundle's path for `entry` inside `folder`: the entry's own path, ending in .mjs. */
export function bundlePath(folder: string, entry: CliEntry): string {
  return join(folder, entry.replace(/\.ts$/, '.mjs'));
}

const keepImportMeta: Plugin = {
  name: 'keep-import-meta',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const contents = source
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

/** vitest globalSetup: bundles every entry into a folder of this run's own, removed at the end. */
export async function setup(project: TestProject): Promise<() => void> {
  mkdirSync(join(root, '.tmp'), { recursive: true });
  const folder = mkdtempSync(join(root, '.tmp', 'cli-bundles-'));
  await build({
    entryPoints: CLI_ENTRIES.map((entry) => resolve(root, entry)),
    outdir: folder,
    outbase: root,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    plugins: [keepImportMeta],
    logLevel: 'warning',
  });
  project.provide('cliBundles', relative(root, folder));
  return () => rmSync(folder, { recursive: true, force: true });
}
