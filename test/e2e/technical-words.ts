// Words of the service's interface that staff should never read on a floor screen: field names
// (user_id, time_shift_id), routes (GET /api/…), the service's codes (INTERNAL) and bare ids
// ("id 30002"). What the page shows as text (innerText: a closed "Details for support" disclosure
// is not shown, so what it holds is not read), each match with the text around it.
import type { Page } from '@playwright/test';

const PATTERNS: { what: string; re: RegExp }[] = [
  { what: 'a field name', re: /\b[a-z]+(?:_[a-z]+)+\b/g },
  { what: 'a route', re: /\b(?:GET|POST|PUT|PATCH|DELETE) \/\S*|\/api\/\S+|\/loc\/\S+/g },
  { what: 'a service code', re: /\b(?:INTERNAL|GATEWAY_[A-Z]+|PAYMENT_REFUNDED|ITEM_ADDED|OPEN_TAB)\b/g },
  { what: 'a bare id', re: /\bids? \d{3,}\b|\b(?:user|payment|item) id\b/gi },
];

export async function technicalWords(page: Page): Promise<string[]> {
  // Text set as code (a command, a file's columns) is shown as such on purpose: not read.
  // A string, not a function: the node half's type check has no DOM.
  const text = await page.evaluate<string>(`(() => {
    const copy = document.body.cloneNode(true);
    for (const code of copy.querySelectorAll('code, kbd, samp')) code.remove();
    // What a closed disclosure holds is for support: taken out as well.
    for (const details of copy.querySelectorAll('details:not([open])'))
      for (const child of [...details.children]) if (child.tagName !== 'SUMMARY') child.remove();
    copy.style.cssText = 'position:absolute;left:-99999px;top:0';
    document.body.append(copy);
    const shown = copy.innerText;
    copy.remove();
    return shown;
  })()`);
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
