// `npx tsx scripts/tabs-screenshots.ts` (after a build): Passes, Gift cards and Tabs with a busy
// venue behind them (guests, a refused and an accepted pass order, live, waited and late gift
// cards, a refund, notices) at a 1280x800 workstation and a 1080x1920 kiosk, into .tmp/screens/.
// Not a test: it asserts nothing; it is for looking at what staff will see.
import { chromium, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { startApp, stopApp } from '../test/e2e/fixtures';
import { CHROMIUM_ARGS } from '../playwright.config';
import { createControlClient } from '../electron/sandbox/control-client';
import { SEED_LOCATIONS } from '../electron/sandbox';
import { newRequestId as rid } from '../shared/request-id';

const out = '.tmp/screens';
mkdirSync(out, { recursive: true });
const app = await startApp();
const control = createControlClient(app.sandboxUrl);
const h = app.core.handlers;
const product = (n: number) => `3d000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

await h.tabsSetLocation({ uuid: SEED_LOCATIONS.harbour, name: 'Harbour Bar & Kitchen' });
await h.subscribeLocations([SEED_LOCATIONS.harbour], 'integration');
await h.tabsSaveSettings({ giftCardLateSeconds: 2 });
await control.simulateGuests({ tabs: 6, orders: 5, close: 'some' });
await h.passOrder('PASS-POST-5000', [{ productUuid: product(5), quantity: 3 }], rid());
const sale = { spotUuid: '5b000000-0000-4000-8000-000000000001', spotName: 'Bar Seat 1', paymentType: 'CARD' as const };
await h.giftCardSell(
  {
    ...sale,
    lines: [
      { productUuid: product(8), quantity: 2, label: 'Gift Card $25', unitPrice: 2500 },
      { productUuid: product(11), quantity: 1, label: 'Partner Gift Card $25', unitPrice: 2500 },
    ],
    wait: false,
  },
  rid(),
);
await h.giftCardSell(
  {
    ...sale,
    spotName: 'Bar Seat 2',
    spotUuid: '5b000000-0000-4000-8000-000000000002',
    lines: [{ productUuid: product(9), quantity: 1, label: 'Gift Card $50', unitPrice: 5000 }],
    wait: true,
  },
  rid(),
);
await control.giftCardFault({ mode: 'never-issue' });
await h.giftCardSell(
  {
    ...sale,
    lines: [{ productUuid: product(10), quantity: 1, label: 'Plastic Gift Card $100', unitPrice: 10000 }],
    wait: false,
  },
  rid(),
);
for (const type of ['QR_SCANNED', 'GUEST_SUBSCRIBED', 'OPTION_GROUP_UPDATED', 'PRODUCT_UPDATED'])
  await h.triggerSandboxEvent({ type });
await new Promise((r) => setTimeout(r, 2500));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
const shot = async (page: Page, name: string, size: string) => {
  const file = `${out}/${name}-${size}.png`;
  await page.screenshot({ path: file });
  console.log(file);
};
try {
  for (const size of [
    { name: 'workstation', width: 1280, height: 800 },
    { name: 'kiosk', width: 1080, height: 1920 },
  ]) {
    const page = await browser.newPage({ viewport: { width: size.width, height: size.height } });
    await page.goto(app.host.url);
    await page.getByTestId('status-bar').waitFor();
    const nav = (name: string) => page.getByRole('navigation').getByRole('button', { name, exact: true }).click();

    await nav('Passes');
    await page.getByLabel('Scan a pass or type its id').fill('PASS-PRE-5000');
    await page.keyboard.press('Enter');
    await page.getByTestId('pass-limit').waitFor();
    await page.getByRole('button', { name: /^Fish & Chips/ }).click();
    await page.getByRole('button', { name: /^Fish & Chips/ }).click();
    await page.getByRole('button', { name: /^Negroni/ }).click();
    await shot(page, 'passes-warning', size.name);
    await page.getByRole('button', { name: /Send anyway/ }).click();
    await page.getByTestId('order-result').waitFor();
    await shot(page, 'passes-refused', size.name);
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await page.getByRole('button', { name: /^Negroni/ }).click();
    await page.getByRole('button', { name: /^Send order/ }).click();
    await page.getByTestId('order-result').waitFor();
    await shot(page, 'passes-sent', size.name);

    await nav('Gift cards');
    await page.getByTestId('sale').first().waitFor();
    await page.getByRole('radio', { name: 'Bar Seat 2' }).click();
    await page
      .getByRole('button', { name: /^Gift Card \$25/ })
      .first()
      .click();
    await shot(page, 'gift-cards', size.name);

    await nav('Tabs');
    await page.getByTestId('tab-card').first().waitFor();
    await shot(page, 'tabs', size.name);
    await page.getByRole('tab', { name: /Closed/ }).click();
    await page.getByTestId('tab-card').first().getByRole('button', { name: 'Refund…' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Refund one more/ })
      .first()
      .click();
    await shot(page, 'tabs-refund', size.name);
    await page.close();
  }
} finally {
  await browser.close();
  await stopApp(app);
}
