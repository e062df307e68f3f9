// The back office's page in Chromium: a head office (one nats-server, PGlite) and two venues' hubs
// (whole cores on the practice venue, each with its leaf node) on loopback, each in its own temp
// folder. People punch in at each venue; the page the office serves shows who is on shift where,
// in the words the venue's own screens use, on each venue's clock.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { addVenue, setupOffice } from '../../electron/office/group-setup';
import { startOffice, type RunningOffice } from '../../electron/office/office';
import { saveGroupJoin } from '../../electron/core/group/group-join';
import { createApp, type App } from '../../electron/host/create-app';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { HARBOUR } from '../unit/labor-test-constants';
import { shootBothSizes } from './both-sizes';
import { readModels } from '../../electron/office/models';
import type { GroupStatus } from '../../shared/group';

const dirs: string[] = [];
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'venue-office-e2e-'));
  dirs.push(dir);
  return dir;
};
let office: RunningOffice;
const hubs: App[] = [];

test.beforeAll(async () => {
  const officeDir = temp();
  await setupOffice(officeDir, { group: 'E2E group', nodes: 1, httpPort: 0 });
  const files = [addVenue(officeDir, 'harbour', 'Harbour').file, addVenue(officeDir, 'garden', 'Garden').file];
  office = await startOffice({ dir: officeDir, httpPort: 0, log: () => {} });
  for (const file of files) {
    const dataDir = temp();
    saveGroupJoin(dataDir, readFileSync(file, 'utf8'));
    const app = await createApp({
      dataDir,
      runtime: 'headless',
      secrets: new MemorySecretStore(),
      labor: { scryptN: 1024, boardRefreshMs: 0 },
    });
    hubs.push(app);
    await app.start();
    // The practice venue seeds its demo staff (PINs 1111, 2222, …) once the core has connected.
    await expect.poll(() => app.labor.roster.needsManagerSetup(), { timeout: 10_000 }).toBe(false);
    await app.handlers.laborSetLocation(null, HARBOUR);
  }
});

test.afterAll(async () => {
  for (const app of hubs) await app.stop();
  await office?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function punchIn(app: App, pin: string): Promise<void> {
  const session = await app.handlers.laborIdentify({ pin });
  await app.handlers.laborPunch(session.token, { action: 'punch-in' });
  await app.handlers.laborEndSession(session.token);
}

test('the office page shows who is on shift at each venue', async ({ page }) => {
  const [harbour, garden] = hubs;
  await punchIn(harbour, '1111');
  await punchIn(harbour, '2222');
  await punchIn(garden, '3333');
  // A third venue runs an earlier release: its heartbeat says no zone, as the office heard it.
  const venues = readModels().find((m) => m.name === 'venues')!;
  const older: GroupStatus = {
    at: Date.now(),
    venueName: 'Pier',
    punchesWaiting: 0,
    punchesFailed: 0,
    webhooks: { verified: 0, unsigned: 0, rejected: 0, duplicates: 0 },
    listener: 'listening',
  };
  await office.store.transaction((tx) =>
    venues.apply(tx, {
      venueId: 'pier',
      kind: 'status',
      msgId: 'status:pier:1',
      seq: 0,
      payload: older,
      heardAt: null,
    }),
  );
  await page.goto(office.url);
  const atHarbour = page.getByRole('region', { name: 'On shift at Harbour' });
  const atGarden = page.getByRole('region', { name: 'On shift at Garden' });
  // Live: the page reads again when the office applies the punches as they land.
  await expect(atHarbour.getByRole('listitem')).toHaveCount(2, { timeout: 20_000 });
  await expect(atHarbour).toContainText('Sam Server');
  await expect(atHarbour).toContainText('Jordan Bartender');
  await expect(atGarden.getByRole('listitem')).toHaveCount(1, { timeout: 20_000 });
  await expect(atGarden).toContainText('Morgan Server');
  // Roles as the venue writes them; today's times as a time on the venue's clock.
  await expect(atHarbour).toContainText(/Jordan Bartender \(Bartender\) since \d{1,2}:\d{2} [AP]M/);
  // Each venue's heartbeat says its zone: its days are New York's from 4 a.m., not UTC's.
  const takings = page.getByRole('region', { name: 'Takings and open tabs' });
  await expect(takings.getByRole('row', { name: /Harbour/ })).toContainText('New York time, from 4 AM', {
    timeout: 20_000,
  });
  // The earlier release's days are UTC's, and the page says so rather than show them as its own.
  await expect(takings.getByRole('row', { name: /Pier/ })).toContainText('UTC days: time zone not said yet');
  await expect(page.getByRole('list', { name: 'Time zones not known' })).toContainText(
    'Pier has not said its time zone yet',
  );
  await expect(page.getByRole('region', { name: 'On shift at Pier' })).toContainText('Nobody is on shift.');
  await expect(page.getByRole('status')).toHaveText(/^(Up to date|Behind by .+)$/);
  await expect(page.getByText('All days')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Refunds' })).toContainText('No refunds yet.');
  // Head office's managers read it on a desk screen or a tall one: nothing axe finds at either.
  await shootBothSizes(page, 'office', { fullPage: true, axe: true, leaveAt: 'as before' });
  // The venue filter narrows every section to the venues ticked.
  await page.getByRole('checkbox', { name: 'Garden' }).check();
  await expect(atHarbour).toHaveCount(0);
  await expect(atGarden).toContainText('Morgan Server');
});
