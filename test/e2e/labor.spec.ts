// The labor kiosk in Chromium against a real core, host and embedded sandbox: a bartender's
// shift by PIN (seen on the board, in the timesheet, on the service), the same with the service
// down and then back, names instead of PINs, and kiosk mode. Screenshots land in each test's output folder.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { createApp } from '../../electron/host/create-app';
import { saveDeviceSetup } from '../../electron/core/setup/device-setup';
import { startHost } from '../../electron/host/host';
import { entryFiscalDay } from '../../electron/sandbox/labor/labor-view';
import { test, expect, E2E_LABOR, stopApp, type RunningApp, READING } from './fixtures';
import { done, enterPin, openKiosk } from './kiosk-steps';
import { showAt } from './show-at';

/** Screenshots go to this test's output folder (test-results/… or --output), named by what they show. */
const shot = (name: string) => test.info().outputPath(name);

async function bartenderShift(page: Page, shoot = false): Promise<void> {
  await enterPin(page, '2222');
  await expect(page.getByRole('heading', { name: 'Hi Jordan' })).toBeVisible();
  await expect(page.getByTestId('person-status')).toContainText('not on shift');
  await page.getByRole('button', { name: 'Punch in as Bartender' }).click();
  await done(page, /Jordan, you're punched in as Bartender/);
  const row = page.locator('[data-testid="board-row"][data-user="2004"]');
  await expect(row).toContainText('Jordan Bartender');

  await enterPin(page, '2222');
  await page.getByRole('button', { name: 'Start break' }).click();
  await page.getByRole('button', { name: 'Meal break · unpaid' }).click();
  await done(page, /break started/);
  await expect(row).toContainText('On break');

  await enterPin(page, '2222');
  await expect(page.getByTestId('person-status')).toContainText('On break since');
  if (shoot) await page.screenshot({ path: shot('labor-person-1280x800.png') });
  await page.getByRole('button', { name: 'End break' }).click();
  await done(page, /welcome back/i);
  await expect(row).not.toContainText('On break');

  await enterPin(page, '2222');
  await page.getByRole('button', { name: 'Punch out' }).click();
  for (const d of '1250') await page.getByRole('button', { name: `tips ${d}`, exact: true }).click();
  await expect(page.getByTestId('tips-amount')).toHaveText('$12.50');
  if (shoot) await page.screenshot({ path: shot('labor-tips-1280x800.png') });
  await page.getByRole('button', { name: 'Punch out · $12.50' }).click();
  if (shoot) await page.screenshot({ path: shot('labor-confirm-1280x800.png') });
  await done(page, /punched out .* with \$12\.50 in tips/);
  await expect(row).toHaveCount(0);
}

function serviceEntries(app: RunningApp) {
  return app.core.sandbox()!.world.labor.all();
}

test(
  'PIN → punch in → break → end break → punch out with tips, on the board and in the timesheet',
  READING,
  async ({ page, app }) => {
    await openKiosk(page, app.host.url);

    // Someone else on shift, so the board has a live row in the screenshots.
    await enterPin(page, '1111');
    await page.getByRole('button', { name: 'Punch in as Server' }).click();
    await done(page, /Sam, you're punched in as Server/);
    await page.screenshot({ path: shot('labor-kiosk-1280x800.png') });

    await bartenderShift(page, true);
    await expect(page.getByTestId('sync-pending')).toHaveText('All punches synced', { timeout: 15_000 });
    await expect.poll(() => serviceEntries(app).filter((e) => e.userId === '2004').length).toBe(2);
    const shift = serviceEntries(app).find((e) => e.userId === '2004' && e.shiftUuid === null)!;
    expect(shift.declaredTips).toBe(1250);
    expect(shift.punchOutMs).not.toBeNull();

    // The manager's view: the night's entries, totals, and an edit that leaves an audit line.
    await page.getByRole('button', { name: 'Manager' }).click();
    await enterPin(page, '9999');
    await expect(page.getByRole('heading', { name: /Manager · Harbour/ })).toBeVisible();
    await expect(page.locator('[data-testid="entry-row"]')).toHaveCount(3);
    const jordanTotals = page.locator('[data-testid="totals-row"]', { hasText: 'Jordan Bartender' });
    await expect(jordanTotals).toContainText('$12.50');
    // Under "Hours worked" the hours are written even for a shift of minutes: "0 h 00 min".
    await expect(jordanTotals.getByRole('cell').nth(2)).toHaveText(/^\d+ h \d{2} min$/);
    await expect(page.getByTestId('timeline')).toBeVisible();
    await page.getByRole('button', { name: /Edit shift of Jordan Bartender/ }).click();
    await page.getByLabel('Declared tips').fill('15.00');
    // No reason, no save: the button says why it waits.
    const saveChange = page.getByRole('button', { name: 'Save change' });
    await expect(saveChange).toBeDisabled();
    await expect(saveChange).toHaveAccessibleDescription(/Needed to save/);
    await page.getByLabel('Reason for the change').fill('cash tips counted again at close');
    await saveChange.click();
    const audit = page.locator('[data-testid="audit"]').filter({ hasText: 'Alex Manager' });
    await expect(audit).toContainText('tips $12.50 → $15.00');
    await expect(audit).toContainText('Reason: cash tips counted again at close');
    await expect(jordanTotals).toContainText('$15.00');
    await expect.poll(() => serviceEntries(app).find((e) => e.uuid === shift.uuid)?.declaredTips).toBe(1500);
    await page.screenshot({ path: shot('labor-timesheet-1280x800.png'), fullPage: true });

    // CSV of what is shown.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    // One day; or, when the service sent no time zone (the other reading), the days around today.
    expect(file.suggestedFilename()).toMatch(
      /^timesheet-harbour-bar-kitchen-\d{4}-\d{2}-\d{2}(-to-\d{4}-\d{2}-\d{2})?\.csv$/,
    );
    const csv = readFileSync((await file.path())!, 'utf8').split(/\r?\n/);
    expect(csv[0]).toMatch(/,edits,edit_reasons$/);
    expect(csv.find((l) => l.includes('Jordan Bartender'))).toMatch(
      /,1,Alex Manager: cash tips counted again at close$/,
    );

    await showAt(page, { width: 1080, height: 1920 });
    await page.screenshot({ path: shot('labor-timesheet-1080x1920.png') });
    await page.getByRole('button', { name: 'Close' }).click();
    await page.screenshot({ path: shot('labor-kiosk-1080x1920.png') });
  },
);

test('the same shift with the service down, then back: punches wait, then the count goes to zero', async ({
  page,
  app,
}) => {
  await openKiosk(page, app.host.url);
  const world = app.core.sandbox()!.world;
  world.faults.add({ route: '/*', mode: 'reset', count: 'always' });

  await bartenderShift(page);
  const pending = page.getByTestId('sync-pending');
  await expect(pending).toHaveAttribute('data-pending', '4');
  await expect(pending).toContainText('4 punches waiting to sync');
  await expect(pending).toContainText('service offline');
  expect(serviceEntries(app)).toHaveLength(0);
  await page.screenshot({ path: shot('labor-kiosk-offline-1280x800.png') });

  // PINs are checked on the kiosk, so a manager gets in while the service is down and sees why.
  await page.getByRole('button', { name: 'Manager' }).click();
  await enterPin(page, '9999');
  await expect(page.getByRole('alert')).toContainText('Could not load the timesheet');
  await page.getByRole('button', { name: /^Sync/ }).click();
  await expect(page.locator('[data-testid="outbox-item"]')).toHaveCount(4);
  await page.screenshot({ path: shot('labor-sync-offline-1280x800.png') });
  await page.getByRole('button', { name: 'Close' }).click();

  world.faults.clear();
  await expect(pending).toHaveAttribute('data-pending', '0', { timeout: 40_000 });
  await expect(pending).toHaveText('All punches synced');
  const entries = serviceEntries(app);
  expect(entries).toHaveLength(2);
  expect(entries.find((e) => e.shiftUuid === null)?.declaredTips).toBe(1250);
  expect(entries.find((e) => e.shiftUuid !== null)?.shiftUuid).toBe(entries.find((e) => e.shiftUuid === null)?.uuid);
});

test('a kiosk left alone goes back to the PIN pad after the idle timeout; a touch restarts the wait', async ({
  page,
  app,
}) => {
  // A fake page clock, so the 30 s default is tested without waiting 30 s.
  await page.clock.install();
  await openKiosk(page, app.host.url);
  await enterPin(page, '2222');
  await expect(page.getByRole('heading', { name: 'Hi Jordan' })).toBeVisible();
  await page.clock.fastForward(20_000);
  await page.getByTestId('person-status').click();
  await page.clock.fastForward(20_000);
  await expect(page.getByRole('heading', { name: 'Hi Jordan' })).toBeVisible();
  await page.clock.fastForward(11_000);
  await expect(page.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Hi Jordan' })).toHaveCount(0);
});

test('tapping a name asks for that person’s PIN; a wrong PIN is said plainly', async ({ page, app }) => {
  await openKiosk(page, app.host.url);
  await page.getByRole('button', { name: 'Or tap your name' }).click();
  // Each name with its role as the board writes it ("Bartender"), not the service's lower case.
  await expect(page.getByRole('button', { name: /^Jordan Bartender/ }).locator('.k-name-sub')).toHaveText('Bartender');
  await page.getByRole('button', { name: /Sam Server/ }).click();
  await expect(page.getByRole('heading', { name: 'Sam Server, enter your PIN' })).toBeVisible();
  await enterPin(page, '2222');
  await expect(page.getByRole('alert')).toContainText('not recognised');
  await enterPin(page, '1111');
  await expect(page.getByRole('heading', { name: 'Hi Sam' })).toBeVisible();
});

test('kiosk mode: the kiosk is the whole app, and app settings sit behind the manager PIN', async ({ page }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'venue-e2e-'));
  // A kiosk on the practice venue, as chosen at first start.
  saveDeviceSetup(dataDir, { venue: 'practice', role: 'single', purpose: 'kiosk' });
  const core = await createApp({ dataDir, runtime: 'headless', kiosk: true, labor: E2E_LABOR });
  await core.start();
  const host = await startHost({
    rendererDir: resolve(import.meta.dirname, '../../out/renderer'),
    handlers: core.handlers,
    events: core.events,
  });
  const app: RunningApp = { core, host, dataDir, sandboxUrl: core.sandbox()?.baseUrl ?? '' };
  try {
    await page.goto(host.url);
    await expect(page.getByTestId('kiosk-shell')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Screens' })).toHaveCount(0);
    await page.getByRole('button', { name: /Harbour Bar & Kitchen/ }).click();
    await expect(page.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();
    await page.screenshot({ path: shot('labor-kiosk-mode-1280x800.png') });
    await page.getByRole('button', { name: 'Manager' }).click();
    await enterPin(page, '2222');
    await expect(page.getByRole('alert')).toContainText('does not belong to a manager');
    await enterPin(page, '9999');
    await page.getByRole('button', { name: 'App settings' }).click();
    await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
  } finally {
    await stopApp(app);
  }
});

test.describe('without the venue’s time zone', () => {
  // The computer runs in the venue's zone, so its day is known exactly; the service sends no zone.
  test.use({ timezoneId: 'America/New_York' });

  test('the timesheet opens on the days around today and its timeline shows the shift under way, at any hour', async ({
    page,
    app,
  }) => {
    // Under the other reading the service's locations carry no zone; here it is set for this test
    // alone, so the check runs under both readings.
    const set = await fetch(`${app.sandboxUrl}/_sandbox/readings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ locationFields: 'bare' }),
    });
    expect(set.ok).toBe(true);
    await openKiosk(page, app.host.url);
    await enterPin(page, '1111');
    await page.getByRole('button', { name: 'Punch in as Server' }).click();
    await done(page, /Sam, you're punched in as Server/);
    await expect.poll(() => serviceEntries(app).length).toBe(1);
    const world = app.core.sandbox()!.world;
    const shiftDay = entryFiscalDay(world, world.labor.all()[0]);

    // The service files the shift under its fiscal day; the computer's clock is moved to noon of the
    // next day at the venue, so "today" on screen is one day later than the shift's day, whatever
    // the hour the test runs at (the case between midnight and the 04:00 cut, made permanent).
    const [y, m, d] = shiftDay.split('-').map(Number);
    await page.clock.setSystemTime(Date.UTC(y, m - 1, d + 1, 17, 0));
    await page.getByRole('button', { name: 'Manager' }).click();
    await enterPin(page, '9999');
    await expect(page.locator('[data-testid="entry-row"]')).toHaveCount(1);
    await expect(page.getByLabel('From')).toHaveValue(shiftDay);
    await expect(page.getByTestId('timeline')).toHaveAttribute('aria-label', `Shifts and breaks on ${shiftDay}`);
  });
});
