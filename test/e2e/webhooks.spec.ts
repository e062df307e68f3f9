import { test, expect, READING } from './fixtures';
import { showAt } from './show-at';
import { onDeadService } from './remote-service';

const HARBOUR = '1c000000-0000-4000-8000-000000000001';

test(
  'a sandbox event arrives verified in the inspector and a forged one is shown as rejected',
  READING,
  async ({ openApp, app }) => {
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
    await expect(page.getByTestId('listener-summary')).toContainText('Live updates on · last one at');
    await expect(page.getByTestId('listener-summary')).toContainText('some updates turned away: tell a manager');
  },
);

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

test('the sandbox panel sends typed event data, says plainly when it is not JSON, and the event can be found and replayed', async ({
  openApp,
  app,
}) => {
  await app.core.handlers.subscribeLocations([HARBOUR], 'integration');
  const page = await openApp();
  await page.getByRole('navigation').getByRole('button', { name: 'Events' }).click();
  await page.getByLabel('Sandbox event').selectOption('OPEN_TAB');
  await page.getByLabel('Event data').fill('{"name": ');
  await page.getByRole('button', { name: 'Trigger' }).click();
  await expect(page.getByText(/Event data is not JSON/)).toBeVisible();
  await page.getByLabel('Event data').fill('[1]');
  await page.getByRole('button', { name: 'Trigger' }).click();
  await expect(page.getByText(/Event data must be a JSON object/)).toBeVisible();
  await expect(page.getByTestId('events-empty')).toBeVisible();

  await page.getByLabel('Event data').fill('{"name": "Table 12 by the window"}');
  await page.getByRole('button', { name: 'Trigger' }).click();
  await page.getByLabel('Event data').fill('');
  await page.getByRole('button', { name: 'Trigger' }).click();
  const rows = page.getByTestId('event-list').getByRole('row');
  await expect(rows).toHaveCount(2);
  await page.getByLabel('Search', { exact: true }).fill('table 12 by the window');
  await expect(rows).toHaveCount(1);
  await rows.first().click();
  await expect(page.locator('.raw-body')).toContainText('"name":"Table 12 by the window"');
  await page.getByRole('button', { name: 'Replay into the app' }).click();
  await expect(page.getByTestId('event-detail').getByRole('status')).toContainText('was applied again');
});

test('saving or removing the signature secret shows at once', async ({ openApp, app }) => {
  // Off the sandbox, nothing re-creates a practice secret behind the user's back.
  await onDeadService(app);
  const page = await openApp();
  await page.getByRole('navigation').getByRole('button', { name: 'Events' }).click();
  const card = page.getByRole('region', { name: 'Webhook listener' });
  await expect(card).toContainText('Signature secret (set)');
  await card.getByRole('button', { name: 'Remove secret' }).click();
  await expect(card).toContainText(
    'Signature secret (none: deliveries are only kept for inspection and change nothing)',
  );
  await expect(card.getByTestId('secret-needed')).toContainText('change nothing (tabs board, gift cards, labor)');
  // Why a secret is needed before the listener can be reached from elsewhere, said where it matters.
  await expect(card.getByTestId('tunnel-needs-secret')).toContainText('reachable from the internet');
  await expect(card.getByRole('button', { name: 'Start tunnel' })).toBeDisabled();
  await card.getByText('Address, port, path, retention and custom header').click();
  await card.getByLabel('Address').selectOption('0.0.0.0');
  await expect(card.getByTestId('network-needs-secret')).toBeVisible();
  await card.getByRole('button', { name: 'Save listener settings' }).click();
  await expect(card.getByRole('alert')).toContainText('secret is required');
  await showAt(page, { width: 1280, height: 800 });
  await page.screenshot({ path: test.info().outputPath('webhooks-secret-required-1280x800.png'), fullPage: true });
  await showAt(page, { width: 1080, height: 1920 });
  await page.screenshot({ path: test.info().outputPath('webhooks-secret-required-1080x1920.png') });
  await card.getByLabel('Address').selectOption('127.0.0.1');
  await card.getByPlaceholder('same as on the dashboard').fill('a-new-secret');
  await card.getByRole('button', { name: 'Save secret' }).click();
  await expect(card).toContainText('Signature secret (set)');
  expect(app.core.webhooks.status().signatureRequired).toBe(true);
});

test('the sandbox panel shows delivery attempts: a forged event is refused and retried, a real one delivered', async ({
  openApp,
  app,
}) => {
  await app.core.handlers.subscribeLocations([HARBOUR], 'integration');
  const page = await openApp();
  await page.getByRole('navigation').getByRole('button', { name: 'Events' }).click();
  await page.getByLabel('Sandbox event').selectOption('CLOSE_TAB');
  await page.getByRole('button', { name: 'Trigger' }).click();
  await page.getByRole('button', { name: 'Send forged' }).click();
  await page.getByText('Delivery attempts and retries').click();
  const table = page.getByRole('table', { name: 'Delivery attempts' });
  const forged = table.getByRole('row').filter({ hasText: 'forged' });
  await expect(forged).toContainText('retrying');
  await expect(forged).toContainText('401');
  await expect(table.getByRole('row').filter({ hasNotText: 'forged' }).last()).toContainText('delivered');
  await page.getByRole('button', { name: 'Run retries now' }).click();
  await expect(forged.getByRole('cell').nth(2)).toHaveText('2');
});

test('a search shows its first page with "100+ events" and counts the rest once scrolled to the end', async ({
  openApp,
  app,
}) => {
  await app.core.handlers.subscribeLocations([HARBOUR], 'integration');
  // 130 matches: more than a page (100) plus the one the search looks ahead for.
  for (let i = 0; i < 130; i++) {
    const response = await fetch(`${app.sandboxUrl}/_sandbox/webhooks/trigger`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'ORDER_PLACED' }),
    });
    expect(response.ok).toBe(true);
  }
  await expect.poll(async () => (await app.core.handlers.listEvents({}, 0, 1)).total).toBe(130);
  const page = await openApp();
  await page.getByRole('navigation').getByRole('button', { name: 'Events' }).click();
  await expect(page.getByTestId('event-count')).toHaveText('130 events');
  await page.getByLabel('Search').fill('order_placed');
  // The search stopped at its first page: a floor, not a count.
  await expect(page.getByTestId('event-count')).toHaveText('100+ events');
  // Scrolling to the end asks for the next page, which searches the older rows and counts them.
  await page.getByTestId('event-list').evaluate((list) => (list.scrollTop = list.scrollHeight));
  await expect(page.getByTestId('event-count')).toHaveText('130 events');
  await page.getByTestId('event-list').evaluate((list) => (list.scrollTop = list.scrollHeight));
  await expect(page.getByTestId('event-list').getByRole('row').last()).toContainText('ORDER_PLACED');
});

test('the list keeps moving during a stream of events even when each read takes longer than the gap between pushes', async ({
  openApp,
  app,
}) => {
  await app.core.handlers.subscribeLocations([HARBOUR], 'integration');
  const page = await openApp();
  await page.getByRole('navigation').getByRole('button', { name: 'Events' }).click();
  await expect(page.getByTestId('events-empty')).toBeVisible();
  // A busy host: every read of the list is slower than the pushes of new rows. The list must keep
  // moving, not wait for answers that a newer push has already made stale.
  const listEvents = app.core.handlers.listEvents;
  app.core.handlers.listEvents = async (...args: Parameters<typeof listEvents>) => {
    await new Promise((r) => setTimeout(r, 300));
    return listEvents(...args);
  };
  const count = page.getByTestId('event-count');
  const seen = new Set<string>();
  let streaming = true;
  const stream = (async () => {
    for (let i = 0; i < 60; i++) {
      const response = await fetch(`${app.sandboxUrl}/_sandbox/webhooks/trigger`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'ORDER_PLACED' }),
      });
      expect(response.ok).toBe(true);
      await new Promise((r) => setTimeout(r, 50));
    }
    streaming = false;
  })();
  while (streaming) {
    seen.add((await count.textContent()) ?? '');
    await new Promise((r) => setTimeout(r, 100));
  }
  await stream;
  // Several counts were on screen while the events came in, not only the first and the last.
  expect([...seen].filter((text) => /^\d+ events?$/.test(text) && text !== '60 events').length).toBeGreaterThanOrEqual(
    3,
  );
  await expect(count).toHaveText('60 events');
});

test('each push of new rows costs the host one read of the page on screen, not two', async ({ openApp, app }) => {
  await app.core.handlers.subscribeLocations([HARBOUR], 'integration');
  const page = await openApp();
  await page.getByRole('navigation').getByRole('button', { name: 'Events' }).click();
  await expect(page.getByTestId('events-empty')).toBeVisible();
  let reads = 0;
  const listEvents = app.core.handlers.listEvents;
  app.core.handlers.listEvents = async (...args: Parameters<typeof listEvents>) => {
    reads += 1;
    return listEvents(...args);
  };
  let pushes = 0;
  app.core.events.on('webhookEvents', () => (pushes += 1));
  // Events far enough apart that each is its own push. A redraw while a read is on its way must not
  // queue a second read of the same page.
  for (let i = 0; i < 30; i++) {
    const response = await fetch(`${app.sandboxUrl}/_sandbox/webhooks/trigger`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'ORDER_PLACED' }),
    });
    expect(response.ok).toBe(true);
    await new Promise((r) => setTimeout(r, 70));
  }
  await expect(page.getByTestId('event-count')).toHaveText('30 events');
  expect(pushes).toBeGreaterThan(0);
  expect(reads).toBeLessThanOrEqual(pushes + 2);
});
