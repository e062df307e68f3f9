// Leaving the practice venue on the Settings screen: before Save the form says what will happen to
// the practice PINs; a real service that does not answer takes none of them, the status bar says
// it cannot be reached (never "Practice venue") while Settings names the service that was saved,
// and back on the practice venue the manager's PIN still opens Settings.
import { freePort } from '../support/free-port';
import { expect, openSettings, test, unlockSettings } from './fixtures';

test('a real service that does not answer: said before Save, no PIN removed, the bar says so', async ({
  page,
  app,
}) => {
  await openSettings(page, app.host.url);
  await unlockSettings(page);
  const form = page.getByRole('form', { name: 'Connection' });
  const note = form.getByTestId('leave-practice-note');
  await expect(note).toHaveCount(0);
  await form.getByRole('radio', { name: 'Real service' }).check();
  await expect(note).toContainText("the practice venue's PINs (manager 9999 and the demo staff's) stop working");
  await expect(note).toContainText('Until the service answers nothing is removed');

  const nowhere = `http://127.0.0.1:${await freePort()}`;
  await form.getByLabel('Base URL').fill(nowhere);
  await form.getByLabel('API access id').fill('venue-app');
  await form.getByLabel('API access secret').fill('not-a-real-secret');
  await form.getByRole('button', { name: 'Save connection' }).click();

  const bar = page.getByTestId('status-bar');
  await expect(page.getByTestId('service-state')).toHaveAttribute('data-state', 'unreachable');
  await expect(bar).toContainText('The service cannot be reached right now.');
  await expect(bar).not.toContainText('Practice venue');
  await expect(bar).not.toContainText(nowhere);
  await expect(page.getByTestId('settings-service')).toHaveText(nowhere);
  // Still signed in as the practice manager: nothing was removed, so Settings did not lock.
  await expect(page.getByTestId('settings-manager')).toContainText('Alex Manager');
  await expect(page.getByTestId('practice-pins-removed')).toHaveCount(0);

  await form.getByRole('radio', { name: /Embedded sandbox/ }).check();
  await form.getByRole('button', { name: 'Save connection' }).click();
  await expect(bar).toContainText('Practice venue');
  await expect(page.getByTestId('service-state')).toHaveText('Connected to the service');
  expect(await app.core.handlers.laborIdentify({ pin: '9999' })).toMatchObject({ name: 'Alex Manager' });
  expect(await app.core.handlers.laborIdentify({ pin: '2222' })).toMatchObject({ name: 'Jordan Bartender' });
});
