// Settings on this computer's own screen need a manager signed in on it, once a manager has a PIN
// (the practice venue's Alex Manager has 9999): the Settings screen asks for the PIN first, a
// staff PIN does not open it, signing out locks it again, and a settings button elsewhere (the
// Events screen's sandbox trigger) brings the same prompt when it is refused.
import { MANAGER_SESSION_MS } from '../../electron/core/labor/sessions';
import { expect, openSettings, startApp, stopApp, test } from './fixtures';
import { shootBothSizes } from './both-sizes';
import { showAt } from './show-at';

test('Settings asks for a manager PIN, refuses a staff PIN, and locks again on sign-out', async ({ page }) => {
  const app = await startApp(undefined, { manager: false });
  try {
    await showAt(page, { width: 1280, height: 800 });
    await page.goto(app.host.url);
    const nav = page.getByRole('navigation', { name: 'Screens' });
    await nav.getByRole('button', { name: 'Settings', exact: true }).click();
    const prompt = page.getByRole('form', { name: 'Manager PIN needed' });
    await expect(prompt).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save connection' })).toHaveCount(0);
    await shootBothSizes(page, 'settings-manager-pin', { leaveAt: 'as before' });

    // Sam's PIN signs Sam in, but Sam is not a manager: signed out again, and Settings stay shut.
    await prompt.getByLabel('Manager PIN').fill('1111');
    await prompt.getByLabel('Manager PIN').press('Enter');
    await expect(prompt.getByRole('alert')).toContainText('not a manager');
    expect((await app.core.handlers.settingsAccess()).manager).toBeNull();

    await prompt.getByLabel('Manager PIN').fill('9999');
    await prompt.getByRole('button', { name: 'Sign in' }).click();
    const unlocked = page.getByTestId('settings-manager');
    await expect(unlocked).toContainText('Alex Manager');
    await expect(page.getByRole('button', { name: 'Save connection' })).toBeVisible();

    await unlocked.getByRole('button', { name: 'Sign out' }).click();
    await expect(prompt).toBeVisible();
    expect((await app.core.handlers.settingsAccess()).manager).toBeNull();

    // Elsewhere, a settings button refused for want of a manager brings the prompt with it.
    await nav.getByRole('button', { name: 'Events', exact: true }).click();
    const sandbox = page.getByRole('region', { name: 'Sandbox controls' });
    await sandbox.getByRole('button', { name: 'Trigger' }).click();
    const inline = sandbox.getByRole('form', { name: 'Manager PIN needed' });
    await inline.getByLabel('Manager PIN').fill('9999');
    await inline.getByLabel('Manager PIN').press('Enter');
    await expect(inline).toHaveCount(0);
    await sandbox.getByRole('button', { name: 'Trigger' }).click();
    await expect(sandbox.getByRole('status')).toBeVisible();
    await expect(sandbox.getByRole('alert')).toHaveCount(0);
  } finally {
    await stopApp(app);
  }
});

test('Settings go back to the manager PIN prompt once the session has lapsed', async ({ page }) => {
  // The core's session clock is stepped; the page's clock is moved with it (page.clock).
  let now = Date.now();
  const app = await startApp(undefined, { sessionClock: () => now });
  try {
    await page.clock.install();
    await openSettings(page, app.host.url);
    const unlocked = page.getByTestId('settings-manager');
    await expect(unlocked).toContainText('Alex Manager');

    // Left alone past its life, the next settings action is refused and the screen asks for the PIN.
    now += MANAGER_SESSION_MS + 60_000;
    await page.getByRole('button', { name: 'Save connection' }).click();
    const prompt = page.getByRole('form', { name: 'Manager PIN needed' }).first();
    await expect(prompt).toBeVisible();
    await expect(unlocked).toHaveCount(0);

    // Signed in again and left alone: the screen sees the end by itself, with no action (the page's
    // clock set to the core's first, as the two agree on a real device).
    await page.clock.setSystemTime(now);
    await prompt.getByLabel('Manager PIN').fill('9999');
    await prompt.getByRole('button', { name: 'Sign in' }).click();
    await expect(unlocked).toBeVisible();
    now += MANAGER_SESSION_MS + 60_000;
    await page.clock.fastForward(MANAGER_SESSION_MS + 60_000);
    await expect(page.getByRole('form', { name: 'Manager PIN needed' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save connection' })).toHaveCount(0);
  } finally {
    await stopApp(app);
  }
});
