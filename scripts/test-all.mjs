// `npm test`: every check and every test, in the order that fails fastest, then one closing line
// `N passed, N failed, N skipped` summed over vitest and Playwright. Every step runs even after a
// failure, so one run shows everything that is wrong; the exit code is non-zero if any failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

// Suites of the client against the sandbox (labor, tabs, connection, webhooks). The sandbox's own
// spec tests (sandbox-*.test.ts) pin the default reading and run once.
const OTHER_READING_UNIT = [
  'test/unit/api-',
  'test/unit/connection-',
  'test/unit/core-webhooks',
  'test/unit/labor-service',
  'test/unit/labor-faults',
  'test/unit/labor-kill',
  'test/unit/labor-outbox',
  'test/unit/practice-venue',
  'test/unit/tabs-',
  'test/unit/webhook-open-tabs',
  'test/unit/webhook-replay',
];
const OTHER_READING_E2E = [
  'test/e2e/labor.spec.ts',
  'test/e2e/tabs.spec.ts',
  'test/e2e/webhooks.spec.ts',
  'test/e2e/foundation.spec.ts',
];

const steps = [
  { name: 'typecheck', cmd: ['npm', 'run', '-s', 'typecheck'] },
  { name: 'lint', cmd: ['npm', 'run', '-s', 'lint'] },
  { name: 'electronegativity', cmd: ['node', 'scripts/electronegativity.mjs'] },
  {
    name: 'unit',
    cmd: [
      'npx',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=test-results/vitest.json',
    ],
    report: 'test-results/vitest.json',
  },
  { name: 'build', cmd: ['npx', 'electron-vite', 'build'] },
  { name: 'e2e', cmd: ['npx', 'playwright', 'test'], report: 'test-results/playwright.json', needs: 'build' },
  // The same client suites again against the sandbox's other reading of every open point of the
  // spec (numeric shift ids, minute punches, dollars, paging, bare 403s and locations, …), so the
  // app is proven against a service that chose differently, not only against our own reading.
  {
    name: 'unit (other reading)',
    env: { VENUE_SANDBOX_READING: 'other' },
    cmd: [
      'npx',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=test-results/vitest-other.json',
      ...OTHER_READING_UNIT,
    ],
    report: 'test-results/vitest-other.json',
  },
  {
    name: 'e2e (other reading)',
    env: { VENUE_SANDBOX_READING: 'other', VENUE_PW_REPORT: 'test-results/playwright-other.json' },
    cmd: ['npx', 'playwright', 'test', ...OTHER_READING_E2E],
    report: 'test-results/playwright-other.json',
    needs: 'build',
  },
];

rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

for (const step of steps) {
  if (step.needs && failedSteps.includes(step.needs)) {
    console.log(`\n== ${step.name}: not run, because ${step.needs} failed`);
    failedSteps.push(step.name);
    continue;
  }
  console.log(`\n== ${step.name}: ${step.cmd.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(step.cmd[0], step.cmd.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: '0', ...step.env },
  });
  console.log(
    `== ${step.name}: ${result.status === 0 ? 'ok' : `FAILED (exit ${result.status ?? result.signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) failedSteps.push(step.name);
  if (step.report) count(step.name, step.report, result.status === 0);
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

if (failedSteps.length > 0) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
if (failedSteps.some((s) => s === 'typecheck' || s === 'lint' || s === 'build'))
  totals.failed += failedSteps.filter((s) => ['typecheck', 'lint', 'build'].includes(s)).length;
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length > 0 ? 1 : 0);
