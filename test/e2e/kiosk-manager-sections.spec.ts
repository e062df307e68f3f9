// A kiosk device's manager area offers only what the hub allows a kiosk (shared/contract/
// device-access.ts): no Timesheet tab, which the hub refuses from a kiosk, and in its place where
// the timesheet is done, in plain words. The hub and the kiosk are the built host as separate
// processes, each with its own data folder.
import { test, expect } from '@playwright/test';
import { enterPin, openHubDevices, pairSatellite, processes } from './hub-processes';
import { shootBothSizes } from './both-sizes';
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
  await shootBothSizes(page, 'kiosk-manager-sections', { to: 'output', fullPage: true });
});

// A workstation may open Sync (its own waiting punches) but not the punch review, which the hub
// keeps for a manager's device: the tab shows no refusal and says where that review is done.
test('a workstation’s Sync tab shows no refused punch review and says where it is done', async ({ browser }) => {
  test.setTimeout(180_000);
  const hub = await run.host(['--hub', '--hub-host', '127.0.0.1', '--hub-port', '0', '--no-mdns']);
  const hubPage = await openHubDevices(browser, hub.url);
  const bar = await pairSatellite(run, hubPage, hub, 'workstation', 'Bar');

  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(bar.url);
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Kiosk', exact: true }).click();
  await page.getByRole('button', { name: 'Manager' }).click();
  await enterPin(page, '9999');
  const manager = page.getByRole('region', { name: 'Manager' });
  await expect(manager.getByRole('heading', { name: 'Manager · Harbour Bar & Kitchen' })).toBeVisible();
  await manager.getByRole('navigation', { name: 'Manager sections' }).getByRole('button', { name: /^Sync/ }).click();
  const elsewhere = manager.getByTestId('punch-review-elsewhere');
  await expect(elsewhere).toHaveText(
    'Punches from devices that wait for a manager are reviewed on the venue hub or a manager’s device.',
  );
  await expect(manager.getByRole('region', { name: 'Punches from devices' })).toHaveCount(0);
  // The Sync tab's own part still draws, and nothing here ends in the hub's refusal.
  await expect(manager.getByRole('region', { name: 'Punches not on the service' })).toBeVisible();
  await expect(manager).not.toContainText('does not allow this device');
  await expect(manager).not.toContainText('cannot do this');
  expect(await technicalWords(page)).toEqual([]);
  await shootBothSizes(page, 'workstation-sync', { to: 'output', fullPage: true });
});
