// Settings → Check this service proposes the one money setting its answers show, and one click
// applies it: a service whose "number" fields are dollars (tips of $12.50 come as 12.5) is
// confirmed as such, and Settings → Money units says so. Also writes the screenshots of both
// cards at the two screen sizes (into docs/screens with VENUE_DOCS_SCREENS=1).
import { SEED_ROLES } from '../../electron/sandbox';
import { FAMILY_LABEL } from '../../shared/money-units';
import { test, expect } from './fixtures';
import { showAt } from './show-at';
import { screenPath } from './docs-screens';

for (const size of [
  { width: 1280, height: 800 },
  { width: 1080, height: 1920 },
]) {
  test(`Check this service: confirm the unit it saw with one click (${size.width}x${size.height})`, async ({
    page,
    app,
    openApp,
  }) => {
    await showAt(page, size);
    const world = app.core.sandbox()!.world;
    world.readings = { ...world.readings, moneyNumbers: 'dollars' };
    const integration = [...world.integrations.values()][0];
    const location = [...integration.authorizedLocationUuids][0];
    integration.subscribedLocationUuids.add(location);
    const start = world.clock.nowMs() - 3 * 3_600_000;
    world.labor.add({
      locationUuid: location,
      shiftUuid: null,
      punchType: 'shift',
      userId: '2004',
      role: 'bartender',
      roleUuid: SEED_ROLES.bartender,
      punchInMs: start,
      punchOutMs: start + 3_600_000,
      declaredTips: 1250,
      createdMs: start,
    });

    await openApp();
    await page.getByRole('navigation').getByRole('button', { name: 'Settings', exact: true }).click();
    const check = page.getByRole('region', { name: 'Check this service' });
    await check.getByRole('button', { name: 'Check this service' }).click();
    const row = check.getByRole('row', { name: /Money: open number fields/ });
    await expect(row).toContainText('with a fraction (e.g. 12.5): dollars');
    const label = `${FAMILY_LABEL.numbers} are dollars`;
    // Nothing a read can show about payments: no setting proposed there.
    await expect(check.getByRole('row', { name: /Money: amounts sent in/ }).getByRole('button')).toHaveCount(0);
    // The money rows sit low in a long report: scrolled to the first of them, so the picture shows
    // what was read and the one-click confirm rather than the report's top.
    await check
      .getByRole('row', { name: /^Money:/ })
      .first()
      .evaluate((el) => {
        el.scrollIntoView({ block: 'start' });
        // The wide dashboard URLs below would leave the page scrolled sideways: back to its left edge.
        for (let n: typeof el | null = el; n; n = n.parentElement) n.scrollLeft = 0;
        if (el.ownerDocument.scrollingElement) el.ownerDocument.scrollingElement.scrollLeft = 0;
      });
    await page.screenshot({ path: screenPath(`service-check-money-${size.width}x${size.height}.png`) });
    await row.getByRole('button', { name: `Confirm: ${label}` }).click();
    await expect(row.getByRole('status')).toHaveText(`Confirmed: ${label}`);

    const units = page.getByRole('region', { name: 'Money units' });
    await expect(units.getByTestId('money-units-numbers')).toContainText('decimal dollars');
    await expect(units.getByTestId('money-units-numbers')).toContainText('Confirmed in Settings');
    await expect(
      units
        .getByRole('radiogroup', { name: `${FAMILY_LABEL.numbers} are in` })
        .getByRole('radio', { name: 'Dollars (12.50)' }),
    ).toHaveAttribute('aria-checked', 'true');
    // The other families are the practice venue's reading (it is the app's own): decided, not asked.
    await expect(units.getByTestId('money-units-sent')).toContainText('whole cents');
    await expect(units.getByTestId('money-units-sent')).toContainText('practice venue');
    await expect(units.getByTestId('money-units-sent')).not.toContainText('Not decided');
    expect(app.core.tabs.money.current().numbers).toMatchObject({ unit: 'dollars', source: 'chosen' });
    await units.scrollIntoViewIfNeeded();
    await units.screenshot({ path: screenPath(`money-units-${size.width}x${size.height}.png`) });
  });
}
