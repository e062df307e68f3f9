// A kiosk device's manager area offers only what the hub allows a kiosk (shared/contract/
// device-access.ts): no Timesheet tab, which the hub refuses from a kiosk, and in its place where
// the timesheet is done, in plain words. The hub and the kiosk are the built host as separate
// processes, each with its own data folder.
import { test, expect } from '@playwright/test';
import { enterPin, openHubDevices, pairSatellite, processes } from './hub-processes';
import { showAt } from './show-at';
import { technicalWords } from './technical-words';

const run = processes();
test.afterEach(({ browserName: _ }, info) => run.attachLogs(info));
test.afterAll(() => run.stopAll());

test('a kiosk device’s manager area offers no Timesheet and says where it is done', async ({ browser }) => {
  test.setTimeout(180_000);
  const hub = await run.host(['--hub', '--hub-host', '127.0.0.1', '--hub-port', '0', '--no-mdns']);
  const hubPage = await openHubDevices(browser, hub.url);
  // The hub's own screen offers the timesheet: the tab exists, only the kiosk must not show it.
  await expect(hubPage.getByRole('navigation', { name: 'Manager sections' })).toContainText('Timesheet');
  const kiosk = await pairSatellite(run, hubPage, hub, 'kiosk', 'Staff door');

  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(kiosk.url);
  await page.getByRole('button', { name: 'Manager' }).click();
  await enterPin(page, '9999');
  const manager = page.getByRole('region', { name: 'Manager' });
  // The manager area itself is open (the PIN pad's own heading starts with "Manager" too).
  await expect(manager.getByRole('heading', { name: 'Manager · Harbour Bar & Kitchen' })).toBeVisible();
  const sections = manager.getByRole('navigation', { name: 'Manager sections' });
  await expect(sections.getByRole('button', { name: 'Timesheet' })).toHaveCount(0);
  await expect(sections.getByRole('button', { name: 'Staff & PINs' })).toHaveCount(0);
  const elsewhere = manager.getByRole('region', { name: 'Done on another device' });
  await expect(elsewhere).toContainText(/Timesheet.*: on the venue hub, a workstation or a manager’s device\./);
  // Nothing here ends in the hub's refusal.
  await expect(manager).not.toContainText('does not allow this device');
  expect(await technicalWords(page)).toEqual([]);
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1080, height: 1920 },
  ]) {
    await showAt(page, size);
    await page.screenshot({
      path: test.info().outputPath(`kiosk-manager-sections-${size.width}x${size.height}.png`),
      fullPage: true,
    });
  }
});
