// In the browser, against a real service (a sandbox of its own) whose plain numbers are dollars:
// the pass card's notice names only the amounts on it whose unit is not confirmed, from each
// family's view. Spent is its one such amount, and an order from this screen sends no amount of
// its own (a typed price only checks the limit), so with Spent's unit confirmed there is no notice
// though the unit of amounts sent in is open; the other way round Spent shows both readings and the
// notice says so, and only so; where spend limits are off (no Spent) there is none. Catalog prices
// are amounts read back: while their unit is open the tiles, the ticket and its total show both
// readings, an order they put under the limit is not called safe, and neither the Send button nor
// the answer names one of the two as the amount. Screenshots at 1280x800 and
// 1080x1920 land in the test's output folder.
import type { Page } from '@playwright/test';
import { test, expect, type RunningApp } from './fixtures';
import { SEED_LOCATIONS, SEED_PASSES } from '../../electron/sandbox';
import type { MoneyFamily } from '../../shared/money-units';
import { showAt } from './show-at';
import { shootBothSizes } from './both-sizes';
import { DOLLARS, lookUpPass, onRemoteService, orderLager } from './remote-service';

const HARBOUR = { uuid: SEED_LOCATIONS.harbour, name: 'Harbour Bar & Kitchen' };
const GARDEN = { uuid: SEED_LOCATIONS.garden, name: 'Garden Terrace' };

/**
 * The app on a service of its own whose money is dollars in every family, one family confirmed as
 * a manager would in Settings, and an $8.00 lager on the unlimited pass at the catalog's price;
 * `run` gets the app's page at 1280x800.
 */
async function onDollarService(
  app: RunningApp,
  openApp: () => Promise<Page>,
  confirmed: MoneyFamily,
  run: (page: Page) => Promise<void>,
): Promise<void> {
  await onRemoteService(app, DOLLARS, async () => {
    await app.core.handlers.tabsSetMoneyUnit(confirmed, 'dollars');
    await app.core.handlers.tabsSetLocation(HARBOUR);
    await orderLager(app);
    for (const family of ['sent', 'numbers'] as const)
      expect(app.core.tabs.money.decided(family), family).toBe(family === confirmed);
    const page = await openApp();
    await showAt(page, { width: 1280, height: 800 });
    await run(page);
  });
}

test('Spent confirmed, amounts sent in not: Spent is one amount and the card has no notice', async ({
  app,
  openApp,
}) => {
  await onDollarService(app, openApp, 'numbers', async (page) => {
    await lookUpPass(page, SEED_PASSES.noLimit);
    await expect(page.getByTestId('pass-spent')).toHaveText('$8.00');
    await expect(page.getByRole('region', { name: 'Pass' }).getByTestId('money-unit-notice')).toHaveCount(0);
    await shootBothSizes(page, 'pass-notice-sent', { to: 'output' });
  });
});

test('amounts sent in confirmed, Spent not: the notice names Spent only; no Spent shown, no notice', async ({
  app,
  openApp,
}) => {
  await onDollarService(app, openApp, 'sent', async (page) => {
    await lookUpPass(page, SEED_PASSES.noLimit);
    await expect(page.getByTestId('pass-spent')).toHaveText('$8.00 or $0.08');
    const card = page.getByRole('region', { name: 'Pass' });
    const notice = card.getByTestId('money-unit-notice');
    await expect(notice).toHaveText(/^The unit of Spent is not confirmed yet, so Spent shows both readings/);
    await expect(notice).not.toContainText('typed price');
    await shootBothSizes(page, 'pass-notice-spent', { to: 'output' });

    // Where spend limits are off the card shows no Spent: nothing on it is unconfirmed.
    await app.core.handlers.tabsSetLocation(GARDEN);
    await page.reload();
    await lookUpPass(page, SEED_PASSES.garden);
    await expect(card.getByTestId('pass-limit')).toContainText('Spend limits are off');
    await expect(card.getByTestId('money-unit-notice')).toHaveCount(0);
  });
});

test('catalog prices in a unit not confirmed: both readings on tiles and ticket, the limit not called safe', async ({
  app,
  openApp,
}) => {
  await onDollarService(app, openApp, 'numbers', async (page) => {
    await lookUpPass(page, SEED_PASSES.pre);
    const products = page.getByRole('region', { name: 'Products' });
    const lager = products.getByRole('button', { name: /Lager Pint/ });
    await expect(lager).toContainText('$8.00 or $0.08');
    await expect(products.getByTestId('prices-unit-notice')).toContainText('The unit of these prices');
    await lager.click();
    await expect(page.getByTestId('order-total')).toHaveText('Total $8.00 or $0.08');
    // $0.08 of a $50.00 limit reads as safe; $8.00 may not be: the app says it cannot tell.
    await expect(page.getByTestId('limit-warning')).toContainText(
      'cannot tell whether this order stays under the limit',
    );
    await shootBothSizes(page, 'pass-prices', { to: 'output' });
    // The button and the answer carry no one amount of the two either.
    const send = page.getByRole('button', { name: /^Send order/ });
    await expect(send).toHaveText('Send order');
    await send.click();
    const result = page.getByTestId('order-result');
    await expect(result).toContainText('$8.00 or $0.08');
    await expect(result).toContainText('Spent is now $8.00.');
  });
});

test('gift card prices in a unit not confirmed: both readings on tiles and ticket, the button names neither', async ({
  app,
  openApp,
}) => {
  await onDollarService(app, openApp, 'numbers', async (page) => {
    await page.getByRole('navigation').getByRole('button', { name: 'Gift cards', exact: true }).click();
    await page.getByRole('radio', { name: 'Bar Seat 1' }).click();
    const card = page.getByRole('button', { name: /^Gift Card \$25/ });
    await expect(card).toContainText('$25.00 or $0.25');
    await expect(page.getByTestId('prices-unit-notice')).toContainText('The unit of these prices');
    await card.click();
    await expect(page.getByTestId('order-total')).toHaveText('Total $25.00 or $0.25');
    await expect(page.getByRole('button', { name: /^Take payment/ })).toHaveText('Take payment');
    await shootBothSizes(page, 'gift-prices', { to: 'output' });
  });
});
