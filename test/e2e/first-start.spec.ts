// The first start on the headless host's browser screen, as a new manager takes it: what the
// computer is for, then its venue (never asked of a device that joins the hub), then the app
// composed by the answer. A kiosk computer opens on the kiosk; the venue hub and a
// device that joins it start again as such, and the joining device pairs from the hub's QR data.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { shootBothSizes } from './both-sizes';
import { allowOnHub, enterPin, openCode, openHubDevices, processes } from './hub-processes';

test.describe.configure({ timeout: 240_000 });

test('a kiosk computer: practice venue, "Kiosk by the staff door", then the kiosk at every start', async ({
  browser,
}) => {
  const run = processes();
  try {
    const host = await run.host([]);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(host.url);
    await expect(page.getByRole('heading', { name: 'Set up Venue Companion' })).toBeVisible();
    // What the computer is for comes first, so a device that joins the hub is never asked for a venue.
    const use = page.getByRole('form', { name: 'What this computer is for' });
    await expect(page.getByText('Step 1 of 2')).toBeVisible();
    await expect(use.getByRole('button', { name: 'Next' })).toBeDisabled();
    await use.getByRole('radio', { name: /Kiosk by the staff door/ }).check();
    await shootBothSizes(page, 'first-start-purpose', { leaveAt: 'as before' });
    await use.getByRole('button', { name: 'Next' }).click();

    const venue = page.getByRole('form', { name: 'Which venue' });
    await expect(page.getByText('Step 2 of 2')).toBeVisible();
    await expect(venue.getByRole('radio', { name: /The practice venue/ })).toBeChecked();
    // A real service asks only for what the dashboard gives; the rest is in Settings → Advanced.
    await venue.getByRole('radio', { name: /Our real service/ }).check();
    await expect(venue.getByLabel('Service address')).toBeVisible();
    await expect(venue.getByLabel('Header prefix')).toHaveCount(0);
    await expect(venue.getByRole('button', { name: 'Finish setup' })).toBeDisabled();
    await shootBothSizes(page, 'first-start-venue', { leaveAt: 'as before' });
    await venue.getByRole('radio', { name: /The practice venue/ }).check();
    await venue.getByRole('button', { name: 'Finish setup' }).click();
    await expect(page.getByTestId('kiosk-shell')).toBeVisible();
    expect(JSON.parse(readFileSync(join(host.dir, 'device-setup.json'), 'utf8')).choice).toEqual({
      venue: 'practice',
      role: 'single',
      purpose: 'kiosk',
    });
    await page.close();

    // Started again: no setup, straight to the locked-down kiosk.
    await run.kill(host);
    const again = await run.host([], { dir: host.dir });
    const next = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await next.goto(again.url);
    await expect(next.getByTestId('kiosk-shell')).toBeVisible();
    await expect(next.getByRole('heading', { name: 'Set up Venue Companion' })).toHaveCount(0);
    await expect(next.getByRole('navigation', { name: 'Screens' })).toHaveCount(0);
    await next.close();
  } finally {
    await run.stopAll();
  }
});

test('one venue, several devices: the hub, then a kiosk that joins it from the QR data and punches in', async ({
  browser,
}) => {
  const run = processes();
  // The hub never announces itself on this machine's network in a test.
  const hubFlags = ['--no-mdns', '--hub-host', '127.0.0.1', '--hub-port', '0'];
  try {
    // The hub's first start.
    const first = await run.host(hubFlags);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(first.url);
    // The hub: what it is for, its venue, then the restart, counted as the third of three steps.
    await page.getByRole('radio', { name: /The venue hub/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Step 2 of 3')).toBeVisible();
    await page.getByRole('button', { name: 'Finish setup' }).click();
    await expect(page.getByTestId('setup-restart')).toContainText('npm run host');
    await expect(page.getByText('Step 3 of 3')).toBeVisible();
    await shootBothSizes(page, 'first-start-restart', { leaveAt: 'as before' });
    await page.close();
    await run.kill(first);
    const hub = await run.host(hubFlags, { dir: first.dir });
    expect(hub.err()).toMatch(/satellites pair at port \d+/);

    // The kiosk computer's first start: it joins the hub, and starts again on the pairing screen.
    const joinFirst = await run.host([]);
    const join1 = await browser.newPage({ viewport: { width: 1080, height: 1920 } });
    await join1.goto(joinFirst.url);
    // A joining device is never asked for a venue it would ignore: its choice, then the restart.
    await join1.getByRole('radio', { name: /A device that joins the venue hub/ }).check();
    await join1.getByRole('button', { name: 'Finish setup' }).click();
    await expect(join1.getByTestId('setup-restart')).toBeVisible();
    await expect(join1.getByText('Step 2 of 2')).toBeVisible();
    await expect(join1.getByRole('form', { name: 'Which venue' })).toHaveCount(0);
    await join1.close();
    await run.kill(joinFirst);
    const kiosk = await run.host([], { dir: joinFirst.dir });

    const hubPage = await openHubDevices(browser, hub.url);
    await openCode(hubPage, 'kiosk');
    const checkCode = (await hubPage.getByTestId('hub-check-code').textContent())!;
    expect(checkCode).toMatch(/^([0-9A-F]{4} ){4}[0-9A-F]{4}$/);
    await hubPage.getByText('The QR code as text').click();
    const data = (await hubPage.getByTestId('pairing-data').textContent())!;
    await shootBothSizes(hubPage, 'devices-pairing-check-code', { leaveAt: 'as before' });

    const pair = await browser.newPage({ viewport: { width: 1080, height: 1920 } });
    await pair.goto(kiosk.url);
    await pair.getByLabel("Or paste the pairing data from the hub's QR code").fill(data);
    // The QR code fills the form; connecting to the address is the person's press.
    await expect(pair.getByTestId('qr-filled')).toBeVisible();
    await expect(pair.getByTestId('checked-fingerprint')).toHaveCount(0);
    await pair.getByRole('button', { name: 'Check this hub' }).click();
    await expect(pair.getByTestId('checked-check-code')).toHaveText(checkCode);
    await expect(pair.getByLabel('Pairing code')).toHaveValue(JSON.parse(data).code);
    await pair.getByLabel("This device's name").fill('Staff door');
    await shootBothSizes(pair, 'pair-from-qr-data', { leaveAt: 'as before' });
    await pair.getByRole('button', { name: 'Pair', exact: true }).click();
    // Not paired yet: the device shows its check code, and the hub lists it with the same one.
    const deviceCode = (await pair.getByTestId('pair-check-code').textContent())!;
    expect(deviceCode).toMatch(/^([0-9A-F]{4} ){4}[0-9A-F]{4}$/);
    await shootBothSizes(pair, 'pair-waiting-for-manager', { leaveAt: 'as before' });
    await expect(hubPage.getByTestId('request-check-code')).toHaveText(deviceCode);
    await shootBothSizes(hubPage, 'devices-pairing-request', { leaveAt: 'as before' });
    await allowOnHub(hubPage, 'Staff door', deviceCode);
    await expect(pair.getByTestId('kiosk-shell')).toBeVisible();

    // Sam punches in at the new kiosk; the hub's Devices list shows it online.
    await enterPin(pair, '1111');
    await pair
      .getByRole('button', { name: /^Punch in as / })
      .first()
      .click();
    await expect(pair.getByTestId('punch-confirmation')).toContainText(/punched in/);
    await expect(hubPage.getByTestId('hub-device').filter({ hasText: 'online' })).toHaveCount(1);
    await hubPage.close();
    await pair.close();
  } finally {
    await run.stopAll();
  }
});
