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
  await confirmation.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();
}
