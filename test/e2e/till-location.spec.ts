// A new bar workstation chooses its till's location as a new kiosk chooses its own: the first
// choice needs nobody, a change needs a manager, and the PIN asked for it sits under the heading
// and, once a manager signs in, makes the change that was asked (nobody chooses it again).
import { expect, startApp, stopApp, test } from './fixtures';
import { showAt } from './show-at';
import { shootBothSizes, WORKSTATION } from './both-sizes';
import { axeFindings } from './axe-findings';

test("a till's first location is anyone's choice; a change asks a manager's PIN and is kept", async ({ page }) => {
  const app = await startApp(undefined, { manager: false });
  try {
    await showAt(page, { width: 1280, height: 800 });
    await page.goto(app.host.url);
    await page
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('button', { name: 'Passes', exact: true })
      .click();
    const picker = page.getByRole('combobox', { name: 'Location' });
    await expect(picker.locator('option', { hasText: 'Garden Terrace' })).toBeAttached();
    await picker.selectOption({ label: 'Harbour Bar & Kitchen' });
    await expect(page.getByLabel('Scan a pass or type its id')).toBeVisible();
    await expect(page.getByTestId('manager-pin-prompt')).toHaveCount(0);

    await picker.selectOption({ label: 'Garden Terrace' });
    const prompt = page.getByTestId('manager-pin-prompt');
    await expect(prompt).toBeVisible();
    await expect(page.getByText('Garden Terrace is chosen once a manager signs in.')).toBeVisible();
    // On a line of its own, under the heading and the picker, not squeezed between them.
    const heading = (await page.getByRole('heading', { name: 'Passes', level: 1 }).boundingBox())!;
    const pick = (await picker.boundingBox())!;
    const box = (await prompt.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(Math.max(heading.y + heading.height, pick.y + pick.height));
    await shootBothSizes(page, 'till-location-pin', { leaveAt: WORKSTATION });
    expect(await axeFindings(page)).toEqual([]);
    await prompt.getByRole('textbox', { name: 'Manager PIN' }).fill('9999');
    await prompt.getByRole('button', { name: 'Sign in' }).click();
    await expect(prompt).toHaveCount(0);
    await expect(picker.locator('option:checked')).toHaveText('Garden Terrace');
  } finally {
    await stopApp(app);
  }
});
