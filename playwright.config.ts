import { defineConfig } from '@playwright/test';

// Debian's Chromium, not a downloaded browser (downloads are impossible here). The flags keep it
// from reaching for the network, which this machine refuses.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'test/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // scripts/test-all.mjs runs the suite twice (the sandbox's two readings) and reads each report.
  reporter: [['list'], ['json', { outputFile: process.env.VENUE_PW_REPORT ?? 'test-results/playwright.json' }]],
  use: {
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
