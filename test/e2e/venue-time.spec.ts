// Every screen on the venue's clock before a kiosk location is chosen: Passes, Gift cards and the
// status bar take the till location's zone (or, before that, the zone most of the venue's
// locations share), as the kiosk takes its own location's (precedence: venue-zone.test.ts). The
// browser runs in Lisbon's zone, so the computer's time would show no "Venue time" at all.
import { createControlClient } from '../../electron/sandbox/control-client';
import { test, expect } from './fixtures';

const HARBOUR = '1c000000-0000-4000-8000-000000000001';

test.use({ timezoneId: 'Europe/Lisbon' });

test('Passes, Gift cards and the status bar show the venue’s time with no kiosk location', async ({ openApp, app }) => {
  expect((await app.core.handlers.getSnapshot()).labor?.location ?? null).toBeNull();
  const page = await openApp();
  const nav = page.getByRole('navigation', { name: 'Screens' });
  await nav.getByRole('button', { name: 'Passes', exact: true }).click();
  const zone = page.getByTestId('venue-zone');
  // No location chosen anywhere: the venue's default, New York (the zone its locations share).
  await expect(zone).toHaveText(/^Venue time: E[SD]T$/);
  // The till's location (the integration's list has Harbour and Garden, both in New York).
  await page.getByRole('combobox', { name: 'Location' }).selectOption({ label: 'Harbour Bar & Kitchen' });
  await expect(zone).toHaveText(/^Venue time: E[SD]T$/);
  await nav.getByRole('button', { name: 'Gift cards', exact: true }).click();
  await expect(zone).toHaveText(/^Venue time: E[SD]T$/);
  // When the last live update came, in the status bar, is written on New York's clock, not Lisbon's.
  await app.core.handlers.subscribeLocations([HARBOUR], 'integration');
  await createControlClient(app.sandboxUrl).simulateGuests({ tabs: 1, close: 'none' });
  await expect.poll(async () => (await app.core.handlers.getWebhookState()).status.lastEventAt).not.toBeNull();
  const lastAt = (await app.core.handlers.getWebhookState()).status.lastEventAt!;
  const clock = (timeZone: string) =>
    new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(lastAt);
  const live = page.getByTestId('listener-summary');
  await expect(live).toContainText(clock('America/New_York'));
  await expect(live).not.toContainText(clock('Europe/Lisbon'));
});
