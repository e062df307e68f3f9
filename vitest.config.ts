import { defineConfig } from 'vitest/config';

// The suites that run the client against the sandbox (labor, tabs, connection, webhooks into the
// core), which `npm test` runs again under the sandbox's other reading of the spec's open points.
// Files that never start a sandbox (schemas, projections, the outbox file, replay from the log) do
// the same work under either reading and run once, as do the sandbox's own spec tests
// (sandbox-*.test.ts), which pin the default reading.
export const OTHER_READING_UNIT = [
  'api-http',
  'api-integration-token',
  'api-user-session',
  'connection-service',
  'connection-switch',
  'core-webhooks',
  'labor-faults',
  'labor-kill',
  'labor-pay-sandbox',
  'labor-service-board',
  'labor-service',
  'practice-venue-kill',
  'practice-venue',
  'tabs-board-property',
  'tabs-board',
  'tabs-gift-cards-check-again',
  'tabs-gift-cards',
  'tabs-passes',
  'tabs-unknown-outcome',
].map((name) => `test/unit/${name}.test.ts`);

// VENUE_UNIT_READINGS=both (set by `npm test`): one run holds the whole suite and, as a second
// project, the client suites under the other reading, so both cores stay busy to the end instead
// of idling through the tail of two separate runs.
const both = process.env.VENUE_UNIT_READINGS === 'both';

// Files that change what the process shares: module mocks (vi.mock), spies on prototypes or
// modules, fake timers, or the process's time zone (which Intl formatters cached by an earlier file
// would not follow). Each runs in a process of its own. Every other file of the default reading
// shares its worker's modules with the files before it (isolate: false): importing the sandbox and
// the core afresh for each file cost about 1 CPU second a file, three times the tests of a short
// file, and each file starts its own sandboxes, servers and temp folders anyway.
export const ISOLATED_UNIT = [
  'electron-main-shell',
  'hardening-crash-fuzz',
  'pin-lookup',
  'push-gate',
  'readings-breakages',
  'readings-property',
  'safe-storage-secrets',
  'sandbox-webhooks-retries',
  'segment-sidecar',
  'tabs-board-push',
].map((name) => `test/unit/${name}.test.ts`);

const common = {
  environment: 'node',
  testTimeout: 20_000,
  hookTimeout: 20_000,
} as const;
const ALL = ['test/unit/**/*.test.ts'];

const defaultReading = [
  { test: { ...common, name: 'default reading', include: ALL, exclude: ISOLATED_UNIT, isolate: false } },
  { test: { ...common, name: 'default reading, isolated', include: ISOLATED_UNIT } },
];

export default defineConfig({
  test: {
    // Servers bind real ports; two workers match our 2-core machines.
    maxWorkers: 2,
    // The CLI entries the tests start as child processes, bundled once per run for every project.
    globalSetup: 'test/support/cli-bundles.ts',
    projects: both
      ? [
          ...defaultReading,
          // Test kits read VENUE_SANDBOX_READING when they load (tabs-kit's READINGS). Vitest gives
          // each project workers of its own, started with that project's env, so these files share
          // modules among themselves (none of them is on ISOLATED_UNIT) but never with the default
          // reading's. Isolated, each file paid about 1.5 s of a fresh worker's start and imports.
          {
            test: {
              ...common,
              name: 'other reading',
              include: OTHER_READING_UNIT,
              isolate: false,
              env: { VENUE_SANDBOX_READING: 'other' },
            },
          },
        ]
      : defaultReading,
  },
});
