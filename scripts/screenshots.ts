// `npm run screenshots`: every screen at a 1280x800 workstation and a 1080x1920 portrait kiosk, with
// a venue that has something on each screen (people on shift, tabs, gift cards, events), into
// docs/screens/ as PNGs that are committed, so a change's look can be reviewed. Not a test.
// `npm run screenshots -- tabs gift-cards kiosk-view` takes only those screens (`kiosk-es`: the kiosk
// in Spanish; `print`: the timesheet and a gift card as printed; `refund-dialog`: a closed tab's
// refund, its support details open); `--out DIR` writes elsewhere.
import { chromium, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { startApp, stopApp } from '../test/e2e/fixtures';
import { CHROMIUM_ARGS } from '../playwright.config';
import { createControlClient } from '../electron/sandbox/control-client';
import { newRequestId as rid } from '../shared/request-id';

const SCREENS = ['Kiosk', 'Passes', 'Gift cards', 'Tabs', 'Events', 'Settings'];
const SIZES = [
  { name: '1280x800', width: 1280, height: 800 },
  { name: '1080x1920', width: 1080, height: 1920 },
];
const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const out = outAt >= 0 ? args[outAt + 1] : 'docs/screens';
const only = args.filter((a, i) => a !== '--out' && (outAt < 0 || i !== outAt + 1)).map(slug);
const wanted = (screen: string) => only.length === 0 || only.includes(slug(screen));

/** "Gift cards" → "gift-cards", the file name and the argument that picks it. */
function slug(name: string): string {
  return name.toLowerCase().replace(/\s+/g, '-');
}

mkdirSync(out, { recursive: true });
const app = await startApp();
// A venue that is set up and busy: the screenshots show what staff see on a working night.
const harbour = { uuid: '1c000000-0000-4000-8000-000000000001', name: 'Harbour Bar & Kitchen' };
await app.core.handlers
  .laborSetLocation(null, { ...harbour, timezone: 'America/New_York' })
  .catch((e) => console.warn(`kiosk location: ${e}`));
await app.core.handlers.tabsSetLocation(harbour);
await app.core.handlers.subscribeLocations([harbour.uuid], 'integration');
const control = createControlClient(app.sandboxUrl);
await control.simulateGuests({ tabs: 3, close: 'none' });
await control.simulateGuests({ tabs: 2, close: 'all' });
const catalog = await app.core.handlers.tabsCatalog();
if (catalog.available) {
  const card = catalog.products.find((p) => p.giftCard !== null);
  if (card) {
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
  }
}
for (const [pin, brk] of [
  ['1111', false],
  ['2222', true],
] as const) {
  const s = await app.core.handlers.laborIdentify({ pin });
  await app.core.handlers.laborPunch(s.token, { action: 'punch-in' }).catch(() => {});
  if (brk) await app.core.handlers.laborPunch(s.token, { action: 'break-start' }).catch(() => {});
}

/** The PIN pad, a person's panel, the tips keypad and the punched-out confirmation, in Spanish. */
async function kioskSpanish(page: Page, size: string): Promise<void> {
  await saveSettings({ kioskLanguage: 'es', printSlip: true });
  await page.getByRole('navigation').getByRole('button', { name: 'Kiosk', exact: true }).click();
  await page.getByRole('heading', { name: 'Ingrese su PIN' }).waitFor();
  await shoot(page, 'kiosk-es', size);
  await pin(page, '2222', 'Entrar: ingresar PIN');
  await page.getByRole('heading', { name: 'Hola, Jordan' }).waitFor();
  await shoot(page, 'kiosk-person-es', size);
  await page.getByRole('button', { name: 'Marcar salida' }).click();
  await page.keyboard.type('1250');
  await shoot(page, 'kiosk-tips-es', size);
  await page.getByRole('button', { name: 'Marcar salida · $12.50' }).click();
  await page.getByRole('button', { name: 'Imprimir comprobante' }).waitFor();
  await shoot(page, 'kiosk-punched-out-es', size);
  await page.emulateMedia({ media: 'print' });
  await shoot(page, 'clock-slip-print-es', size);
  await page.emulateMedia({ media: 'screen' });
  await page.getByRole('button', { name: 'Listo' }).click();
  await saveSettings({ kioskLanguage: 'en', printSlip: false });
  await page.getByRole('heading', { name: 'Enter your PIN' }).waitFor();
  await pin(page, '1111');
  await page.getByRole('heading', { name: 'Hi Sam' }).waitFor();
  await shoot(page, 'kiosk-person', size);
  await page.getByRole('button', { name: 'Not Sam? Back to the PIN pad' }).click();
  // Jordan punched out above: back in for the next size's screenshots.
  const s = await app.core.handlers.laborIdentify({ pin: '2222' });
  await app.core.handlers.laborPunch(s.token, { action: 'punch-in', punchId: crypto.randomUUID() }).catch(() => {});
}

/** The timesheet and a gift card as they print (print media). */
async function printViews(page: Page, size: string): Promise<void> {
  await page.getByRole('navigation').getByRole('button', { name: 'Kiosk', exact: true }).click();
  await page.getByRole('button', { name: 'Manager' }).click();
  await pin(page, '9999');
  await page
    .getByTestId('timesheet')
    .getByRole('heading', { name: /^Entries/ })
    .waitFor();
  await shoot(page, 'timesheet', size);
  await page.emulateMedia({ media: 'print' });
  await shoot(page, 'timesheet-print', size);
  await page.emulateMedia({ media: 'screen' });
  await page.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('navigation').getByRole('button', { name: 'Gift cards', exact: true }).click();
  const card = page.locator('[data-testid="gift-card"][data-state="issued"]').first();
  if ((await card.count()) === 0) return;
  await page.evaluate(() => {
    (globalThis as unknown as { print(): void }).print = () => {};
  });
  await card.getByRole('button', { name: 'Print details' }).click();
  await page.emulateMedia({ media: 'print' });
  await shoot(page, 'gift-card-print', size);
  await page.emulateMedia({ media: 'screen' });
}

/** A closed tab's refund dialog, with the payments' details for support opened. */
async function refundDialog(page: Page, size: string): Promise<void> {
  await page.getByRole('navigation').getByRole('button', { name: 'Tabs', exact: true }).click();
  await page.getByRole('tab', { name: /^Closed/ }).click();
  await page.getByTestId('tab-card').getByRole('button', { name: 'Refund…' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Details for support').click();
  await shoot(page, 'refund-dialog', size);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

async function pin(page: Page, digits: string, go = 'Go: enter PIN'): Promise<void> {
  for (const digit of digits) await page.getByRole('button', { name: digit, exact: true }).click();
  await page.getByRole('button', { name: go }).click();
}

async function saveSettings(patch: Record<string, unknown>): Promise<void> {
  const manager = await app.core.handlers.laborIdentify({ pin: '9999' });
  const labor = (await app.core.handlers.getSnapshot()).labor;
  if (labor) await app.core.handlers.laborSaveSettings(manager.token, { ...labor.settings, ...patch });
}

async function shoot(page: Page, name: string, size: string): Promise<void> {
  const file = `${out}/${name}-${size}.png`;
  await page.screenshot({ path: file });
  console.log(file);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
try {
  for (const size of SIZES) {
    const page = await browser.newPage({ viewport: { width: size.width, height: size.height } });
    await page.goto(app.host.url);
    await page.getByTestId('status-bar').waitFor();
    for (const screen of SCREENS.filter(wanted)) {
      await page.getByRole('navigation').getByRole('button', { name: screen, exact: true }).click();
      if (screen === 'Events') await page.getByRole('button', { name: 'Trigger' }).click();
      await page.waitForTimeout(500);
      await shoot(page, slug(screen), size.name);
    }
    if (wanted('Kiosk view')) {
      await page.getByRole('navigation').getByRole('button', { name: 'Kiosk', exact: true }).click();
      await page.getByRole('button', { name: 'Kiosk view' }).click();
      await page.waitForTimeout(300);
      await shoot(page, 'kiosk-view', size.name);
      // Kiosk view is kept by the core: leave it the way a manager does, with the demo manager PIN.
      await page.getByRole('button', { name: 'Manager' }).click();
      for (const digit of '9999') await page.getByRole('button', { name: digit, exact: true }).click();
      await page.getByRole('button', { name: 'Enter PIN' }).click();
      await page.getByRole('button', { name: 'Leave kiosk view' }).click();
      await page.getByTestId('status-bar').waitFor();
    }
    if (wanted('Refund dialog')) await refundDialog(page, size.name);
    if (wanted('Kiosk es')) await kioskSpanish(page, size.name);
    if (wanted('Print')) await printViews(page, size.name);
    await page.close();
  }
} finally {
  await browser.close();
  await stopApp(app);
}
