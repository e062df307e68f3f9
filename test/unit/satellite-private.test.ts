// A satellite's data folder is its user's only, as the hub's is: started on a folder others could
// read (0755, and 0644 pairing and roster copy, which hold its credential and the staff's PIN
// hashes), it makes them 0700/0600 and says so; and what it finds damaged in its own folder (a
// queue line it could not read) reaches its screens in the snapshot they read, beside the hub's.
import { appendFileSync, chmodSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSatellite } from '../../electron/host/satellite';
import { KIOSK_VENUE_NOTICES } from '../../electron/core/hub/device-notices';
import { KIOSK_QUEUE_FILE } from '../../electron/core/labor/kiosk-queue';
import type { AppSnapshot } from '../../shared/domain';
import { tempDirs } from '../support';
import { HubLink, pairDevice, rosterCopied, testHubs, pairedKiosk, satelliteCall } from './hub-kit';

const { hub, later } = testHubs();
const dirs = tempDirs('venue-satellite-private-');
afterEach(() => dirs.removeAll());

const mode = (path: string) => statSync(path).mode & 0o777;

describe('a satellite’s own data folder', () => {
  it.runIf(process.platform !== 'win32')(
    'started on loose modes: folders 0700, files 0600, and its screens are told',
    async () => {
      const h = await hub();
      const d = dirs.make();
      const first = await pairedKiosk(h, d);
      await rosterCopied(d);
      await first.close();
      // As a copy with `cp -r` under umask 022 leaves it, with a folder of its own beside.
      chmodSync(d, 0o755);
      for (const file of ['satellite.json', 'satellite-cache.json']) chmodSync(join(d, file), 0o644);
      mkdirSync(join(d, 'kept'), { mode: 0o755 });
      chmodSync(join(d, 'kept'), 0o755);
      writeFileSync(join(d, 'kept', 'note.txt'), 'x', { mode: 0o644 });
      chmodSync(join(d, 'kept', 'note.txt'), 0o644);

      const again = await startSatellite({ dataDir: d, retryMs: { first: 50, max: 200 } });
      later(() => again.close());
      expect(mode(d)).toBe(0o700);
      expect(mode(join(d, 'kept'))).toBe(0o700);
      for (const file of ['satellite.json', 'satellite-cache.json', 'kept/note.txt'])
        expect(mode(join(d, file)), file).toBe(0o600);
      const snapshot = await satelliteCall<AppSnapshot>(again, 'getSnapshot');
      const notice = snapshot.dataHealth?.notices.find((n) => n.id.endsWith('#permissions'));
      expect(notice).toMatchObject({ severity: 'warning', count: 5 });
      expect(notice!.sentence).toMatch(/they were made private/);
      // What it writes from now on is private from the start.
      expect(mode(join(d, 'data-health.json'))).toBe(0o600);
    },
  );

  it('a damaged line of its punch queue is kept aside and shown on its screens, with the hub’s notices', async () => {
    const h = await hub();
    const d = dirs.make();
    const first = await pairedKiosk(h, d);
    await first.close();
    appendFileSync(join(d, KIOSK_QUEUE_FILE), 'not a punch\n{"add": "half"}\n');
    const again = await startSatellite({ dataDir: d, retryMs: { first: 50, max: 200 } });
    later(() => again.close());
    const snapshot = await satelliteCall<AppSnapshot>(again, 'getSnapshot');
    const queue = snapshot.dataHealth?.notices.find((n) => n.file === KIOSK_QUEUE_FILE);
    expect(queue).toMatchObject({ severity: 'error', count: 2 });
    expect(queue!.keptAs).toMatch(/^satellite-punches\.log\.damaged-/);
    // The hub's own notices are in the same list: one of the hub's reported now reaches this screen.
    h.app.dataHealth.report({
      key: 'test',
      severity: 'warning',
      path: join(h.dataDir, 'hub', 'devices.json'),
      keptAs: null,
      count: null,
      sentence: 'A notice of the hub’s own.',
      detail: 'test',
    });
    const both = await satelliteCall<AppSnapshot>(again, 'getSnapshot');
    expect(both.dataHealth!.notices.map((n) => n.file).sort()).toEqual(['hub/devices.json', KIOSK_QUEUE_FILE]);
  });

  it.runIf(process.platform !== 'win32')(
    'a manager at a kiosk marks the kiosk’s own notices read, never the venue’s',
    async () => {
      const h = await hub();
      const d = dirs.make();
      const first = await pairedKiosk(h, d);
      await first.close();
      chmodSync(join(d, 'satellite.json'), 0o644);
      const kiosk = await startSatellite({ dataDir: d, retryMs: { first: 50, max: 200 } });
      later(() => kiosk.close());
      h.app.dataHealth.report({
        key: 'test',
        severity: 'warning',
        path: join(h.dataDir, 'hub', 'devices.json'),
        keptAs: null,
        count: null,
        sentence: 'A notice of the venue’s.',
        detail: 'test',
      });
      const notices = (await satelliteCall<AppSnapshot>(kiosk, 'getSnapshot')).dataHealth!.notices;
      const own = notices.find((n) => n.id.endsWith('#permissions'))!;
      const venue = notices.find((n) => n.file === 'hub/devices.json')!;
      expect(own.id).toMatch(/^this-device:/);
      const both = [own.id, venue.id];

      // Nobody signed in at the kiosk: a manager's PIN is asked for, nothing is marked read.
      await expect(satelliteCall(kiosk, 'dismissDataHealth', both)).rejects.toMatchObject({ kind: 'pin-required' });
      // A manager signs in at the kiosk: its own notice goes, the venue's stays, here and on the hub.
      await satelliteCall(kiosk, 'laborIdentify', { pin: '9999' });
      const after = await satelliteCall<{ notices: { id: string }[] }>(kiosk, 'dismissDataHealth', both);
      expect(after.notices.map((n) => n.id)).toEqual([venue.id]);
      expect(h.app.dataHealth.has(venue.id)).toBe(true);
      const again = (await satelliteCall<AppSnapshot>(kiosk, 'getSnapshot')).dataHealth!.notices;
      expect(again.map((n) => n.id)).toEqual([venue.id]);

      // A modified kiosk screen asking the hub for the venue's notice directly is refused.
      const door = await HubLink.open(await pairDevice(h, 'kiosk', 'Side door'));
      later(() => door.close());
      expect(await door.request('laborIdentify', [{ pin: '9999' }])).toMatchObject({ ok: true });
      expect(await door.request('dismissDataHealth', [[venue.id]])).toMatchObject({
        ok: false,
        error: { kind: 'forbidden', message: KIOSK_VENUE_NOTICES },
      });
      expect(h.app.dataHealth.has(venue.id)).toBe(true);
    },
  );
});
