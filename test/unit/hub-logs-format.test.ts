// The hub's and the kiosk's logs are the core's append log (labor/append-log.ts). Files written
// before, line for line as they are on venues' disks, still load: every id the hub answered stays
// answered, every queued punch stays queued, and a line a crash tore in the middle of the file
// (the old writer went on after it on a fresh line) is kept aside and reported, never dropped unseen.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KioskRelay } from '../../electron/core/hub/kiosk-relay';
import type { PunchGrants } from '../../electron/core/hub/punch-grants';
import type { PunchReview } from '../../electron/core/hub/punch-review';
import type { LaborService } from '../../electron/core/labor/labor-service';
import type { DamageReport } from '../../electron/core/storage/data-health';
import { OfflineKiosk } from '../../electron/core/labor/offline-kiosk';
import { tempDirs } from '../support';

const dirs = tempDirs('venue-hub-logs-');
afterEach(() => dirs.removeAll());

const FORWARDED = [
  '{"id":"0b0f4a52-3d8e-4b8e-9a57-0d6f1b2c3d4e"}',
  '{"id":"1c1f4a52-3d8e-4b8e-9a57-0d6f1b2c3d4e","refused":"That person is not on the roster any more"}',
  '{"id":"2d2f4a52-3d8e-4b8e-9a57-0d6f1b2c3d4e"}',
];
const QUEUE = [
  '{"add":{"punchId":"p-1","userId":"2004","action":"punch-in","capturedAt":1000,"grant":"1.x"}}',
  '{"add":{"punchId":"p-2","userId":"2004","action":"break-start","capturedAt":2000,"offline":true}}',
  '{"done":"p-1","outcome":{"status":"accepted"}}',
  '{"add":{"punchId":"p-3","userId":"2002","action":"punch-in","capturedAt":3000,"offline":true}}',
];
/** What the old writer left after a crash mid-line: the torn piece, then a fresh line and more. */
const TORN = '{"id":"3e3f4a52-3d8e-4b8';

function relayOn(dir: string, damage: (r: DamageReport) => void): KioskRelay {
  const noReview = { has: () => false } as unknown as PunchReview;
  return new KioskRelay({} as LaborService, dir, {} as PunchGrants, noReview, Date.now, damage);
}

/** The ids the relay answers "duplicate" for (a taken id is answered before labor is asked anything). */
async function answered(relay: KioskRelay, ids: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const id of ids) {
    const outcome = await relay
      .accept({ punchId: id, userId: 'x', action: 'punch-in', capturedAt: 0 }, { id: 'd', name: 'd' })
      .catch(() => null);
    if (outcome?.status === 'duplicate') out.push(id);
  }
  return out;
}

function kioskOn(dir: string, damage: (r: DamageReport) => void): OfflineKiosk {
  return new OfflineKiosk({ dataDir: dir, link: () => null, onView: () => {}, onWaiting: () => {}, damage });
}

describe('files written by the hub and the kiosk before still load', () => {
  it('the hub’s forwarded-punch log: every answered id stays answered, with nothing reported', async () => {
    const dir = dirs.make();
    mkdirSync(join(dir, 'hub'));
    writeFileSync(join(dir, 'hub', 'forwarded-punches.log'), FORWARDED.map((l) => `${l}\n`).join(''));
    const reports: DamageReport[] = [];
    const relay = relayOn(dir, (r) => reports.push(r));
    const ids = FORWARDED.map((l) => (JSON.parse(l) as { id: string }).id);
    expect(await answered(relay, ids)).toEqual(ids);
    relay.close();
    expect(reports).toEqual([]);
  });

  it('a line torn mid-file is kept aside and reported; the lines around it load', async () => {
    const dir = dirs.make();
    mkdirSync(join(dir, 'hub'));
    const path = join(dir, 'hub', 'forwarded-punches.log');
    const old = `${FORWARDED[0]}\n${TORN}\n${FORWARDED[1]}\n${FORWARDED[2]}\n`;
    writeFileSync(path, old);
    const reports: DamageReport[] = [];
    const relay = relayOn(dir, (r) => reports.push(r));
    const ids = FORWARDED.map((l) => (JSON.parse(l) as { id: string }).id);
    expect(await answered(relay, ids)).toEqual(ids);
    relay.close();
    expect(reports).toEqual([expect.objectContaining({ path, count: 1, severity: 'error' })]);
    expect(readFileSync(reports[0].keptAs!, 'utf8')).toBe(old);
    expect(readFileSync(path, 'utf8')).toBe(FORWARDED.map((l) => `${l}\n`).join(''));
  });

  it('the kiosk’s queue: what waited still waits, in order, and new punches append after it', () => {
    const dir = dirs.make();
    const path = join(dir, 'satellite-punches.log');
    writeFileSync(path, QUEUE.map((l) => `${l}\n`).join(''));
    const reports: DamageReport[] = [];
    const kiosk = kioskOn(dir, (r) => reports.push(r));
    expect(kiosk.waiting).toBe(2);
    kiosk.close();
    expect(reports).toEqual([]);
    // A line appended by the new writer reads back with the old ones.
    writeFileSync(path, `${readFileSync(path, 'utf8')}{"done":"p-2","outcome":{"status":"accepted"}}\n`);
    const again = kioskOn(dir, (r) => reports.push(r));
    expect(again.waiting).toBe(1);
    again.close();
    expect(reports).toEqual([]);
  });
});
