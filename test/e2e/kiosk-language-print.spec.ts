// A second kiosk language and printing, by role and label in Chromium against the real app (core +
// host + embedded sandbox): a person switches the pad to Spanish and the kiosk is English again
// after them; a manager makes Spanish the kiosk's language and it stays; the clock slip, the
// timesheet and a gift card each print alone (print media), and their buttons call window.print.
import type { Locator, Page } from '@playwright/test';
import { test, expect, type RunningApp } from './fixtures';
import { closeConfirmation, enterPin } from './kiosk-steps';
import { newRequestId as rid } from '../../shared/request-id';

const HARBOUR = { uuid: '1c000000-0000-4000-8000-000000000001', name: 'Harbour Bar & Kitchen' };
const ZONE = 'America/New_York';
const shot = (name: string) => test.info().outputPath(name);
/** "4:13 p. m." (es-US) and "4:13 PM" (en-US), whichever ICU spacing the browser has. */
const SPANISH_TIME = /\d{1,2}:\d{2}\s?[ap]\.\s?m\./;
const ENGLISH_TIME = /\d{1,2}:\d{2}\s?[AP]M/;

async function openKiosk(page: Page, app: RunningApp): Promise<void> {
  await app.core.handlers.laborSetLocation(null, { ...HARBOUR, timezone: ZONE });
  // window.print opens a dialog in a real browser: counted instead, before the app's code runs.
  await page.addInitScript(() => {
    const w = globalThis as unknown as { printed: number; print(): void };
    w.printed = 0;
    w.print = () => {
      w.printed += 1;
    };
  });
  await page.goto(app.host.url);
  await page.getByRole('navigation').getByRole('button', { name: 'Kiosk', exact: true }).click();
}

/** The tops of the line boxes holding a button's "·" and the "$" of its amount, from the browser's layout. */
function dotAndAmountTops(button: Locator): Promise<number[]> {
  return button.evaluate((el) => {
    const walker = el.ownerDocument.createTreeWalker(el, 4 /* NodeFilter.SHOW_TEXT */);
    const tops: number[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const char of ['·', '$']) {
        const at = node.textContent!.indexOf(char);
        if (at < 0) continue;
        const range = el.ownerDocument.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + 1);
        tops.push(Math.round(range.getClientRects()[0].top));
      }
    }
    return tops;
  });
}

const printed = (page: Page) => page.evaluate(() => (globalThis as unknown as { printed: number }).printed);

async function managerSettings(app: RunningApp, patch: object): Promise<void> {
  const manager = await app.core.handlers.laborIdentify({ pin: '9999' });
  const { settings } = await app.core.handlers.getSnapshot().then((s) => s.labor!);
  await app.core.handlers.laborSaveSettings(manager.token, { ...settings, ...patch });
}

test('a person switches the pad to Spanish for their session; the kiosk is English again after', async ({
  page,
  app,
}) => {
  await openKiosk(page, app);
  await expect(page.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();
  await expect(page.getByTestId('kiosk-clock')).toHaveText(ENGLISH_TIME);
  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { name: 'Ingrese su PIN' })).toBeVisible();
  await expect(page.getByTestId('kiosk-clock')).toHaveText(SPANISH_TIME);
  await expect(page.getByRole('region', { name: 'Quién está en turno' })).toBeVisible();
  await page.screenshot({ path: shot('kiosk-pad-es-1280x800.png') });

  await enterPin(page, '2222', 'Entrar: ingresar PIN');
  await expect(page.getByRole('heading', { name: 'Hola, Jordan' })).toBeVisible();
  await expect(page.getByTestId('person-status')).toHaveText('No está en turno.');
  await page.getByRole('button', { name: 'Marcar entrada como Bartender' }).click();
  const confirmation = page.getByTestId('punch-confirmation');
  await expect(confirmation.getByRole('heading', { name: 'Guardado' })).toBeVisible();
  await expect(confirmation).toContainText(/Jordan, entrada marcada como Bartender a las/);
  await expect(confirmation).toContainText(SPANISH_TIME);
  // Listo ends this person's turn at the kiosk: the next one meets the kiosk's own language.
  await closeConfirmation(page, 'Listo');
  await expect(page.getByTestId('kiosk-clock')).toHaveText(ENGLISH_TIME);

  await page.getByRole('button', { name: 'Español' }).click();
  await enterPin(page, '2222', 'Entrar: ingresar PIN');
  await expect(page.getByTestId('person-status')).toContainText(/En turno como Bartender desde las? /);
  await expect(page.getByTestId('person-status')).toContainText(SPANISH_TIME);
  // "Worked" agrees with the minutes: "1 min trabajado", "0 min trabajados", "2 h 05 min trabajados".
  const daySoFar = (await page.getByTestId('day-so-far').textContent()) ?? '';
  const [, worked, ending] = daySoFar.match(/^Este turno: (.+?) trabajad(os?),/) ?? [];
  expect(ending, `"${daySoFar}" agrees in number`).toBe(worked === '1 min' ? 'o' : 'os');
  await page.getByRole('button', { name: 'Marcar salida' }).click();
  await expect(page.getByTestId('tips-amount')).toHaveText('$0.00');
  await page.keyboard.type('1250');
  // At 1280x800 the button's label may take two lines, but the amount keeps its "·": no line
  // ends on the dot.
  const punchOut = page.getByRole('button', { name: 'Marcar salida · $12.50' });
  expect(await dotAndAmountTops(punchOut)).toEqual([expect.any(Number), expect.any(Number)]);
  const [dotTop, amountTop] = await dotAndAmountTops(punchOut);
  expect(dotTop, 'the "·" sits on the line of the amount').toBe(amountTop);
  await punchOut.click();
  await expect(page.getByTestId('punch-confirmation')).toContainText('con $12.50 de propinas');
  await closeConfirmation(page, 'Listo');

  // Signing out from the punch screen ("not me") also gives the kiosk back its language.
  await page.getByRole('button', { name: 'Español' }).click();
  await enterPin(page, '1111', 'Entrar: ingresar PIN');
  await page.getByRole('button', { name: '¿No es Sam? Volver al teclado del PIN' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();
});

test('a manager makes Spanish the kiosk language: it stays after a reload, and errors are in Spanish', async ({
  page,
  app,
}) => {
  await openKiosk(page, app);
  await page.getByRole('button', { name: 'Manager' }).click();
  await enterPin(page, '9999');
  await page
    .getByRole('navigation', { name: 'Manager sections' })
    .getByRole('button', { name: 'Kiosk settings' })
    .click();
  await page.getByRole('combobox', { name: /Kiosk language/ }).selectOption('es');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('heading', { name: 'Ingrese su PIN' })).toBeVisible();
  await expect(page.getByTestId('kiosk-clock')).toHaveText(SPANISH_TIME);

  await page.reload();
  await page.getByRole('navigation').getByRole('button', { name: 'Kiosk', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Ingrese su PIN' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Gerente' })).toBeVisible();
  await enterPin(page, '0000', 'Entrar: ingresar PIN');
  await expect(page.getByTestId('pad-message')).toHaveText('Ese PIN no se reconoce.');
  // The fifth wrong PIN locks the pad: which pad, for whom and until when, in Spanish too.
  // The second is said plainly; the third and fourth say the tries left before the lock.
  for (const said of [
    'Ese PIN no se reconoce.',
    'Ese PIN no se reconoce. Quedan 2 intentos antes de que el teclado se bloquee.',
    'Ese PIN no se reconoce. Queda 1 intento antes de que el teclado se bloquee.',
  ]) {
    await enterPin(page, '0000', 'Entrar: ingresar PIN');
    await expect(page.getByTestId('pad-message')).toHaveText(said);
  }
  await enterPin(page, '0000', 'Entrar: ingresar PIN');
  await expect(page.getByTestId('pad-message')).toHaveText(
    /^Demasiados PIN incorrectos\. El teclado de PIN de este dispositivo está bloqueado para todos hasta las? .+ \(hora del local\); quedan \d+ s\.$/,
  );
  // On a Spanish kiosk the switch offers English, for that person.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();
  await expect(page.getByTestId('pad-message')).toContainText(
    'The PIN pad on this device is locked for everyone until',
  );
});

test('the clock slip prints alone after a punch-out, when the venue offers it', async ({ page, app }) => {
  await managerSettings(app, { printSlip: true });
  await page.clock.install();
  await openKiosk(page, app);
  await enterPin(page, '2222');
  await page.getByRole('button', { name: 'Punch in as Bartender' }).click();
  const confirmation = page.getByTestId('punch-confirmation');
  await expect(confirmation.getByRole('heading', { name: 'Saved' })).toBeVisible();
  // Only a punch-out gets a slip.
  await expect(confirmation.getByRole('button', { name: 'Print slip' })).toHaveCount(0);
  await closeConfirmation(page);
  await enterPin(page, '2222');
  await page.getByRole('button', { name: 'Punch out' }).click();
  await page.getByRole('button', { name: 'Punch out · $0.00' }).click();
  await expect(confirmation.getByRole('button', { name: 'Print slip' })).toBeVisible();
  const slip = page.getByRole('region', { name: 'Clock slip to print' });
  await expect(slip).toBeHidden();
  await confirmation.getByRole('button', { name: 'Print slip' }).click();
  expect(await printed(page)).toBe(1);

  await page.emulateMedia({ media: 'print' });
  await expect(slip).toBeVisible();
  await expect(slip).toContainText('Jordan Bartender');
  await expect(slip).toContainText(HARBOUR.name);
  await expect(slip).toContainText(ENGLISH_TIME);
  // The role as the board and the timesheet write it, not the service's own lower-case name.
  await expect(slip.locator('dt:text-is("Role") + dd')).toHaveText('Bartender');
  await expect(confirmation.getByRole('heading', { name: 'Saved' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print slip' })).toBeHidden();
  await expect(page.getByRole('navigation').first()).toBeHidden();
  await expect(page.getByTestId('status-bar')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Manager' })).toBeHidden();
  await expect(page.getByRole('region', { name: 'Who is on shift' })).toBeHidden();
  await expect(slip).toHaveCSS('color', 'rgb(0, 0, 0)');
  await page.screenshot({ path: shot('clock-slip-print.png') });
});

test('without the venue setting there is no Print slip button', async ({ page, app }) => {
  await page.clock.install();
  await openKiosk(page, app);
  await enterPin(page, '2222');
  await page.getByRole('button', { name: 'Punch in as Bartender' }).click();
  await closeConfirmation(page);
  await enterPin(page, '2222');
  await page.getByRole('button', { name: 'Punch out' }).click();
  await page.getByRole('button', { name: 'Punch out · $0.00' }).click();
  await expect(page.getByTestId('punch-confirmation').getByRole('heading', { name: 'Saved' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print slip' })).toHaveCount(0);
});

test('the timesheet prints alone: no navigation, status bar, filters or buttons', async ({ page, app }) => {
  await openKiosk(page, app);
  const jordan = await app.core.handlers.laborIdentify({ pin: '2222' });
  await app.core.handlers.laborPunch(jordan.token, { action: 'punch-in', punchId: crypto.randomUUID() });
  // A role reads the same on the board, the staff list and the timesheet (words, not a style).
  const boardRole = page.locator('[data-testid="board-row"][data-user="2004"] .k-board-role');
  await expect(boardRole).toHaveText('Bartender');
  await page.getByRole('button', { name: 'Manager' }).click();
  await enterPin(page, '9999');
  await page
    .getByRole('navigation', { name: 'Manager sections' })
    .getByRole('button', { name: 'Staff & PINs' })
    .click();
  const jordanRow = page.getByTestId('staff-row').filter({ hasText: 'Jordan Bartender' });
  await expect(jordanRow.getByRole('cell', { name: 'Bartender', exact: true })).toBeVisible();
  await page.getByRole('navigation', { name: 'Manager sections' }).getByRole('button', { name: 'Timesheet' }).click();
  const sheet = page.getByTestId('timesheet');
  await expect(sheet.getByTestId('entry-row').getByRole('cell', { name: 'Bartender', exact: true })).toBeVisible();
  await expect(sheet.getByRole('heading', { name: /^Entries \(1\)/ })).toBeVisible();
  await sheet.getByRole('button', { name: 'Print' }).click();
  expect(await printed(page)).toBe(1);

  await page.emulateMedia({ media: 'print' });
  await expect(sheet.getByRole('heading', { name: /^Timesheet · Harbour Bar & Kitchen/ })).toBeVisible();
  await expect(sheet.getByRole('heading', { name: /^Entries \(1\)/ })).toBeVisible();
  await expect(sheet).toContainText('Jordan Bartender');
  await expect(page.getByRole('form', { name: 'Timesheet filters' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Manager sections' })).toBeHidden();
  await expect(page.getByRole('navigation').first()).toBeHidden();
  await expect(page.getByTestId('status-bar')).toBeHidden();
  for (const button of await sheet.getByRole('button').all()) await expect(button).toBeHidden();
  // No empty column where the Edit buttons were: every printed heading has words.
  const entries = sheet.getByRole('table', { name: 'Entries' });
  for (const heading of await entries.getByRole('columnheader').all())
    if (await heading.isVisible()) expect((await heading.innerText()).trim()).not.toBe('');
  await expect(entries.getByRole('columnheader', { name: 'Actions' })).toBeHidden();
  // On paper the open shift's "open" is a word of its row, as big as the times beside it.
  const [badgeSize, cellSize] = await entries
    .getByText('open', { exact: true })
    .evaluate((el) => [el, el.closest('td')!].map((e) => e.ownerDocument.defaultView!.getComputedStyle(e).fontSize));
  expect(badgeSize).toBe(cellSize);
  // A line for each person to sign their hours, and one for the manager.
  const signatures = sheet.getByRole('region', { name: 'Signatures' });
  await expect(signatures.getByRole('listitem')).toHaveCount(2);
  await expect(signatures.getByRole('listitem').first()).toContainText('Jordan Bartender');
  await expect(signatures.getByRole('listitem').last()).toContainText('Manager');
  await page.screenshot({ path: shot('timesheet-print.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('form', { name: 'Timesheet filters' })).toBeVisible();
  await expect(sheet.getByRole('region', { name: 'Signatures' })).toBeHidden();
  // Jordan's shift may be given Jordan's roles here, never another person's ("Manager").
  await sheet.getByRole('button', { name: /^Edit shift of Jordan Bartender/ }).click();
  await expect(sheet.locator('tr.k-tr-editor').getByRole('combobox', { name: 'Role' }).locator('option')).toHaveText([
    'Bartender',
  ]);
});

test("a gift card's details print alone", async ({ page, app }) => {
  await app.core.handlers.tabsSetLocation(HARBOUR);
  await app.core.handlers.subscribeLocations([HARBOUR.uuid], 'integration');
  const catalog = await app.core.handlers.tabsCatalog();
  if (!catalog.available) {
    test.skip(true, 'this sandbox reading has no catalog route: no gift card can be sold here');
    return;
  }
  const card = catalog.products.find((p) => p.giftCard !== null)!;
  await app.core.handlers.giftCardSell(
    {
      spotUuid: catalog.spots[0].uuid,
      spotName: catalog.spots[0].name,
      name: 'Robin',
      lines: [{ productUuid: card.uuid, quantity: 2, label: card.name, unitPrice: card.price ?? 0 }],
      paymentType: 'CARD',
      wait: true,
    },
    rid(),
  );
  await openKiosk(page, app);
  await page.getByRole('navigation').getByRole('button', { name: 'Gift cards', exact: true }).click();
  const cards = page.locator('[data-testid="gift-card"][data-state="issued"]');
  await expect(cards).toHaveCount(2);
  await cards.nth(1).getByRole('button', { name: 'Print details' }).click();
  expect(await printed(page)).toBe(1);

  await page.emulateMedia({ media: 'print' });
  await expect(cards.nth(1)).toBeVisible();
  await expect(cards.nth(1)).toContainText(/•••• \d{4}/);
  await expect(cards.nth(1).getByRole('button', { name: 'Print details' })).toBeHidden();
  await expect(cards.nth(0)).toBeHidden();
  await expect(page.getByRole('navigation').first()).toBeHidden();
  await expect(page.getByTestId('status-bar')).toBeHidden();
  await page.screenshot({ path: shot('gift-card-print.png') });
});
