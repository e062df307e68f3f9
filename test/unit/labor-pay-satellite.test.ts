// Wages stay on the hub: no paired device, a manager's with a manager signed in on it included,
// reads them, saves them or reads what is made of them; the hub's own screen does.
import { afterEach, describe, expect, it } from 'vitest';
import type { StaffSession } from '../../shared/labor';
import { deviceMayCall } from '../../shared/contract/device-access';
import { laborPayChannelKeys } from '../../shared/contract/labor-pay';
import type { IpcChannel } from '../../shared/contract';
import { ok, pairDevice, pairedKiosk, satelliteCall, HubLink, testHubs } from './hub-kit';
import { tempDirs, waitUntil } from '../support';

const { hub, later } = testHubs();
const dirs = tempDirs('venue-pay-kiosk-');
afterEach(() => dirs.removeAll());

async function link(pairing: Parameters<typeof HubLink.open>[0]): Promise<HubLink> {
  const l = await HubLink.open(pairing);
  later(() => l.close());
  return l;
}

const PAY_CHANNELS = Object.keys(laborPayChannelKeys) as IpcChannel[];

describe('wages never leave the hub', () => {
  it("a manager's device, a workstation and a kiosk are refused every pay request; the hub's screen is not", async () => {
    const h = await hub();
    const hubManager = (await h.app.handlers.laborIdentify({ pin: '9999' })) as StaffSession;
    await h.app.handlers.paySaveWage(hubManager.token, {
      userId: '2002',
      payrollId: 'GUSTO-5G9934',
      wages: [{ role: null, kind: 'hourly', cents: 1_737, per: 'hour', from: null }],
    });

    const office = await link(await pairDevice(h, 'manager', 'Office'));
    const bar = await link(await pairDevice(h, 'workstation', 'Bar'));
    const door = await link(await pairDevice(h, 'kiosk', 'Door'));
    const m = await ok<StaffSession>(office.request('laborIdentify', [{ pin: '9999' }]));
    // The same manager, signed in on the office device, may do manager things there…
    expect(await office.request('laborStaff', [m.token])).toMatchObject({ ok: true });
    // …but not read or write wages, nor what is made of them.
    const day = '2026-11-20';
    const asks: [string, unknown[]][] = [
      ['payWages', [m.token]],
      ['paySaveWage', [m.token, { userId: '2002', payrollId: null, wages: [] }]],
      ['payLaborDay', [m.token, day]],
      ['payTipRules', [m.token]],
      ['payTipReport', [m.token, day, day]],
      ['payPeriodTotals', [m.token, day, day]],
      ['payPayrollFile', [m.token, 'gusto', day, day, {}]],
    ];
    for (const [channel, args] of asks)
      for (const device of [office, bar, door]) {
        const answer = await device.request(channel, args);
        expect(answer, `${channel} from a device`).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
        expect(JSON.stringify(answer)).not.toMatch(/1737|17\.37|GUSTO-5G9934/);
      }
    // What every device is pushed and may read carries none of it.
    for (const device of [office, bar, door]) {
      const view = await device.request('laborView', []);
      expect(JSON.stringify(view)).not.toMatch(/1737|GUSTO-5G9934/);
    }
    // The wage is as the hub's manager saved it (the office's save was refused).
    const wages = await h.app.handlers.payWages(hubManager.token);
    expect(wages.people.find((p) => p.userId === '2002')).toMatchObject({
      payrollId: 'GUSTO-5G9934',
      wages: [{ cents: 1_737 }],
    });
  });

  it("a paired kiosk's punch-out carries the cash/card split to the hub, which keeps it", async () => {
    const h = await hub();
    const kiosk = await pairedKiosk(h, dirs.make(), { retryMs: { first: 50, max: 200 } });
    later(() => kiosk.close());
    const call = <T>(channel: string, ...args: unknown[]) => satelliteCall<T>(kiosk, channel, ...args);
    await waitUntil(() => kiosk.status().link === 'connected');
    const jordan = await call<StaffSession>('laborIdentify', { pin: '2222' });
    await call('laborPunch', jordan.token, { action: 'punch-in', role: jordan.roles[0] });
    const again = await call<StaffSession>('laborIdentify', { pin: '2222' });
    await call('laborPunch', again.token, { action: 'punch-out', declaredTipsCents: 3_000, tipsCardCents: 2_200 });
    await waitUntil(() => h.app.pay.files.tipSplits().length === 1, 10_000);
    expect(h.app.pay.files.tipSplits()[0]).toMatchObject({ userId: '2004', cashCents: 800, cardCents: 2_200 });
  });

  it('the device table refuses every pay channel to every device role', () => {
    for (const channel of PAY_CHANNELS)
      for (const role of ['kiosk', 'workstation', 'manager'] as const) expect(deviceMayCall(role, channel)).toBe(false);
  });
});
