// `npm run screenshots`: every screen at a 1280x800 workstation and a 1080x1920 kiosk, into
// .tmp/screens/, so we look at what staff will see. Not a test: it asserts nothing.
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { startApp, stopApp } from '../test/e2e/fixtures';
import { CHROMIUM_ARGS } from '../playwright.config';

const SCREENS = ['Kiosk', 'Passes', 'Gift cards', 'Tabs', 'Events', 'Settings'];
const SIZES = [
  { name: 'workstation', width: 1280, height: 800 },
  { name: 'kiosk', width: 1080, height: 1920 },
];
const only = process.argv.slice(2);

const out = '.tmp/screens';
mkdirSync(out, { recursive: true });
const app = await startApp();
// A venue that is set up: the kiosk and the till screens know their location, so the screenshots
// show what staff see every day rather than the one-time location picker.
const harbour = { uuid: '1c000000-0000-4000-8000-000000000001', name: 'Harbour Bar & Kitchen' };
await app.core.handlers.laborSetLocation(null, { ...harbour, timezone: 'America/New_York' }).catch((e) => console.warn(`kiosk location: ${e}`));
await app.core.handlers.tabsSetLocation(harbour);
await app.core.handlers.subscribeLocations([harbour.uuid], 'integration');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  for (const size of SIZES) {
    const page = await browser.newPage({ viewport: { width: size.width, height: size.height } });
    await page.goto(app.host.url);
    await page.getByTestId('status-bar').waitFor();
    for (const screen of SCREENS.filter((s) => only.length === 0 || only.includes(s))) {
      await page.getByRole('navigation').getByRole('button', { name: screen, exact: true }).click();
      await page.waitForTimeout(400);
      const file = `${out}/${screen.toLowerCase().replace(/\s+/g, '-')}-${size.name}.png`;
      await page.screenshot({ path: file });
      console.log(file);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await stopApp(app);
}
