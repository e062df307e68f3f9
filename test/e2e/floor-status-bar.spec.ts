// The status bar above the floor screens (Kiosk, Passes, Tabs, Gift cards), as floor staff read it:
// whether the service answers and whether live updates arrive, in plain words at both sizes (no
// token, no listener address: technical-words.ts reads the bar), the Kiosk screen's in the kiosk's
// language. The technical detail is on Settings.
import { createControlClient } from '../../electron/sandbox/control-client';
import { expect, openSettings, test, unlockSettings, type RunningApp } from './fixtures';
import { showAt } from './show-at';
import { shootBothSizes } from './both-sizes';
import { onDeadService } from './remote-service';
import { technicalWords } from './technical-words';

const HARBOUR = { uuid: '1c000000-0000-4000-8000-000000000001', name: 'Harbour Bar & Kitchen' };
const FLOOR = ['Kiosk', 'Passes', 'Tabs', 'Gift cards'];
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1080, height: 1920 },
];
const BAR = '[data-testid="status-bar"]';

async function furnish(app: RunningApp): Promise<void> {
  await app.core.handlers.laborSetLocation(null, { ...HARBOUR, timezone: 'America/New_York' });
  await app.core.handlers.tabsSetLocation(HARBOUR);
  await app.core.handlers.subscribeLocations([HARBOUR.uuid], 'integration');
}

test('the floor status bar says in plain words that the service answers and live updates arrive', async ({
  openApp,
  app,
}) => {
  await furnish(app);
  const page = await openApp();
  const nav = page.getByRole('navigation', { name: 'Screens' });
  const state = page.getByTestId('service-state');
  const live = page.getByTestId('listener-summary');
  for (const size of SIZES) {
    await showAt(page, size);
    for (const screen of FLOOR) {
      await nav.getByRole('button', { name: screen, exact: true }).click();
      await expect(state).toHaveAttribute('data-state', 'connected');
      await expect(state).toHaveText('Connected to the service');
      await expect(live).toHaveAttribute('data-state', 'on');
      await expect(live).toContainText('Live updates on');
      await expect(page.getByTestId('status-bar')).toContainText('Practice venue');
      expect(await technicalWords(page, BAR), `${screen} at ${size.width}x${size.height}`).toEqual([]);
    }
  }
  // A guest's order arrives: the bar says when the last update came, on the venue's clock.
  await createControlClient(app.sandboxUrl).simulateGuests({ tabs: 1, close: 'none' });
  await expect(live).toContainText(/^Live updates on · last one at \d{1,2}:\d{2}\s?[AP]M$/);
  expect(await technicalWords(page, BAR)).toEqual([]);
});

test("on the Kiosk screen the status bar speaks the kiosk's language; the other screens stay English", async ({
  openApp,
  app,
}) => {
  await furnish(app);
  const manager = await app.core.handlers.laborIdentify({ pin: '9999' });
  const labor = (await app.core.handlers.getSnapshot()).labor!;
  await app.core.handlers.laborSaveSettings(manager.token, { ...labor.settings, kioskLanguage: 'es' });
  const page = await openApp();
  const nav = page.getByRole('navigation', { name: 'Screens' });
  const bar = page.getByTestId('status-bar');
  await nav.getByRole('button', { name: 'Kiosk', exact: true }).click();
  await expect(bar).toHaveAttribute('lang', 'es');
  await expect(page.getByTestId('service-state')).toHaveText('Conectado al servicio');
  await expect(page.getByTestId('listener-summary')).toContainText('Actualizaciones en vivo activas');
  await expect(bar).toContainText('Local de práctica');
  expect(await technicalWords(page, BAR)).toEqual([]);
  await nav.getByRole('button', { name: 'Passes', exact: true }).click();
  await expect(bar).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('service-state')).toHaveText('Connected to the service');
});

test('a service that cannot be reached is said in plain words on the floor, bar and location picker alike', async ({
  openApp,
  app,
}) => {
  await furnish(app);
  await onDeadService(app);
  const page = await openApp();
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Passes', exact: true }).click();
  await expect(page.getByTestId('service-state')).toHaveAttribute('data-state', 'unreachable');
  const bar = page.locator('.location-bar');
  await expect(bar).toContainText('Could not list locations: The service cannot be reached right now.');
  await shootBothSizes(page, 'passes-unreachable', {
    arrange: async (size) => expect(await technicalWords(page), `Passes at ${size.width}x${size.height}`).toEqual([]),
  });
});

test("Settings keeps the listener's address whole: wrapped as a whole, never split mid-word", async ({ page, app }) => {
  await openSettings(page, app.host.url);
  await unlockSettings(page);
  const address = page.getByTestId('settings-listener').locator('code');
  await expect(address).toHaveText(/^http:\/\/127\.0\.0\.1:\d+\/webhooks$/);
  for (const size of SIZES) {
    await showAt(page, size);
    // One line box: the address moves under its words rather than breaking inside "webhooks".
    const lines = await address.evaluate((el) => el.getClientRects().length);
    expect(lines, `at ${size.width}x${size.height}`).toBe(1);
  }
});
