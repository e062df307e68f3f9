// axe on every screen at a 1280x800 workstation and a 1080x1920 portrait kiosk, with a venue that
// has data on each screen (events, tabs, gift cards, people on shift), the kiosk view included:
// any finding fails, minor ones too, with the impact, the rule, the element and axe's help text in
// the message. The floor's views (not Events or Settings, which show the service's own words on
// purpose) must not show the service's field names, routes, codes or bare ids either
// (technical-words.ts); the first start's steps are walked on an app of their own.
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { createControlClient } from '../../electron/sandbox/control-client';
import { SEED_LOCATIONS, SEED_PASSES } from '../../electron/sandbox';
import { technicalWords } from './technical-words';
import { test as base, expect, startApp, stopApp, unlockSettings, type RunningApp } from './fixtures';
import { showAt } from './show-at';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { saveDeviceSetup } from '../../electron/core/setup/device-setup';
import { openCode, pairSatellite, processes, showHubDevices } from './hub-processes';
import { onRemoteService } from './remote-service';
import { addVenue, setupOffice } from '../../electron/office/group-setup';
import { startOffice } from '../../electron/office/office';
import { saveGroupJoin } from '../../electron/core/group/group-join';
import { createApp } from '../../electron/host/create-app';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { newRequestId as rid } from '../../shared/request-id';

const HARBOUR = { uuid: SEED_LOCATIONS.harbour, name: 'Harbour Bar & Kitchen' };
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1080, height: 1920 },
];

// One furnished venue per worker; each screen size walks every view on one page that stays open
// (and a manager signed in once), each view still a test of its own so a finding names its view.
// After a failure Playwright starts a fresh worker for the rest, so every view is still checked.
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
  await app.core.handlers.giftCardSell(
    {
      spotUuid: spots[0].uuid,
      spotName: spots[0].name,
      lines: [{ productUuid: card.uuid, quantity: 1, label: card.name, unitPrice: card.price ?? 0 }],
      paymentType: 'CARD',
      wait: false,
    },
    rid(),
  );
  // Someone on shift and someone on break, for the board's badges.
  const sam = await app.core.handlers.laborIdentify({ pin: '1111' });
  await app.core.handlers.laborPunch(sam.token, { action: 'punch-in' });
  const jordan = await app.core.handlers.laborIdentify({ pin: '2222' });
  await app.core.handlers.laborPunch(jordan.token, { action: 'punch-in' });
  await app.core.handlers.laborPunch(jordan.token, { action: 'break-start' });
}

async function findings(page: Page, where: string): Promise<string[]> {
  // Only violations are read: axe then details one node of the other result types, not all of them.
  const result = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return result.violations.map(
    (v) =>
      `${where}: ${v.impact} ${v.id} (${v.help}) on ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 4)
        .join(', ')}`,
  );
}

/**
 * axe's findings on the page as it is now at each size, named `<step> at <size>`; with `floor`, the
 * service's words it shows too (technical-words.ts).
 */
async function atBothSizes(page: Page, step: string, floor = false): Promise<string[]> {
  const found: string[] = [];
  for (const size of SIZES) {
    await showAt(page, size);
    found.push(...(await findings(page, `${step} at ${size.width}x${size.height}`)));
    if (floor) found.push(...(await technicalWords(page)).map((w) => `${step}: ${w}`));
  }
  return found;
}

async function screen(page: Page, name: string): Promise<void> {
  // A dialog left open by the view before (the refund dialog) closes with Escape, as staff close it.
  if (await page.getByRole('dialog').isVisible()) {
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name, exact: true }).click();
}

/** The kiosk's PIN pad, from wherever the page is: another screen first, so the kiosk opens afresh. */
async function kiosk(page: Page): Promise<void> {
  await screen(page, 'Settings');
  await screen(page, 'Kiosk');
  await expect(page.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();
}

/** The manager area, signing in only when no manager is signed in on this page yet. */
async function manager(page: Page): Promise<void> {
  if (await page.getByRole('region', { name: 'Manager', exact: true }).isVisible()) return;
  await kiosk(page);
  await page.getByRole('button', { name: 'Manager', exact: true }).click();
  for (const digit of '9999') await page.getByRole('button', { name: digit, exact: true }).click();
  await page.getByRole('button', { name: 'Enter PIN' }).click();
  await expect(page.getByRole('region', { name: 'Manager', exact: true })).toBeVisible();
}

async function managerSection(page: Page, section: string): Promise<void> {
  await manager(page);
  await page
    .getByRole('navigation', { name: 'Manager sections' })
    .getByRole('button', { name: new RegExp(`^${section}`) })
    .click();
}

async function tabs(page: Page): Promise<void> {
  await screen(page, 'Tabs');
  await expect(page.getByTestId('tab-card').first()).toBeVisible();
}

async function events(page: Page): Promise<void> {
  await screen(page, 'Events');
  const rows = page.getByTestId('event-list').getByRole('row');
  if ((await rows.count()) === 0) await page.getByRole('button', { name: 'Trigger' }).click();
  await expect(rows.first()).toBeVisible();
}

/**
 * Each view axe checks, and how to reach it on a page where the views before it were opened (or on
 * a fresh page, after a failure). The manager's views come last, so the manager signs in once.
 */
const VIEWS: { name: string; floor?: true; open(page: Page): Promise<void> }[] = [
  { name: 'Passes', floor: true, open: (page) => screen(page, 'Passes') },
  {
    name: 'Passes with a pass',
    floor: true,
    open: async (page) => {
      await screen(page, 'Passes');
      await page.getByLabel('Scan a pass or type its id').fill(SEED_PASSES.pre);
      await page.getByRole('button', { name: 'Look up' }).click();
      await expect(page.getByTestId('pass-spent')).toBeVisible();
    },
  },
  { name: 'Gift cards', floor: true, open: (page) => screen(page, 'Gift cards') },
  { name: 'Tabs', floor: true, open: tabs },
  {
    name: 'Tabs closed',
    floor: true,
    open: async (page) => {
      await tabs(page);
      await page.getByRole('tab', { name: /^Closed/ }).click();
      await expect(page.getByTestId('tab-card').first()).toBeVisible();
    },
  },
  {
    name: 'Refund dialog',
    floor: true,
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
  {
    name: 'Settings',
    open: async (page) => {
      await screen(page, 'Settings');
      await unlockSettings(page);
    },
  },
  {
    name: 'Settings manager PIN prompt',
    open: async (page) => {
      await screen(page, 'Settings');
      await unlockSettings(page);
      await page.getByTestId('settings-manager').getByRole('button', { name: 'Sign out' }).click();
      await expect(page.getByTestId('manager-pin-prompt')).toBeVisible();
    },
  },
  { name: 'Kiosk PIN pad', floor: true, open: kiosk },
  {
    name: 'Kiosk names',
    floor: true,
    open: async (page) => {
      await kiosk(page);
      await page.getByRole('button', { name: 'Or tap your name' }).click();
    },
  },
  {
    // One wrong PIN a size: the pad's message, never near its lock.
    name: 'Kiosk wrong PIN',
    floor: true,
    open: async (page) => {
      await kiosk(page);
      for (const digit of '0000') await page.getByRole('button', { name: digit, exact: true }).click();
      await page.getByRole('button', { name: 'Enter PIN' }).click();
      await expect(page.getByTestId('pad-message')).toContainText('not recognised');
    },
  },
  {
    name: 'Kiosk person on shift',
    floor: true,
    open: async (page) => {
      await kiosk(page);
      for (const digit of '1111') await page.getByRole('button', { name: digit, exact: true }).click();
      await page.getByRole('button', { name: 'Enter PIN' }).click();
      await expect(page.getByRole('heading', { name: 'Hi Sam' })).toBeVisible();
    },
  },
  {
    // Punch out's first step (the day's check, or the tips), looked at and left without punching.
    name: 'Kiosk punch out',
    floor: true,
    open: async (page) => {
      await kiosk(page);
      for (const digit of '1111') await page.getByRole('button', { name: digit, exact: true }).click();
      await page.getByRole('button', { name: 'Enter PIN' }).click();
      await page.getByRole('button', { name: 'Punch out', exact: true }).click();
      await expect(
        page
          .getByRole('heading', { name: 'Before you punch out' })
          .or(page.getByRole('heading', { name: 'Tips from this shift' })),
      ).toBeVisible();
    },
  },
  {
    name: 'Manager timesheet',
    floor: true,
    open: async (page) => {
      await manager(page);
      await managerSection(page, 'Timesheet');
      await expect(page.getByRole('table', { name: 'Entries' })).toBeVisible();
    },
  },
  {
    name: 'Manager entry editor',
    floor: true,
    open: async (page) => {
      await managerSection(page, 'Timesheet');
      await page
        .getByRole('table', { name: 'Entries' })
        .getByRole('button', { name: /^Edit / })
        .first()
        .click();
      await expect(page.locator('.k-tr-editor')).toBeVisible();
    },
  },
  ...['Pay periods', 'Schedule', 'Sync', 'Staff & PINs', 'Labor & pay', 'Kiosk settings'].map((section) => ({
    name: `Manager ${section}`,
    // The schedule's import names its CSV file's columns as code, which the plain-words check skips.
    floor: true as const,
    open: (page: Page) => managerSection(page, section),
  })),
  {
    // Kiosk view is a setting the core keeps: last, and left again (by a manager) after the check.
    name: 'Kiosk view',
    floor: true,
    open: async (page) => {
      await kiosk(page);
      await page.getByRole('button', { name: 'Kiosk view' }).click();
      await expect(page.getByRole('navigation')).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();
    },
  },
  {
    // In kiosk view the manager area adds the app's own settings (the service's words on purpose: not floor).
    name: 'Kiosk view App settings',
    open: async (page) => {
      if (await page.getByRole('navigation', { name: 'Screens' }).isVisible()) {
        await kiosk(page);
        await page.getByRole('button', { name: 'Kiosk view' }).click();
      }
      await page.getByRole('button', { name: 'Manager', exact: true }).click();
      for (const digit of '9999') await page.getByRole('button', { name: digit, exact: true }).click();
      await page.getByRole('button', { name: 'Enter PIN' }).click();
      await page.getByRole('button', { name: 'App settings' }).click();
      await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
    },
  },
];

for (const size of SIZES)
  test.describe(`at ${size.width}x${size.height}`, () => {
    // Each step waits on what it needs, and axe's walk over a page is CPU work that a loaded machine
    // stretches without limit: the test waits for it, and this bound only catches a walk that hangs.
    test.describe.configure({ timeout: 10 * 60_000 });
    let context: BrowserContext;
    let page: Page;

    test.beforeAll(async ({ browser, venue }) => {
      // axe needs a page of a context made with newContext (not browser.newPage).
      context = await browser.newContext({ viewport: size });
      page = await context.newPage();
      await page.goto(venue.host.url);
      await expect(page.getByTestId('status-bar')).toBeVisible();
    });

    test.afterAll(async ({ venue }) => {
      await context?.close();
      // Out of kiosk view again, so the next size (or a fresh worker) starts on the workstation.
      if ((await venue.core.handlers.getSnapshot()).labor?.kioskView) {
        const { token } = await venue.core.handlers.laborIdentify({ pin: '9999' });
        await venue.core.handlers.laborLeaveKioskView(token);
      }
    });

    for (const view of VIEWS)
      test(`no axe findings of any impact: ${view.name} at ${size.width}x${size.height}`, async () => {
        await view.open(page);
        const found = await findings(page, view.name);
        if (view.floor) found.push(...(await technicalWords(page)).map((w) => `${view.name}: ${w}`));
        expect(found, found.join('\n')).toEqual([]);
      });
  });

// The first start's steps (what the computer is for, its venue, the restart a hub asks), on an app
// of its own that has not been set up: each step at both sizes.
test.describe('the first start and the screens before the workstation', () => {
  test.describe.configure({ timeout: 5 * 60_000 });
  test('no axe findings of any impact: every first-start step at both sizes', async ({ browser }) => {
    const app = await startApp(undefined, { firstStart: true, manager: false });
    const context = await browser.newContext({ viewport: SIZES[0] });
    try {
      const page = await context.newPage();
      await page.goto(app.host.url);
      await expect(page.getByRole('heading', { name: 'Set up Venue Companion' })).toBeVisible();
      const found: string[] = [];
      const check = async (step: string) => found.push(...(await atBothSizes(page, `First start, ${step},`)));
      await check('what the computer is for');
      await page.getByRole('radio', { name: /The venue hub/ }).check();
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('form', { name: 'Which venue' })).toBeVisible();
      await check('the practice venue');
      await page.getByRole('radio', { name: /Our real service/ }).check();
      await expect(page.getByLabel('Service address')).toBeVisible();
      await check('a real service');
      await page.getByRole('radio', { name: /The practice venue/ }).check();
      await page.getByRole('button', { name: 'Finish setup' }).click();
      await expect(page.getByTestId('setup-restart')).toBeVisible();
      await check('the restart');
      expect(found, found.join('\n')).toEqual([]);
    } finally {
      await context.close();
      await stopApp(app);
    }
  });

  test('no axe findings of any impact: restoring a backup, a new kiosk, and the sign-in page', async ({ browser }) => {
    const fresh = await startApp(undefined, { firstStart: true, manager: false });
    const app = await startApp();
    const context = await browser.newContext({ viewport: SIZES[0] });
    try {
      const page = await context.newPage();
      const found: string[] = [];
      const check = async (step: string, floor = false) => found.push(...(await atBothSizes(page, step, floor)));
      await page.goto(fresh.host.url);
      await page.getByRole('button', { name: 'Restore a backup' }).click();
      await expect(page.getByRole('heading', { name: 'Restore a backup' })).toBeVisible();
      await check('First start, restoring a backup');

      // A computer whose kiosk has no location yet: the kiosk asks where it is, the till asks too.
      await page.goto(app.host.url);
      await screen(page, 'Kiosk');
      await expect(page.getByRole('heading', { name: 'Where is this kiosk?' })).toBeVisible();
      await check('A new kiosk’s location', true);
      await screen(page, 'Passes');
      await expect(page.getByText('Choose the location this till serves')).toBeVisible();
      await check('Passes before a location', true);

      // The host's own sign-in page, for a browser that lost its sign-in, and its answer to a wrong PIN.
      const signIn = await context.newPage();
      await signIn.goto(new URL('/sign-in', app.host.url).href);
      await page.close();
      const answer = async (step: string) => found.push(...(await atBothSizes(signIn, step)));
      await answer('The sign-in page');
      await signIn.getByLabel('Manager PIN').fill('0000');
      await signIn.getByRole('button', { name: 'Sign in' }).click();
      await expect(signIn.getByRole('alert')).toBeVisible();
      await answer('The sign-in page after a wrong PIN');
      expect(found, found.join('\n')).toEqual([]);
    } finally {
      await context.close();
      await stopApp(fresh);
      await stopApp(app);
    }
  });
});

// The venue hub's Devices (a pairing code open, a device asking to pair) and a joining device's
// pairing screen, each at both sizes: built hosts as separate processes, as a venue runs them.
test.describe('the hub and a device joining it', () => {
  test.describe.configure({ timeout: 5 * 60_000 });
  test('no axe findings of any impact: the hub’s Devices and the pairing screen', async ({ browser }) => {
    const run = processes();
    // axe needs pages of a context made with newContext, so the hub's Devices are shown on one of its pages.
    const context = await browser.newContext({ viewport: SIZES[0] });
    try {
      const folder = (role: 'hub' | 'join') => {
        const dir = mkdtempSync(join(tmpdir(), `venue-axe-${role}-`));
        saveDeviceSetup(dir, { venue: 'practice', role, purpose: role === 'hub' ? 'manager' : 'kiosk' });
        return dir;
      };
      const hub = await run.host(['--no-mdns', '--hub-host', '127.0.0.1', '--hub-port', '0'], { dir: folder('hub') });
      const device = await run.host([], { dir: folder('join') });
      const found: string[] = [];
      const check = async (page: Page, step: string) => found.push(...(await atBothSizes(page, step, true)));
      const hubPage = await context.newPage();
      await showHubDevices(hubPage, hub.url);
      await openCode(hubPage, 'kiosk');
      await hubPage.getByText('The QR code as text').click();
      const data = (await hubPage.getByTestId('pairing-data').textContent())!;
      await check(hubPage, 'The hub’s Devices with a pairing code');

      const pair = await context.newPage();
      await pair.goto(device.url);
      await expect(pair.getByLabel('Hub address')).toBeVisible();
      await check(pair, 'The pairing screen');
      await pair.getByLabel("Or paste the pairing data from the hub's QR code").fill(data);
      await pair.getByRole('button', { name: 'Check this hub' }).click();
      await expect(pair.getByTestId('checked-check-code')).toBeVisible();
      await pair.getByLabel("This device's name").fill('Staff door');
      await check(pair, 'The pairing screen with the hub checked');
      expect(found, found.join('\n')).toEqual([]);
    } finally {
      await context.close();
      await run.stopAll();
    }
  });
});

// Screens few people reach but someone must read: a kiosk device the hub revoked, the first
// manager's form on a venue with no manager yet, and the head office's page. Each at both sizes.
test.describe('a revoked device, the first manager, and the head office', () => {
  test.describe.configure({ timeout: 5 * 60_000 });

  test('no axe findings of any impact: the revoked-device screen', async ({ browser }) => {
    const run = processes();
    const context = await browser.newContext({ viewport: SIZES[0] });
    try {
      const dir = mkdtempSync(join(tmpdir(), 'venue-axe-hub-'));
      saveDeviceSetup(dir, { venue: 'practice', role: 'hub', purpose: 'manager' });
      const hub = await run.host(['--hub', '--hub-host', '127.0.0.1', '--hub-port', '0', '--no-mdns'], { dir });
      const hubPage = await context.newPage();
      await showHubDevices(hubPage, hub.url);
      const kiosk = await pairSatellite(run, hubPage, hub, 'kiosk', 'Staff door');
      const page = await context.newPage();
      await page.goto(kiosk.url);
      await expect(page.getByTestId('kiosk-shell')).toBeVisible();
      hubPage.once('dialog', (d) => void d.accept());
      await hubPage.getByTestId('hub-device').getByRole('button', { name: 'Revoke' }).click();
      await expect(page.getByRole('heading', { name: 'This device was revoked' })).toBeVisible();
      const found = await atBothSizes(page, 'The revoked-device screen', true);
      expect(found, found.join('\n')).toEqual([]);
    } finally {
      await context.close();
      await run.stopAll();
    }
  });

  test('no axe findings of any impact: the first manager’s form', async ({ browser }) => {
    // A real service brings no PINs: the venue's first manager is made on the kiosk.
    const app = await startApp();
    const context = await browser.newContext({ viewport: SIZES[0] });
    try {
      await onRemoteService(app, {}, async () => {
        await expect.poll(async () => (await app.core.handlers.laborView()).needsManagerSetup).toBe(true);
        await app.core.handlers.laborSetLocation(null, { ...HARBOUR, timezone: 'America/New_York' });
        const page = await context.newPage();
        await page.goto(app.host.url);
        await screen(page, 'Kiosk');
        await page.getByRole('button', { name: 'Manager', exact: true }).click();
        await expect(page.getByRole('form', { name: 'Create the first manager' })).toBeVisible();
        const found = await atBothSizes(page, 'The first manager’s form', true);
        expect(found, found.join('\n')).toEqual([]);
      });
    } finally {
      await context.close();
      await stopApp(app);
    }
  });

  test('no axe findings of any impact: the head office’s page', async ({ browser }) => {
    const dirs: string[] = [];
    const temp = () => {
      const dir = mkdtempSync(join(tmpdir(), 'venue-axe-office-'));
      dirs.push(dir);
      return dir;
    };
    const officeDir = temp();
    await setupOffice(officeDir, { group: 'Axe group', nodes: 1, httpPort: 0 });
    const file = addVenue(officeDir, 'harbour', 'Harbour').file;
    const office = await startOffice({ dir: officeDir, httpPort: 0, log: () => {} });
    const dataDir = temp();
    saveGroupJoin(dataDir, readFileSync(file, 'utf8'));
    const venue = await createApp({
      dataDir,
      runtime: 'headless',
      secrets: new MemorySecretStore(),
      labor: { scryptN: 1024, boardRefreshMs: 0 },
    });
    const context = await browser.newContext({ viewport: SIZES[0] });
    try {
      await venue.start();
      await expect.poll(() => venue.labor.roster.needsManagerSetup(), { timeout: 10_000 }).toBe(false);
      await venue.handlers.laborSetLocation(null, { ...HARBOUR, timezone: 'America/New_York' });
      const sam = await venue.handlers.laborIdentify({ pin: '1111' });
      await venue.handlers.laborPunch(sam.token, { action: 'punch-in' });
      const page = await context.newPage();
      await page.goto(office.url);
      await expect(page.getByRole('region', { name: 'On shift at Harbour' }).getByRole('listitem')).toHaveCount(1, {
        timeout: 20_000,
      });
      const found = await atBothSizes(page, 'The head office’s page');
      expect(found, found.join('\n')).toEqual([]);
    } finally {
      await context.close();
      await venue.stop();
      await office.stop();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  });
});
