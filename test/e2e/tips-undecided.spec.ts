// Declared tips against a real service (a sandbox of its own) whose "number" fields are dollars
// and whose units nobody confirmed: the timesheet shows $13.00 of tips both ways ("$13.00 or
// $0.13") with why and a Confirm to Settings; a punch-out with tips is refused where it was
// pressed, saying why, and nothing is stored; once dollars are confirmed the tips are $13.00.
import { test, expect } from './fixtures';
import { SEED_LOCATIONS, SEED_ROLES } from '../../electron/sandbox';
import { done, enterPin } from './kiosk-steps';
import { earlierToday } from './business-day';
import { DOLLARS, confirmNumbersInDollars, onRemoteService } from './remote-service';

test('declared tips in a unit not confirmed: both readings in the timesheet, a punch-out with tips waits and says why', async ({
  app,
  openApp,
}) => {
  await onRemoteService(app, DOLLARS, async (remote) => {
    await app.core.handlers.laborSetLocation(null, {
      uuid: SEED_LOCATIONS.harbour,
      name: 'Harbour Bar & Kitchen',
      timezone: 'America/New_York',
    });
    expect(app.core.tabs.money.decided('numbers')).toBe(false);
    // A real service brings no PINs (the practice ones go as the app leaves it): its first manager
    // is set up here, and adds a bartender.
    await expect.poll(async () => (await app.core.handlers.laborView()).needsManagerSetup).toBe(true);
    const manager = await app.core.handlers.laborSetupManager({ userId: '2001', name: 'Alex Manager', pin: '9999' });
    await app.core.handlers.laborSaveStaff(manager.token, {
      userId: '2004',
      name: 'Jordan Bartender',
      manager: false,
      roles: [{ role: 'bartender', roleUuid: SEED_ROLES.bartender, locationUuid: SEED_LOCATIONS.harbour }],
    });
    await app.core.handlers.laborSetPin(manager.token, '2004', '2222');
    await app.core.handlers.laborSaveStaff(manager.token, {
      userId: '2006',
      name: 'Morgan Server',
      manager: false,
      roles: [{ role: 'bartender', roleUuid: SEED_ROLES.bartender, locationUuid: SEED_LOCATIONS.harbour }],
    });
    // Morgan's shift earlier today with $13.00 of tips: 13 on the wire, which cents could be too.
    const now = remote.world.clock.nowMs();
    const start = earlierToday(now, 3 * 3_600_000);
    remote.world.labor.add({
      locationUuid: SEED_LOCATIONS.harbour,
      shiftUuid: null,
      punchType: 'shift',
      userId: '2006',
      role: 'bartender',
      roleUuid: SEED_ROLES.bartender,
      punchInMs: start,
      punchOutMs: start + Math.min(3_600_000, Math.floor((now - start) / 2)),
      declaredTips: 1300,
      createdMs: start,
    });

    const page = await openApp();
    await page.getByRole('button', { name: 'Kiosk', exact: true }).click();
    await enterPin(page, '2222');
    await page.getByRole('button', { name: 'Punch in as Bartender' }).click();
    await done(page, /Jordan, you're punched in as Bartender/);
    await enterPin(page, '2222');
    await page.getByRole('button', { name: 'Punch out' }).click();
    for (const d of '1250') await page.getByRole('button', { name: `tips ${d}`, exact: true }).click();
    await page.getByRole('button', { name: 'Punch out · $12.50' }).click();
    // Refused before anything is stored: the sentence says why and how to decide it.
    await expect(page.getByRole('alert')).toContainText('declared tips');
    await expect(page.getByRole('alert')).toContainText('Money units');
    await expect(page.locator('[data-testid="board-row"][data-user="2004"]')).toBeVisible();
    expect(remote.world.labor.all().find((e) => e.userId === '2004')?.punchOutMs ?? null).toBeNull();

    await page
      .getByRole('button', { name: 'Back' })
      .first()
      .click()
      .catch(() => undefined);
    await page.getByRole('button', { name: /^Not Jordan\?/ }).click();
    // On a Spanish pad the refusal is said in Spanish (the kiosk's own sentence, not the core's English).
    await page.getByRole('button', { name: 'Español' }).click();
    await enterPin(page, '2222', 'Entrar: ingresar PIN');
    await page.getByRole('button', { name: 'Marcar salida', exact: true }).click();
    for (const d of '1250') await page.getByRole('button', { name: `propinas ${d}`, exact: true }).click();
    await page.getByRole('button', { name: /^Marcar salida · / }).click();
    await expect(page.getByRole('alert')).toContainText('propinas declaradas');
    await expect(page.getByRole('alert')).toContainText('Money units');
    await expect(page.getByRole('alert')).not.toContainText('declared tips');
    // "Not me" gives the pad back in the kiosk's own language (English) for the rest.
    await page.getByRole('button', { name: 'Atrás' }).click();
    await page.getByRole('button', { name: /^¿No es Jordan\?/ }).click();
    await expect(page.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();
    await page.getByRole('button', { name: 'Manager' }).click();
    await enterPin(page, '9999');
    const morgan = page.getByTestId('totals-row').filter({ hasText: 'Morgan' });
    await expect(morgan).toContainText('$13.00 or $0.13');
    await expect(page.getByTestId('entry-row').filter({ hasText: 'Morgan' })).toContainText('$13.00 or $0.13');
    await page.getByTestId('money-unit-notice').getByRole('button', { name: 'Confirm the unit' }).click();
    await confirmNumbersInDollars(page);
    await page.getByRole('navigation').getByRole('button', { name: 'Kiosk', exact: true }).click();
    await page.getByRole('button', { name: 'Manager' }).click();
    await enterPin(page, '9999');
    await expect(page.getByTestId('totals-row').filter({ hasText: 'Morgan' }).locator('td').last()).toHaveText(
      '$13.00',
    );
  });
});
