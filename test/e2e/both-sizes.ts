// The screen as it is now at the two sizes every screen is checked at: a 1280x800 workstation and a
// 1080x1920 portrait kiosk, shot as `<name>-<width>x<height>.png`.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeFindings } from './axe-findings';
import { screenPath } from './docs-screens';
import { showAt } from './show-at';

export interface Size {
  width: number;
  height: number;
}

export const WORKSTATION: Size = { width: 1280, height: 800 };
export const PORTRAIT_KIOSK: Size = { width: 1080, height: 1920 };

/** The top of the screen: a page's heading or the kiosk's header. */
export const screenTop = (page: Page): Locator => page.locator('h1, .k-header').first();

export interface BothSizesOptions {
  /**
   * 'docs' (the default): into docs/screens when VENUE_DOCS_SCREENS=1, else the test's output
   * (screenPath); 'output': always the test's output, for shots the docs do not keep.
   */
  to?: 'docs' | 'output';
  fullPage?: boolean;
  /** Scrolled into view (where it is not) at each size before its shot. */
  inView?: Locator;
  /** Run at each size before its shot, for a view `inView` cannot arrange. */
  arrange?: (size: Size) => Promise<void>;
  /** axe finds nothing at either size. */
  axe?: boolean;
  /** The size the page is left at: the portrait kiosk's unless given; 'as before' is the size it had. */
  leaveAt?: Size | 'as before';
}

export async function shootBothSizes(page: Page, name: string, options: BothSizesOptions = {}): Promise<void> {
  const before = page.viewportSize();
  for (const size of [WORKSTATION, PORTRAIT_KIOSK]) {
    await showAt(page, size);
    await options.inView?.scrollIntoViewIfNeeded();
    await options.arrange?.(size);
    const file = `${name}-${size.width}x${size.height}.png`;
    await page.screenshot({
      path: options.to === 'output' ? test.info().outputPath(file) : screenPath(file),
      fullPage: options.fullPage,
    });
    if (options.axe) expect(await axeFindings(page), `${name} at ${size.width}x${size.height}`).toEqual([]);
  }
  const leaveAt = options.leaveAt === 'as before' ? before : options.leaveAt;
  if (leaveAt) await showAt(page, leaveAt);
}
