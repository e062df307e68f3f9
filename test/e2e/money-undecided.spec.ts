// In the browser, against a real service (a sandbox of its own) whose plain numbers are dollars
// and whose units nobody confirmed: a pass's Spent and the board's total show both readings
// ("$8.00 or $0.08"), never one as a fact, with the sentence of why and a Confirm button that opens
// Settings → Money units; once a manager confirms dollars there, both are $8.00. A guest's refund
// then still shows its prices both ways (the answers' unit is not confirmed) and waits, saying why.
import { test, expect } from './fixtures';
import { shootBothSizes } from './both-sizes';
import { SEED_LOCATIONS, SEED_PASSES } from '../../electron/sandbox';
import { createControlClient } from '../../electron/sandbox/control-client';
import { askOneItemRefund } from './refund-steps';
import {
  DOLLARS,
  confirmNumbersInDollars,
  hearServiceEvents,
  lookUpPass,
  onRemoteService,
  orderLager,
} from './remote-service';

test('Spent in a unit not confirmed shows both readings and a Confirm to Settings', async ({ app, openApp }) => {
  await onRemoteService(app, DOLLARS, async (remote) => {
    const page = await openApp();
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByTestId('money-units-numbers')).toContainText('Not decided');
    await hearServiceEvents(app, remote, 'whsec-money-undecided');
    // An $8.00 lager on the pass at the catalog's price (no money of the app's own in it).
    await app.core.handlers.tabsSetLocation({ uuid: SEED_LOCATIONS.harbour, name: 'Harbour Bar & Kitchen' });
    await orderLager(app);

    await lookUpPass(page, SEED_PASSES.noLimit);
    await expect(page.getByTestId('pass-spent')).toHaveText('$8.00 or $0.08');
    const notice = page.getByTestId('money-unit-notice');
    await expect(notice).toContainText('Spent shows both readings');
    // The board's amounts come from the service's events: both readings there too.
    await page.getByRole('navigation').getByRole('button', { name: 'Tabs', exact: true }).click();
    await expect(page.getByTestId('tab-card').getByLabel('Total')).toHaveText('$8.00 or $0.08');
    await lookUpPass(page, SEED_PASSES.noLimit);
    await notice.getByRole('button', { name: 'Confirm the unit' }).click();

    await expect(page.getByRole('region', { name: 'Money units' })).toBeInViewport();
    await confirmNumbersInDollars(page);

    await lookUpPass(page, SEED_PASSES.noLimit);
    await expect(page.getByTestId('pass-spent')).toHaveText('$8.00');
    await page.getByRole('navigation').getByRole('button', { name: 'Tabs', exact: true }).click();
    await expect(page.getByTestId('tab-card').getByLabel('Total')).toHaveText('$8.00');

    // A guest's closed tab: the refund dialog's prices are the service's answers, still not
    // confirmed: both readings, and an itemised refund waits, saying why, with Confirm.
    // A real service brings no PINs: its first manager, who approves refunds, is set up here.
    await expect.poll(async () => (await app.core.handlers.laborView()).needsManagerSetup).toBe(true);
    await app.core.handlers.laborSetupManager({ userId: '2001', name: 'Alex Manager', pin: '9999' });
    await createControlClient(remote.baseUrl).simulateGuests({ tabs: 1, orders: 1, close: 'all' });
    await page.getByRole('tab', { name: /^Closed \(1\)/ }).click();
    await page.getByRole('button', { name: 'Refund…' }).click();
    const dialog = page.getByRole('dialog', { name: /^Refund/ });
    await expect(dialog.locator('table.refund-items td.money').first()).toContainText(' or ');
    await expect(dialog.getByTestId('money-unit-notice')).toContainText('an itemised refund waits');
    await expect(
      dialog.getByTestId('money-unit-notice').getByRole('button', { name: 'Confirm the unit' }),
    ).toBeVisible();
    // By amount the refund goes (its amount is cents by the spec), but the payments and the total
    // it is chosen against still show both readings: the same notice says why, with Confirm.
    await dialog.getByRole('radio', { name: 'Amount' }).click();
    const byAmount = dialog.getByTestId('money-unit-notice');
    await expect(byAmount).toContainText('show both readings');
    await expect(byAmount).toContainText('a refund by amount goes as usual');
    await expect(byAmount.getByRole('button', { name: 'Confirm the unit' })).toBeVisible();
    await expect(dialog.getByRole('group', { name: 'Payment' })).toContainText(' or ');
    await shootBothSizes(page, 'refund-by-amount', { to: 'output' });
    await dialog.getByRole('radio', { name: 'Items' }).click();
    const refunds = remote.world.tabs.refunds.size;
    await (await askOneItemRefund(dialog, { reason: 'Sent back', pin: '9999' })).click();
    await expect(dialog.getByRole('alert')).toContainText('not known to be cents or dollars');
    expect(remote.world.tabs.refunds.size, 'nothing refunded').toBe(refunds);
  });
});

test('money as decimal strings: "8.00" decides dollars, and Spent is $8.00 as a fact', async ({ app, openApp }) => {
  await onRemoteService(app, { ...DOLLARS, moneyText: 'string' }, async () => {
    await app.core.handlers.tabsSetLocation({ uuid: SEED_LOCATIONS.harbour, name: 'Harbour Bar & Kitchen' });
    expect(app.core.tabs.money.decided('numbers')).toBe(false);
    await orderLager(app);
    const page = await openApp();
    await lookUpPass(page, SEED_PASSES.noLimit);
    await expect(page.getByTestId('pass-spent')).toHaveText('$8.00');
    await page.getByRole('navigation').getByRole('button', { name: 'Settings', exact: true }).click();
    await expect(page.getByTestId('money-units-numbers')).toContainText('decimal dollars');
    await expect(page.getByTestId('money-units-numbers')).toContainText('decimal string');
  });
});
