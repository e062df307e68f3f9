// End to end: a hub and two satellites as separate processes, each with its own data
// folder, on loopback. The manager pairs both from the hub's Devices tab; a punch on the kiosk
// satellite shows on the manager satellite's board and timesheet; wrong codes lock out; a
// kiosk-role device cannot refund even calling the hub directly; a revoked device is refused and
// its screen says so.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { PairingRefused, pairWithHub } from '../../electron/core/hub/hub-client';
import { HubLink, HubRefused } from '../../electron/core/hub/hub-link';
import type { SatellitePairing } from '../../electron/core/hub/hub-client';
import { SEED_LOCATIONS } from '../../electron/sandbox';
import { createControlClient } from '../../electron/sandbox/control-client';
import type { AppSnapshot } from '../../shared/domain';
import { allowOnHub, enterPin, openCode, openHubDevices, processes } from './hub-processes';
import { shootBothSizes } from './both-sizes';
import { newRequestId as rid } from '../../shared/request-id';

const shot = (name: string) => test.info().outputPath(name);
const run = processes();
test.afterEach(({ browserName: _ }, info) => run.attachLogs(info));
test.afterAll(() => run.stopAll());
const host = (args: string[]) => run.host(args);

test('a hub and two satellites: pair, punch, lock out, refuse, revoke', async ({ browser }) => {
  test.setTimeout(180_000);
  // --no-mdns: the hub stays off the machine's network (discovery has its own test on an in-memory link).
  const hub = await host(['--hub', '--hub-host', '127.0.0.1', '--hub-port', '0', '--no-mdns']);
  const hubPort = Number(/satellites pair at port (\d+)/.exec(hub.err())![1]);
  const hubAddress = `127.0.0.1:${hubPort}`;

  // The hub's own screen: first-run location, then the manager area's Devices tab.
  const hubPage = await openHubDevices(browser, hub.url);

  const kioskCode = await openCode(hubPage, 'kiosk');
  const fingerprint = (await hubPage.locator('.hub-fingerprint').textContent())!;
  await hubPage.screenshot({ path: shot('devices-pairing-1280x800.png') });
  // The satellite asks with the code and waits until a manager allows it on this Devices tab.
  const kioskStarting = host([
    '--satellite',
    hubAddress,
    '--pair-code',
    kioskCode,
    '--device-name',
    'Staff door',
    '--hub-fingerprint',
    fingerprint,
  ]);
  await allowOnHub(hubPage, 'Staff door');
  const kiosk = await kioskStarting;
  // Both screens show the same fingerprint: the satellite printed the one it pinned.
  expect(kiosk.err()).toContain(fingerprint);
  const managerStarting = host([
    '--satellite',
    hubAddress,
    '--pair-code',
    await openCode(hubPage, 'manager'),
    '--device-name',
    'Office laptop',
    // The check code the Devices tab shows is enough to pin the certificate.
    '--hub-fingerprint',
    (await hubPage.getByTestId('hub-check-code').textContent())!,
  ]);
  await allowOnHub(hubPage, 'Office laptop');
  const manager = await managerStarting;
  const rows = hubPage.getByTestId('hub-device');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'online' })).toHaveCount(2);
  await shootBothSizes(hubPage, 'devices-list', { to: 'output' });

  // Wrong codes: five and the code the hub shows is replaced; the screen shows the new one.
  const shown = await openCode(hubPage, 'workstation');
  const wrong = shown === '000000' ? '000001' : '000000';
  const reasons: string[] = [];
  for (let i = 0; i < 5; i++)
    reasons.push(
      await pairWithHub({ url: hubAddress, code: wrong, name: 'Guesser' }).then(
        () => 'paired',
        (e: PairingRefused) => e.reason,
      ),
    );
  expect(reasons).toEqual(['wrong', 'wrong', 'wrong', 'wrong', 'replaced']);
  await hubPage.getByRole('button', { name: 'Devices' }).click();

  // The bar pairs on its own screen: check the hub, compare the fingerprint, enter the code.
  const bar = await host(['--satellite-setup']);
  const barPage = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await barPage.goto(bar.url);
  await barPage.getByLabel('Hub address').fill(hubAddress);
  await barPage.getByRole('button', { name: 'Check this hub' }).click();
  await expect(barPage.getByTestId('checked-fingerprint')).toHaveText(fingerprint);
  await barPage.getByLabel("This device's name").fill('Bar');
  const barCode = await openCode(hubPage, 'workstation');
  expect(barCode).not.toBe(shown);
  await barPage.getByLabel('Pairing code').fill(barCode);
  await shootBothSizes(barPage, 'pair-screen', { to: 'output' });
  await barPage.getByRole('button', { name: 'Pair', exact: true }).click();
  // The hub lists the bar with the check code the bar's screen shows; the manager allows it.
  await allowOnHub(hubPage, 'Bar', (await barPage.getByTestId('pair-check-code').textContent())!);
  await expect(barPage.getByRole('navigation', { name: 'Screens' })).toBeVisible();
  await expect(rows).toHaveCount(3);

  // A punch on the kiosk satellite (its screen is the kiosk, whatever the hub shows).
  const kioskPage = await browser.newPage({ viewport: { width: 1080, height: 1920 } });
  await kioskPage.goto(kiosk.url);
  await expect(kioskPage.getByTestId('kiosk-shell')).toBeVisible();
  await enterPin(kioskPage, '2222');
  await kioskPage.getByRole('button', { name: 'Punch in as Bartender' }).click();
  await expect(kioskPage.getByTestId('punch-confirmation')).toContainText(/punched in as Bartender/);

  // … shows on the manager satellite's board (pushed through the hub) and in its timesheet.
  const managerPage = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await managerPage.goto(manager.url);
  await managerPage.getByRole('button', { name: 'Kiosk', exact: true }).click();
  await expect(managerPage.locator('[data-testid="board-row"][data-user="2004"]')).toContainText('Jordan Bartender');
  await managerPage.getByRole('button', { name: 'Manager' }).click();
  await enterPin(managerPage, '9999');
  await expect(managerPage.locator('[data-testid="entry-row"]', { hasText: 'Jordan Bartender' })).toHaveCount(1);

  // A guest order: the sandbox's webhook reaches the hub, and both the hub's and the manager
  // satellite's Tabs boards show it (the manager sets up tabs from its own device).
  const managerPairing = (
    JSON.parse(readFileSync(join(manager.dir, 'satellite.json'), 'utf8')) as { pairing: SatellitePairing }
  ).pairing;
  const office = await HubLink.open(managerPairing);
  const snapshot = (await office.request('getSnapshot', [])) as { ok: true; result: AppSnapshot };
  expect(
    (await office.request('tabsSetLocation', [{ uuid: SEED_LOCATIONS.harbour, name: 'Harbour Bar & Kitchen' }])).ok,
  ).toBe(true);
  expect((await office.request('subscribeLocations', [[SEED_LOCATIONS.harbour], 'integration'])).ok).toBe(true);
  office.close();
  await createControlClient(snapshot.result.connection.settings.baseUrl).simulateGuests({ tabs: 2, close: 'none' });
  for (const page of [hubPage, managerPage]) {
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Tabs', exact: true }).click();
    await expect(page.getByTestId('tab-card')).toHaveCount(2);
  }
  await managerPage.screenshot({ path: shot('manager-satellite-tabs-1280x800.png') });
  await managerPage
    .getByRole('navigation', { name: 'Screens' })
    .getByRole('button', { name: 'Kiosk', exact: true })
    .click();
  await managerPage.getByRole('button', { name: 'Manager' }).click();
  await enterPin(managerPage, '9999');

  // A kiosk-role device cannot refund or change settings, even calling the hub directly with its credential.
  const pairing = (JSON.parse(readFileSync(join(kiosk.dir, 'satellite.json'), 'utf8')) as { pairing: SatellitePairing })
    .pairing;
  const direct = await HubLink.open(pairing);
  expect(await direct.request('tabRefund', ['tab-1', { amount: 100, managerPin: '9999' }, rid()])).toMatchObject({
    ok: false,
    error: { message: /kiosk device cannot/ },
  });
  expect(await direct.request('saveConnection', [{ mode: 'practice' }])).toMatchObject({
    ok: false,
    error: { message: /kiosk device cannot/ },
  });
  direct.close();

  // Revoked from the manager's satellite: the kiosk is cut off and says so; its credential is refused.
  await managerPage.getByRole('button', { name: 'Devices' }).click();
  managerPage.once('dialog', (d) => void d.accept());
  await managerPage
    .getByTestId('hub-device')
    .filter({ hasText: 'kiosk' })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(kioskPage.getByRole('heading', { name: 'This device was revoked' })).toBeVisible();
  await expect(kioskPage.getByTestId('revoked-screen')).toContainText('Nothing taken here is left waiting');
  // Reopened, it says the same at once instead of waiting for a hub that no longer answers it.
  await kioskPage.reload();
  await expect(kioskPage.getByRole('heading', { name: 'This device was revoked' })).toBeVisible();
  await expect(kioskPage.getByText('Loading the kiosk')).toHaveCount(0);
  await kioskPage.screenshot({ path: shot('kiosk-revoked-1080x1920.png') });
  await expect(HubLink.open(pairing)).rejects.toMatchObject({ reason: 'revoked' } satisfies Partial<HubRefused>);
});
