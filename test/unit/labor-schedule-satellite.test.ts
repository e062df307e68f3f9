// A kiosk paired with the hub meets the schedule's rule as the hub decides it: an early punch-in
// forwarded from the kiosk is refused with its kind (the kiosk shows the prompt), a manager's PIN
// at that kiosk lets it through, and the kiosk can read nothing of the schedule itself.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LaborView, StaffSession } from '../../shared/labor';
import { OfflineKiosk } from '../../electron/core/labor/offline-kiosk';
import { saveKioskCache } from '../../electron/core/labor/kiosk-cache';
import { hashPin } from '../../electron/core/labor/pin-hash';
import { pinTag } from '../../electron/core/labor/pin-lookup';
import { DEFAULT_SCHEDULE_RULES } from '../../shared/labor-schedule';
import { toLocalInput } from '../../shared/time';
import { tempDirs } from '../support';
import { pairedKiosk, rosterCopied, satelliteCall, testHubs } from './hub-kit';

const { hub, later } = testHubs();
const dirs = tempDirs('venue-schedule-kiosk-');
const TAG_SALT = Buffer.from('venue tag salt').toString('base64');
afterEach(() => dirs.removeAll());

describe('the schedule on a paired kiosk', () => {
  it('the hub refuses an early punch-in from the kiosk; a manager PIN at the kiosk lets it in', async () => {
    const h = await hub();
    const d = dirs.make();
    const kiosk = await pairedKiosk(h, d, { retryMs: { first: 50, max: 200 } });
    later(() => kiosk.close());
    await rosterCopied(d);
    const handlers = h.app.handlers;
    const boss = await handlers.laborIdentify({ pin: '9999' });
    const tz = h.app.labor.view().location?.timezone ?? null;
    const startsAt = Math.ceil((Date.now() + 60 * 60_000) / 60_000) * 60_000;
    const [day, start] = toLocalInput(startsAt, tz).split('T');
    const end = toLocalInput(startsAt + 4 * 3_600_000, tz).split('T')[1];
    const role = h.app.labor.roster.get('2004')!.roles[0].role;
    await handlers.scheduleSaveRules(boss.token, { ...DEFAULT_SCHEDULE_RULES, earlyPunch: 'manager' }, day);
    await handlers.scheduleSaveShift(boss.token, { id: 'jordan-evening', userId: '2004', role, day, start, end });

    const jordan = await satelliteCall<StaffSession>(kiosk, 'laborIdentify', { pin: '2222' });
    const refused = await satelliteCall(kiosk, 'laborPunch', jordan.token, {
      punchId: randomUUID(),
      action: 'punch-in',
    }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ kind: 'punch-too-early', data: { managerMay: true } });
    expect((refused as { data: { minutesEarly: number } }).data.minutesEarly).toBeGreaterThanOrEqual(59);
    expect(h.app.labor.rowFor('2004')).toBeNull();

    // The kiosk device cannot read the schedule, even with a manager's session (device-access.ts).
    const manager = await satelliteCall<StaffSession>(kiosk, 'laborIdentify', { pin: '9999' });
    await expect(satelliteCall(kiosk, 'scheduleWeek', manager.token, day)).rejects.toMatchObject({
      kind: 'forbidden',
    });
    await satelliteCall(kiosk, 'laborPunch', jordan.token, {
      punchId: randomUUID(),
      action: 'punch-in',
      managerToken: manager.token,
    });
    expect(h.app.labor.rowFor('2004')).not.toBeNull();
    expect((await handlers.scheduleWeek(boss.token, day)).earlyAllowed).toMatchObject([
      { userId: '2004', byName: expect.any(String) },
    ]);
    // Nothing of the schedule is kept on the kiosk.
    for (const file of ['satellite-cache.json', 'satellite-punches.log'])
      expect(readFileSync(join(d, file), 'utf8')).not.toContain('jordan-evening');
  });
});

describe('the schedule on a kiosk without its hub', () => {
  it('a person the last board had as a no-show punches in offline: no longer shown as missing', async () => {
    const d = dirs.make();
    const staff = [
      {
        userId: '2004',
        name: 'Jordan Bartender',
        manager: false,
        pin: await hashPin('2222', 1024),
        pinTag: await pinTag('2222', { salt: TAG_SALT, N: 1024, r: 8, p: 1 }),
        roles: [{ locationUuid: 'loc-1', role: 'Bartender', roleUuid: 'r-1' }],
      },
    ];
    const alert = (userId: string, name: string) => ({
      kind: 'no-show' as const,
      shiftId: `shift-${userId}`,
      userId,
      name,
      role: 'Bartender',
      startsAt: Date.now() - 40 * 60_000,
      endsAt: Date.now() + 3_600_000,
    });
    const view = {
      location: { uuid: 'loc-1', name: 'Bar', timezone: null },
      board: { rows: [], fetchedAt: null, error: null },
      scheduleAlerts: [alert('2004', 'Jordan Bartender'), alert('2002', 'Sam Server')],
    } as unknown as LaborView;
    saveKioskCache(d, { roster: staff, view, snapshot: null });
    const kiosk = new OfflineKiosk({ dataDir: d, link: () => null, onView: () => {}, onWaiting: () => {} });
    later(() => kiosk.close());
    const jordan = await kiosk.identify({ pin: '2222' });
    await kiosk.punch(jordan.token, { action: 'punch-in', role: { role: 'Bartender', roleUuid: 'r-1' } });
    expect(kiosk.cachedView?.scheduleAlerts?.map((a) => a.userId)).toEqual(['2002']);
  });
});
