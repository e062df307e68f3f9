// Backups as a manager makes one and a new computer takes it: Settings → Backups writes the file
// with the secrets sealed by a typed passphrase; a fresh install's first start restores it, and
// started again the new computer is that venue. Screenshots of both at 1280x800 and 1080x1920.
import { join } from 'node:path';
import type { Locator } from '@playwright/test';
import { expect, openSettings, startApp, stopApp, test, unlockSettings } from './fixtures';
import { shootBothSizes } from './both-sizes';
import { showAt } from './show-at';

/** The card's top at the top of the screen: its heading, then as much of it as fits. */
const cardAtTop = (card: Locator) => card.evaluate((el) => el.scrollIntoView({ block: 'start' }));

test('a manager makes a backup in Settings; a new computer restores it on its first start', async ({ page }) => {
  test.setTimeout(120_000);
  const source = await startApp();
  let file: string;
  try {
    await openSettings(page, source.host.url);
    await unlockSettings(page);
    const card = page.getByRole('region', { name: 'Backups' });
    await expect(card.getByTestId('backup-latest')).toHaveText('none yet');
    const form = card.getByRole('form', { name: 'Make a backup now' });
    await form.getByLabel('Passphrase for the secrets').fill('harbour lights at noon');
    await form.getByLabel('The passphrase again').fill('harbour lights at no');
    await expect(form.getByText('The two passphrases differ.')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Make a backup now' })).toBeDisabled();
    await form.getByLabel('The passphrase again').fill('harbour lights at noon');
    await form.getByRole('button', { name: 'Make a backup now' }).click();
    const made = card.getByTestId('backup-made');
    await expect(made).toContainText('Backup written:');
    await expect(made).toContainText('secrets sealed with a passphrase');
    await expect(card.getByTestId('backup-latest')).toContainText('made by a manager');
    file = (await made.locator('code').textContent())!;
    await card.getByText('Where backups go, and the daily backups’ secrets').click();
    await shootBothSizes(page, 'settings-backup', { arrange: () => cardAtTop(card), leaveAt: 'as before' });
  } finally {
    await stopApp(source, false);
  }

  const fresh = await startApp(undefined, { firstStart: true, manager: false });
  try {
    await showAt(page, { width: 1280, height: 800 });
    await page.goto(fresh.host.url);
    await expect(page.getByRole('heading', { name: 'Set up Venue Companion' })).toBeVisible();
    await page.getByRole('button', { name: 'Restore a backup' }).click();
    const restore = page.getByRole('region', { name: 'Restore a backup' });
    await restore.getByLabel('Backup file on this computer').fill(join(source.dataDir, 'nothing-here.venue-backup'));
    await restore.getByRole('button', { name: 'Check the backup' }).click();
    await expect(restore.getByRole('alert')).toContainText('There is no file at that path');
    await restore.getByLabel('Backup file on this computer').fill(file);
    await restore.getByRole('button', { name: 'Check the backup' }).click();
    await expect(restore.getByTestId('restore-summary')).toContainText('secrets sealed with a passphrase');
    await restore.getByLabel('The backup’s passphrase').fill('not the passphrase');
    await restore.getByRole('button', { name: 'Restore this venue' }).click();
    await expect(restore.getByRole('alert')).toContainText('That passphrase does not open');
    await restore.getByLabel('The backup’s passphrase').fill('harbour lights at noon');
    await shootBothSizes(page, 'first-start-restore', { arrange: () => cardAtTop(restore), leaveAt: 'as before' });
    await restore.getByRole('button', { name: 'Restore this venue' }).click();
    const done = page.getByRole('region', { name: 'Start again' });
    await expect(done.getByTestId('restore-done')).toContainText('The venue is restored');
    await expect(done).toContainText('start it again the same way');
    await shootBothSizes(page, 'first-start-restored', { arrange: () => cardAtTop(done), leaveAt: 'as before' });
  } finally {
    await stopApp(fresh, false);
  }

  // Started again on its folder: the backup's venue, no first start.
  const again = await startApp(fresh.dataDir, { manager: false });
  try {
    await page.goto(again.host.url);
    await expect(page.getByTestId('status-bar')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Set up Venue Companion' })).toHaveCount(0);
    expect((await again.core.handlers.setupView()).needed).toBe(false);
  } finally {
    await stopApp(again);
    await stopApp(source);
  }
});
