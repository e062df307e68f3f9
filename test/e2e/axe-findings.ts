// Axe's findings of any impact on the page as it is, one line each (impact, rule, where), so a
// failing test says what to fix; the accessibility walk (accessibility.spec.ts) words them alike.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export async function axeFindings(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return result.violations.map(
    (v) =>
      `${v.impact} ${v.id} (${v.help}) on ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 4)
        .join(', ')}`,
  );
}
