// The desktop window itself. It needs the Electron runtime binary, which cannot be downloaded on
// our build machines; there the test says so and skips, and the headless specs cover the app.
import { test, expect, _electron as electron } from '@playwright/test';
import { electronBinary } from '../../scripts/electron-runtime.mjs';

const runtime = electronBinary();

test('the Electron window loads the app through the preload bridge', async () => {
  if (!runtime.ok) console.log(`[electron e2e skipped] ${runtime.reason}`);
  test.skip(!runtime.ok, `Electron e2e skipped: ${runtime.ok ? '' : runtime.reason}`);
  const app = await electron.launch({ executablePath: runtime.binary, args: ['.', '--no-sandbox'] });
  const window = await app.firstWindow();
  await expect(window.getByRole('button', { name: 'Settings' })).toBeVisible();
  expect(await window.evaluate(() => typeof (window as unknown as { venue?: unknown }).venue)).toBe('object');
  expect(await window.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
  await app.close();
});
