// axe on every screen at a 1280x800 workstation and a 1080x1920 portrait kiosk, with a venue that
// has data on each screen (events, tabs, gift cards, people on shift), the kiosk view included:
// any finding fails, minor ones too, with the impact, the rule, the element and axe's help text in
// the message.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createControlClient } from '../../electron/sandbox/control-client';
import { SEED_LOCATIONS } from '../../electron/sandbox';
import { test as base, expect, startApp, stopApp, type RunningApp } from './fixtures';

const HARBOUR = { uuid: SEED_LOCATIONS.harbour, name: 'Harbour Bar & Kitchen' };
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1080, height: 1920 },
];

// One furnished venue per worker; each view at each size is a test of its own on a fresh page, so a
// slow machine spreads the axe runs over many tests instead of crowding one.
const test = base.extend<object, { venue: RunningApp }>({
  venue: [
    // Playwright reads the fixture's dependencies from this destructuring, so it must stay an object pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const app = await startApp();
      await furnish(app);
      await use(app);
      await stopApp(app);
    },
    { scope: 'worker' },
  ],
});

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

async function findings(page: Page, where: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map(
    (v) =>
      `${where}: ${v.impact} ${v.id} (${v.help}) on ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 4)
        .join(', ')}`,
  );
}

async function screen(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation').getByRole('button', { name, exact: true }).click();
}

async function kiosk(page: Page): Promise<void> {
  await screen(page, 'Kiosk');
  await expect(page.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();
}

async function manager(page: Page): Promise<void> {
  await kiosk(page);
  await page.getByRole('button', { name: 'Manager', exact: true }).click();
  for (const digit of '9999') await page.getByRole('button', { name: digit, exact: true }).click();
  await page.getByRole('button', { name: 'Enter PIN' }).click();
  await expect(page.getByRole('table', { name: 'Entries' })).toBeVisible();
}

async function tabs(page: Page): Promise<void> {
  await screen(page, 'Tabs');
  await expect(page.getByTestId('tab-card').first()).toBeVisible();
}

async function events(page: Page): Promise<void> {
  await screen(page, 'Events');
  await page.getByRole('button', { name: 'Trigger' }).click();
  await expect(page.getByTestId('event-list').getByRole('row').first()).toBeVisible();
}

/** Each view axe checks, and how to reach it from a freshly opened app. */
const VIEWS: { name: string; open(page: Page): Promise<void> }[] = [
  { name: 'Kiosk PIN pad', open: kiosk },
  {
    name: 'Kiosk names',
    open: async (page) => {
      await kiosk(page);
      await page.getByRole('button', { name: 'Or tap your name' }).click();
    },
  },
  { name: 'Manager timesheet', open: manager },
  ...['Sync', 'Staff & PINs', 'Kiosk settings'].map((section) => ({
    name: `Manager ${section}`,
    open: async (page: Page) => {
      await manager(page);
      await page
        .getByRole('navigation', { name: 'Manager sections' })
        .getByRole('button', { name: new RegExp(`^${section}`) })
        .click();
    },
  })),
  { name: 'Passes', open: (page) => screen(page, 'Passes') },
  { name: 'Gift cards', open: (page) => screen(page, 'Gift cards') },
  { name: 'Tabs', open: tabs },
  {
    name: 'Refund dialog',
    open: async (page) => {
      await tabs(page);
      await page.getByRole('tab', { name: /^Closed/ }).click();
      await page.getByTestId('tab-card').getByRole('button', { name: 'Refund…' }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  { name: 'Events', open: events },
  {
    name: 'Events with an event open',
    open: async (page) => {
      await events(page);
      await page.getByTestId('event-list').getByRole('row').first().click();
      await expect(page.getByTestId('event-detail')).toBeVisible();
      await page.getByText('Delivery attempts and retries').click();
    },
  },
  { name: 'Settings', open: (page) => screen(page, 'Settings') },
];

for (const size of SIZES)
  for (const view of VIEWS)
    test(`no axe findings of any impact: ${view.name} at ${size.width}x${size.height}`, async ({ venue, page }) => {
      await page.setViewportSize(size);
      await page.goto(venue.host.url);
      await expect(page.getByTestId('status-bar')).toBeVisible();
      await view.open(page);
      const found = await findings(page, view.name);
      expect(found, found.join('\n')).toEqual([]);
    });

// The kiosk view is a setting the core keeps, so it gets an app of its own instead of the shared venue.
for (const size of SIZES)
  test(`no axe findings of any impact: Kiosk view at ${size.width}x${size.height}`, async ({ app, page }) => {
    await furnish(app);
    await page.setViewportSize(size);
    await page.goto(app.host.url);
    await expect(page.getByTestId('status-bar')).toBeVisible();
    await screen(page, 'Kiosk');
    await page.getByRole('button', { name: 'Kiosk view' }).click();
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();
    const found = await findings(page, 'Kiosk view');
    expect(found, found.join('\n')).toEqual([]);
  });
