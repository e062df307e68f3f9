// End to end: the manager's list of punches from devices, with many of them. A hub as its own
// process; two kiosk credentials, paired from the hub's Devices tab, send punches taken offline
// (held) and punches for nobody on the roster (refused). On the Sync tab each device has a line with
// its counts; one press approves a device's held punches in the order they were taken, another
// purges the other device's part of the list. Real TLS, the built host, Debian's Chromium.
import { test, expect } from '@playwright/test';
import { pairWithHub, type SatellitePairing } from '../../electron/core/hub/hub-client';
import { HubLink } from '../../electron/core/hub/hub-link';
import type { ForwardedPunch } from '../../shared/hub';
import { allowOnHub, openCode, openHubDevices, processes } from './hub-processes';

const run = processes();
test.afterEach(({ browserName: _ }, info) => run.attachLogs(info));
test.afterAll(() => run.stopAll());

const offline = (userId: string, capturedAt: number): ForwardedPunch => ({
  punchId: crypto.randomUUID(),
  userId,
  action: 'punch-in',
  capturedAt,
  offline: true,
});

test('a device’s held punches approved at once, another device’s purged', async ({ browser }) => {
  test.setTimeout(120_000);
  const hub = await run.host(['--hub', '--hub-host', '127.0.0.1', '--hub-port', '0', '--no-mdns']);
  const hubAddress = `127.0.0.1:${/satellites pair at port (\d+)/.exec(hub.err())![1]}`;
  const page = await openHubDevices(browser, hub.url);
  const pair = async (name: string): Promise<SatellitePairing> => {
    const code = await openCode(page, 'kiosk');
    const [pairing] = await Promise.all([pairWithHub({ url: hubAddress, code, name }), allowOnHub(page, name)]);
    return pairing;
  };
  const door = await HubLink.open(await pair('Door'));
  const back = await HubLink.open(await pair('Back door'));
  try {
    const t = Date.now() - 30 * 60_000;
    // Sent out of order: a break before the shift it belongs to.
    const shift = [
      { ...offline('2004', t + 60_000), action: 'break-start' as const },
      offline('2004', t),
      { ...offline('2004', t + 120_000), action: 'break-end' as const },
    ];
    for (const p of shift) expect(await door.deviceRequest('hubForwardPunch', [p])).toMatchObject({ ok: true });
    for (const p of [offline('nobody', t), offline('nobody', t + 1)])
      expect(await door.deviceRequest('hubForwardPunch', [p])).toMatchObject({ ok: true });
    for (const p of [offline('2002', t), offline('2006', t)])
      expect(await back.deviceRequest('hubForwardPunch', [p])).toMatchObject({ ok: true });

    await page.getByRole('button', { name: /^Sync/ }).click();
    const lines = page.getByTestId('review-device');
    await expect(lines.filter({ hasText: 'Door:' }).first()).toContainText('3 waiting, 2 refused');
    await expect(lines.filter({ hasText: 'Back door' })).toContainText('2 waiting, 0 refused');
    await page.screenshot({ path: test.info().outputPath('review-devices-1280x800.png'), fullPage: true });

    const doorLine = lines.filter({ hasNotText: 'Back door' });
    await doorLine.getByRole('button', { name: 'Approve 3 in order' }).click();
    await expect(doorLine).toContainText('0 waiting, 2 refused');
    await expect(page.getByTestId('review-item').filter({ hasText: 'approved' })).toHaveCount(3);

    page.once('dialog', (d) => void d.accept());
    await lines.filter({ hasText: 'Back door' }).getByRole('button', { name: 'Purge Back door' }).click();
    await expect(lines.filter({ hasText: 'Back door' })).toHaveCount(0);
    // Left: Door's 3 approved and 2 refused.
    await expect(page.getByTestId('review-item')).toHaveCount(5);
  } finally {
    door.close();
    back.close();
  }
});
