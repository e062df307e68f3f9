// Words of the service's interface that staff should never read on a floor screen: field names
// (user_id, time_shift_id), routes (GET /api/…), the service's codes (INTERNAL), bare ids
// ("id 30002"), network addresses (127.0.0.1:8787/webhooks, a service's URL) and the plumbing's
// names (an integration token, webhooks, "listening on"): the status bar above the floor screens says
// whether the service answers and live updates arrive, and Settings keeps those. What the page
// shows as text (innerText: a closed "Details for support" disclosure is not shown, so what it holds
// is not read), each match with the text around it.
import type { Page } from '@playwright/test';

const PATTERNS: { what: string; re: RegExp }[] = [
  { what: 'a field name', re: /\b[a-z]+(?:_[a-z]+)+\b/g },
  { what: 'a route', re: /\b(?:GET|POST|PUT|PATCH|DELETE) \/\S*|\/api\/\S+|\/loc\/\S+/g },
  { what: 'a service code', re: /\b(?:INTERNAL|GATEWAY_[A-Z]+|PAYMENT_REFUNDED|ITEM_ADDED|OPEN_TAB)\b/g },
  { what: 'a bare id', re: /\bids? \d{3,}\b|\b(?:user|payment|item) id\b/gi },
  {
    what: 'a network address',
    re: /\b(?:\d{1,3}\.){3}\d{1,3}(?::\d+)?(?:\/[^\s,]*)?|\bhttps?:\/\/[^\s,]+|\blocalhost:\d+[^\s,]*/g,
  },
  {
    what: "a name of the service's plumbing",
    re: /\b(?:integration|user|access|bearer|refresh) token\b|\bwebhooks?\b|\blistening on\b|\bOAuth\b/gi,
  },
];

/** `within`: a CSS selector for the one part read (the status bar, say); the whole page if left out. */
export async function technicalWords(page: Page, within = 'body'): Promise<string[]> {
  // Text set as code (a command, a file's columns) is shown as such on purpose: not read.
  // A string, not a function: the node half's type check has no DOM.
  const text = await page.evaluate<string | null>(`((within) => {
    const part = document.querySelector(within);
    if (!part) return null;
    const copy = part.cloneNode(true);
    for (const code of copy.querySelectorAll('code, kbd, samp')) code.remove();
    // What a closed disclosure holds is for support: taken out as well.
    for (const details of copy.querySelectorAll('details:not([open])'))
      for (const child of [...details.children]) if (child.tagName !== 'SUMMARY') child.remove();
    copy.style.cssText = 'position:absolute;left:-99999px;top:0';
    document.body.append(copy);
    const shown = copy.innerText;
    copy.remove();
    return shown;
  })(${JSON.stringify(within)})`);
  // A part that is not there is not passed as plain.
  if (text === null) return [`nothing on the page is ${within}`];
  const found: string[] = [];
  for (const { what, re } of PATTERNS)
    for (const m of text.matchAll(re)) {
      const at = m.index ?? 0;
      found.push(
        `${what} "${m[0]}" in "…${text.slice(Math.max(0, at - 40), at + m[0].length + 40).replace(/\s+/g, ' ')}…"`,
      );
    }
  return found;
}
