// In the browser, against a real service (a sandbox of its own) whose plain numbers are dollars
// and whose units nobody confirmed: a pass's Spent and the board's total show both readings
// ("$8.00 or $0.08"), never one as a fact, with the sentence of why and a Confirm button that opens
// Settings → Money units; once a manager confirms dollars there, both are $8.00. A guest's refund
// then still shows its prices both ways (the answers' unit is not confirmed) and waits, saying why.
import { test, expect } from './fixtures';
import { startSandbox, DEMO_ACCESS_ID, DEMO_ACCESS_SECRET, SEED_LOCATIONS, SEED_PASSES } from '../../electron/sandbox';
import { namedReadings } from '../../electron/sandbox/readings';
import { FAMILY_LABEL } from '../../shared/money-units';
import { newRequestId } from '../../shared/request-id';
import { createWebhookControlClient } from '../../electron/sandbox/webhooks/control-client';
import { createControlClient } from '../../electron/sandbox/control-client';
import { WEBHOOK_EVENT_TYPES } from '../../shared/webhooks';
import { askOneItemRefund } from './refund-steps';

const LAGER = '3d000000-0000-4000-8000-000000000003';

test('Spent in a unit not confirmed shows both readings and a Confirm to Settings', async ({ app, openApp }) => {
  const remote = await startSandbox({
    readings: { ...namedReadings('default'), moneySent: 'dollars', moneyAnswers: 'dollars', moneyNumbers: 'dollars' },
  });
  try {
    const page = await openApp();
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel('Real service').check();
    await page.getByLabel('Base URL').fill(remote.baseUrl);
    await page.getByLabel('API access id').fill(DEMO_ACCESS_ID);
    await page.getByLabel('API access secret').fill(DEMO_ACCESS_SECRET);
    await page.getByRole('button', { name: 'Save connection' }).click();
    await expect(page.getByTestId('integration-token')).toContainText('valid until');
    await expect(page.getByTestId('money-units-numbers')).toContainText('Not decided');

    // The service's events reach this app's listener, as a venue registers it on the dashboard.
    const secret = 'whsec-money-undecided';
    await app.core.handlers.saveWebhookSettings({ secret });
    await createWebhookControlClient(remote.baseUrl).registerEndpoint({
      accessId: DEMO_ACCESS_ID,
      url: app.core.webhooks.status().url!,
      eventTypes: [...WEBHOOK_EVENT_TYPES],
      secret,
    });
    await app.core.handlers.subscribeLocations([SEED_LOCATIONS.harbour], 'integration');
    // An $8.00 lager on the pass at the catalog's price (no money of the app's own in it).
    await app.core.handlers.tabsSetLocation({ uuid: SEED_LOCATIONS.harbour, name: 'Harbour Bar & Kitchen' });
    const order = await app.core.handlers.passOrder(
      SEED_PASSES.noLimit,
      [{ productUuid: LAGER, quantity: 1 }],
      newRequestId(),
    );
    expect(order.ok).toBe(true);

    await page.getByRole('navigation').getByRole('button', { name: 'Passes', exact: true }).click();
    await page.getByLabel('Scan a pass or type its id').fill(SEED_PASSES.noLimit);
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByTestId('pass-spent')).toHaveText('$8.00 or $0.08');
    const notice = page.getByTestId('money-unit-notice');
    await expect(notice).toContainText('Spent shows both readings');
    // The board's amounts come from the service's events: both readings there too.
    await page.getByRole('navigation').getByRole('button', { name: 'Tabs', exact: true }).click();
    await expect(page.getByTestId('tab-card').getByLabel('Total')).toHaveText('$8.00 or $0.08');
    await page.getByRole('navigation').getByRole('button', { name: 'Passes', exact: true }).click();
    await page.getByLabel('Scan a pass or type its id').fill(SEED_PASSES.noLimit);
    await page.getByRole('button', { name: 'Look up' }).click();
    await notice.getByRole('button', { name: 'Confirm the unit' }).click();

    const card = page.getByRole('region', { name: 'Money units' });
    await expect(card).toBeInViewport();
    await card
      .getByRole('radiogroup', { name: `${FAMILY_LABEL.numbers} are in` })
      .getByRole('radio', { name: 'Dollars (12.50)' })
      .click();
    await expect(page.getByTestId('money-units-numbers')).toContainText('Confirmed in Settings');

    await page.getByRole('navigation').getByRole('button', { name: 'Passes', exact: true }).click();
    await page.getByLabel('Scan a pass or type its id').fill(SEED_PASSES.noLimit);
    await page.getByRole('button', { name: 'Look up' }).click();
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
    for (const size of [
      { width: 1280, height: 800 },
      { width: 1080, height: 1920 },
    ]) {
      await page.setViewportSize(size);
      await page.screenshot({ path: test.info().outputPath(`refund-by-amount-${size.width}x${size.height}.png`) });
    }
    await dialog.getByRole('radio', { name: 'Items' }).click();
    const refunds = remote.world.tabs.refunds.size;
    await (await askOneItemRefund(dialog, { reason: 'Sent back', pin: '9999' })).click();
    await expect(dialog.getByRole('alert')).toContainText('not known to be cents or dollars');
    expect(remote.world.tabs.refunds.size, 'nothing refunded').toBe(refunds);
  } finally {
    await remote.close();
  }
});

test('money as decimal strings: "8.00" decides dollars, and Spent is $8.00 as a fact', async ({ app, openApp }) => {
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
    await app.core.handlers.tabsSetLocation({ uuid: SEED_LOCATIONS.harbour, name: 'Harbour Bar & Kitchen' });
    expect(app.core.tabs.money.decided('numbers')).toBe(false);
    const order = await app.core.handlers.passOrder(
      SEED_PASSES.noLimit,
      [{ productUuid: LAGER, quantity: 1 }],
      newRequestId(),
    );
    expect(order.ok).toBe(true);
    const page = await openApp();
    await page.getByRole('navigation').getByRole('button', { name: 'Passes', exact: true }).click();
    await page.getByLabel('Scan a pass or type its id').fill(SEED_PASSES.noLimit);
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByTestId('pass-spent')).toHaveText('$8.00');
    await page.getByRole('navigation').getByRole('button', { name: 'Settings', exact: true }).click();
    await expect(page.getByTestId('money-units-numbers')).toContainText('decimal dollars');
    await expect(page.getByTestId('money-units-numbers')).toContainText('decimal string');
  } finally {
    await remote.close();
  }
});
