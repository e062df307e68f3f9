// Every screen on the venue's clock before a kiosk location is chosen: Passes, Gift cards and the
// status bar take the till location's zone (or, before that, the zone most of the venue's
// locations share), as the kiosk takes its own location's (precedence: venue-zone.test.ts). The browser runs in Lisbon's zone, so
// the computer's time would show no "Venue time" at all.
import { test, expect } from './fixtures';

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
  // The token's expiry in the status bar is written on New York's clock, not Lisbon's.
  const expiresAt = (await app.core.handlers.getSnapshot()).connection.integrationToken.expiresAt!;
  const clock = (timeZone: string) =>
    new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(expiresAt);
  await expect(page.getByTestId('status-bar')).toContainText(clock('America/New_York'));
  await expect(page.getByTestId('status-bar')).not.toContainText(clock('Europe/Lisbon'));
});
