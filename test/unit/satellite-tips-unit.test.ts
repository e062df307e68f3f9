// Declared tips from a kiosk satellite reach the service through the hub's relay, not through the
// hub's own punch handler: the hub applies the same rule there. While the unit of the spec's
// "number" fields is not decided (a real service whose units nobody confirmed), a punch-out with
// tips from the satellite is refused with the money-unit conflict its screen offers Confirm for,
// the person stays on shift and the PIN entry stays good; without tips it goes; once a manager
// confirms the unit the tips go too. Real hub over TLS, real satellite.
import { afterEach, expect, it } from 'vitest';
import { dispatchRequest } from '../../electron/core/ipc-dispatch';
import { startSatellite, type RunningSatellite } from '../../electron/host/satellite';
import type { StaffSession } from '../../shared/labor';
import { MONEY_UNIT_CONFLICT } from '../../shared/money-units';
import { allowedCode, testHubs } from './hub-kit';
import { tempDirs } from '../support';

const hubs = testHubs();
const dirs = tempDirs('venue-satellite-tips-');
afterEach(() => dirs.removeAll());

async function call<T>(s: RunningSatellite, channel: string, ...args: unknown[]): Promise<T> {
  const outcome = await dispatchRequest(s.handlers, channel, args);
  if (!outcome.ok) throw Object.assign(new Error(outcome.error.message), outcome.error);
  return outcome.result as T;
}

it('a satellite punch-out with tips waits for the unit of number fields, as at the hub', async () => {
  const h = await hubs.hub();
  const kiosk = await startSatellite({
    dataDir: dirs.make(),
    hubUrl: h.url.replace('https://', ''),
    pairCode: allowedCode(h.app, 'kiosk'),
    deviceName: 'Door',
    retryMs: { first: 50, max: 200 },
  });
  hubs.later(() => kiosk.close());
  // The practice venue's units are its reading's; a real service's, nobody has confirmed yet.
  h.app.tabs.money.follow(null);
  expect(h.app.tabs.money.decided('numbers')).toBe(false);

  const jordan = await call<StaffSession>(kiosk, 'laborIdentify', { pin: '2222' });
  await call(kiosk, 'laborPunch', jordan.token, { action: 'punch-in', role: jordan.roles[0] });
  const out = await call<StaffSession>(kiosk, 'laborIdentify', { pin: '2222' });
  await expect(
    call(kiosk, 'laborPunch', out.token, { action: 'punch-out', declaredTipsCents: 1250 }),
  ).rejects.toMatchObject({ kind: 'conflict', data: { what: MONEY_UNIT_CONFLICT } });
  expect(
    h.app.labor.view().board.rows.map((r) => r.userId),
    'still on shift',
  ).toContain('2004');

  h.app.tabs.money.choose('numbers', 'cents');
  // The same PIN entry is still good for the punch it was meant for.
  await call(kiosk, 'laborPunch', out.token, { action: 'punch-out', declaredTipsCents: 1250 });
  expect(h.app.labor.view().board.rows.map((r) => r.userId)).not.toContain('2004');
});
