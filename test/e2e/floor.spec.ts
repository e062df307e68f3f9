// Issue 11 defects, each seen as staff meet them in Chromium against the real app (core + host +
// embedded sandbox): refund amounts explained beside the field and refunds offered only where
// something was paid; a late gift card checked again without a second sale; the timesheet editor's
// checks and errors; "1 event"; and a board that does not say "yet" after everyone left.
import type { Page } from '@playwright/test';
import { createControlClient } from '../../electron/sandbox/control-client';
import { SEED_LOCATIONS } from '../../electron/sandbox';
import { test, expect } from './fixtures';
import { closeConfirmation, enterPin } from './kiosk-steps';

const HARBOUR = 'Harbour Bar & Kitchen';

async function open(page: Page, screen: string): Promise<void> {
  await page.getByRole('navigation').getByRole('button', { name: screen, exact: true }).click();
  await page.getByLabel('Location').selectOption({ label: HARBOUR });
}

test('refund: what is wrong with the amount is said beside the field; unpaid open tabs offer no refund', async ({
  openApp,
  app,
}) => {
  await app.core.handlers.tabsSetLocation({ uuid: SEED_LOCATIONS.harbour, name: HARBOUR });
  await app.core.handlers.subscribeLocations([SEED_LOCATIONS.harbour], 'integration');
  const control = createControlClient(app.sandboxUrl);
  await control.simulateGuests({ tabs: 1, close: 'all' });
  await control.simulateGuests({ tabs: 1, close: 'none' });

  const page = await openApp();
  await open(page, 'Tabs');
  await expect(page.getByTestId('tab-card')).toHaveCount(1);
  // Open and unpaid: nothing to refund, so no button that would then ask for a payment id.
  await expect(page.getByTestId('tab-card').getByRole('button', { name: 'Refund…' })).toHaveCount(0);
  await expect(page.getByTestId('open-total')).toContainText('$');

  await page.getByRole('tab', { name: /^Closed \(1\)/ }).click();
  await page.getByTestId('tab-card').getByRole('button', { name: 'Refund…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: 'Amount' }).click();
  const amount = dialog.getByRole('textbox', { name: /Amount to refund/ });
  await amount.fill('-5');
  await expect(dialog.getByRole('alert')).toHaveText('The amount cannot be negative.');
  await amount.fill('0');
  await expect(dialog.getByRole('alert')).toHaveText('The amount must be more than $0.00.');
  await amount.fill('five');
  await expect(dialog.getByRole('alert')).toHaveText(/not an amount/);
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await amount.fill('1.00');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
});

test('a late gift card can be checked again, and the screen never invites a second sale', async ({ openApp, app }) => {
  await app.core.handlers.tabsSetLocation({ uuid: SEED_LOCATIONS.harbour, name: HARBOUR });
  await app.core.handlers.tabsSaveSettings({ giftCardLateSeconds: 1 });
  const world = app.core.sandbox()!.world;
  const page = await openApp();
  await open(page, 'Gift cards');
  // Not subscribed: the service issues the card, but its event never reaches this till.
  await expect(page.getByTestId('not-subscribed')).toBeVisible();
  await page.getByRole('radio', { name: 'Bar Seat 1' }).click();
  await page.getByRole('button', { name: /^Gift Card \$25/ }).click();
  await page.getByRole('button', { name: 'Take payment $25.00' }).click();
  const card = page.getByTestId('gift-card').first();
  await expect(card).toHaveAttribute('data-state', 'late');
  await expect(card).toContainText('do not sell it again');
  await expect(card).not.toContainText(/selling again|check .* with the service/);
  await expect.poll(() => [...world.tabs.giftCards.values()].filter((c) => c.state === 'issued').length).toBe(1);
  const tabs = world.tabs.tabs.size;

  await card.getByRole('button', { name: 'Check again' }).click();
  await expect(card).toHaveAttribute('data-state', 'issued');
  await expect(card).toContainText(/•••• \d{4}/);
  expect(world.tabs.tabs.size).toBe(tabs);
  await expect(page.getByTestId('sale')).toHaveCount(1);
});

test('timesheet editor: punch-out before punch-in is caught in the form; a service error stays on screen at 1280', async ({
  page,
  app,
}) => {
  await page.goto(app.host.url);
  await page.getByRole('button', { name: 'Kiosk', exact: true }).click();
  await page.getByRole('button', { name: /Harbour Bar & Kitchen/ }).click();
  await enterPin(page, '1111');
  await page.getByRole('button', { name: 'Punch in as Server' }).click();
  await closeConfirmation(page);
  await page.getByRole('button', { name: 'Manager' }).click();
  await enterPin(page, '9999');
  await page.getByRole('button', { name: /Edit shift of Sam Server/ }).click();
  const editor = page.getByRole('form', { name: /Edit shift of Sam Server/ });
  await editor.getByRole('checkbox', { name: 'Still open' }).uncheck();
  const punchIn = await editor.getByLabel('Punch in').inputValue();
  const before = punchIn.replace(/T(\d{2})/, (_m, h: string) => `T${String((Number(h) + 23) % 24).padStart(2, '0')}`);
  // An hour before punch-in (on the same day unless punch-in was just after midnight).
  await editor
    .getByLabel('Punch out')
    .fill(Number(punchIn.slice(11, 13)) > 0 ? before : punchIn.replace(/T\d{2}:\d{2}/, 'T00:00'));
  await expect(editor.getByRole('alert')).toContainText('Punch out must be after punch in');
  await expect(editor.getByRole('button', { name: 'Save change' })).toBeDisabled();

  await editor.getByRole('checkbox', { name: 'Still open' }).check();
  await editor.getByLabel('Declared tips').fill('3');
  await editor.getByLabel('Reason for the change').fill('tips counted again');
  app.core.sandbox()!.world.faults.add({ route: 'PATCH /api/*', mode: 'status500', count: 'always' });
  await editor.getByRole('button', { name: 'Save change' }).click();
  await expect(editor.getByRole('alert')).toContainText('may or may not have been done');
  await expect(editor.getByText('Details')).toBeVisible();
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  expect(overflow).toBeLessThanOrEqual(0);
  const table = await page.getByRole('table', { name: 'Entries' }).boundingBox();
  expect(table!.x + table!.width).toBeLessThanOrEqual(1280);
});

test('small words: "1 event", and an empty board after everyone left does not say "yet"', async ({
  openApp,
  app,
  page,
}) => {
  await app.core.handlers.subscribeLocations([SEED_LOCATIONS.harbour], 'integration');
  await openApp();
  await page.getByRole('navigation').getByRole('button', { name: 'Events' }).click();
  await page.getByLabel('Sandbox event').selectOption('ORDER_PLACED');
  await page.getByRole('button', { name: 'Trigger' }).click();
  await expect(page.getByTestId('event-count')).toHaveText('1 event');

  await page.getByRole('navigation').getByRole('button', { name: 'Kiosk', exact: true }).click();
  await page.getByRole('button', { name: /Harbour Bar & Kitchen/ }).click();
  await expect(page.getByTestId('board-empty')).toHaveText('Nobody is on shift right now.');
  await enterPin(page, '1111');
  await page.getByRole('button', { name: 'Punch in as Server' }).click();
  await closeConfirmation(page);
  await expect(page.getByTestId('board-row')).toHaveCount(1);
  await enterPin(page, '1111');
  await page.getByRole('button', { name: 'Punch out' }).click();
  await page
    .getByRole('button', { name: /^Punch out/ })
    .last()
    .click();
  await closeConfirmation(page);
  await expect(page.getByTestId('board-empty')).toHaveText('Everyone has punched out.');
});

test('gift cards: a walk-in sale needs no table, and the cart and guest name stay in view at 1280x800', async ({
  openApp,
  app,
}) => {
  await app.core.handlers.tabsSetLocation({ uuid: SEED_LOCATIONS.harbour, name: HARBOUR });
  await app.core.handlers.subscribeLocations([SEED_LOCATIONS.harbour], 'integration');
  const page = await openApp();
  await open(page, 'Gift cards');
  await page.getByLabel('Walk-in sales use this spot').selectOption({ label: 'Bar Seat 1' });
  await expect(page.getByRole('heading', { name: /walk-in at Bar Seat 1/ })).toBeVisible();
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: /^Gift Card \$25/ }).click();
  await page.getByRole('button', { name: /^Gift Card \$50/ }).click();
  await page.getByRole('button', { name: /^Plastic Gift Card/ }).click();
  await expect(page.getByRole('list', { name: 'Order lines' })).toBeInViewport();
  await expect(page.getByLabel('Guest name (optional)')).toBeInViewport();
  await page.getByLabel('Guest name (optional)').fill('Robin');
  const pay = page.getByRole('button', { name: 'Take payment $225.00' });
  await expect(pay).toBeInViewport();
  await pay.click();
  await expect(page.getByTestId('sale').first()).toContainText('Bar Seat 1');
  await expect(page.getByTestId('sale').first()).toContainText('Robin');
});

test('kiosk view: a workstation shows the kiosk alone, and only a manager PIN leaves it, without a restart', async ({
  openApp,
  page,
}) => {
  await openApp();
  await page.getByRole('navigation').getByRole('button', { name: 'Kiosk', exact: true }).click();
  await page.getByRole('button', { name: /Harbour Bar & Kitchen/ }).click();
  await page.getByRole('button', { name: 'Kiosk view' }).click();
  await expect(page.getByTestId('kiosk-shell')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Screens' })).toHaveCount(0);
  await expect(page.getByTestId('status-bar')).toHaveCount(0);
  await expect(page.getByTestId('sync-pending')).toBeVisible();
  // A reload (or a curious guest pressing F5) keeps the kiosk view.
  await page.reload();
  await expect(page.getByTestId('kiosk-shell')).toBeVisible();
  await page.getByRole('button', { name: 'Manager' }).click();
  await enterPin(page, '2222');
  await expect(page.getByRole('alert')).toContainText('does not belong to a manager');
  await enterPin(page, '9999');
  await page.getByRole('button', { name: 'Leave kiosk view' }).click();
  await expect(page.getByRole('navigation', { name: 'Screens' })).toBeVisible();
  await expect(page.getByTestId('status-bar')).toBeVisible();
});

test('staff words: an unreachable service is one plain sentence, the technical text behind "Details"', async ({
  openApp,
  app,
  page,
}) => {
  app.core.sandbox()!.world.faults.add({ route: '/*', mode: 'reset', count: 'always' });
  await openApp();
  await page.getByRole('navigation').getByRole('button', { name: 'Kiosk', exact: true }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Could not load the locations' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(/cannot be reached|took too long|problem on its side|not signed in/);
  // The wire words are only behind the disclosure.
  const details = alert.locator('details');
  await expect(details.locator('code')).toBeHidden();
  const visible = (await alert.innerText()).replace(/Details[\s\S]*$/, '');
  expect(visible).not.toMatch(/GET|POST|\/api|fetch failed|ECONN|socket/);
  await details.getByText('Details').click();
  await expect(details.locator('code')).toBeVisible();
});

test('the Events list works from the keyboard alone: Tab to a row, arrows to move, Enter to open', async ({
  openApp,
  app,
  page,
}) => {
  await app.core.handlers.subscribeLocations([SEED_LOCATIONS.harbour], 'integration');
  await openApp();
  await page.getByRole('navigation').getByRole('button', { name: 'Events' }).click();
  await page.getByLabel('Sandbox event').selectOption('OPEN_TAB');
  await page.getByRole('button', { name: 'Trigger' }).click();
  await page.getByLabel('Sandbox event').selectOption('CLOSE_TAB');
  await page.getByRole('button', { name: 'Trigger' }).click();
  const grid = page.getByRole('grid', { name: 'Events' });
  await expect(grid.getByRole('row')).toHaveCount(3);
  // Focus reaches the first row by Tab (the list is one tab stop, like a grid should be).
  await page.getByLabel('Search').focus();
  for (
    let i = 0;
    i < 5 &&
    !(await grid
      .getByRole('row')
      .nth(1)
      .evaluate((el) => el === el.ownerDocument.activeElement));
    i++
  )
    await page.keyboard.press('Tab');
  await expect(grid.getByRole('row').nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('event-detail').getByRole('heading', { level: 2 })).toContainText('CLOSE_TAB');
  await page.keyboard.press('ArrowDown');
  await expect(grid.getByRole('row').nth(2)).toBeFocused();
  await expect(page.getByTestId('event-detail').getByRole('heading', { level: 2 })).toContainText('OPEN_TAB');
  await expect(grid.getByRole('row').nth(2)).toHaveAttribute('aria-selected', 'true');
});

test('staff words in settings: a listener port taken by another program is one plain sentence, the system text behind "Details", the bar says live updates are off', async ({
  openApp,
}) => {
  // Another program holds a port on this computer.
  const { createServer } = await import('node:net');
  const other = createServer();
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  const taken = (other.address() as { port: number }).port;
  try {
    const page = await openApp();
    await page.getByRole('navigation').getByRole('button', { name: 'Events', exact: true }).click();
    await page.getByText('Address, port, path, retention and custom header').click();
    await page.getByLabel('Port (0 = any free port)').fill(String(taken));
    await page.getByRole('button', { name: 'Save listener settings' }).click();
    const alert = page.getByTestId('listener-state').getByRole('alert');
    await expect(alert).toContainText("Another program on this computer is already using the listener's port");
    expect(await alert.innerText()).not.toMatch(/EADDRINUSE|listen /);
    await alert.getByText('Details').click();
    await expect(alert.locator('code')).toContainText('EADDRINUSE');
    // The status bar says only that live updates are off and what to do; the port stays in Settings.
    const live = page.getByTestId('listener-summary');
    await expect(live).toHaveAttribute('data-state', 'failed');
    await expect(live).toHaveText(
      'Live updates could not start: new tabs and gift cards do not show by themselves. Tell a manager.',
    );
    await expect(page.getByTestId('status-bar')).not.toContainText(String(taken));
  } finally {
    other.close();
  }
});

test('Settings: "This device is the venue hub" is kept for the next start and says so', async ({ openApp, app }) => {
  const page = await openApp();
  await page.getByRole('navigation').getByRole('button', { name: 'Settings', exact: true }).click();
  const card = page.getByRole('region', { name: 'Venue hub' });
  const box = card.getByLabel('This device is the venue hub');
  // The box shows what the core saved, so it turns on when the answer comes, not on the click.
  await box.click();
  await expect(box).toBeChecked();
  await expect(card.getByTestId('hub-mode-restart')).toHaveText('Restart the app to start it as the hub.');
  expect((await app.core.handlers.hubMode()).startsAsHub).toBe(true);
  await box.click();
  await expect(box).not.toBeChecked();
  await expect(card.getByTestId('hub-mode-restart')).toHaveCount(0);
});
