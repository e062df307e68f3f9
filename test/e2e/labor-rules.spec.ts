// The venue's labor rules as a manager sets them and staff meet them, in Chromium against the real
// app: overtime coming on the board under the California preset, a break that cannot end before
// its minimum without a manager's PIN at the pad, and the business day's end for auto clock-out.
import type { Page } from '@playwright/test';
import { clockTime } from '../../shared/time';
import { test, expect, type RunningApp } from './fixtures';
import { done, enterPin, openKiosk } from './kiosk-steps';
import { shootBothSizes, WORKSTATION } from './both-sizes';

/** The manager's Kiosk settings: California overtime and breaks, plus what `extra` ticks. */
async function californiaRules(page: Page, extra: (page: Page) => Promise<void> = async () => {}) {
  await page.getByRole('button', { name: 'Manager' }).click();
  await enterPin(page, '9999');
  await page.getByRole('button', { name: 'Kiosk settings' }).click();
  await page.getByLabel('Overtime rules (the board and the timesheet CSV)').selectOption('california');
  await page.getByLabel('Required breaks (flagged on the timesheet CSV)').selectOption('california');
  await extra(page);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
}

async function closeManager(page: Page) {
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();
}

async function venueZone(app: RunningApp): Promise<string | null> {
  return (await app.core.handlers.laborView()).location?.timezone ?? null;
}

test('overtime coming shows on the board with the time it starts, on the venue clock', async ({ page, app }) => {
  await openKiosk(page, app.host.url);
  await californiaRules(page);
  await closeManager(page);
  await enterPin(page, '1111');
  await page.getByRole('button', { name: 'Punch in as Server' }).click();
  await done(page, /Sam, you're punched in as Server/);
  const row = page.getByTestId('board-row').filter({ hasText: 'Sam Server' });
  await expect(row).toContainText('Sam');
  await expect(row.getByTestId('overtime-badge')).toHaveCount(0);
  await expect.poll(() => app.core.sandbox()!.world.labor.all().length).toBe(1);
  const shiftStart = (await app.core.handlers.laborView()).board.rows[0].shiftStart;
  const tz = await venueZone(app);

  // 7 h 40 min into the shift: California's daily 8 h comes in 20 min, inside the 30 min warning.
  await page.clock.setSystemTime(shiftStart + (7 * 60 + 40) * 60_000);
  const badge = row.getByTestId('overtime-badge');
  await expect(badge).toHaveText(`Overtime at ${clockTime(shiftStart + 8 * 3_600_000, tz)} · 8 h today`);
  await shootBothSizes(page, 'kiosk-overtime-soon', { to: 'output', leaveAt: WORKSTATION });

  // 9 h in: in overtime since 8 h; double time (12 h) is 3 h away, outside the window.
  await page.clock.setSystemTime(shiftStart + 9 * 3_600_000);
  await expect(badge).toHaveText(`Overtime since ${clockTime(shiftStart + 8 * 3_600_000, tz)} · 8 h today`);
  // 11 h 45 min in: double time at 12 h.
  await page.clock.setSystemTime(shiftStart + (11 * 60 + 45) * 60_000);
  await expect(badge).toHaveText(`Double time at ${clockTime(shiftStart + 12 * 3_600_000, tz)} · 12 h today`);
});

test('ending a break before its minimum needs a manager’s PIN at the pad, and is noted for review', async ({
  page,
  app,
}) => {
  await openKiosk(page, app.host.url);
  await californiaRules(page, async (p) => {
    await p.getByLabel('Ending a break early needs a manager’s PIN').check();
  });
  await closeManager(page);

  await enterPin(page, '2222');
  await page.getByRole('button', { name: 'Punch in as Bartender' }).click();
  await done(page, /punched in/);
  await enterPin(page, '2222');
  await page.getByRole('button', { name: 'Start break' }).click();
  await page.getByRole('button', { name: 'Meal break · unpaid' }).click();
  await done(page, /break started/);
  const breakStart = (await app.core.handlers.laborView()).board.rows[0].breakStart!;
  const tz = await venueZone(app);

  await enterPin(page, '2222');
  await page.getByRole('button', { name: 'End break' }).click();
  await expect(page.getByTestId('break-too-short')).toContainText(
    `Jordan, a break here lasts at least 30 min: yours can end at ${clockTime(breakStart + 30 * 60_000, tz)}.`,
  );
  await shootBothSizes(page, 'kiosk-break-override', { to: 'output', leaveAt: WORKSTATION });
  // A staff PIN does not allow it.
  await enterPin(page, '1111');
  await expect(page.getByRole('alert')).toContainText('does not belong to a manager');
  await enterPin(page, '9999');
  await done(page, /welcome back/i);
  expect(app.core.labor.reviewNotes()).toMatchObject([{ kind: 'break-override', userId: '2004' }]);
  await expect(page.locator('[data-testid="board-row"][data-user="2004"]')).not.toContainText('On break');
});

test('needs review: a break a manager let end early, with who, and Open shows that person’s day', async ({
  page,
  app,
}) => {
  // The same state as above, made through the core's own requests so this test walks the list alone.
  const h = app.core.handlers;
  const [harbour] = (await h.laborLocations()).filter((l) => l.name === 'Harbour Bar & Kitchen');
  await h.laborSetLocation(null, harbour);
  const boss = await h.laborIdentify({ pin: '9999' });
  const { settings } = await h.laborView();
  await h.laborSaveSettings(boss.token, {
    ...settings,
    overtimePreset: 'california',
    breakPreset: 'california',
    blockEarlyBreakEnd: true,
  });
  const jordan = async () => (await h.laborIdentify({ pin: '2222' })).token;
  await h.laborPunch(await jordan(), { action: 'punch-in' });
  await h.laborPunch(await jordan(), { action: 'break-start' });
  await h.laborPunch(await jordan(), { action: 'break-end', managerToken: boss.token });
  await h.laborEndSession(boss.token);

  await page.goto(app.host.url);
  await page.getByRole('button', { name: 'Kiosk', exact: true }).click();
  await page.getByRole('button', { name: 'Manager' }).click();
  await enterPin(page, '9999');
  const review = page.getByRole('region', { name: 'Needs review' });
  const item = review.getByTestId('review-item').filter({ hasText: 'Break ended early' });
  await expect(item).toContainText('Jordan Bartender');
  await expect(item).toContainText('allowed by Alex Manager');
  await review.getByRole('heading', { name: /Needs review/ }).scrollIntoViewIfNeeded();
  await shootBothSizes(page, 'manager-needs-review', { to: 'output', leaveAt: WORKSTATION });
  await item.getByRole('button', { name: /^Open Jordan Bartender/ }).click();
  await expect(page.getByRole('combobox', { name: 'Person' })).toHaveValue('2004');
});

test('a manager sets the business day’s end for auto clock-out', async ({ page, app }) => {
  await openKiosk(page, app.host.url);
  await californiaRules(page, async (p) => {
    await p.getByLabel('Clock out shifts left open at the end of the business day').check();
    await p.getByLabel('Business day ends at (venue time)').fill('03:30');
  });
  expect((await app.core.handlers.laborView()).settings.businessDayEnd).toBe('03:30');
  await shootBothSizes(page, 'kiosk-settings-labor-rules', {
    to: 'output',
    inView: page.getByText('Ending a break early needs a manager’s PIN'),
  });
});
