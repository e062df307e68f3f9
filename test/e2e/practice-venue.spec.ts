// In the browser: Test connection tries what was typed and words the outcome by its kind; the practice
// venue is kept across a switch to a real service and back, and Reset asks first.
import { test, expect } from './fixtures';
import { startSandbox, DEMO_ACCESS_ID, DEMO_ACCESS_SECRET, SEED_LOCATIONS } from '../../electron/sandbox';
import { freePort } from '../support/free-port';

test('Test connection tries the typed values without saving, and says what went wrong by its kind', async ({
  openApp,
}) => {
  const remote = await startSandbox();
  try {
    const page = await openApp();
    await page.getByRole('button', { name: 'Settings' }).click();
    const form = page.getByRole('form', { name: 'Connection' });
    await page.getByLabel('Real service').check();
    await page.getByLabel('Base URL').fill(remote.baseUrl);
    await page.getByLabel('API access id').fill(DEMO_ACCESS_ID);
    await page.getByLabel('API access secret').fill(DEMO_ACCESS_SECRET);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(form.getByTestId('connection-test-result')).toContainText(/Connected: .*Nothing was saved/);
    // Still on the practice venue.
    await expect(page.getByTestId('status-bar')).toContainText('Practice venue');

    await page.getByLabel('API access secret').fill('wrong');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(form.getByTestId('connection-test-result')).toContainText(
      `Not connected: ${remote.baseUrl} rejected the access id or secret.`,
    );

    // A closed port on this computer: nothing answers there.
    const closed = `http://127.0.0.1:${await freePort()}`;
    await page.getByLabel('Base URL').fill(closed);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(form.getByTestId('connection-test-result')).toContainText(
      `Not connected: nothing answered at ${closed}. Check the address, and that the service is running.`,
    );
  } finally {
    await remote.close();
  }
});

test('the practice venue keeps its subscriptions across a switch and back; Reset asks, then starts over', async ({
  app,
  openApp,
}) => {
  const remote = await startSandbox();
  try {
    await app.core.handlers.subscribeLocations([SEED_LOCATIONS.harbour], 'integration');
    const page = await openApp();
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel('Real service').check();
    await page.getByLabel('Base URL').fill(remote.baseUrl);
    await page.getByLabel('API access id').fill(DEMO_ACCESS_ID);
    await page.getByLabel('API access secret').fill(DEMO_ACCESS_SECRET);
    await page.getByRole('button', { name: 'Save connection' }).click();
    await expect(page.getByTestId('integration-token')).toContainText('valid until');
    await page.getByLabel('Embedded sandbox').check();
    await page.getByRole('button', { name: 'Save connection' }).click();
    await expect(page.getByTestId('integration-token')).toContainText('valid until');

    const harbour = page.locator('li', { hasText: 'Harbour Bar & Kitchen' });
    await page.getByRole('button', { name: 'Load locations' }).click();
    await expect(harbour).toContainText('subscribed');
    await expect(harbour).not.toContainText('not subscribed');

    await page.getByRole('button', { name: 'Reset practice venue…' }).click();
    const confirm = page.getByRole('group', { name: 'Reset practice venue' });
    await expect(confirm).toContainText('Start the practice venue over?');
    await confirm.getByRole('button', { name: 'Reset practice venue' }).click();
    await expect(page.getByText('The practice venue was started over from the demo data.')).toBeVisible();
    await page.getByRole('button', { name: 'Load locations' }).click();
    await expect(harbour).toContainText('not subscribed');
  } finally {
    await remote.close();
  }
});
