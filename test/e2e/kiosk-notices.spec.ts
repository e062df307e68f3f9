// A kiosk device's manager area lists the venue's data problems (from the hub) beside its own, but
// may mark only its own read: the hub refuses the venue's from a kiosk. "Mark as read" is offered
// on the kiosk's own notice and not on the venue's, which says where it is marked read instead.
// The hub and the kiosk are the built host as separate processes, each with its own data folder.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { KIOSK_CACHE_FILE } from '../../electron/core/labor/kiosk-cache';
import { enterPin, hubAddressOf, openHubDevices, pairSatellite, processes } from './hub-processes';
import { shootBothSizes } from './both-sizes';

const run = processes();
test.afterEach(({ browserName: _ }, info) => run.attachLogs(info));
test.afterAll(() => run.stopAll());

test('a kiosk device offers Mark as read on its own notices only, never on the venue’s', async ({ browser }) => {
  test.setTimeout(180_000);
  // The hub's tabs settings are damaged before it starts: a notice of the venue's.
  const hubDir = run.folder();
  // Private, as the app makes its files: no second notice about who may read them.
  mkdirSync(join(hubDir, 'tabs'), { recursive: true, mode: 0o700 });
  writeFileSync(join(hubDir, 'tabs', 'settings.json'), '{"version": 1, "loc', { mode: 0o600 });
  const hubArgs = ['--hub', '--hub-host', '127.0.0.1', '--hub-port', '0', '--no-mdns'];
  const hub = await run.host(hubArgs, { dir: hubDir });
  const hubPage = await openHubDevices(browser, hub.url);
  const first = await pairSatellite(run, hubPage, hub, 'kiosk', 'Staff door');
  // The kiosk's own copy of the roster is damaged while it is off: a notice of its own.
  await run.kill(first);
  writeFileSync(join(first.dir, KIOSK_CACHE_FILE), '{"version": 1, "roster": [', { mode: 0o600 });
  const kiosk = await run.host(['--satellite', hubAddressOf(hub)], { dir: first.dir });

  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(kiosk.url);
  await page.getByRole('button', { name: 'Manager' }).click();
  await enterPin(page, '9999');
  const card = page.getByRole('region', { name: 'Data problems' });
  const own = card.locator('[data-testid="data-health-notice"][data-owner="device"]');
  const venue = card.locator('[data-testid="data-health-notice"][data-owner="venue"]');
  await expect(venue).toContainText('The tabs settings could not be read');
  await expect(own).toContainText('roster');
  // One "Mark as read", on the kiosk's own notice; the venue's says where it is marked read.
  await expect(card.getByRole('button', { name: /Mark (all )?as read/ })).toHaveCount(1);
  await expect(own.getByRole('button', { name: 'Mark as read' })).toBeVisible();
  await expect(venue).toContainText('marks it read on a manager’s device or on the hub');
  await shootBothSizes(page, 'kiosk-notices', { to: 'output' });
  await own.getByRole('button', { name: 'Mark as read' }).click();
  await expect(own).toHaveCount(0);
  // The venue's notice stays, and nothing on the kiosk offers to mark it read.
  await expect(venue).toBeVisible();
  await expect(card.getByRole('button', { name: /Mark (all )?as read/ })).toHaveCount(0);
});
