// Schedules in Chromium against the real app: a manager enters a shift on the week grid, the
// person then punches in an hour before it and is stopped ("You're N minutes early: wait or ask a
// manager"), a staff PIN cannot let them in and a manager's PIN can; a person scheduled 40 minutes
// ago who never came shows as a no-show on the manager's screen and on the live board. The grid and
// the prompt are shot at both sizes and checked with axe.
import { shortDay, toLocalInput } from '../../shared/time';
import { addDays } from '../../shared/labor-calc';
import { DEFAULT_SCHEDULE_RULES } from '../../shared/labor-schedule';
import { test, expect } from './fixtures';
import { screenTop, shootBothSizes, WORKSTATION, type BothSizesOptions } from './both-sizes';
import { done, enterPin, openKiosk } from './kiosk-steps';

const FIVE_MIN = 5 * 60_000;
/** Each shot from the top of the screen or of the part shown, axe at each size, then back to the workstation. */
const CHECKED: BothSizesOptions = { axe: true, leaveAt: WORKSTATION };

test('a shift entered on the grid; an early punch-in blocked, then allowed with a manager PIN; a no-show shown', async ({
  page,
  app,
}) => {
  const h = app.core.handlers;
  await openKiosk(page, app.host.url);
  const view = await h.laborView();
  const tz = view.location?.timezone ?? null;
  const jordan = view.staff.find((s) => s.userId === '2004')!;
  const sam = view.staff.find((s) => s.userId === '2002')!;

  // Jordan's shift starts about an hour from now on the venue's clock, at a five-minute mark.
  const startsAt = Math.ceil((Date.now() + 60 * 60_000) / FIVE_MIN) * FIVE_MIN;
  const [day, start] = toLocalInput(startsAt, tz).split('T');
  const end = toLocalInput(startsAt + 4 * 3_600_000, tz).split('T')[1];

  await page.getByRole('button', { name: 'Manager' }).click();
  await enterPin(page, '9999');
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  const rules = page.getByRole('form', { name: 'Schedule rules' });
  await rules.getByLabel('Punching in early').selectOption('manager');
  await rules.getByLabel('Minutes before the start a punch-in is on time').fill('10');
  await rules.getByRole('button', { name: 'Save rules' }).click();
  await expect(rules.getByText('Saved.')).toBeVisible();

  await page.getByLabel('Go to the week of').fill(day);
  await page.getByRole('button', { name: `Add a shift for ${jordan.name} on ${shortDay(day)}` }).click();
  const editor = page.getByRole('form', { name: 'Shift' });
  await editor.getByLabel('Starts').fill(start);
  await editor.getByLabel(/^Ends/).fill(end);
  await editor.getByRole('button', { name: 'Save shift' }).click();
  await expect(editor).toHaveCount(0);
  await expect(page.getByTestId('scheduled-shift')).toContainText(`${start}–${end}`);
  // The week's scheduled hours beside each person.
  const jordanRow = page.getByRole('table', { name: 'Schedule' }).getByRole('row').filter({ hasText: jordan.name });
  await expect(jordanRow.getByRole('cell').last()).toHaveText('4.0 h');

  // Sam was due 40 minutes ago and never came: a no-show (after 30 minutes by default).
  const samStart = Math.floor((Date.now() - 40 * 60_000) / 60_000) * 60_000;
  const [samDay, samFrom] = toLocalInput(samStart, tz).split('T');
  const samTo = toLocalInput(samStart + 3 * 3_600_000, tz).split('T')[1];
  const boss = await h.laborIdentify({ pin: '9999' });
  await h.scheduleSaveShift(boss.token, {
    id: crypto.randomUUID(),
    userId: sam.userId,
    role: sam.roles[0].role,
    day: samDay,
    start: samFrom,
    end: samTo,
  });
  const managerAlert = page.getByTestId('schedule-alert').filter({ hasText: sam.name });
  await expect(managerAlert).toHaveAttribute('data-kind', 'no-show');
  await expect(managerAlert).toContainText('No-show: due at');
  await shootBothSizes(page, 'schedule-grid', { ...CHECKED, inView: screenTop(page) });

  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Not here yet' }).getByTestId('schedule-alert').filter({ hasText: sam.name }),
  ).toContainText('No-show');

  await enterPin(page, '2222');
  await page
    .getByRole('button', { name: /^Punch in/ })
    .first()
    .click();
  const prompt = page.getByTestId('punch-too-early');
  await expect(prompt).toContainText(/You're (59|60|61|62|63|64|65) minutes early: wait or ask a manager/);
  await expect(prompt).toContainText(`your shift starts at`);
  expect(app.core.labor.outboxItems()).toHaveLength(0);
  await shootBothSizes(page, 'kiosk-early-punch', { ...CHECKED, inView: screenTop(page) });

  // A staff PIN does not let Jordan in; a manager's does, and the hub notes who.
  await enterPin(page, '1111');
  await expect(prompt.getByRole('alert')).toContainText('does not belong to a manager');
  await enterPin(page, '9999');
  await done(page, /punched in/);
  await expect
    .poll(
      () =>
        app.core
          .sandbox()!
          .world.labor.all()
          .filter((e) => e.userId === '2004').length,
    )
    .toBe(1);
  const week = await h.scheduleWeek(boss.token, day);
  expect(week.earlyAllowed).toMatchObject([{ userId: '2004', byName: expect.any(String) }]);

  // The timesheet shows each scheduled shift beside what was worked: Sam's not worked.
  await page.getByRole('button', { name: 'Manager' }).click();
  await enterPin(page, '9999');
  // From the day before Sam's start: a start just after the business day's turn is filed under it.
  await page.getByLabel('From', { exact: true }).fill(addDays(samDay, -1));
  const versus = page.getByTestId('scheduled-vs-actual');
  await expect(versus.getByRole('row').filter({ hasText: sam.name })).toContainText('Not worked');
  await shootBothSizes(page, 'timesheet-scheduled-vs-actual', { ...CHECKED, inView: versus });

  // A CSV with a bad line keeps nothing and says which line and why.
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await page.getByLabel('Schedule file (.csv)').setInputFiles({
    name: 'week.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`date,employee,role,start,end\n${day},${sam.name},${sam.roles[0].role},6pm,23:00\n`),
  });
  const problems = page.getByTestId('schedule-import-problems');
  await expect(problems).toContainText('Nothing was imported');
  await expect(problems).toContainText('Line 2: start "6pm" is not a time HH:MM (24-hour)');
  await shootBothSizes(page, 'schedule-import-problems', { ...CHECKED, inView: problems });
});

test('"not before": the kiosk says when, in Spanish too, with no way round it', async ({ page, app }) => {
  const h = app.core.handlers;
  await openKiosk(page, app.host.url);
  const view = await h.laborView();
  const tz = view.location?.timezone ?? null;
  const morgan = view.staff.find((s) => s.userId === '2006')!;
  const boss = await h.laborIdentify({ pin: '9999' });
  const startsAt = Math.ceil((Date.now() + 45 * 60_000) / FIVE_MIN) * FIVE_MIN;
  const [day, start] = toLocalInput(startsAt, tz).split('T');
  const end = toLocalInput(startsAt + 3 * 3_600_000, tz).split('T')[1];
  await h.scheduleSaveRules(boss.token, { ...DEFAULT_SCHEDULE_RULES, earlyPunch: 'block', earlyMinutes: 5 }, day);
  await h.scheduleSaveShift(boss.token, {
    id: crypto.randomUUID(),
    userId: morgan.userId,
    role: morgan.roles[0].role,
    day,
    start,
    end,
  });

  await page.getByTestId('language-toggle').click();
  await enterPin(page, '3333', /^Entrar/);
  await page
    .getByRole('button', { name: /^Marcar entrada/ })
    .first()
    .click();
  const prompt = page.getByTestId('punch-too-early');
  await expect(prompt).toContainText(/Llega \d+ minutos antes: espere o pida a un gerente/);
  await expect(prompt.getByRole('alert')).toContainText('su turno empieza a las');
  // Spanish times end in "a.m."/"p.m.": no sentence may end on one with a second full stop.
  await expect(prompt).not.toContainText('..');
  // No PIN pad under this rule: only the way back.
  await expect(prompt.getByRole('button', { name: '1', exact: true })).toHaveCount(0);
  await shootBothSizes(page, 'kiosk-early-punch-blocked-es', { ...CHECKED, inView: screenTop(page) });
  await prompt.getByRole('button', { name: 'Volver' }).click();
  await expect(page.getByRole('heading', { name: /Enter your PIN|Ingrese su PIN/ })).toBeVisible();
  expect(app.core.labor.outboxItems()).toHaveLength(0);
});
