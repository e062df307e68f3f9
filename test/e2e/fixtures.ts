// Each test gets the real app: a core on its own temp data folder with the embedded sandbox, and
// the headless host serving the built renderer, all on port 0.
import { test as base, expect, type Page } from '@playwright/test';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createApp, type App } from '../../electron/host/create-app';
import { startHost, type RunningHost } from '../../electron/host/host';
import { saveDeviceSetup } from '../../electron/core/setup/device-setup';

export interface RunningApp {
  core: App;
  host: RunningHost;
  dataDir: string;
  sandboxUrl: string;
}

const rendererDir = resolve(import.meta.dirname, '../../out/renderer');

export async function startApp(
  dataDir = mkdtempSync(join(tmpdir(), 'venue-e2e-')),
  options: { firstStart?: boolean } = {},
): Promise<RunningApp> {
  if (!existsSync(join(rendererDir, 'index.html')))
    throw new Error('out/renderer is missing: run `npm run build` before the e2e tests');
  // A single computer on the practice venue, as chosen at first start (unless the test walks it).
  if (!options.firstStart && !existsSync(join(dataDir, 'device-setup.json')))
    saveDeviceSetup(dataDir, { venue: 'practice', role: 'single', purpose: null });
  const core = await createApp({ dataDir, runtime: 'headless' });
  await core.start();
  // The connection's money unit, set as a venue sets it in Settings: the one its service uses
  // (dollars under the sandbox's other reading, VENUE_SANDBOX_READING=other).
  const sandboxUrl = core.sandbox()?.baseUrl;
  if (sandboxUrl) {
    const { readings } = (await (await fetch(`${sandboxUrl}/_sandbox/readings`)).json()) as {
      readings: Record<'moneySent' | 'moneyAnswers' | 'moneyNumbers', 'cents' | 'dollars'>;
    };
    if (readings.moneySent !== 'cents') await core.handlers.tabsSetMoneyUnit('sent', readings.moneySent);
    if (readings.moneyAnswers !== 'cents') await core.handlers.tabsSetMoneyUnit('answers', readings.moneyAnswers);
    if (readings.moneyNumbers !== 'cents') await core.handlers.tabsSetMoneyUnit('numbers', readings.moneyNumbers);
  }
  const host = await startHost({ rendererDir, handlers: core.handlers, events: core.events });
  return { core, host, dataDir, sandboxUrl: core.sandbox()?.baseUrl ?? '' };
}

export async function stopApp(app: RunningApp, removeData = true): Promise<void> {
  await app.host.close();
  await app.core.stop();
  if (removeData) rmSync(app.dataDir, { recursive: true, force: true });
}

export const test = base.extend<{ app: RunningApp; openApp: () => Promise<Page> }>({
  // Playwright reads the fixture's dependencies from this destructuring, so it must stay an object pattern.
  // eslint-disable-next-line no-empty-pattern
  app: async ({}, use) => {
    const app = await startApp();
    await use(app);
    await stopApp(app);
  },
  openApp: async ({ page, app }, use) => {
    await use(async () => {
      await page.goto(app.host.url);
      await expect(page.getByTestId('status-bar')).toBeVisible();
      return page;
    });
  },
});

export { expect };
