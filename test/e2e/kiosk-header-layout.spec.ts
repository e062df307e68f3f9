// The kiosk's top line on a 1280x800 workstation, where the screens' menu takes the left 200px:
// the venue's name, the clock, the sync pill and the buttons in English and in Spanish, each on
// one line and clear of the others, and the same in a portrait kiosk and in kiosk view. Text lines
// counted from the browser's own line boxes, boxes compared, in Chromium against the real app
// (core + host + embedded sandbox); screenshots at both sizes.
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { openKiosk, enterPin } from './kiosk-steps';
import { showAt } from './show-at';
import { lines } from './line-count';
import { boxOf, overlaps } from './layout-boxes';

const shot = (name: string) => test.info().outputPath(name);

/** The header's name and buttons each on one line, and no two of its parts over each other. */
async function headerReads(page: Page, buttons: string[]): Promise<void> {
  const header = page.locator('.k-header');
  const name = header.locator('.k-location');
  await expect(name).toHaveText('Harbour Bar & Kitchen');
  expect(await lines(name), "the venue's name on one line").toBe(1);
  const parts: [string, Locator][] = [
    ['name', name],
    ['clock', page.getByTestId('kiosk-clock')],
    ['sync pill', header.locator('.k-pill').first()],
  ];
  for (const label of buttons) {
    const button = header.getByRole('button', { name: label, exact: true });
    expect(await lines(button), `"${label}" on one line`).toBe(1);
    parts.push([label, button]);
  }
  const width = page.viewportSize()!.width;
  const boxes = await Promise.all(parts.map(async ([label, part]) => [label, await boxOf(part)] as const));
  for (const [i, [label, box]] of boxes.entries()) {
    expect(box.x + box.width, `${label} ends inside the window`).toBeLessThanOrEqual(width);
    for (const [other, otherBox] of boxes.slice(i + 1))
      expect(
        overlaps(box, otherBox),
        `${label} ${JSON.stringify(box)} clear of ${other} ${JSON.stringify(otherBox)}`,
      ).toBe(false);
  }
}

test("the kiosk header keeps the venue's name and its buttons on one line, in English and Spanish", async ({
  page,
  app,
}) => {
  await openKiosk(page, app.host.url);
  // A workstation: the screens' menu on the left leaves the kiosk 1080px.
  await expect(page.getByRole('navigation', { name: 'Screens' })).toBeVisible();
  await headerReads(page, ['Kiosk view', 'Manager']);
  await page.screenshot({ path: shot('kiosk-header-1280x800.png') });

  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { name: 'Ingrese su PIN' })).toBeVisible();
  await headerReads(page, ['Vista de quiosco', 'Gerente']);
  await page.screenshot({ path: shot('kiosk-header-es-1280x800.png') });
  // With a person's panel open too (the pad's language stays for their turn).
  await enterPin(page, '1111', 'Entrar: ingresar PIN');
  await expect(page.getByRole('heading', { name: 'Hola, Sam' })).toBeVisible();
  await headerReads(page, ['Vista de quiosco', 'Gerente']);

  await showAt(page, { width: 1080, height: 1920 });
  await headerReads(page, ['Vista de quiosco', 'Gerente']);
  await page.screenshot({ path: shot('kiosk-header-es-1080x1920.png') });
  await page.getByRole('button', { name: '¿No es Sam? Volver al teclado del PIN' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();
  await headerReads(page, ['Kiosk view', 'Manager']);

  // Kiosk view: the whole width, no menu.
  await showAt(page, { width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Kiosk view' }).click();
  await expect(page.getByRole('navigation', { name: 'Screens' })).toHaveCount(0);
  await headerReads(page, ['Manager']);
  await page.screenshot({ path: shot('kiosk-header-kiosk-view-1280x800.png') });
});
