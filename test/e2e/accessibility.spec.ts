// axe on every screen at a 1280x800 workstation and a 1080x1920 portrait kiosk, with a venue that
// has data on each screen (events, tabs, gift cards, people on shift): any serious or critical
// finding fails, with the rule, the element and axe's help text in the message.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createControlClient } from '../../electron/sandbox/control-client';
import { SEED_LOCATIONS } from '../../electron/sandbox';
import { test, expect, type RunningApp } from './fixtures';

const HARBOUR = { uuid: SEED_LOCATIONS.harbour, name: 'Harbour Bar & Kitchen' };
const SCREENS = ['Kiosk', 'Passes', 'Gift cards', 'Tabs', 'Events', 'Settings'];
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1080, height: 1920 },
];

async function furnish(app: RunningApp): Promise<void> {
  await app.core.handlers.laborSetLocation(null, { ...HARBOUR, timezone: 'America/New_York' });
  await app.core.handlers.tabsSetLocation(HARBOUR);
  await app.core.handlers.subscribeLocations([HARBOUR.uuid], 'integration');
  const control = createControlClient(app.sandboxUrl);
  await control.simulateGuests({ tabs: 2, close: 'none' });
  await control.simulateGuests({ tabs: 1, close: 'all' });
  // A card that never comes, so the Gift cards screen shows a pending (then late) card too.
  await control.giftCardFault({ mode: 'never-issue' });
  const { products, spots } = await app.core.handlers
    .tabsCatalog()
    .then((c) => (c.available ? c : { products: [], spots: [] }));
  const card = products.find((p) => p.giftCard !== null)!;
  await app.core.handlers.giftCardSell({
    spotUuid: spots[0].uuid,
    spotName: spots[0].name,
    lines: [{ productUuid: card.uuid, quantity: 1, label: card.name, unitPrice: card.price ?? 0 }],
    paymentType: 'CARD',
    wait: false,
  });
  // Someone on shift and someone on break, for the board's badges.
  const sam = await app.core.handlers.laborIdentify({ pin: '1111' });
  await app.core.handlers.laborPunch(sam.token, { action: 'punch-in' });
  const jordan = await app.core.handlers.laborIdentify({ pin: '2222' });
  await app.core.handlers.laborPunch(jordan.token, { action: 'punch-in' });
  await app.core.handlers.laborPunch(jordan.token, { action: 'break-start' });
}

async function serious(page: Page, where: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${where}: ${v.impact} ${v.id} (${v.help}) on ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 4)
          .join(', ')}`,
    );
}

for (const size of SIZES) {
  test(`no serious or critical axe findings on any screen at ${size.width}x${size.height}`, async ({ app, page }) => {
    await furnish(app);
    await page.setViewportSize(size);
    await page.goto(app.host.url);
    await expect(page.getByTestId('status-bar')).toBeVisible();
    const found: string[] = [];
    for (const screen of SCREENS) {
      await page.getByRole('navigation').getByRole('button', { name: screen, exact: true }).click();
      if (screen === 'Kiosk') {
        await expect(page.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();
        found.push(...(await serious(page, 'Kiosk PIN pad')));
        await page.getByRole('button', { name: 'Or tap your name' }).click();
        found.push(...(await serious(page, 'Kiosk names')));
        await page.getByRole('button', { name: 'Manager', exact: true }).click();
        for (const digit of '9999') await page.getByRole('button', { name: digit, exact: true }).click();
        await page.getByRole('button', { name: 'Enter PIN' }).click();
        await expect(page.getByRole('table', { name: 'Entries' })).toBeVisible();
        found.push(...(await serious(page, 'Manager timesheet')));
        for (const section of ['Sync', 'Staff & PINs', 'Kiosk settings']) {
          await page
            .getByRole('navigation', { name: 'Manager sections' })
            .getByRole('button', { name: new RegExp(`^${section}`) })
            .click();
          found.push(...(await serious(page, `Manager ${section}`)));
        }
        await page.getByRole('button', { name: 'Close' }).click();
        continue;
      }
      if (screen === 'Events') {
        await page.getByRole('button', { name: 'Trigger' }).click();
        await expect(page.getByTestId('event-list').getByRole('row').first()).toBeVisible();
      }
      if (screen === 'Tabs') await expect(page.getByTestId('tab-card').first()).toBeVisible();
      found.push(...(await serious(page, screen)));
      if (screen === 'Events') {
        await page.getByTestId('event-list').getByRole('row').first().click();
        await expect(page.getByTestId('event-detail')).toBeVisible();
        await page.getByText('Delivery attempts and retries').click();
        found.push(...(await serious(page, 'Events with an event open')));
      }
      if (screen === 'Tabs') {
        await page.getByRole('tab', { name: /^Closed/ }).click();
        await page.getByTestId('tab-card').getByRole('button', { name: 'Refund…' }).first().click();
        await expect(page.getByRole('dialog')).toBeVisible();
        found.push(...(await serious(page, 'Refund dialog')));
        await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      }
    }
    expect(found, found.join('\n')).toEqual([]);
  });
}
