// Each test gets the real app: a core on its own temp data folder with the embedded sandbox, and
// the headless host serving the built renderer, all on port 0.
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { LaborTuning } from '../../electron/core/labor/labor-service';
import { createApp, type App, type AppOptions } from '../../electron/host/create-app';
import { startHost, type RunningHost } from '../../electron/host/host';
import { saveDeviceSetup } from '../../electron/core/setup/device-setup';
import { PRACTICE_MANAGER_PIN, signInManager } from '../support/manager';
import { SCREEN_ERROR_LINE } from '../../electron/core/screen-error-log';
import { showAt } from './show-at';

export interface RunningApp {
  core: App;
  host: RunningHost;
  dataDir: string;
  sandboxUrl: string;
  /** The core's log lines (a part of the screen that failed to draw is written here); startApp keeps them. */
  log?: string[];
}

const rendererDir = resolve(import.meta.dirname, '../../out/renderer');

/**
 * The labor timing every e2e core runs with. PINs are hashed with a real scrypt at the unit tests'
 * cost: at the shipped cost, seeding the practice roster and signing the manager in is most of the
 * processor time of a start, and each PIN typed on a pad derives one or two keys more. The hub and
 * first-start tests still run the built host at the shipped cost. The outbox retries a service
 * that is back within about a second rather than after the shipped longest wait, so a test that
 * brings the service back sees its queue drain soon.
 */
export const E2E_LABOR: Partial<LaborTuning> = { scryptN: 1024, backoffMaxMs: 1000 };

export async function startApp(
  dataDir = mkdtempSync(join(tmpdir(), 'venue-e2e-')),
  /**
   * manager: false leaves settings locked. By default the practice venue's manager signs in on this
   * computer's own screen, as a manager at the venue would, so settings work for the test (and for
   * its browser pages, which are this computer's own screen too).
   */
  options: {
    firstStart?: boolean;
    manager?: boolean;
    sessionClock?: () => number;
    /** More of the core's options (a test's own fetch, say). */
    core?: Partial<AppOptions>;
  } = {},
): Promise<RunningApp> {
  if (!existsSync(join(rendererDir, 'index.html')))
    throw new Error('out/renderer is missing: run `npm run build` before the e2e tests');
  // A single computer on the practice venue, as chosen at first start (unless the test walks it).
  if (!options.firstStart && !existsSync(join(dataDir, 'device-setup.json')))
    saveDeviceSetup(dataDir, { venue: 'practice', role: 'single', purpose: null });
  const log: string[] = [];
  const core = await createApp({
    dataDir,
    runtime: 'headless',
    labor: E2E_LABOR,
    log: (line) => log.push(line),
    sessionClock: options.sessionClock,
    ...options.core,
  });
  await core.start();
  await signInManager(core.handlers);
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
  if (options.manager === false) await core.handlers.settingsSignOut();
  const host = await startHost({ rendererDir, handlers: core.handlers, events: core.events });
  return { core, host, dataDir, sandboxUrl: core.sandbox()?.baseUrl ?? '', log };
}

/** The screen failures in a process's log text: each its first line and the indented lines under it. */
export function screenErrorsIn(text: string): string[] {
  return [...text.matchAll(new RegExp(`^${SCREEN_ERROR_LINE}.*(?:\\n[ \\t].*)*`, 'gm'))].map((m) => m[0]);
}

/**
 * Parts of the screen that failed to draw during a test, from the core's log entries: printed, and
 * attached to the test, so a test that fails on a screen which went wrong says what threw.
 */
export async function attachScreenErrors(entries: string[]): Promise<void> {
  const failures = entries.filter((entry) => entry.startsWith(SCREEN_ERROR_LINE));
  if (failures.length === 0) return;
  console.error(failures.join('\n'));
  let info: TestInfo;
  try {
    info = base.info();
  } catch {
    return; // outside a test (a hook of a whole file): printed only
  }
  await info.attach('screen errors (core log)', { body: failures.join('\n\n'), contentType: 'text/plain' });
}

export async function stopApp(app: RunningApp, removeData = true): Promise<void> {
  await attachScreenErrors(app.log ?? []);
  await app.host.close();
  await app.core.stop();
  if (removeData) rmSync(app.dataDir, { recursive: true, force: true });
}

/** Opens the app at a 1280x800 workstation and goes to its Settings screen. */
export async function openSettings(page: Page, url: string): Promise<void> {
  await showAt(page, { width: 1280, height: 800 });
  await page.goto(url);
  await page
    .getByRole('navigation', { name: 'Screens' })
    .getByRole('button', { name: 'Settings', exact: true })
    .click();
}

/** The Settings screen's manager PIN prompt, answered with the practice venue's manager PIN if it shows. */
export async function unlockSettings(page: Page, pin = PRACTICE_MANAGER_PIN): Promise<void> {
  const prompt = page.getByTestId('manager-pin-prompt');
  const unlocked = page.getByTestId('settings-manager');
  await expect(prompt.or(unlocked)).toBeVisible();
  if (await unlocked.isVisible()) return;
  await prompt.getByLabel('Manager PIN').fill(pin);
  await prompt.getByRole('button', { name: 'Sign in' }).click();
  await expect(unlocked).toBeVisible();
}

/**
 * Marks a test where the sandbox's other reading of the spec shows on the screen: ids, punch types
 * and minutes on the board and timesheet, money units, refusal wording, bare locations and paging,
 * bare 403s, the events' shape. `npm test` runs these again under that reading (`--grep @reading`);
 * the core's handling of every reading is proven by the unit tests that run under both.
 */
export const READING = { tag: '@reading' };

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
