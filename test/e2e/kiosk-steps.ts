// What a person does at the kiosk's pad, by role and label, for every e2e spec that walks it.
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** Opens the Kiosk screen on a fresh app and picks the practice venue's Harbour location. */
export async function openKiosk(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('button', { name: 'Kiosk', exact: true }).click();
  // First run: this kiosk has no location yet.
  await page.getByRole('button', { name: /Harbour Bar & Kitchen/ }).click();
  await expect(page.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();
}

/** Taps the PIN's digits and the pad's go key (its name in the kiosk's language). */
export async function enterPin(page: Page, pin: string, go: string | RegExp = 'Enter PIN'): Promise<void> {
  for (const digit of pin) await page.getByRole('button', { name: digit, exact: true }).click();
  await page.getByRole('button', { name: go }).click();
}

/** The punch's confirmation says it was saved and `line`; its Done button goes back to the pad. */
export async function done(page: Page, line: RegExp): Promise<void> {
  const confirmation = page.getByTestId('punch-confirmation');
  await expect(confirmation).toContainText('Saved');
  await expect(confirmation).toContainText(line);
  await closeConfirmation(page);
}

/**
 * Presses the punch confirmation's button (`name`, in the pad's language) and waits for the pad.
 * The confirmation also closes by itself after a few seconds of the page's clock, which a loaded
 * machine can spend between two steps of a test; so the press happens inside the page in one go,
 * on the button if it is still there, and never waits for a button that has gone.
 */
export async function closeConfirmation(page: Page, name = 'Done'): Promise<void> {
  const pad = page.getByRole('heading', { name: 'Enter your PIN' });
  // The confirmation, or the pad once the confirmation has closed by itself.
  await expect(page.getByTestId('punch-confirmation').or(pad)).toBeVisible();
  // evaluateAll takes the buttons there are now, none if the confirmation has gone.
  await page
    .getByTestId('punch-confirmation')
    .getByRole('button', { name, exact: true })
    .evaluateAll((buttons) => buttons.forEach((button) => (button as unknown as { click(): void }).click()));
  await expect(pad).toBeVisible();
}
