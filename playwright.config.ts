import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// Debian's Chromium, not a downloaded browser (downloads are impossible here): its headless shell
// when it is installed (apt package chromium-headless-shell, the same Blink as the browser without
// its windowing), the kind of Chromium Playwright itself runs headless tests on. It spent 20–30 %
// less CPU on the same specs here (47 against 58–68 CPU s over the labor, floor and tabs specs,
// 2026-11-26). Without it, the full browser.
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ??
  '/usr/bin/chromium';

// The flags keep it from reaching for the network, which this machine refuses.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// Traces are off unless asked for (VENUE_PW_TRACE=1): recording one films every frame of every page
// for every test, passed or not, and that filming was about 45 % of the browser tests' CPU time on
// a 2-core machine. A failure still leaves its screenshot and the page's ARIA snapshot.
const trace = process.env.VENUE_PW_TRACE === '1' ? 'retain-on-failure' : 'off';

export default defineConfig({
  testDir: 'test/e2e',
  // One folder per run: Playwright empties it at the start, and `npm test` runs the suite twice.
  outputDir: process.env.VENUE_PW_OUTPUT ?? 'test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // A test.only left in fails the run under CI (and in `npm test`, which passes --forbid-only).
  forbidOnly: !!process.env.CI,
  // scripts/test-all.mjs runs the suite twice (the sandbox's two readings) and reads each report.
  reporter: [['list'], ['json', { outputFile: process.env.VENUE_PW_REPORT ?? 'test-results/playwright.json' }]],
  use: {
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace,
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
