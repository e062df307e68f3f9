// Asking for an itemised refund in the open refund dialog, as a manager does: one more of the first
// item, a reason for it, and the manager's PIN. What the refund then does is each spec's own.
import type { Locator } from '@playwright/test';

/**
 * Marks one more of the first item for refund, then fills its reason and the manager's PIN when
 * given. Returns the dialog's "Refund $…" button, not yet clicked.
 */
export async function askOneItemRefund(
  dialog: Locator,
  given: { reason?: string; pin?: string } = {},
): Promise<Locator> {
  await dialog
    .getByRole('button', { name: /^Refund one more/ })
    .first()
    .click();
  if (given.reason !== undefined)
    await dialog
      .getByRole('textbox', { name: /^Reason for/ })
      .first()
      .fill(given.reason);
  if (given.pin !== undefined) await dialog.getByLabel(/^Manager PIN/).fill(given.pin);
  return dialog.getByRole('button', { name: /^Refund \$/ });
}
