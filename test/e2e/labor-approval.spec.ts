// Time-card approval in Chromium against the real app (core + host + embedded sandbox), by role
// and label: a rest break at the kiosk is not held to the meal's minimum (California), the
// punch-out asks whether the breaks were taken and a "no" is approved in Needs review, a pay
// period is signed off, and the kiosk remembers the language a person picked. Each new screen is
// shot at both sizes (into docs/screens with VENUE_DOCS_SCREENS=1) and has no axe finding.
import type { Page } from '@playwright/test';
import { test, expect, type RunningApp } from './fixtures';
import { shootBothSizes, WORKSTATION, type BothSizesOptions } from './both-sizes';
import { done, enterPin } from './kiosk-steps';

const HARBOUR = { uuid: '1c000000-0000-4000-8000-000000000001', name: 'Harbour Bar & Kitchen' };
const ZONE = 'America/New_York';
/** Each new screen's shots: axe finds nothing at either size, and the page goes back to the workstation. */
const CHECKED: BothSizesOptions = { axe: true, leaveAt: WORKSTATION };

async function openKiosk(page: Page, app: RunningApp, settings: object = {}): Promise<void> {
  await app.core.handlers.laborSetLocation(null, { ...HARBOUR, timezone: ZONE });
  const manager = await app.core.handlers.laborIdentify({ pin: '9999' });
  const current = (await app.core.handlers.laborView()).settings;
  await app.core.handlers.laborSaveSettings(manager.token, { ...current, ...settings });
  await app.core.handlers.laborEndSession(manager.token);
  await page.goto(app.host.url);
  await page.getByRole('navigation').getByRole('button', { name: 'Kiosk', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();
}

test('a rest break is held to the rest’s 10 min, not the meal’s 30 (California); a "no" at punch-out is approved in Needs review', async ({
  page,
  app,
}) => {
  await openKiosk(page, app, { breakPreset: 'california', blockEarlyBreakEnd: true });
  await enterPin(page, '2222');
  await page.getByRole('button', { name: 'Punch in as Bartender' }).click();
  await done(page, /punched in/);

  await enterPin(page, '2222');
  await page.getByRole('button', { name: 'Start break' }).click();
  await expect(page.getByRole('heading', { name: 'Which break?' })).toBeVisible();
  await shootBothSizes(page, 'kiosk-break-kind', CHECKED);
  await page.getByRole('button', { name: 'Rest break · paid' }).click();
  await done(page, /break started/);
  await expect
    .poll(() =>
      app.core
        .sandbox()!
        .world.labor.all()
        .map((e) => e.punchType),
    )
    .toContain('paid_break');

  // Ended at once: held to the rest's 10 min, never the meal's 30 (a manager's PIN allows it).
  await enterPin(page, '2222');
  await page.getByRole('button', { name: 'End break' }).click();
  await expect(page.getByTestId('break-too-short')).toContainText('Jordan, a break here lasts at least 10 min');
  await enterPin(page, '9999');
  await done(page, /welcome back/i);

  await enterPin(page, '2222');
  await expect(page.getByTestId('day-so-far')).toContainText('worked');
  await page.getByRole('button', { name: 'Punch out' }).click();
  await expect(page.getByRole('group', { name: 'Did you get your meal and rest breaks today?' })).toBeVisible();
  await page.getByRole('button', { name: 'No', exact: true }).click();
  await page.getByRole('button', { name: 'Add a note for the manager' }).click();
  await page.getByLabel('Note for the manager (optional)').fill('Too busy for the meal');
  await shootBothSizes(page, 'kiosk-punch-out-check', CHECKED);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Punch out · $0.00' }).click();
  await done(page, /punched out/);

  await page.getByRole('button', { name: 'Manager' }).click();
  await enterPin(page, '9999');
  const review = page.getByRole('region', { name: 'Needs review' });
  const item = review.getByTestId('review-item').filter({ hasText: 'Said no to breaks' });
  await expect(item).toContainText('Jordan');
  await expect(item.getByTestId('review-status')).toHaveText('Open');
  await item.getByRole('button', { name: /^Comment Jordan/ }).click();
  await item.getByLabel('Comment').fill('Spoke with Jordan');
  await item.getByRole('button', { name: 'Save comment' }).click();
  await expect(item.getByTestId('review-trail')).toContainText('Comment by');
  await item.getByRole('button', { name: /^Approve Jordan/ }).click();
  await expect(item.getByTestId('review-status')).toHaveText('Approved');
  await expect(item.getByTestId('review-trail')).toContainText('Approved by');
  await review.scrollIntoViewIfNeeded();
  await shootBothSizes(page, 'manager-needs-review-actions', CHECKED);
  const m = await app.core.handlers.laborIdentify({ pin: '9999' });
  const kept = await app.core.handlers.laborApproval(m.token);
  expect(kept.decisions.map((d) => d.action)).toEqual(['comment', 'approve']);
  expect(kept.attestations).toMatchObject([{ answer: 'no', userId: '2004' }]);
});

test('a manager signs off the last pay period: it shows locked', async ({ page, app }) => {
  await openKiosk(page, app);
  await page.getByRole('button', { name: 'Manager' }).click();
  await enterPin(page, '9999');
  await page.getByRole('navigation', { name: 'Manager sections' }).getByRole('button', { name: 'Pay periods' }).click();
  const rows = page.getByTestId('pay-period');
  await expect(rows.first()).toContainText('Running');
  await rows
    .nth(1)
    .getByRole('button', { name: /^Sign off/ })
    .click();
  await expect(rows.nth(1)).toContainText(/Signed off by .*: locked/);
  await shootBothSizes(page, 'manager-pay-periods', CHECKED);
});

test('the kiosk remembers the language a person picked', async ({ page, app }) => {
  await openKiosk(page, app);
  await page.getByRole('button', { name: 'Español' }).click();
  await enterPin(page, '2222', 'Entrar: ingresar PIN');
  await expect(page.getByRole('heading', { name: 'Hola, Jordan' })).toBeVisible();
  await page.getByRole('button', { name: '¿No es Jordan? Volver al teclado del PIN' }).click();
  // Back at the pad the kiosk speaks its own language to the next person…
  await expect(page.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();
  await enterPin(page, '1111');
  await expect(page.getByRole('heading', { name: 'Hi Sam' })).toBeVisible();
  await page.getByRole('button', { name: 'Not Sam? Back to the PIN pad' }).click();
  // …and Jordan, signing in at the English pad without touching the switch, is spoken to in Spanish.
  await enterPin(page, '2222');
  await expect(page.getByRole('heading', { name: 'Hola, Jordan' })).toBeVisible();
  await page.reload();
  await page.getByRole('navigation').getByRole('button', { name: 'Kiosk', exact: true }).click();
  await enterPin(page, '2222');
  await expect(page.getByRole('heading', { name: 'Hola, Jordan' })).toBeVisible();
});
