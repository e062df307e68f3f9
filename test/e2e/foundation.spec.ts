import { test, expect, READING } from './fixtures';
import { startSandbox } from '../../electron/sandbox';

test('connects to the embedded sandbox and shows the integration token', async ({ openApp }) => {
  const page = await openApp();
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByTestId('integration-token')).toContainText('valid until');
  await expect(page.getByTestId('reachability')).toHaveText('ok');
  await expect(page.getByTestId('status-bar')).toContainText('Practice venue');
  await expect(page.getByTestId('service-state')).toHaveText('Connected to the service');
});

test(
  'signs in through the consent page, then lists and subscribes a location as the user',
  READING,
  async ({ openApp, context }) => {
    const page = await openApp();
    await page.getByRole('button', { name: 'Settings' }).click();
    const popupPromise = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Sign in as a user' }).click();
    const consent = await popupPromise;
    await consent.waitForLoadState();
    await expect(consent).toHaveURL(/\/manager\/oauth\?/);
    await consent.getByRole('radio').first().check();
    await consent.getByRole('button', { name: 'Allow' }).click();
    await expect(consent.locator('body')).toContainText(/signed in/i);

    await expect(page.getByTestId('user-status')).toContainText('valid until');
    await expect(page.getByTestId('user-token')).toContainText('valid until');

    await page.getByLabel('List as').selectOption('user');
    await page.getByRole('button', { name: 'Load locations' }).click();
    const first = page.locator('.location-list li').first();
    // A service whose list does not show subscriptions (the sandbox's other reading) is said to be so.
    await expect(first).toContainText(/not subscribed|subscription not shown/);
    await first.getByRole('checkbox').check();
    await page.getByRole('button', { name: /Subscribe 1 selected/ }).click();
    await expect(page.locator('.location-list li').first()).toContainText(/^(?!.*not subscribed).*subscribed/);
  },
);

test(
  'wrong credentials and an unreachable service give clear messages and the app keeps running',
  READING,
  async ({ openApp }) => {
    // A separate sandbox stands in for the real service: switching to 'Real service' stops the embedded one.
    const remote = await startSandbox();
    try {
      const page = await openApp();
      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByLabel('Real service').check();
      await page.getByLabel('Base URL').fill(remote.baseUrl);
      await page.getByLabel('API access id').fill('demo-integration-does-not-exist');
      await page.getByLabel('API access secret').fill('wrong');
      await page.getByRole('button', { name: 'Save connection' }).click();
      await expect(page.getByTestId('integration-token')).toContainText(/rejected the access id or secret/i);
      await expect(page.getByRole('form', { name: 'Connection' }).getByRole('alert')).toContainText(
        /rejected the access id or secret/i,
      );

      await page.getByLabel('Base URL').fill('http://127.0.0.1:9');
      await page.getByLabel('API access id').fill('anything');
      await page.getByLabel('API access secret').fill('anything');
      await page.getByRole('button', { name: 'Save connection' }).click();
      await expect(page.getByTestId('reachability')).toContainText(/cannot be reached/i);

      await page.getByLabel('Embedded sandbox').check();
      await page.getByRole('button', { name: 'Save connection' }).click();
      await expect(page.getByTestId('integration-token')).toContainText('valid until');
    } finally {
      await remote.close();
    }
  },
);
