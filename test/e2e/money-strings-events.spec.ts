// In the browser, against a real service (a sandbox of its own) that writes money as decimal
// strings in dollars, in its REST answers and in its webhook events alike ("14.00"), and whose
// units nobody confirmed: a guest's tab known only from events shows its total as the service
// holds it, as a fact (the events' "14.00" decided the unit; Settings names it), never 100x off or
// both ways; then a pass's Spent, from a REST answer, is a fact too.
import { test, expect } from './fixtures';
import { SEED_LOCATIONS, SEED_PASSES } from '../../electron/sandbox';
import { formatMoney } from '../../shared/money';
import { createControlClient } from '../../electron/sandbox/control-client';
import { DOLLARS, hearServiceEvents, lookUpPass, onRemoteService, orderLager } from './remote-service';

test('event money as decimal strings: the board shows the tab total as a fact, and Spent too', async ({
  app,
  openApp,
}) => {
  await onRemoteService(app, { ...DOLLARS, moneyText: 'string' }, async (remote) => {
    await hearServiceEvents(app, remote, 'whsec-money-strings-events');
    await app.core.handlers.tabsSetLocation({ uuid: SEED_LOCATIONS.harbour, name: 'Harbour Bar & Kitchen' });
    expect(app.core.tabs.money.decided('numbers')).toBe(false);

    // A guest orders from their phone: the app hears of it by webhook only.
    const control = createControlClient(remote.baseUrl);
    const { opened } = await control.simulateGuests({ tabs: 1, orders: 0 });
    const truth = ((await control.tab(opened[0])) as { total: number }).total;
    expect(truth % 100, 'whole dollars: no fraction decides the unit').toBe(0);

    const page = await openApp();
    await page.getByRole('navigation').getByRole('button', { name: 'Tabs', exact: true }).click();
    const card = page.getByTestId('tab-card').filter({ hasText: 'Guest 1' });
    await expect(card.getByLabel('Total')).toHaveText(formatMoney(truth));
    await expect(page.getByTestId('money-unit-notice')).toHaveCount(0);
    await page.getByRole('navigation').getByRole('button', { name: 'Settings', exact: true }).click();
    const numbers = page.getByTestId('money-units-numbers');
    await expect(numbers).toContainText('decimal dollars');
    await expect(numbers).toContainText(/"\d+\.00" in (ITEM_ADDED\.price|ORDER_PLACED\.total|OPEN_TAB\.total)/);

    // A pass's Spent, read from the service's answer ("8.00"): a fact as well.
    await orderLager(app);
    await lookUpPass(page, SEED_PASSES.noLimit);
    await expect(page.getByTestId('pass-spent')).toHaveText('$8.00');
  });
});
