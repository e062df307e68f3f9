// The open-tabs board in Chromium against the real app: sorted by time open, total or name, found
// by what is typed, a tab open longer than the venue's setting flagged in words, and every item on
// one line (a long name cut, never wrapped), at 1280x800 and 1080x1920.
import type { Page } from '@playwright/test';
import { createControlClient } from '../../electron/sandbox/control-client';
import { createWebhookControlClient } from '../../electron/sandbox/webhooks/control-client';
import { SEED_LOCATIONS } from '../../electron/sandbox';
import { test, expect, type RunningApp } from './fixtures';
import { shootBothSizes } from './both-sizes';
import { showAt } from './show-at';

const HARBOUR = { uuid: SEED_LOCATIONS.harbour, name: 'Harbour Bar & Kitchen' };
const LONG_NAME = 'Smoked Old Fashioned with House Bitters and an Orange Twist, Large';

async function furnish(app: RunningApp): Promise<void> {
  await app.core.handlers.tabsSetLocation(HARBOUR);
  await app.core.handlers.subscribeLocations([HARBOUR.uuid], 'integration');
  await createControlClient(app.sandboxUrl).simulateGuests({ tabs: 3, close: 'none' });
  await expect.poll(() => app.core.tabs.boardView().open.length).toBe(3);
  // One more tab whose item has a long name, as a venue's menu may have.
  const hooks = createWebhookControlClient(app.sandboxUrl);
  const tabUuid = 'ab000000-0000-4000-8000-00000000a001';
  await hooks.trigger({
    type: 'OPEN_TAB',
    locationUuid: HARBOUR.uuid,
    targetUuid: tabUuid,
    data: { name: 'Zed', spotName: 'Bar Seat 9' },
  });
  await hooks.trigger({
    type: 'ITEM_ADDED',
    locationUuid: HARBOUR.uuid,
    targetUuid: 'ab000000-0000-4000-8000-0000000000b1',
    data: { tabUuid, name: LONG_NAME, quantity: 2, price: 1450 },
  });
  await expect.poll(() => app.core.tabs.boardView().open.find((t) => t.uuid === tabUuid)?.items.length).toBe(1);
}

const titles = (page: Page) => page.getByTestId('tab-card').locator('h2').allTextContents();

test('the board sorts, finds, flags tabs open too long, and shows each item on one line', async ({ page, app }) => {
  await furnish(app);
  // The page's clock, so "open too long" comes without waiting for it.
  await page.clock.install();
  await page.goto(app.host.url);
  await page.getByRole('navigation').getByRole('button', { name: 'Tabs', exact: true }).click();
  const cards = page.getByTestId('tab-card');
  await expect(cards).toHaveCount(4);

  const sort = page.getByLabel('Sort', { exact: true });
  await sort.selectOption({ label: 'Name' });
  const byName = await titles(page);
  expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b, undefined, { numeric: true })));
  expect(byName.at(-1)).toBe('Zed');
  await sort.selectOption({ label: 'Largest total first' });
  // Zed's two long-named drinks ($29.00) are more than any simulated guest's tab.
  await expect(cards.first().locator('h2')).toHaveText('Zed');
  const totals = await cards.getByLabel('Total').allTextContents();
  const cents = totals.map((t) => Math.round(Number(t.replace(/[^0-9.]/g, '')) * 100));
  expect(cents).toEqual([...cents].sort((a, b) => b - a));
  await sort.selectOption({ label: 'Longest open first' });
  await expect(cards.last().locator('h2')).toHaveText('Zed');

  await page.getByLabel('Find', { exact: true }).fill('old fashioned');
  await expect(cards).toHaveCount(1);
  await expect(cards.locator('h2')).toHaveText('Zed');
  await expect(page.getByText('1 of 4')).toBeVisible();
  await page.getByLabel('Find', { exact: true }).fill('nobody here');
  await expect(page.getByText('No open tab matches “nobody here”.')).toBeVisible();
  await page.getByLabel('Find', { exact: true }).fill('');
  await expect(cards).toHaveCount(4);

  // Each item is one line: the long name is cut, the line no taller than the others.
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1080, height: 1920 },
  ]) {
    await showAt(page, size);
    const heights = await page
      .locator('.tab-items li')
      .evaluateAll((lis) => lis.map((li) => li.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThanOrEqual(4);
    expect(
      Math.max(...heights),
      `item line heights at ${size.width}x${size.height}: ${heights.join(', ')}`,
    ).toBeLessThan(Math.min(...heights) * 1.5);
    const long = page.locator('li', { hasText: 'Smoked Old Fashioned' });
    await expect(long).toHaveAttribute('title', LONG_NAME);
    // The amount is on that line and inside its card, as is the card's total.
    const card = page.getByRole('article', { name: 'Tab Zed' });
    const inside = async (part: ReturnType<Page['locator']>) => {
      const [outer, inner] = [await card.boundingBox(), await part.boundingBox()];
      return inner!.x >= outer!.x && inner!.x + inner!.width <= outer!.x + outer!.width;
    };
    expect(await inside(long.locator('.money'))).toBe(true);
    expect(await inside(card.getByLabel('Total'))).toBe(true);
  }

  // Nothing is open too long yet; with the setting at 2 minutes and 3 minutes gone, every tab is.
  await expect(page.getByTestId('open-too-long')).toHaveCount(0);
  const setting = page.getByRole('form', { name: 'Open too long' });
  await expect(setting.getByLabel('Flag a tab open longer than (minutes)')).toHaveValue('120');
  await setting.getByLabel('Flag a tab open longer than (minutes)').fill('2');
  await setting.getByRole('button', { name: 'Save' }).click();
  await expect.poll(async () => (await app.core.handlers.tabsView()).settings.openTooLongMinutes).toBe(2);
  await page.clock.fastForward('03:00');
  await expect(page.getByTestId('open-too-long')).toHaveCount(4);
  await expect(page.getByTestId('open-too-long-count')).toHaveText('4 open longer than 2 min');
  await shootBothSizes(page, 'tabs-board-too-long');
});
