// `npm test`: every check and every test, then one closing line `N passed, N failed, N skipped`
// summed over vitest and Playwright. Every step runs even after a failure, so one run shows
// everything that is wrong; the exit code is non-zero if any failed.
//
// The unit tests (both readings of the sandbox in one vitest run, vitest.config.ts) start at once,
// and the build and the checks (type check, format, ESLint, boundary lint, Electronegativity) run
// beside them one at a time, each one's output printed whole when it ends. The unit run spends
// much of its time waiting on servers, timers and child processes rather than computing, so the
// checks, each mostly one thread, use the core it leaves idle instead of a phase of their own.
// The browser tests run last, once the unit tests and the build are done.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';

// The e2e tests tagged @reading (test/e2e/fixtures.ts: READING), run again under the sandbox's
// other reading: one for each place that reading shows on a screen. The unit list is in
// vitest.config.ts (OTHER_READING_UNIT).
const OTHER_READING_E2E = ['--grep', '@reading'];

// A `.only` left in a test would pass the suite on the few tests it keeps: here it fails the run,
// whether or not CI is set (.ci/run does not set it; vitest's allowOnly and playwright.config.ts's
// forbidOnly only follow CI).
const NO_ONLY_UNIT = ['--allowOnly=false'];
const NO_ONLY_E2E = ['--forbid-only'];

// The build first, so the browser tests never wait for it; then longest first.
const checks = [
  { name: 'build', cmd: ['npx', 'electron-vite', 'build'] },
  // The type check and ESLint share their TypeScript programs (scripts/typecheck-and-lint.mjs).
  { name: 'typecheck + eslint', cmd: ['node', 'scripts/typecheck-and-lint.mjs'] },
  { name: 'lint:format', cmd: ['npm', 'run', '-s', 'lint:format'] },
  { name: 'electronegativity', cmd: ['node', 'scripts/electronegativity.mjs'] },
  { name: 'lint:boundaries', cmd: ['npm', 'run', '-s', 'lint:boundaries'] },
];
// Beside the unit run, which keeps about one core busy on its own: the rest of the cores.
const CHECKS_AT_ONCE = Math.max(1, availableParallelism() - 1);

const unit = {
  name: 'unit (both readings)',
  env: { VENUE_UNIT_READINGS: 'both' },
  cmd: [
    'npx',
    'vitest',
    'run',
    ...NO_ONLY_UNIT,
    '--reporter=default',
    '--reporter=json',
    '--outputFile.json=test-results/vitest.json',
  ],
  report: 'test-results/vitest.json',
};
const browserTests = [
  {
    name: 'e2e',
    cmd: ['npx', 'playwright', 'test', ...NO_ONLY_E2E],
    report: 'test-results/playwright.json',
    needs: 'build',
  },
  // The @reading tests again against the sandbox's other reading of every open point of the spec
  // (numeric shift ids, minute punches, dollars, paging, bare 403s and locations, …), so each
  // screen that shows a reading is proven against a service that chose differently.
  {
    name: 'e2e (other reading)',
    env: {
      VENUE_SANDBOX_READING: 'other',
      VENUE_PW_REPORT: 'test-results/playwright-other.json',
      VENUE_PW_OUTPUT: 'test-results/e2e-other',
    },
    cmd: ['npx', 'playwright', 'test', ...NO_ONLY_E2E, ...OTHER_READING_E2E],
    report: 'test-results/playwright-other.json',
    needs: 'build',
  },
];

rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
const timings = [];
const runStarted = Date.now();

function run(step, { quiet }) {
  return new Promise((resolve) => {
    const started = Date.now();
    if (!quiet) console.log(`\n== ${step.name}: ${step.cmd.join(' ')}`);
    const child = spawn(step.cmd[0], step.cmd.slice(1), {
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, FORCE_COLOR: '0', ...step.env },
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => (output += `${error.message}\n`));
    child.on('close', (code, signal) => {
      const seconds = (Date.now() - started) / 1000;
      if (quiet) {
        console.log(`\n== ${step.name}: ${step.cmd.join(' ')}`);
        if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      }
      console.log(
        `== ${step.name}: ${code === 0 ? 'ok' : `FAILED (exit ${code ?? signal})`} in ${seconds.toFixed(1)} s`,
      );
      timings.push(`${step.name} ${seconds.toFixed(0)} s`);
      if (code !== 0) failedSteps.push(step.name);
      resolve(code === 0);
    });
  });
}

// The unit tests, and beside them the checks.
const queue = [...checks];
const unitDone = run(unit, { quiet: false }).then((ok) => count(unit.name, unit.report, ok));
await Promise.all(
  Array.from({ length: Math.min(CHECKS_AT_ONCE, queue.length) }, async () => {
    for (let step = queue.shift(); step; step = queue.shift()) await run(step, { quiet: true });
  }),
);
const checksFailed = failedSteps.filter((name) => checks.some((c) => c.name === name)).length;

await unitDone;

// The browser tests, one runner at a time (each already uses both cores), after the unit tests:
// started beside the unit run's last files instead, they stretched it from 254 to 412 s and the
// whole run was no shorter (563 against 560 s).
for (const step of browserTests) {
  if (step.needs && failedSteps.includes(step.needs)) {
    console.log(`\n== ${step.name}: not run, because ${step.needs} failed`);
    failedSteps.push(step.name);
    continue;
  }
  const ok = await run(step, { quiet: false });
  if (step.report) count(step.name, step.report, ok);
}

function count(name, file, stepOk) {
  if (!existsSync(file)) {
    // A runner that crashed before reporting counts as one failure, never as silence.
    totals.failed += 1;
    console.log(`== ${name}: no report written (${file})`);
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (name.startsWith('unit')) {
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
    totals.skipped += report.numPendingTests + report.numTodoTests;
    if (!stepOk && report.numFailedTests === 0) totals.failed += 1;
  } else {
    totals.passed += report.stats.expected + report.stats.flaky;
    totals.failed += report.stats.unexpected;
    totals.skipped += report.stats.skipped;
    if (!stepOk && report.stats.unexpected === 0) totals.failed += 1;
  }
}

// A failed check or build has no report of its own: each counts as one failure.
totals.failed += checksFailed;
console.log(`\nSteps: ${timings.join(', ')}; all in ${((Date.now() - runStarted) / 1000).toFixed(0)} s`);
if (failedSteps.length > 0) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length > 0 ? 1 : 0);
