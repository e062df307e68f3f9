// Check this service with nothing to confirm: the report's long routes and ids wrap anywhere, and
// once squeezed the "To confirm" heading into a letter group a line. Each heading stays one line.
import { expect, test } from './fixtures';

test('Check this service keeps each column heading on one line', async ({ openApp }) => {
  const page = await openApp();
  await page.getByRole('navigation').getByRole('button', { name: 'Settings', exact: true }).click();
  const check = page.getByRole('region', { name: 'Check this service' });
  await check.getByRole('button', { name: 'Check this service' }).click();
  await expect(check.getByRole('row', { name: /^Labor entries/ })).toBeVisible();
  // The lines each heading's text takes, counted in the page (a string: this file has no DOM types).
  const lines = await page.evaluate<Record<string, number>>(`Object.fromEntries(
    [...document.querySelectorAll('[data-testid=service-check] thead th')].map((th) => {
      const range = document.createRange();
      range.selectNodeContents(th);
      return [th.textContent, new Set([...range.getClientRects()].map((b) => Math.round(b.top))).size];
    }),
  )`);
  expect(lines).toEqual({ Point: 1, 'The service showed': 1, Reading: 1, 'The app assumes': 1, 'To confirm': 1 });
});
