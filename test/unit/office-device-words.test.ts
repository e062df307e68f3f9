// Head office names a revoked device's role as the venue's screens do ("Kiosk"), not by the code
// its message carries; a role it does not know (a newer release's) is shown as it came.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openStore, type OfficeStore } from '../../electron/office/office-store';
import { ModelRunner } from '../../electron/office/model-runner';
import { readModels } from '../../electron/office/models';
import { officeView } from '../../electron/office/office-views';
import type { GroupDevice, GroupStatus } from '../../shared/group';
import { tempDirs } from '../support';

const dirs = tempDirs('venue-office-devices-');
let store: OfficeStore;
const venues = readModels().find((m) => m.name === 'venues')!;
const AT = Date.UTC(2026, 10, 28, 18, 0);

beforeAll(async () => {
  store = await openStore({ dir: dirs.make() });
  await new ModelRunner(store, readModels()).prepare();
});

afterAll(async () => {
  await store.close();
  dirs.removeAll();
});

let seq = 0;
const deliver = (kind: string, msgId: string, payload: GroupStatus | GroupDevice) =>
  store.transaction((tx) => venues.apply(tx, { venueId: 'north', kind, msgId, seq: ++seq, payload, heardAt: null }));

function revoked(deviceId: string, name: string, role: string): GroupDevice {
  return { deviceId, name, role, change: 'revoked', pairedAt: AT - 3_600_000, revokedAt: AT, at: AT };
}

it("names a revoked device's role in the venue's words", async () => {
  const status: GroupStatus = {
    at: AT,
    venueName: 'North',
    punchesWaiting: 0,
    punchesFailed: 0,
    webhooks: { verified: 0, unsigned: 0, rejected: 0, duplicates: 0 },
    listener: 'listening',
  };
  await deliver('status', 'status:1', status);
  await deliver('devices', 'device:1', revoked('d1', 'Bar tablet', 'kiosk'));
  await deliver('devices', 'device:2', revoked('d2', 'Office laptop', 'manager'));
  await deliver('devices', 'device:3', revoked('d3', 'Door scanner', 'door'));
  const view = await officeView(store, { venues: [], day: null }, { applied: 0, lagMs: null });
  expect(
    view.problems
      .filter((p) => p.kind === 'device')
      .map((p) => p.title)
      .sort(),
  ).toEqual([
    'Bar tablet (Kiosk) was revoked',
    'Door scanner (door) was revoked',
    'Office laptop (Manager’s device) was revoked',
  ]);
});
