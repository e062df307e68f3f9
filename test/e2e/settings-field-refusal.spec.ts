// A kiosk setting or a schedule rule out of its bounds is said next to its field in words ("A long
// break must be at least 1 minute."), never as the contract's technical refusal nor at the save
// button; the field is marked and nothing is saved. Screenshots at 1280x800 and 1080x1920 land in
// the test's output folder.
import { test, expect } from './fixtures';
import { enterPin, openKiosk } from './kiosk-steps';
import { showAt } from './show-at';
import { shootBothSizes } from './both-sizes';

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
  await shootBothSizes(page, 'settings-refusal', { to: 'output' });
  expect((await app.core.handlers.laborView()).settings.breakLongAfterMinutes).toBeGreaterThan(0);
});

test('schedule rules out of bounds are refused next to their field, in words, and not saved', async ({ page, app }) => {
  await showAt(page, { width: 1280, height: 800 });
  await openKiosk(page, app.host.url);
  await page.getByRole('button', { name: 'Manager' }).click();
  await enterPin(page, '9999');
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  const form = page.getByRole('form', { name: 'Schedule rules' });
  const save = form.getByRole('button', { name: 'Save rules' });
  // A minutes field: 721 minutes of waiting for a no-show, one past the 12 hours allowed.
  const noShow = form.getByLabel('No-show after (minutes past the start)');
  await noShow.fill('721');
  await save.click();
  const noShowSaid = 'The time before someone shows as a no-show must be at most 12 hours.';
  await expect(noShow).toHaveAttribute('aria-invalid', 'true');
  await expect(noShow).toHaveAccessibleDescription(noShowSaid);
  await expect(noShow).toBeFocused();
  await expect(form.getByRole('alert')).toHaveText([noShowSaid]);
  await expect(form).not.toContainText('One of the values entered is not allowed');
  await expect(form.getByText('Saved.')).toHaveCount(0);
  await shootBothSizes(page, 'schedule-rules-refusal', { to: 'output', inView: noShow });

  // Corrected, the sentence goes; the optional grace field is said next to itself the same way.
  await noShow.fill('60');
  await expect(noShow).not.toHaveAttribute('aria-invalid');
  const grace = form.getByLabel(/^Clock out this many minutes after the scheduled end/);
  await grace.fill('800');
  await save.click();
  await expect(grace).toHaveAccessibleDescription(
    'The time after the scheduled end before clocking out must be at most 12 hours.',
  );
  await expect(form.getByRole('alert')).toHaveCount(1);
  const boss = await app.core.handlers.laborIdentify({ pin: '9999' });
  const { rules } = await app.core.handlers.scheduleWeek(boss.token, '2026-11-23');
  expect(rules).toMatchObject({ noShowAfterMinutes: 30, autoClockOutGraceMinutes: null });

  // Emptied, the grace is allowed again and the rules save.
  await grace.fill('');
  await save.click();
  await expect(form.getByText('Saved.')).toBeVisible();
  expect((await app.core.handlers.scheduleWeek(boss.token, '2026-11-23')).rules.noShowAfterMinutes).toBe(60);
});
