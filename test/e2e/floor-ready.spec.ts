// Floor-ready, second pass: each defect as staff meet it, in Chromium against the real app (core +
// host + embedded sandbox). The kiosk's lockout countdown, damaged data said where it is shown,
// keyboard use of the refund dialog and tips keypad, and the pairing screen's hints.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

async function openKiosk(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('button', { name: 'Kiosk', exact: true }).click();
  await page.getByRole('button', { name: /Harbour Bar & Kitchen/ }).click();
  await expect(page.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();
}

async function enterPin(page: Page, pin: string): Promise<void> {
  for (const digit of pin) await page.getByRole('button', { name: digit, exact: true }).click();
  await page.getByRole('button', { name: 'Enter PIN' }).click();
}

/** The seconds the pad's countdown shows. */
async function secondsLeft(page: Page): Promise<number> {
  const text = (await page.getByTestId('pad-message').textContent()) ?? '';
  const m = /Try again in (\d+) s/.exec(text);
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
  await expect(page.getByTestId('pad-message')).toContainText('Try again in');
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
