// A manager adds a person by name: the Add staff form offers the people the service's labor
// entries and the practice venue know at this location, fills in their ids, and the person can
// punch in with the PIN the manager gave them. Also writes the screenshots of the form at the two
// screen sizes (into docs/screens with VENUE_DOCS_SCREENS=1).
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { shootBothSizes } from './both-sizes';

const HARBOUR = {
  uuid: '1c000000-0000-4000-8000-000000000001',
  name: 'Harbour Bar & Kitchen',
  timezone: 'America/New_York',
};

async function enterPin(page: Page, pin: string): Promise<void> {
  for (const digit of pin) await page.getByRole('button', { name: digit, exact: true }).click();
  await page.getByRole('button', { name: 'Enter PIN' }).click();
}

test('a manager picks a person by name, and they punch in with the PIN given', async ({ page, app, openApp }) => {
  const h = app.core.handlers;
  await h.laborSetLocation(null, HARBOUR);
  // Jordan worked a shift here (so the service's labor entries know them), then left the staff list.
  await expect
    .poll(() =>
      h.laborIdentify({ pin: '2222' }).then(
        () => true,
        () => false,
      ),
    )
    .toBe(true);
  const jordan = await h.laborIdentify({ pin: '2222' });
  await h.laborPunch(jordan.token, { action: 'punch-in' });
  await h.laborPunch(jordan.token, { action: 'punch-out', declaredTipsCents: 0 });
  await expect.poll(async () => (await h.laborView()).outbox.pending).toBe(0);
  const m = await h.laborIdentify({ pin: '9999' });
  await h.laborRemoveStaff(m.token, '2004');

  await openApp();
  await page.getByRole('navigation').getByRole('button', { name: 'Kiosk', exact: true }).click();
  await page.getByRole('button', { name: 'Manager', exact: true }).click();
  await enterPin(page, '9999');
  await page
    .getByRole('navigation', { name: 'Manager sections' })
    .getByRole('button', { name: /^Staff & PINs/ })
    .click();
  const form = page.getByRole('form', { name: 'Add or update a person' });
  const people = form.getByRole('list', { name: 'People to pick' });

  // Nobody by that name: said plainly, with the way to add them anyway.
  await form.getByLabel('Find a person by name').fill('Zed');
  await expect(form.getByRole('status')).toContainText(
    'No one matching “Zed” is known to the service’s labor entries, the practice venue or this kiosk’s staff list',
  );

  await form.getByLabel('Find a person by name').fill('jor');
  const choice = people.getByRole('button', { name: /Jordan Bartender — Bartender/ });
  await expect(choice).toContainText('from the service’s labor entries, the practice venue');
  await choice.click();
  await expect(choice).toHaveAttribute('aria-pressed', 'true');
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Jordan Bartender');
  await expect(form.getByLabel('Role at this location')).toHaveValue('bartender');
  // The ids are filled in, under Advanced, in plain words.
  await form.getByText('Advanced: enter ids by hand').click();
  await expect(form.getByLabel('Staff id on the service')).toHaveValue('2004');
  await expect(form.getByLabel(/Role id on the service/)).toHaveValue('2e000000-0000-4000-8000-000000000001');
  await form.getByText('Advanced: enter ids by hand').click();
  await form.getByLabel(/^PIN/).fill('2468');

  await shootBothSizes(page, 'manager-add-staff', { inView: form });

  await form.getByRole('button', { name: 'Save person' }).click();
  const row = page.getByTestId('staff-row').filter({ hasText: 'Jordan Bartender' });
  await expect(row).toContainText('2004');
  await expect(row.getByRole('cell', { name: 'Bartender', exact: true })).toBeVisible();
  await expect(row).toContainText('set');

  await page.getByRole('button', { name: 'Close' }).click();
  await enterPin(page, '2468');
  await expect(page.getByRole('heading', { name: 'Hi Jordan' })).toBeVisible();
  await page.getByRole('button', { name: 'Punch in as Bartender' }).click();
  await expect(page.getByTestId('punch-confirmation')).toContainText(/Jordan, you're punched in as Bartender/);
});
