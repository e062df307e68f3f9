// A portrait kiosk (1080x1920) read from a step away. "Tap your name": the tiles share the pad's
// whole width, each person's name on one line and their role in readable type, not 14px under a
// name that broke in two beside an empty column. The PIN pad's message ("1 try left before the
// pad locks") in type that goes with 56px keys. Line boxes, widths and sizes in Chromium against
// the real app (core + host + embedded sandbox); screenshots at both sizes.
import { test, expect } from './fixtures';
import { enterPin, openKiosk } from './kiosk-steps';
import { showAt } from './show-at';
import { lines } from './line-count';

const shot = (name: string) => test.info().outputPath(name);

test('on a portrait kiosk the names fill the pad, each on one line, roles readable', async ({ page, app }) => {
  await openKiosk(page, app.host.url);
  await page.getByRole('button', { name: 'Or tap your name' }).click();
  const picker = page.getByRole('region', { name: 'Tap your name' });
  await expect(picker.locator('.k-name')).toHaveCount(4);
  await page.screenshot({ path: shot('kiosk-names-1280x800.png') });

  await showAt(page, { width: 1080, height: 1920 });
  const grid = await picker.locator('.k-name-grid').boundingBox();
  const tiles = await picker.locator('.k-name').all();
  let right = 0;
  for (const tile of tiles) {
    const name = (await tile.locator('.k-name-main').innerText()).trim();
    expect(await lines(tile.locator('.k-name-main')), `"${name}" on one line`).toBe(1);
    const role = await tile
      .locator('.k-name-sub')
      .evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).fontSize);
    expect(parseFloat(role), `${name}'s role in readable type`).toBeGreaterThanOrEqual(18);
    const box = (await tile.boundingBox())!;
    right = Math.max(right, box.x + box.width);
  }
  // No empty column: the last tile of the row reaches the grid's right edge.
  expect(grid!.x + grid!.width - right, 'the tiles reach across the pad').toBeLessThan(2);
  await page.screenshot({ path: shot('kiosk-names-1080x1920.png') });
});

test("on a portrait kiosk the PIN pad's message is as readable as its keys", async ({ page, app }) => {
  await openKiosk(page, app.host.url);
  await showAt(page, { width: 1080, height: 1920 });
  await enterPin(page, '8080');
  const message = page.getByTestId('pad-message');
  await expect(message).toContainText('not recognised');
  const size = await message.evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).fontSize);
  expect(parseFloat(size), 'the message in type read from a step away').toBeGreaterThanOrEqual(24);
  await page.screenshot({ path: shot('kiosk-pad-message-1080x1920.png') });
});
