// How many lines an element's text takes, from the line boxes the browser laid out: a name that
// wrapped, a button whose label broke in two.
import type { Locator } from '@playwright/test';

export function lines(locator: Locator): Promise<number> {
  return locator.evaluate((el) => {
    const range = el.ownerDocument.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  });
}
