// A manager's computer, as its first start set it up ("Timesheets, staff, devices and settings"):
// its kiosk screen asks which location's timesheets and staff it keeps, not "Where is this kiosk?",
// and once chosen goes straight to the manager's PIN, then the manager area.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { saveDeviceSetup } from '../../electron/core/setup/device-setup';
import { expect, startApp, stopApp, test } from './fixtures';
import { enterPin } from './kiosk-steps';
import { showAt } from './show-at';
import { shootBothSizes, WORKSTATION } from './both-sizes';
import { axeFindings } from './axe-findings';

test("a manager's computer asks for its location in a manager's words, then for the manager's PIN", async ({
  page,
}) => {
  const dir = mkdtempSync(join(tmpdir(), 'venue-e2e-'));
  saveDeviceSetup(dir, { venue: 'practice', role: 'single', purpose: 'manager' });
  const app = await startApp(dir);
  try {
    await showAt(page, { width: 1280, height: 800 });
    await page.goto(app.host.url);
    await page.getByRole('button', { name: 'Kiosk', exact: true }).click();
    const picker = page.getByRole('region', { name: "Choose this computer's location" });
    await expect(
      picker.getByRole('heading', { name: 'Which location are these timesheets and staff for?' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Where is this kiosk?' })).toHaveCount(0);
    await expect(picker.getByRole('button', { name: /Harbour Bar & Kitchen/ })).toBeVisible();
    await shootBothSizes(page, 'manager-computer-location', { leaveAt: WORKSTATION });
    expect(await axeFindings(page)).toEqual([]);
    await picker.getByRole('button', { name: /Harbour Bar & Kitchen/ }).click();
    await expect(page.getByRole('heading', { name: 'Manager PIN' })).toBeVisible();
    await enterPin(page, '9999');
    await expect(page.getByRole('region', { name: 'Manager' })).toBeVisible();
  } finally {
    await stopApp(app);
  }
});
