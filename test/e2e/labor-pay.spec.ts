// Labor & pay in Chromium against the real app (the hub's own screen): a manager enters a wage,
// the manager's labor board shows labor % of the evening's sales and follows a new order by itself,
// and tips declared as cash and card apart at the kiosk come out split in the tip report. Each new
// screen is shot at both sizes and checked with axe.
import type { Page } from '@playwright/test';
import { SEED_LOCATIONS, SEED_ROLES } from '../../electron/sandbox';
import { createWebhookControlClient } from '../../electron/sandbox/webhooks/control-client';
import { fiscalDayOf } from '../../shared/labor-calc';
import { formatMoney } from '../../shared/money';
import { wallTimeToMs } from '../../shared/time';
import { test, expect, type RunningApp } from './fixtures';
import { screenTop, shootBothSizes, WORKSTATION, type BothSizesOptions } from './both-sizes';
import { closeConfirmation, done, enterPin, openKiosk } from './kiosk-steps';

const HARBOUR = SEED_LOCATIONS.harbour;
const HOUR = 3_600_000;
/** Each new screen's shots: axe finds nothing at either size, and the page goes back to the workstation. */
const CHECKED: BothSizesOptions = { axe: true, leaveAt: WORKSTATION };

/** Guests at the Harbour, resolved once the sandbox has delivered every event to the app. */
async function guests(app: RunningApp, tabs: number): Promise<void> {
  const res = await fetch(`${app.sandboxUrl}/_sandbox/guests/simulate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ locationUuid: HARBOUR, tabs, close: 'all' }),
  });
  expect(res.status).toBe(200);
  const hooks = createWebhookControlClient(app.sandboxUrl);
  await expect
    .poll(async () => (await hooks.deliveries()).deliveries.filter((d) => d.status !== 'delivered').length)
    .toBe(0);
}

function harbourSales(app: RunningApp): number {
  const world = app.core.sandbox()!.world;
  return [...world.tabs.orders.values()]
    .filter((o) => o.locationUuid === HARBOUR)
    .reduce((n, o) => n + o.placedTotal, 0);
}

const percentText = (labor: number, sales: number) => `${(Math.round((labor / sales) * 1000) / 10).toFixed(1)} %`;

async function openPay(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Manager' }).click();
  await enterPin(page, '9999');
  await page.getByRole('navigation', { name: 'Manager sections' }).getByRole('button', { name: 'Labor & pay' }).click();
}

test('a wage entered for Sam; the labor board shows labor % of the evening and follows a new order', async ({
  page,
  app,
}) => {
  await app.core.handlers.subscribeLocations([HARBOUR], 'integration');
  await openKiosk(page, app.host.url);
  const view = await app.core.handlers.laborView();
  const tz = view.location?.timezone ?? null;
  const world = app.core.sandbox()!.world;
  // Sam's two hours today (the business day starts at 04:00), put on the service.
  const day = fiscalDayOf(Date.now(), tz, view.settings.fiscalDayStartHour);
  const from = wallTimeToMs(`${day}T05:00:00`, tz ?? 'UTC')!;
  expect(world.labor.all().filter((e) => e.userId === '2002')).toHaveLength(0);
  world.labor.add({
    locationUuid: HARBOUR,
    shiftUuid: null,
    punchType: 'shift',
    userId: '2002',
    role: 'server',
    roleUuid: SEED_ROLES.server,
    punchInMs: from,
    punchOutMs: from + 2 * HOUR,
    declaredTips: null,
    createdMs: from,
  });
  await guests(app, 3);

  await openPay(page);
  await page.getByRole('navigation', { name: 'Labor and pay' }).getByRole('button', { name: 'Wages' }).click();
  const wages = page.getByTestId('wages');
  const samRow = wages.getByTestId('wage-row').filter({ hasText: 'Sam Server' });
  await expect(samRow).toContainText('No wage set');
  await samRow.getByRole('button', { name: 'Edit the wages of Sam Server' }).click();
  const form = wages.getByTestId('wage-form');
  await form.getByLabel('Payroll id of Sam Server').fill('5G9934');
  await form.getByLabel('Any role dollars an hour').fill('15.00');
  await shootBothSizes(page, 'pay-wage-entry', { ...CHECKED, inView: screenTop(page) });
  await form.getByRole('button', { name: 'Save wages' }).click();
  await expect(samRow).toContainText('Any role: $15.00 an hour');
  await expect(samRow).toContainText('5G9934');
  const saved = await app.core.handlers.payWages((await app.core.handlers.laborIdentify({ pin: '9999' })).token);
  expect(saved.people.find((p) => p.userId === '2002')?.wages).toEqual([
    { role: null, kind: 'hourly', cents: 1_500, per: 'hour', from: null },
  ]);
  // A raise from tomorrow: today's hours stay at $15.00 (the board below counts them so).
  const tomorrow = new Date(Date.parse(`${day}T00:00:00Z`) + 24 * HOUR).toISOString().slice(0, 10);
  await samRow.getByRole('button', { name: 'Edit the wages of Sam Server' }).click();
  await form.getByRole('button', { name: 'New rate from a date' }).click();
  await form.getByLabel('Any role dollars an hour').nth(1).fill('20.00');
  await form.getByLabel('Any role: paid from (empty: always)').nth(1).fill(tomorrow);
  await shootBothSizes(page, 'pay-wage-dated', { ...CHECKED, inView: screenTop(page) });
  await form.getByRole('button', { name: 'Save wages' }).click();
  await expect(samRow).toContainText('Any role: $15.00 an hour; Any role: $20.00 an hour from');
  const raised = await app.core.handlers.payWages((await app.core.handlers.laborIdentify({ pin: '9999' })).token);
  expect(raised.people.find((p) => p.userId === '2002')?.wages).toEqual([
    { role: null, kind: 'hourly', cents: 1_500, per: 'hour', from: null },
    { role: null, kind: 'hourly', cents: 2_000, per: 'hour', from: tomorrow },
  ]);

  // The board: two hours at $15.00 against the guests' orders.
  await page
    .getByRole('navigation', { name: 'Labor and pay' })
    .getByRole('button', { name: 'Labor against sales' })
    .click();
  const sales = harbourSales(app);
  await expect(page.getByTestId('labor-cost')).toHaveText('$30.00');
  await expect(page.getByTestId('labor-sales')).toHaveText(formatMoney(sales));
  await expect(page.getByTestId('labor-percent')).toHaveText(percentText(3_000, sales));
  await shootBothSizes(page, 'pay-labor-board', { ...CHECKED, inView: screenTop(page) });

  // A new order while the board is open: its figures follow without a press.
  await guests(app, 2);
  const more = harbourSales(app);
  expect(more).toBeGreaterThan(sales);
  await expect(page.getByTestId('labor-sales')).toHaveText(formatMoney(more));
  await expect(page.getByTestId('labor-percent')).toHaveText(percentText(3_000, more));
});

test('tips declared as cash and card apart at punch-out, split in the tip report', async ({ page, app }) => {
  await openKiosk(page, app.host.url);
  await enterPin(page, '1111');
  await page
    .getByRole('button', { name: /Punch in/ })
    .first()
    .click();
  await done(page, /punched in/);
  await enterPin(page, '1111');
  await page.getByRole('button', { name: 'Punch out' }).click();
  // Cash first (the keypad's field at the start), then card.
  await page.keyboard.type('500');
  await expect(page.getByTestId('tips-amount')).toHaveText('$5.00');
  await page.getByRole('button', { name: /^Card/ }).click();
  for (const d of '1500') await page.getByRole('button', { name: `tips ${d}`, exact: true }).click();
  await expect(page.getByTestId('tips-card-amount')).toHaveText('$15.00');
  await shootBothSizes(page, 'pay-tips-keypad', { ...CHECKED, inView: screenTop(page) });
  await page.getByRole('button', { name: 'Punch out · $20.00' }).click();
  await expect(page.getByTestId('punch-confirmation')).toContainText('$20.00 in tips');
  await closeConfirmation(page);

  await openPay(page);
  await page.getByRole('navigation', { name: 'Labor and pay' }).getByRole('button', { name: 'Tips' }).click();
  const person = page.getByTestId('tip-people').getByRole('row').filter({ hasText: 'Sam Server' });
  await expect(person).toContainText('$20.00');
  await expect(person.getByRole('cell').nth(2)).toHaveText('$5.00');
  await expect(person.getByRole('cell').nth(3)).toHaveText('$15.00');
  await shootBothSizes(page, 'pay-tips-report', { ...CHECKED, inView: screenTop(page) });
  await page.getByRole('navigation', { name: 'Labor and pay' }).getByRole('button', { name: 'Payroll' }).click();
  await expect(page.getByTestId('pay-totals')).toContainText('Sam Server');
  await shootBothSizes(page, 'pay-payroll', { ...CHECKED, inView: screenTop(page) });
});
