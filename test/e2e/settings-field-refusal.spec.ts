// A kiosk setting out of its bounds is said next to its field in words ("A long break must be at
// least 1 minute."), never as the contract's technical refusal; the field is marked. Screenshots at
// 1280x800 and 1080x1920 land in the test's output folder.
import { test, expect } from './fixtures';
import { enterPin, openKiosk } from './kiosk-steps';
import { showAt } from './show-at';

test('a long-break alert of 0 minutes is refused next to its field, in words', async ({ page, app }) => {
  await showAt(page, { width: 1280, height: 800 });
  await openKiosk(page, app.host.url);
  await page.getByRole('button', { name: 'Manager' }).click();
  await enterPin(page, '9999');
  await page.getByRole('button', { name: 'Kiosk settings' }).click();
  const field = page.getByLabel('Break running long after (minutes)');
  await field.fill('0');
  await page.getByRole('button', { name: 'Save settings' }).click();
  const form = page.getByRole('form', { name: 'Kiosk settings' });
  await expect(form).toContainText('A long break must be at least 1 minute.');
  await expect(form).not.toContainText('Invalid arguments');
  await expect(page.getByText('Saved.')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('settings-refusal-1280x800.png') });
  await showAt(page, { width: 1080, height: 1920 });
  await page.screenshot({ path: test.info().outputPath('settings-refusal-1080x1920.png') });
  expect((await app.core.handlers.laborView()).settings.breakLongAfterMinutes).toBeGreaterThan(0);
});
