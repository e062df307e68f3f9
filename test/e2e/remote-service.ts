// A real service of the test's own (a sandbox on its own port, with the readings the test names)
// and the app connected to it as a venue connects in Settings, for the tests of money whose unit
// nobody confirmed. The sandbox is closed however the test ends.
import type { Page } from '@playwright/test';
import { expect, type RunningApp } from './fixtures';
import {
  startSandbox,
  DEMO_ACCESS_ID,
  DEMO_ACCESS_SECRET,
  SEED_LOCATIONS,
  SEED_PASSES,
  type RunningSandbox,
} from '../../electron/sandbox';
import { namedReadings, type SandboxReadings } from '../../electron/sandbox/readings';
import { createWebhookControlClient } from '../../electron/sandbox/webhooks/control-client';
import { FAMILY_LABEL } from '../../shared/money-units';
import { newRequestId } from '../../shared/request-id';
import { WEBHOOK_EVENT_TYPES } from '../../shared/webhooks';

const LAGER = '3d000000-0000-4000-8000-000000000003';

/** Plain numbers in dollars at every point money crosses: sent, answered, and in "number" fields. */
export const DOLLARS = { moneySent: 'dollars', moneyAnswers: 'dollars', moneyNumbers: 'dollars' } as const;

/** Points the app at a service nobody answers (nothing listens on port 9): every read is unreachable. */
export async function onDeadService(app: RunningApp): Promise<void> {
  await app.core.handlers.saveConnection({
    mode: 'remote',
    baseUrl: 'http://127.0.0.1:9',
    accessId: 'someone',
    accessSecret: 'something',
  });
}

/** Runs `run` with the app connected to a service of its own: the default readings, changed by `readings`. */
export async function onRemoteService(
  app: RunningApp,
  readings: Partial<SandboxReadings>,
  run: (remote: RunningSandbox) => Promise<void>,
): Promise<void> {
  const remote = await startSandbox({ readings: { ...namedReadings('default'), ...readings } });
  try {
    await app.core.handlers.saveConnection({
      mode: 'remote',
      baseUrl: remote.baseUrl,
      accessId: DEMO_ACCESS_ID,
      accessSecret: DEMO_ACCESS_SECRET,
    });
    await run(remote);
  } finally {
    await remote.close();
  }
}

/** The service's events reach this app's listener for the Harbour, as a venue registers it on the dashboard. */
export async function hearServiceEvents(app: RunningApp, remote: RunningSandbox, secret: string): Promise<void> {
  await app.core.handlers.saveWebhookSettings({ secret });
  await createWebhookControlClient(remote.baseUrl).registerEndpoint({
    accessId: DEMO_ACCESS_ID,
    url: app.core.webhooks.status().url!,
    eventTypes: [...WEBHOOK_EVENT_TYPES],
    secret,
  });
  await app.core.handlers.subscribeLocations([SEED_LOCATIONS.harbour], 'integration');
}

/** A manager confirms, on Settings' Money units card, that "number" fields are dollars. */
export async function confirmNumbersInDollars(page: Page): Promise<void> {
  await page
    .getByRole('region', { name: 'Money units' })
    .getByRole('radiogroup', { name: `${FAMILY_LABEL.numbers} are in` })
    .getByRole('radio', { name: 'Dollars (12.50)' })
    .click();
  await expect(page.getByTestId('money-units-numbers')).toContainText('Confirmed in Settings');
}

/** An $8.00 lager on the unlimited pass at the catalog's price (no money of the app's own in it). */
export async function orderLager(app: RunningApp): Promise<void> {
  const order = await app.core.handlers.passOrder(
    SEED_PASSES.noLimit,
    [{ productUuid: LAGER, quantity: 1 }],
    newRequestId(),
  );
  expect(order.ok).toBe(true);
}

/** Looks a pass up on the Passes screen, as staff scan or type it. */
export async function lookUpPass(page: Page, xPassId: string): Promise<void> {
  await page.getByRole('navigation').getByRole('button', { name: 'Passes', exact: true }).click();
  await page.getByLabel('Scan a pass or type its id').fill(xPassId);
  await page.getByRole('button', { name: 'Look up' }).click();
}
