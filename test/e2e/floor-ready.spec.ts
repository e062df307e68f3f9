// Floor-ready, second pass: each defect as staff meet it, in Chromium against the real app (core +
// host + embedded sandbox). The kiosk's lockout countdown, damaged data said where it is shown,
// keyboard use of the refund dialog and tips keypad, and the pairing screen's hints.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DataHealth } from '../../electron/core/storage/data-health';
import { createControlClient } from '../../electron/sandbox/control-client';
import { test, expect, startApp, stopApp, unlockSettings } from './fixtures';
import { processes } from './hub-processes';
import { formatVenueTime } from '../../shared/time';
import { closeConfirmation, enterPin, openKiosk } from './kiosk-steps';
import { showAt } from './show-at';
import { shootBothSizes } from './both-sizes';
import { newRequestId as rid } from '../../shared/request-id';

const HARBOUR = { uuid: '1c000000-0000-4000-8000-000000000001', name: 'Harbour Bar & Kitchen' };
const shot = (name: string) => test.info().outputPath(name);

/** The seconds the pad's countdown shows. */
async function secondsLeft(page: Page): Promise<number> {
  const text = (await page.getByTestId('pad-message').textContent()) ?? '';
  const m = /(\d+) s from now/.exec(text);
  if (!m) throw new Error(`no countdown in "${text}"`);
  return Number(m[1]);
}

test('the lockout countdown ticks down, and the message goes when the lock ends', async ({ page, app }) => {
  // The page's clock is Playwright's, so the test moves it on instead of waiting half a minute.
  await page.clock.install();
  await openKiosk(page, app.host.url);
  for (let i = 0; i < 4; i++) {
    await enterPin(page, '0000');
    await expect(page.getByTestId('pad-message')).toContainText('not recognised');
  }
  await enterPin(page, '0000');
  await expect(page.getByTestId('pad-message')).toContainText('locked for everyone until');
  await expect(page.getByRole('button', { name: '5', exact: true })).toBeDisabled();
  const first = await secondsLeft(page);
  expect(first).toBeGreaterThan(20);

  await page.clock.runFor(6_000);
  await expect.poll(() => secondsLeft(page)).toBeLessThanOrEqual(first - 6);

  await page.clock.runFor(30_000);
  await expect(page.getByRole('button', { name: '5', exact: true })).toBeEnabled();
  await expect(page.getByTestId('pad-message')).not.toContainText(/locked|Try again|wrong PIN/);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('each PIN screen says which pad is locked, for whom and until when; a manager lifts it', async ({ page, app }) => {
  await app.core.handlers.tabsSetLocation(HARBOUR);
  await app.core.handlers.subscribeLocations([HARBOUR.uuid], 'integration');
  await createControlClient(app.sandboxUrl).simulateGuests({ tabs: 1, close: 'all' });
  await openKiosk(page, app.host.url);
  const nav = page.getByRole('navigation');

  // Refund approval: five wrong manager PINs lock that pad only, said at the PIN field.
  await nav.getByRole('button', { name: 'Tabs', exact: true }).click();
  await page.getByRole('tab', { name: /^Closed \(1\)/ }).click();
  await page.getByTestId('tab-card').getByRole('button', { name: 'Refund…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByRole('button', { name: /^Refund one more/ })
    .first()
    .click();
  const submit = dialog.getByRole('button', { name: /^Refund \$/ });
  const pin = dialog.getByLabel(/^Manager PIN/);
  for (let i = 0; i < 5; i++) {
    await pin.fill(String(1230 + i));
    await submit.click();
    await expect(pin).toHaveValue('');
  }
  const lockLine = dialog.getByTestId('lock-line');
  await expect(lockLine).toContainText(
    /Refund approval on this device is locked for everyone until \d{1,2}:\d{2}:\d{2} [AP]M \(venue time\), \d+ s from now/,
  );
  // The countdown moves.
  const seconds = async () => Number(/(\d+) s from now/.exec((await lockLine.textContent()) ?? '')?.[1]);
  const before = await seconds();
  await expect.poll(seconds).toBeLessThan(before);
  await showAt(page, { width: 1280, height: 800 });
  await page.screenshot({ path: shot('lockout-refund-1280x800.png') });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The kiosk's sign-in pad is not locked by it. A manager signed in on this screen sees a lock of
  // this device's refund approval as it happens (five wrong manager PINs, sent straight to the
  // core), and lifts it.
  await nav.getByRole('button', { name: 'Kiosk', exact: true }).click();
  await page.getByRole('button', { name: 'Manager' }).click();
  await enterPin(page, '9999');
  await expect(page.getByRole('heading', { name: /^Manager/ })).toBeVisible();
  const refund = () =>
    app.core.handlers.tabRefund('no-such-tab', { amount: 100, managerPin: '1234' }, rid()).then(
      () => 'refunded',
      (e: { kind?: string }) => e.kind,
    );
  await expect.poll(refund).toBe('locked-out');
  const notice = page.getByRole('region', { name: 'PIN lockouts on this device' });
  await expect(notice).toContainText('Refund approval on this device is locked for everyone until');
  await page.screenshot({ path: shot('lockout-manager-1280x800.png') });
  await notice.getByRole('button', { name: 'Lift the lockout' }).click();
  await expect(notice).toHaveCount(0);
  // Lifted: a PIN is checked again.
  expect(await refund()).toBe('invalid');
  await page.getByRole('button', { name: 'Close' }).click();

  // The kiosk pad, then the manager pad (the same sign-in pad): which pad, everyone, until when.
  await nav.getByRole('button', { name: 'Kiosk', exact: true }).click();
  for (let i = 0; i < 5; i++) {
    await enterPin(page, String(3000 + i));
    await expect(page.getByTestId('pin-dots')).toHaveAttribute('aria-label', '0 digits entered');
  }
  const pad = page.getByTestId('pad-message');
  await expect(pad).toContainText(
    /The PIN pad on this device is locked for everyone until \d{1,2}:\d{2}:\d{2} [AP]M \(venue time\), \d+ s from now/,
  );
  await shootBothSizes(page, 'lockout-kiosk', { to: 'output' });
  await page.getByRole('button', { name: 'Manager' }).click();
  await expect(page.getByRole('region', { name: 'Manager PIN' }).getByTestId('pad-message')).toContainText(
    'The PIN pad on this device is locked for everyone until',
  );
});

test('damaged data is said where it is shown: gift cards, tabs, events, the board and the timesheet', async ({
  page,
}) => {
  const first = await startApp();
  await first.core.handlers.laborSetLocation(null, { ...HARBOUR, timezone: null });
  await first.core.handlers.tabsSetLocation(HARBOUR);
  await stopApp(first, false);
  writeFileSync(join(first.dataDir, 'tabs', 'gift-card-sales.json'), '{"version": 1, "sales": [{"id"');
  writeFileSync(join(first.dataDir, 'labor-outbox.log'), 'not a punch\n');
  // The event log's own damage (a torn segment) is reported like this by the log when it opens.
  new DataHealth(first.dataDir).report({
    severity: 'warning',
    path: join(first.dataDir, 'webhooks', 'webhook-log', 'seg-00000001.jsonl'),
    keptAs: null,
    count: 3,
    sentence: '3 saved events could not be read.',
    detail: 'fixture',
  });
  const app = await startApp(first.dataDir);
  try {
    await page.goto(app.host.url);
    const nav = page.getByRole('navigation');
    await nav.getByRole('button', { name: 'Gift cards', exact: true }).click();
    const sales = page.getByRole('region', { name: 'Recent gift-card sales' });
    await expect(sales.getByTestId('damaged-here')).toContainText('may be missing cards already sold');
    await expect(sales.getByTestId('damaged-here')).toContainText('could not be read');
    await expect(sales).not.toContainText('No gift cards sold on this workstation yet');
    await page.screenshot({ path: shot('damaged-gift-cards-1280x800.png') });

    await nav.getByRole('button', { name: 'Tabs', exact: true }).click();
    await expect(page.getByTestId('damaged-here')).toContainText('tabs and totals here may be incomplete');
    await expect(page.getByTestId('damaged-here')).toContainText('3 saved events could not be read');

    await nav.getByRole('button', { name: 'Events', exact: true }).click();
    await expect(page.getByTestId('damaged-here')).toContainText('may be missing events');

    await nav.getByRole('button', { name: 'Kiosk', exact: true }).click();
    const board = page.getByRole('region', { name: 'Who is on shift' });
    await expect(board.getByTestId('damaged-here')).toContainText('this board may be missing people');
    await page.screenshot({ path: shot('damaged-kiosk-1280x800.png') });
    await page.getByRole('button', { name: 'Manager' }).click();
    await enterPin(page, '9999');
    await expect(page.locator('.k-timesheet').getByTestId('damaged-here')).toContainText('before paying');
  } finally {
    await stopApp(app);
  }
});

test('the refund dialog keeps focus inside, Escape closes it and focus goes back to its button', async ({
  openApp,
  app,
}) => {
  await app.core.handlers.tabsSetLocation(HARBOUR);
  await app.core.handlers.subscribeLocations([HARBOUR.uuid], 'integration');
  await createControlClient(app.sandboxUrl).simulateGuests({ tabs: 1, close: 'all' });
  const page = await openApp();
  await page.getByRole('navigation').getByRole('button', { name: 'Tabs', exact: true }).click();
  await page.getByRole('tab', { name: /^Closed \(1\)/ }).click();
  const opener = page.getByTestId('tab-card').getByRole('button', { name: 'Refund…' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
  const insideDialog = async () => (await page.locator('[role="dialog"]:focus-within').count()) === 1;
  expect(await insideDialog()).toBe(true);
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab');
    expect(await insideDialog(), `Tab press ${i + 1} left the dialog`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('tips: the keypad takes physical keys, and punching out is one neutral button whatever the amount', async ({
  page,
  app,
}) => {
  await openKiosk(page, app.host.url);
  await enterPin(page, '2222');
  await page.getByRole('button', { name: 'Punch in as Bartender' }).click();
  await closeConfirmation(page);
  await enterPin(page, '2222');
  await page.getByRole('button', { name: 'Punch out' }).click();
  await expect(page.getByTestId('tips-amount')).toHaveText('$0.00');
  const zero = page.getByRole('button', { name: 'Punch out · $0.00' });
  await expect(zero).toBeVisible();
  await expect(page.getByRole('button', { name: /no tips/i })).toHaveCount(0);
  // Red is for stopping, not for a choice staff make every night; the same colour for every amount.
  const NEUTRAL = 'rgb(29, 35, 48)';
  await expect(zero).toHaveCSS('background-color', NEUTRAL);
  await page.keyboard.type('1250');
  await expect(page.getByTestId('tips-amount')).toHaveText('$12.50');
  await page.keyboard.press('Backspace');
  await expect(page.getByTestId('tips-amount')).toHaveText('$1.25');
  await page.keyboard.type('0');
  const declared = page.getByRole('button', { name: 'Punch out · $12.50' });
  await expect(declared).toHaveCSS('background-color', NEUTRAL);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('punch-confirmation')).toContainText('$12.50 in tips');
});

test('pairing says why Pair is disabled, and its name placeholder reads as an example', async ({ browser }) => {
  const run = processes();
  try {
    const hub = await run.host(['--hub', '--no-mdns', '--hub-host', '127.0.0.1', '--hub-port', '0']);
    const hubPort = Number(/satellites pair at port (\d+)/.exec(hub.err())![1]);
    const setup = await run.host(['--satellite-setup']);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(setup.url);
    await page.getByLabel('Hub address').fill(`127.0.0.1:${hubPort}`);
    await page.getByRole('button', { name: 'Check this hub' }).click();
    const pair = page.getByRole('button', { name: 'Pair', exact: true });
    const name = page.getByLabel("This device's name");
    await expect(name).toHaveValue('');
    await expect(name).toHaveAttribute('placeholder', /^for example: /);
    await expect(pair).toBeDisabled();
    await expect(pair).toHaveAccessibleDescription(
      'To pair, type a name for this device and the 6-digit code from the hub.',
    );
    await page.screenshot({ path: shot('pair-why-disabled-1280x800.png') });
    await name.fill('Bar');
    await page.getByLabel('Pairing code').fill('123');
    await expect(page.getByTestId('pair-missing')).toHaveText('To pair, type all 6 digits of the code (3 typed).');
    await page.getByLabel('Pairing code').fill('123456');
    await expect(page.getByTestId('pair-missing')).toHaveCount(0);
    await expect(pair).toBeEnabled();
    await page.close();
  } finally {
    await run.stopAll();
  }
});

test('Settings gives the token expiry on the venue clock, and the status bar says only that the app is connected', async ({
  openApp,
  app,
}) => {
  // A zone far from this computer's, so the two clocks cannot agree by chance.
  const zone = 'Pacific/Kiritimati';
  await app.core.handlers.laborSetLocation(null, { ...HARBOUR, timezone: zone });
  const page = await openApp();
  const expiresAt = await expect
    .poll(async () => (await app.core.handlers.getSnapshot()).connection.integrationToken.expiresAt ?? null)
    .not.toBeNull()
    .then(async () => (await app.core.handlers.getSnapshot()).connection.integrationToken.expiresAt!);
  const bar = page.getByTestId('status-bar');
  await expect(page.getByTestId('service-state')).toHaveText('Connected to the service');
  await expect(bar).not.toContainText('valid until');
  await expect(page.getByTestId('venue-zone')).toBeVisible();
  await unlockSettings(page);
  const token = page.getByTestId('integration-token');
  await expect(token).toHaveText(`valid until ${formatVenueTime(expiresAt, zone)}`);
  await expect(token).not.toHaveText(`valid until ${formatVenueTime(expiresAt, 'UTC')}`);
});
