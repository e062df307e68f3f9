// `npm run bench [-- --quick | --smoke] [--json FILE] [--only ingest,screen,log,api,startup,app] [--no-build]`
// Measures the app against baselines taken in the same run and prints one table; see
// docs/performance.md for what each row means and the figures of the last full run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from '@playwright/test';
import { ROOT } from './children';
import { describeMachine, machineLine } from './machine';
import { PROFILES, type Mode, type Profile } from './profile';
import { errorRow, formatLegend, formatTable, type Row, type RowTemplate, writeJson } from './report';
import { INGEST_ROWS, benchIngest } from './ingest';
import { SCREEN_ROWS, benchScreen } from './screen-latency';
import { LOG_ROWS, benchLogScale } from './log-scale';
import { API_ROWS, benchApiClient } from './api-client';
import { STARTUP_ROWS, benchStartup } from './startup';
import { launchBrowser } from './browser';
import { APP_ROWS, benchAppSoak } from './app-soak';
import { HUB_ROWS, benchHub } from './hub';
import { REVIEW_ROWS, benchReviewFlood } from './review-flood';
import { BACKUP_ROWS, benchBackup } from './backup';
import { GROUP_ROWS, benchGroup } from './group';

export interface SectionContext {
  profile: Profile;
  log(line: string): void;
  /** One Chromium for the whole run, launched on first use. */
  browser(): Promise<Browser>;
  /** `--offline-minutes N`: how long the group section's offline venue stays away (null: its mode's default). */
  offlineMinutes: number | null;
}

interface Section {
  name: string;
  title: string;
  /** Needs out/ (the built host, the renderer it serves, or its size). */
  usesBuild: boolean;
  rows: Record<string, RowTemplate>;
  run(context: SectionContext): Promise<Row[]>;
}

const SECTIONS: Section[] = [
  {
    name: 'ingest',
    title: '1. webhook ingest',
    usesBuild: false,
    rows: INGEST_ROWS,
    run: (c) => benchIngest(c.profile, c.log),
  },
  { name: 'screen', title: '2. event to screen', usesBuild: true, rows: SCREEN_ROWS, run: benchScreen },
  { name: 'log', title: '3. event log at scale', usesBuild: true, rows: LOG_ROWS, run: benchLogScale },
  {
    name: 'api',
    title: '4. API client',
    usesBuild: false,
    rows: API_ROWS,
    run: (c) => benchApiClient(c.profile, c.log),
  },
  {
    name: 'startup',
    title: '5. start-up and size',
    usesBuild: true,
    rows: STARTUP_ROWS,
    run: (c) => benchStartup(c.profile, c.log),
  },
  { name: 'app', title: '6. whole app under load', usesBuild: true, rows: APP_ROWS, run: benchAppSoak },
  { name: 'hub', title: '7. hub and satellites', usesBuild: true, rows: HUB_ROWS, run: benchHub },
  {
    name: 'review',
    title: '8. review queue under a flood',
    usesBuild: true,
    rows: REVIEW_ROWS,
    run: benchReviewFlood,
  },
  { name: 'group', title: '10. a group of venues', usesBuild: false, rows: GROUP_ROWS, run: benchGroup },
  { name: 'backup', title: '9. backup and restore', usesBuild: false, rows: BACKUP_ROWS, run: benchBackup },
];

const USAGE = `usage: npm run bench -- [--quick | --smoke] [--json FILE] [--only ${SECTIONS.map((s) => s.name).join(',')}] [--no-build] [--offline-minutes N]`;

function options() {
  try {
    const { values } = parseArgs({
      options: {
        quick: { type: 'boolean' },
        smoke: { type: 'boolean' },
        json: { type: 'string' },
        only: { type: 'string' },
        'no-build': { type: 'boolean' },
        'offline-minutes': { type: 'string' },
        help: { type: 'boolean' },
      },
    });
    return values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
}

/** Builds out/ (the host as JavaScript, the renderer it serves and whose size is measured) unless told not to. */
function build(skip: boolean, log: (line: string) => void): void {
  const built = ['out/renderer/index.html', 'out/main/host.js'].every((f) => existsSync(join(ROOT, f)));
  if (skip) {
    if (!built) throw new Error('--no-build, but out/ is missing: run `npx electron-vite build` first');
    log('build: skipped (--no-build), measuring the existing out/');
    return;
  }
  const result = spawnSync('npx', ['electron-vite', 'build'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  if (result.status === 0) {
    log('build: npx electron-vite build ok');
    return;
  }
  const why = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-8).join('\n');
  if (!built) throw new Error(`npx electron-vite build failed and there is no earlier out/:\n${why}`);
  log(`build: npx electron-vite build FAILED, measuring the earlier out/ instead:\n${why}`);
}

async function main(): Promise<void> {
  const values = options();
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const mode: Mode = values.smoke ? 'smoke' : values.quick ? 'quick' : 'full';
  const profile = PROFILES[mode];
  const only = values.only?.split(',').map((s) => s.trim()) ?? null;
  const unknown = only?.filter((name) => !SECTIONS.some((s) => s.name === name)) ?? [];
  if (unknown.length > 0) {
    console.error(`unknown section(s) ${unknown.join(', ')}\n${USAGE}`);
    process.exit(2);
  }
  const startedAt = new Date();
  const machine = describeMachine();
  const log = (line: string) => console.error(`  ${line}`);
  console.log(`Venue Companion bench (${mode}), ${startedAt.toISOString()}`);
  console.log(machineLine(machine));

  const selected = SECTIONS.filter((section) => only === null || only.includes(section.name));
  if (selected.some((section) => section.usesBuild)) build(values['no-build'] === true, log);

  let browser: Promise<Browser> | null = null;
  const offline = values['offline-minutes'];
  const offlineMinutes = offline === undefined ? null : Number(offline);
  if (offlineMinutes !== null && !(offlineMinutes > 0)) {
    console.error(`--offline-minutes takes a number of minutes above 0\n${USAGE}`);
    process.exit(2);
  }
  const context: SectionContext = {
    profile,
    log,
    browser: () => (browser ??= launchBrowser()),
    offlineMinutes,
  };
  const rows: Row[] = [];
  // Shared machines: the load other work put on the machine while each section ran, for the record.
  const sectionLoad: Record<string, number> = {};
  try {
    for (const section of selected) {
      const started = Date.now();
      sectionLoad[section.name] = Math.round(loadavg()[0] * 100) / 100;
      console.error(`${section.title} (load ${sectionLoad[section.name]}) ...`);
      try {
        rows.push(...(await section.run(context)));
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        console.error(`${section.title} FAILED: ${error instanceof Error ? error.stack : why}`);
        rows.push(
          ...Object.values(section.rows).map((template) => errorRow(template, `section failed: ${why.split('\n')[0]}`)),
        );
      }
      console.error(`${section.title}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  } finally {
    if (browser !== null) await (browser as Promise<Browser>).then((b) => b.close()).catch(() => {});
  }

  console.log('');
  console.log(formatTable(rows));
  console.log('');
  console.log('What each row compares:');
  console.log(formatLegend(rows));
  const missed = rows.filter((r) => r.status === 'missed').map((r) => r.key);
  const failed = rows.filter((r) => r.status === 'error').map((r) => r.key);
  console.log('');
  machine.loadAverage1mAtSectionStart = sectionLoad;
  machine.loadAverage1mAtEnd = Math.round(loadavg()[0] * 100) / 100;
  console.log(
    `load average (1 min) at each section's start: ${Object.entries(sectionLoad)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}; at the end ${machine.loadAverage1mAtEnd}`,
  );
  console.log(
    `${rows.filter((r) => r.status === 'met').length} targets met, ${missed.length} missed${missed.length ? ` (${missed.join(', ')})` : ''}${failed.length ? `, ${failed.length} not measured (${failed.join(', ')})` : ''}; ${((Date.now() - startedAt.getTime()) / 1000).toFixed(0)} s`,
  );
  if (values.json) {
    writeJson(values.json, machine, mode, startedAt, rows);
    console.log(`figures written to ${values.json}`);
  }
  // Missed targets are findings, not failures: only a section that could not run fails the command.
  process.exitCode = failed.length > 0 ? 1 : 0;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : String(error));
  process.exit(1);
});
