import type { Page } from '@playwright/test';

/**
 * Sets the page's viewport to `size`, leaving full screen first the way Esc would. The kiosk asks
 * for full screen at its first touch; Chromium's headless shell then holds the window at the
 * screen's size and refuses to resize it.
 */
export async function showAt(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.evaluate('document.fullscreenElement ? document.exitFullscreen() : undefined');
  await page.setViewportSize(size);
}
