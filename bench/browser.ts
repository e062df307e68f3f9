// Chromium for the screen rows, the way the e2e tests and scripts/screenshots.ts drive it, plus
// the in-page probe that timestamps rows as they appear.
//
// Method: a MutationObserver installed before the page's own scripts notes, for every row
// (role=row with a data-seq, i.e. loaded, not a "loading…" placeholder) inside
// [data-testid=event-list], the page time its seq first appeared in the DOM (`dom`) and the time of
// the next animation frame (`frame`: the frame that paints it). Page time is
// performance.timeOrigin + performance.now(). It is compared with the same expression in Node after
// measuring the offset between the two clocks (both derive from the system clock, so it is near
// zero): the offset is taken from the fastest of 20 page.evaluate round trips, and its error is at
// most half that round trip (reported per run, typically well under 1 ms).
//
// Page-side code is written as strings: tsx compiles this file with esbuild's keepNames, which
// wraps nested functions in a __name() helper that does not exist in the page. Pages are opened
// with bypassCSP, because Playwright evaluates string predicates with eval, which the app's
// Content-Security-Policy (script-src 'self') forbids; nothing else about the page changes.
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { wallNow } from './stats';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export interface SeenRow {
  dom: number;
  frame: number | null;
}

const PROBE = `(() => {
  if (window.__benchProbe) return;
  const seen = new Map();
  const now = () => performance.timeOrigin + performance.now();
  const scan = () => {
    const t = now();
    const fresh = [];
    for (const row of document.querySelectorAll('[data-testid="event-list"] [role="row"][data-seq]')) {
      const seq = Number(row.getAttribute('data-seq'));
      if (!Number.isFinite(seq) || seen.has(seq)) continue;
      const record = { dom: t, frame: null };
      seen.set(seq, record);
      fresh.push(record);
    }
    if (fresh.length > 0) requestAnimationFrame(() => { const f = now(); for (const r of fresh) r.frame = f; });
  };
  new MutationObserver(scan).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-seq'] });
  window.__benchProbe = { seen, now };
})();`;

/** Installs the probe in every document the page loads from now on. */
export async function addProbe(page: Page): Promise<void> {
  await page.addInitScript({ content: PROBE });
}

/** Page clock, ms. */
export function pageNow(page: Page): Promise<number> {
  return page.evaluate('performance.timeOrigin + performance.now()') as Promise<number>;
}

/** When row `seq` appeared (page clock), waiting up to `timeoutMs` for it to be painted. */
export async function waitForRow(page: Page, seq: number, timeoutMs = 10_000): Promise<SeenRow> {
  const handle = await page.waitForFunction(
    `(() => { const r = window.__benchProbe && window.__benchProbe.seen.get(${Number(seq)}); return r && r.frame !== null ? r : null; })()`,
    undefined,
    { timeout: timeoutMs, polling: 'raf' },
  );
  return (await handle.jsonValue()) as SeenRow;
}

/** The earliest row (any seq, or only `seq` when given) that appeared at or after page time `since`, once painted. */
export async function waitForRowSince(
  page: Page,
  since: number,
  seq: number | null = null,
  timeoutMs = 30_000,
): Promise<SeenRow> {
  const handle = await page.waitForFunction(
    `(() => {
      let best = null;
      for (const [s, r] of (window.__benchProbe ? window.__benchProbe.seen : new Map())) {
        if (${seq === null ? 'false' : `s !== ${Number(seq)}`}) continue;
        if (r.dom >= ${since} && r.frame !== null && (best === null || r.dom < best.dom)) best = r;
      }
      return best;
    })()`,
    undefined,
    { timeout: timeoutMs, polling: 'raf' },
  );
  return (await handle.jsonValue()) as SeenRow;
}

export interface ClockOffset {
  /** page clock − Node clock, ms. */
  offset: number;
  /** Bound on the offset's error (half the fastest round trip), ms. */
  error: number;
}

export async function clockOffset(page: Page, samples = 20): Promise<ClockOffset> {
  let best = { rtt: Number.POSITIVE_INFINITY, offset: 0 };
  for (let i = 0; i < samples; i++) {
    const t0 = wallNow();
    const p = await pageNow(page);
    const t1 = wallNow();
    if (t1 - t0 < best.rtt) best = { rtt: t1 - t0, offset: p - (t0 + t1) / 2 };
  }
  return { offset: best.offset, error: best.rtt / 2 };
}
