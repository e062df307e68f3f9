// What Settings says when no manager can sign in: after leaving the practice service (its PINs
// were removed) and when the staff list cannot be read (this screen may set it aside).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, openSettings, startApp, stopApp, test } from './fixtures';
import { shootBothSizes, WORKSTATION } from './both-sizes';
import { onRemoteService } from './remote-service';

test("Settings says the practice venue's PINs were removed after moving to a real service", async ({ page }) => {
  const app = await startApp();
  try {
    await onRemoteService(app, {}, async () => {
      await openSettings(page, app.host.url);
      const removed = page.getByTestId('practice-pins-removed');
      await expect(removed).toContainText('the practice venue’s PINs were removed (from Alex Manager,');
      await expect(page.getByTestId('settings-open').getByRole('button', { name: 'Set a manager PIN' })).toBeVisible();
      await shootBothSizes(page, 'settings-practice-pins-removed', { leaveAt: WORKSTATION });
      // The kiosk's pad says it too (in the kiosk's language).
      await page
        .getByRole('navigation', { name: 'Screens' })
        .getByRole('button', { name: 'Kiosk', exact: true })
        .click();
      await page.getByRole('button', { name: /Harbour Bar & Kitchen/ }).click();
      await expect(page.getByTestId('practice-pins-removed')).toContainText('A manager PIN must be set');
      await shootBothSizes(page, 'kiosk-practice-pins-removed', { leaveAt: WORKSTATION });
    });
  } finally {
    await stopApp(app);
  }
});

test('a damaged staff list: Settings offers to set it aside, then asks for a manager PIN', async ({ page }) => {
  const first = await startApp();
  await stopApp(first, false);
  writeFileSync(join(first.dataDir, 'labor-staff.json'), '{"version":1,"seeded":true,"staff":[{"userId":"20');
  const app = await startApp(first.dataDir, { manager: false });
  try {
    await openSettings(page, app.host.url);
    const damaged = page.getByTestId('damaged-roster');
    await expect(damaged).toContainText('could not be read, so no manager can sign in');
    await expect(damaged).toContainText('labor-staff.json.damaged-');
    await shootBothSizes(page, 'settings-damaged-staff-list', { leaveAt: WORKSTATION });
    await damaged.getByRole('button', { name: 'Set the damaged staff list aside and start a new one' }).click();
    await expect(damaged).toHaveCount(0);
    await expect(page.getByTestId('settings-open').getByRole('button', { name: 'Set a manager PIN' })).toBeVisible();
  } finally {
    await stopApp(app);
  }
});
