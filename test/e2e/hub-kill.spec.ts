// Kill the hub mid-shift: a hub, a kiosk satellite and the service (the sandbox) as
// three processes with their own data folders on loopback. The service runs on its own, as a real
// one would, so the hub's death takes nothing of the service's with it. The hub is killed with
// SIGKILL while people are on shift; the kiosk keeps taking punches (PINs checked against its copy
// of the roster), says how many wait for the hub, and once the hub is back on the same folder and
// port every punch reaches the service exactly once.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import WebSocket from 'ws';
import { Roster } from '../../electron/core/labor/roster';
import { DEMO_MANAGERS, DEMO_PINS } from '../../electron/core/labor/demo-roster';
import { DEMO_ACCESS_ID, DEMO_ACCESS_SECRET } from '../../electron/sandbox';
import { createControlClient } from '../../electron/sandbox/control-client';
import type { DemoStaff } from '../../electron/core/labor/roster';
import { freePort } from '../support/free-port';
import { allowOnHub, enterPin, openCode, openHubDevices, processes } from './hub-processes';
import { closeConfirmation } from './kiosk-steps';
import { showAt } from './show-at';

const shot = (name: string) => test.info().outputPath(name);
const run = processes();
test.afterEach(({ browserName: _ }, info) => run.attachLogs(info));
test.afterAll(() => run.stopAll());

type Punch = 'in' | 'out';

/** One punch at the kiosk by PIN: in with the person's first role when off shift, else out without tips. */
async function punch(page: Page, pin: string): Promise<Punch> {
  await enterPin(page, pin);
  const punchIn = page.getByRole('button', { name: /^Punch in as / }).first();
  const punchOut = page.getByRole('button', { name: 'Punch out', exact: true });
  await expect(punchIn.or(punchOut)).toBeVisible();
  const action: Punch = (await punchIn.isVisible()) ? 'in' : 'out';
  if (action === 'in') await punchIn.click();
  else {
    await punchOut.click();
    await page.getByRole('button', { name: 'Punch out · $0.00' }).click();
  }
  const confirmation = page.getByTestId('punch-confirmation');
  await expect(confirmation).toContainText(action === 'in' ? /punched in/ : /punched out/);
  await closeConfirmation(page);
  return action;
}

test('the hub killed mid-shift: the kiosk keeps punching, and every punch lands once when the hub is back', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const service = await run.sandbox();
  const control = createControlClient(service.url);
  // The hub talks to the service as to a real one (no embedded sandbox, so no demo roster of its
  // own): its staff list and PINs are written the way the hub writes them, before its first start.
  // Each hash keeps its own cost, and every device checks a PIN at the cost stored with it: the
  // unit tests' cost keeps each PIN typed on the kiosk cheap (the shipped cost is a unit test's).
  const staff = ((await control.venue()).staff ?? []) as DemoStaff[];
  const dir = run.folder();
  const roster = new Roster(dir, 1024);
  expect(await roster.seedDemo(staff, DEMO_PINS, DEMO_MANAGERS)).toBe(true);
  // Set again as a manager sets them: a real service keeps no PIN the practice venue's seeding gave.
  for (const [userId, pin] of Object.entries(DEMO_PINS)) if (roster.get(userId)) await roster.setPin(userId, pin);
  const hubPort = await freePort();
  const hubArgs = [
    '--hub',
    '--hub-host',
    '127.0.0.1',
    '--hub-port',
    String(hubPort),
    '--service-url',
    service.url,
    '--no-mdns',
  ];
  const hubEnv = { VENUE_ACCESS_ID: DEMO_ACCESS_ID, VENUE_ACCESS_SECRET: DEMO_ACCESS_SECRET };
  const hub = await run.host(hubArgs, { dir, env: hubEnv });

  const hubPage = await openHubDevices(browser, hub.url);
  const kioskStarting = run.host([
    '--satellite',
    `127.0.0.1:${hubPort}`,
    '--pair-code',
    await openCode(hubPage, 'kiosk'),
    '--device-name',
    'Staff door',
    '--hub-fingerprint',
    (await hubPage.locator('.hub-fingerprint').textContent())!,
  ]);
  await allowOnHub(hubPage, 'Staff door');
  const kiosk = await kioskStarting;
  await hubPage.close();

  const page = await browser.newPage({ viewport: { width: 1080, height: 1920 } });
  await page.goto(kiosk.url);
  await expect(page.getByTestId('kiosk-shell')).toBeVisible();
  const startedAt = Date.now();
  const done: { pin: string; action: Punch }[] = [];
  const at = async (pin: string) => done.push({ pin, action: await punch(page, pin) });

  // Mid-shift: two people punch in while the hub is up.
  await at('2222');
  await at('1111');
  await expect(page.getByTestId('satellite-banner')).toHaveCount(0);

  await run.kill(hub);
  // The kiosk goes on: outs and ins, one person's whole second shift, all while the hub is dead.
  for (const pin of ['3333', '2222', '1111', '2222', '3333', '2222']) await at(pin);
  const banner = page.getByTestId('satellite-banner');
  await expect(banner).toContainText('6 punches waiting for the hub');
  // The pill says the same, not the hub's last "all synced" (it said "Online · All punches synced" before).
  await expect(page.getByTestId('sync-pending')).toHaveText('6 punches waiting · hub offline');
  await expect(page.locator('.k-pill-online')).toHaveCount(0);
  // Offline, the manager pad says managers need the hub and takes no PIN it cannot check.
  await page.getByRole('button', { name: 'Manager' }).click();
  await expect(page.getByRole('region', { name: 'Manager PIN' })).toContainText('Managers need the hub');
  await expect(page.getByRole('region', { name: 'Manager PIN' }).getByRole('button', { name: '9' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('manager-needs-hub-1080x1920.png') });
  await page.getByRole('button', { name: 'Back' }).click();
  // In portrait the venue's whole name fits beside the pill (it was cut to "Harbour Bar & Kit…").
  expect(await page.locator('.k-location').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await page.screenshot({ path: shot('kiosk-hub-down-1080x1920.png') });
  await showAt(page, { width: 1280, height: 800 });
  await page.screenshot({ path: shot('kiosk-hub-down-1280x800.png') });

  // The hub back on the same folder and port: the kiosk forwards, and the count goes to zero.
  const back = await run.host(hubArgs, { dir, env: hubEnv });
  await expect(banner).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId('sync-pending')).toHaveText('All punches synced', { timeout: 30_000 });

  // The six taken while the hub was dead carry only the kiosk's word: the hub holds them until a
  // manager approves them, in the order they were taken, on the hub's screen.
  const approved = await approveHeld(back.url, '9999');
  expect(approved).toBe(6);

  // Exactly once, as the service sees it: per person, one shift opened per punch in, one closed per punch out.
  interface WireEntry {
    user_id: string;
    time_punch_type: string;
    punch_in: string;
    punch_out: string | null;
  }
  const since = startedAt - 1000;
  const seen = async () => {
    const { entries } = (await (await fetch(`${service.url}/_sandbox/labor/entries`)).json()) as {
      entries: WireEntry[];
    };
    const shifts = entries.filter((e) => e.time_punch_type.toLowerCase() === 'shift');
    return ['1111', '2222', '3333'].map((pin) => {
      const mine = shifts.filter((e) => DEMO_PINS[e.user_id] === pin);
      return {
        pin,
        ins: mine.filter((e) => Date.parse(e.punch_in) >= since).length,
        outs: mine.filter((e) => e.punch_out !== null && Date.parse(e.punch_out) >= since).length,
      };
    });
  };
  const count = (pin: string, action: Punch) => done.filter((d) => d.pin === pin && d.action === action).length;
  await expect
    .poll(seen, { timeout: 60_000 })
    .toEqual(['1111', '2222', '3333'].map((pin) => ({ pin, ins: count(pin, 'in'), outs: count(pin, 'out') })));

  // The hub accepted each of the kiosk's punch ids once, refused none, across its death.
  const lines = readFileSync(join(dir, 'hub', 'forwarded-punches.log'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { id: string; refused?: string });
  expect(lines.filter((l) => l.refused)).toEqual([]);
  expect(new Set(lines.map((l) => l.id)).size).toBe(lines.length);
  expect(lines.length + approved).toBe(done.length);
});

/** Over the hub's own screen bridge (its launch token, once): a manager approves every held punch. */
async function approveHeld(url: string, pin: string): Promise<number> {
  const u = new URL(url);
  const ws = new WebSocket(`ws://${u.host}/ws?token=${u.searchParams.get('token')}`, {
    headers: { origin: `http://${u.host}` },
  });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let next = 1;
  const call = (channel: string, ...args: unknown[]) =>
    new Promise<unknown>((resolve, reject) => {
      const id = next++;
      const onMessage = (data: Buffer) => {
        const m = JSON.parse(data.toString()) as {
          id?: number;
          ok?: boolean;
          result?: unknown;
          error?: { message: string };
        };
        if (m.id !== id) return;
        ws.off('message', onMessage);
        if (m.ok) resolve(m.result);
        else reject(new Error(m.error?.message));
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ id, channel, args }));
    });
  try {
    const manager = (await call('laborIdentify', { pin })) as { token: string };
    const review = (await call('hubReview', manager.token)) as {
      items: { punchId: string; status: string; capturedAt: number }[];
    };
    const held = review.items.filter((i) => i.status === 'held').sort((a, b) => a.capturedAt - b.capturedAt);
    for (const i of held) await call('hubReviewDecide', manager.token, i.punchId, { decision: 'approve' });
    return held.length;
  } finally {
    ws.close();
  }
}
