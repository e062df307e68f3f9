// Damaged files in the data folder, as a manager sees them: Settings lists what could not be read
// and where it was kept; a kiosk whose staff list cannot be read says so and never offers the
// first-manager set-up. Screenshots at 1280x800 and 1080x1920 land in each test's output folder.
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createApp } from '../../electron/host/create-app';
import { startHost } from '../../electron/host/host';
import { test, expect, E2E_LABOR, startApp, stopApp, type RunningApp } from './fixtures';
import { enterPin } from './kiosk-steps';
import { showAt } from './show-at';
import { shootBothSizes } from './both-sizes';

const shot = (name: string) => test.info().outputPath(name);

/** A data folder of an app set up at the Harbour and stopped, with `file` in it then damaged to `content`. */
async function damagedDataDir(file: string, content: string): Promise<string> {
  const first = await startApp();
  await first.core.handlers.laborSetLocation(null, {
    uuid: '1c000000-0000-4000-8000-000000000001',
    name: 'Harbour Bar & Kitchen',
    timezone: null,
  });
  await stopApp(first, false);
  writeFileSync(join(first.dataDir, file), content);
  return first.dataDir;
}

test('Settings shows what could not be read and where it was kept; Mark as read clears it', async ({ page }) => {
  const dataDir = await damagedDataDir(join('tabs', 'settings.json'), '{"version": 1, "loc');
  const app = await startApp(dataDir);
  try {
    await showAt(page, { width: 1280, height: 800 });
    await page.goto(app.host.url);
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const card = page.getByRole('region', { name: 'Data problems' });
    await expect(card).toContainText('The tabs settings could not be read');
    await expect(card).toContainText(/Kept as tabs\/settings\.json\.damaged-/);
    await shootBothSizes(page, 'data-health-settings', { to: 'output' });
    await card.getByRole('button', { name: 'Mark as read' }).click();
    await expect(card).toHaveCount(0);
  } finally {
    await stopApp(app);
  }
});

test('a kiosk whose staff list cannot be read stops sign-in and offers no manager set-up', async ({ page }) => {
  const dataDir = await damagedDataDir('labor-staff.json', 'not a staff list');
  const app = await startApp(dataDir);
  try {
    await showAt(page, { width: 1280, height: 800 });
    await page.goto(app.host.url);
    await page.getByRole('button', { name: 'Kiosk', exact: true }).click();
    await expect(page.getByTestId('roster-error')).toContainText('staff list could not be read');
    await page.screenshot({ path: shot('data-health-kiosk-1280x800.png') });
    await page.getByRole('button', { name: 'Manager' }).click();
    await expect(page.getByRole('button', { name: /Create|Set up/i })).toHaveCount(0);
    await expect(page.getByTestId('roster-error')).toBeVisible();
    await showAt(page, { width: 1080, height: 1920 });
    await page.screenshot({ path: shot('data-health-kiosk-1080x1920.png') });
  } finally {
    await stopApp(app);
  }
});

test('on a kiosk, a manager sees the notices in the manager area and marks them read', async ({ page }) => {
  const dataDir = await damagedDataDir('labor-board.json', '{"locationUuid": 12');
  const core = await createApp({ dataDir, runtime: 'headless', kiosk: true, labor: E2E_LABOR });
  await core.start();
  const host = await startHost({
    rendererDir: resolve(import.meta.dirname, '../../out/renderer'),
    handlers: core.handlers,
    events: core.events,
  });
  const app: RunningApp = { core, host, dataDir, sandboxUrl: '' };
  try {
    await showAt(page, { width: 1280, height: 800 });
    await page.goto(host.url);
    await expect(page.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();
    // Not on the staff's screen: only behind the manager PIN.
    await expect(page.getByRole('region', { name: 'Data problems' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Manager' }).click();
    await enterPin(page, '9999');
    const card = page.getByRole('region', { name: 'Data problems' });
    await expect(card).toContainText('The saved board of who is on shift could not be read');
    await shootBothSizes(page, 'data-health-manager', { to: 'output' });
    await card.getByRole('button', { name: 'Mark as read' }).click();
    await expect(card).toHaveCount(0);
  } finally {
    await stopApp(app);
  }
});
