// In the browser, against a real service (a sandbox of its own) that writes money as decimal
// strings in dollars, in its REST answers and in its webhook events alike ("14.00"), and whose
// units nobody confirmed: a guest's tab known only from events shows its total as the service
// holds it, as a fact (the events' "14.00" decided the unit; Settings names it), never 100x off or
// both ways; then a pass's Spent, from a REST answer, is a fact too.
import { test, expect } from './fixtures';
import { startSandbox, DEMO_ACCESS_ID, DEMO_ACCESS_SECRET, SEED_LOCATIONS, SEED_PASSES } from '../../electron/sandbox';
import { namedReadings } from '../../electron/sandbox/readings';
import { formatMoney } from '../../shared/money';
import { newRequestId } from '../../shared/request-id';
import { createWebhookControlClient } from '../../electron/sandbox/webhooks/control-client';
import { createControlClient } from '../../electron/sandbox/control-client';
import { WEBHOOK_EVENT_TYPES } from '../../shared/webhooks';

const LAGER = '3d000000-0000-4000-8000-000000000003';

test('event money as decimal strings: the board shows the tab total as a fact, and Spent too', async ({
  app,
  openApp,
}) => {
  const remote = await startSandbox({
    readings: {
      ...namedReadings('default'),
      moneySent: 'dollars',
      moneyAnswers: 'dollars',
      moneyNumbers: 'dollars',
      moneyText: 'string',
    },
  });
  try {
    await app.core.handlers.saveConnection({
      mode: 'remote',
      baseUrl: remote.baseUrl,
      accessId: DEMO_ACCESS_ID,
      accessSecret: DEMO_ACCESS_SECRET,
    });
    // The service's events reach this app's listener, as a venue registers it on the dashboard.
    const secret = 'whsec-money-strings-events';
    await app.core.handlers.saveWebhookSettings({ secret });
    await createWebhookControlClient(remote.baseUrl).registerEndpoint({
      accessId: DEMO_ACCESS_ID,
      url: app.core.webhooks.status().url!,
      eventTypes: [...WEBHOOK_EVENT_TYPES],
      secret,
    });
    await app.core.handlers.subscribeLocations([SEED_LOCATIONS.harbour], 'integration');
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
    const order = await app.core.handlers.passOrder(
      SEED_PASSES.noLimit,
      [{ productUuid: LAGER, quantity: 1 }],
      newRequestId(),
    );
    expect(order.ok).toBe(true);
    await page.getByRole('navigation').getByRole('button', { name: 'Passes', exact: true }).click();
    await page.getByLabel('Scan a pass or type its id').fill(SEED_PASSES.noLimit);
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByTestId('pass-spent')).toHaveText('$8.00');
  } finally {
    await remote.close();
  }
});
