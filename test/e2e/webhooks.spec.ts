import { test, expect } from './fixtures';

const HARBOUR = '1c000000-0000-4000-8000-000000000001';

test('a sandbox event arrives verified in the inspector and a forged one is shown as rejected', async ({ openApp, app }) => {
  await app.core.handlers.subscribeLocations([HARBOUR], 'integration');
  const page = await openApp();
  await page.getByRole('navigation').getByRole('button', { name: 'Events' }).click();
  await expect(page.getByTestId('events-empty')).toBeVisible();

  await page.getByLabel('Sandbox event').selectOption('ORDER_PLACED');
  await page.getByRole('button', { name: 'Trigger' }).click();
  const list = page.getByTestId('event-list');
  await expect(list.getByRole('row').first()).toContainText('ORDER_PLACED');
  await expect(list.getByRole('row').first()).toContainText('verified');

  await page.getByRole('button', { name: 'Send forged' }).click();
  await expect(list.getByRole('row')).toHaveCount(2);
  const forged = list.getByRole('row').first();
  await expect(forged).toContainText('rejected');
  await forged.click();
  await expect(page.getByTestId('signature-result')).toHaveText('signature does not match the body');

  await expect(page.getByTestId('counters')).toContainText('1verified');
  await expect(page.getByTestId('counters')).toContainText('1rejected');
  await expect(page.getByTestId('listener-summary')).toContainText('last event');
});

test('filters narrow the list by type and verification', async ({ openApp, app }) => {
  await app.core.handlers.subscribeLocations([HARBOUR], 'integration');
  const page = await openApp();
  await page.getByRole('navigation').getByRole('button', { name: 'Events' }).click();
  for (const type of ['OPEN_TAB', 'MENU_UPDATED', 'OPEN_TAB']) {
    await page.getByLabel('Sandbox event').selectOption(type);
    await page.getByRole('button', { name: 'Trigger' }).click();
  }
  const rows = page.getByTestId('event-list').getByRole('row');
  await expect(rows).toHaveCount(3);
  await page.getByLabel('Type', { exact: true }).selectOption('MENU_UPDATED');
  await expect(rows).toHaveCount(1);
  await page.getByLabel('Check', { exact: true }).selectOption('rejected');
  await expect(page.getByText('No events match these filters.')).toBeVisible();
});
