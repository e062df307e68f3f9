// `npm test`: every check and every test, in the order that fails fastest, then one closing line
// `N passed, N failed, N skipped` summed over vitest and Playwright. Every step runs even after a
// failure, so one run shows everything that is wrong; the exit code is non-zero if any failed.
//
// The readings matrix: the suites that talk to the sandbox (labor, tabs, connection, webhooks) run a
// second time with VENUE_SANDBOX_READING=other, every open point of the spec flipped to its other
// plausible answer (electron/sandbox/readings.ts, docs/service-assumptions.md), so neither reading can
// rot. Suites that never meet the sandbox are not repeated: the reading cannot change them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

// Unit files (path filters) that start a sandbox, and e2e specs of the same features.
const MATRIX_UNIT = [
  'test/unit/labor-service', 'test/unit/labor-faults', 'test/unit/labor-kill',
  'test/unit/tabs-', 'test/unit/connection-', 'test/unit/core-webhooks', 'test/unit/webhook-open-tabs',
  'test/unit/api-integration-token', 'test/unit/api-user-session',
];
const MATRIX_E2E = ['test/e2e/webhooks.spec.ts'];
// Specs that still fail under the other reading, each with its reason (printed on every run, so the
// gap is never silent). Move them into MATRIX_E2E once they pass.
const MATRIX_E2E_PENDING = {
  'test/e2e/labor.spec.ts': 'the app in sandbox mode still sends declared_tips in cents to a service that counts dollars',
  'test/e2e/tabs.spec.ts': 'product tiles come from the sandbox catalog route, which the other reading does not have',
};

const steps = [
  { name: 'typecheck', cmd: ['npm', 'run', '-s', 'typecheck'] },
  { name: 'lint', cmd: ['npm', 'run', '-s', 'lint'] },
  { name: 'unit', cmd: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json'], report: 'test-results/vitest.json' },
  {
    name: 'unit (other reading)',
    kind: 'unit',
    env: { VENUE_SANDBOX_READING: 'other' },
    cmd: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest-other.json', ...MATRIX_UNIT],
    report: 'test-results/vitest-other.json',
  },
  { name: 'build', cmd: ['npx', 'electron-vite', 'build'] },
  { name: 'e2e', cmd: ['npx', 'playwright', 'test'], report: 'test-results/playwright.json', needs: 'build' },
  {
    name: 'e2e (other reading)',
    kind: 'e2e',
    env: { VENUE_SANDBOX_READING: 'other', PLAYWRIGHT_JSON_FILE: 'test-results/playwright-other.json' },
    cmd: ['npx', 'playwright', 'test', ...MATRIX_E2E],
    report: 'test-results/playwright-other.json',
    needs: 'build',
  },
];

for (const [spec, why] of Object.entries(MATRIX_E2E_PENDING)) console.log(`== e2e (other reading): ${spec} not run yet: ${why}`);
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
  const result = spawnSync(step.cmd[0], step.cmd.slice(1), { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0', ...step.env } });
  console.log(`== ${step.name}: ${result.status === 0 ? 'ok' : `FAILED (exit ${result.status ?? result.signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) failedSteps.push(step.name);
  if (step.report) count(step.kind ?? step.name, step.report, result.status === 0);
}

function count(kind, file, stepOk) {
  if (!existsSync(file)) {
    // A runner that crashed before reporting counts as one failure, never as silence.
    totals.failed += 1;
    console.log(`== ${kind}: no report written (${file})`);
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (kind === 'unit') {
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
if (failedSteps.some((s) => s === 'typecheck' || s === 'lint' || s === 'build')) totals.failed += failedSteps.filter((s) => ['typecheck', 'lint', 'build'].includes(s)).length;
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length > 0 ? 1 : 0);
