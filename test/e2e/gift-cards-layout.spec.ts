// Gift cards on a 1280x800 till while the location is not subscribed: the banner takes height at
// the top, and the card tiles must still be in view and clear of the checkout, which stays in
// view at the bottom. Bounding boxes of the first tile and the checkout, in Chromium against the
// real app (core + host + embedded sandbox); screenshots at both sizes.
import type { Page } from '@playwright/test';
import { SEED_LOCATIONS } from '../../electron/sandbox';
import { test, expect } from './fixtures';
import { showAt } from './show-at';
import { boxOf, overlaps } from './layout-boxes';

const HARBOUR = 'Harbour Bar & Kitchen';

async function tileInViewAndClear(page: Page, size: { width: number; height: number }): Promise<void> {
  const tile = page.getByRole('button', { name: /^Gift Card \$25/ });
  const checkout = page.getByTestId('checkout');
  await expect(tile).toBeVisible();
  await expect(checkout).toBeVisible();
  const t = await boxOf(tile);
  const c = await boxOf(checkout);
  expect(t.y, 'the first tile starts inside the window').toBeGreaterThanOrEqual(0);
  expect(t.y + t.height, 'the first tile ends inside the window').toBeLessThanOrEqual(size.height);
  expect(t.x + t.width).toBeLessThanOrEqual(size.width);
  expect(overlaps(t, c), `the first tile ${JSON.stringify(t)} is clear of the checkout ${JSON.stringify(c)}`).toBe(
    false,
  );
  // The checkout's button is in view too, without scrolling.
  const pay = page.getByRole('button', { name: /^Take payment/ });
  const p = await boxOf(pay);
  expect(p.y + p.height).toBeLessThanOrEqual(size.height);
}

test('gift cards at 1280x800 with the not-subscribed banner: tiles in view, clear of the checkout', async ({
  openApp,
  app,
}) => {
  await app.core.handlers.tabsSetLocation({ uuid: SEED_LOCATIONS.harbour, name: HARBOUR });
  const page = await openApp();
  await page.getByRole('navigation').getByRole('button', { name: 'Gift cards', exact: true }).click();
  await page.getByLabel('Location').selectOption({ label: HARBOUR });
  await expect(page.getByTestId('not-subscribed')).toBeVisible();
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1080, height: 1920 },
  ]) {
    await showAt(page, size);
    await tileInViewAndClear(page, size);
    await page.screenshot({ path: test.info().outputPath(`gift-cards-banner-${size.width}x${size.height}.png`) });
  }
});
