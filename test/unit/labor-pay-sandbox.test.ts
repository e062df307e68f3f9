// Labor % of sales from a day at the practice venue: guests' tabs placed over the evening (their
// ORDER_PLACED events reach the core's webhook listener), shifts on the service, and wages kept on
// the hub. The whole core, over real HTTP.
import { afterEach, describe, expect, it } from 'vitest';
import { createWebhookControlClient } from '../../electron/sandbox/webhooks/control-client';
import { HARBOUR, removeTempDirs, startCore, type TestCore } from './tabs-kit';
import { addLaborEntry, drained } from './labor-test-kit';
import { signInManager, waitUntil } from '../support';
import { fiscalDayOf } from '../../shared/labor-calc';
import { hourStart } from '../../shared/labor-pay-cost';
import { wallTimeToMs } from '../../shared/time';
import { classify } from '../../electron/core/backup/venue-files';
import type { LaborDayView } from '../../shared/labor-pay';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const TZ = 'America/New_York';

let t: TestCore | null = null;
afterEach(async () => {
  await t?.stop();
  t = null;
  removeTempDirs();
});

/** Guests at the Harbour; resolves once the sandbox has delivered every event (before its clock moves on). */
async function simulate(baseUrl: string, tabs: number): Promise<void> {
  const res = await fetch(`${baseUrl}/_sandbox/guests/simulate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ locationUuid: HARBOUR.uuid, tabs, close: 'all' }),
  });
  expect(res.status).toBe(200);
  const hooks = createWebhookControlClient(baseUrl);
  let waiting = 1;
  await waitUntil(() => {
    void hooks.deliveries().then((d) => (waiting = d.deliveries.filter((x) => x.status !== 'delivered').length));
    return waiting === 0;
  }, 10_000);
}

describe('labor cost and labor % of sales', () => {
  it('one evening: sales from the tabs, cost from the shifts and wages, overtime from the California preset', async () => {
    t = await startCore();
    const { core } = t;
    const world = t.world!;
    const baseUrl = core.sandbox()!.baseUrl;
    const [harbour] = (await core.handlers.laborLocations()).filter((l) => l.uuid === HARBOUR.uuid);
    // The venue's zone as Settings lets a manager give it (a service in the other reading sends none).
    await core.handlers.laborSetLocation(null, { ...harbour, timezone: TZ });
    const manager = (await signInManager(core.handlers))!;
    const settings = core.labor.view().settings;
    await core.handlers.laborSaveSettings(manager.token, { ...settings, overtimePreset: 'california' });

    // Guests now: two tabs, then three more, then one (each burst delivered before the next).
    const start = world.clock.nowMs();
    await simulate(baseUrl, 2);
    await simulate(baseUrl, 3);
    await simulate(baseUrl, 1);
    const orders = [...world.tabs.orders.values()].filter((o) => o.locationUuid === HARBOUR.uuid);
    expect(orders).toHaveLength(6);
    const salesCents = orders.reduce((n, o) => n + o.placedTotal, 0);
    const day = fiscalDayOf(start, TZ, 4);
    expect(orders.every((o) => fiscalDayOf(o.createdAtMs, TZ, 4) === day)).toBe(true);

    // The day's shifts, from 17:00 on the venue's clock: Sam serves 4 h at $15.00; Jordan tends bar
    // 9 h with an unpaid half hour (8.5 h paid: under California's daily rule 8 h, then 0.5 h at
    // 1.5 × $18.00); Morgan works 2 h with no wage set; Alex is salaried, $52,000 a year.
    const t0 = wallTimeToMs(`${day}T17:00:00`, TZ)!;
    addLaborEntry({ world }, { userId: '2002', role: 'server', punchInMs: t0, punchOutMs: t0 + 4 * HOUR });
    const jordan = addLaborEntry(
      { world },
      { userId: '2004', role: 'bartender', punchInMs: t0 + 10 * MINUTE, punchOutMs: t0 + 9 * HOUR + 10 * MINUTE },
    );
    addLaborEntry(
      { world },
      { userId: '2004', breakOf: jordan.uuid, punchInMs: t0 + 3 * HOUR, punchOutMs: t0 + 3.5 * HOUR },
    );
    addLaborEntry({ world }, { userId: '2006', role: 'bartender', punchInMs: t0 + HOUR, punchOutMs: t0 + 3 * HOUR });
    /** Cents of hourly labor in one hour: minutes of each stretch in it, at 25, 30 and 45 ¢ a minute. */
    const costIn = (hour: number) => {
      const within = (from: number, to: number) =>
        Math.max(0, Math.min(to, hour + HOUR) - Math.max(from, hour)) / MINUTE;
      return (
        25 * within(t0, t0 + 4 * HOUR) +
        30 * (within(t0 + 10 * MINUTE, t0 + 3 * HOUR) + within(t0 + 3.5 * HOUR, t0 + 8 * HOUR + 40 * MINUTE)) +
        45 * within(t0 + 8 * HOUR + 40 * MINUTE, t0 + 9 * HOUR + 10 * MINUTE)
      );
    };

    await core.handlers.paySaveWage(manager.token, {
      userId: '2002',
      payrollId: null,
      wages: [{ role: null, kind: 'hourly', cents: 1_500, per: 'hour', from: null }],
    });
    await core.handlers.paySaveWage(manager.token, {
      userId: '2004',
      payrollId: 'J-04',
      wages: [{ role: 'bartender', kind: 'hourly', cents: 1_800, per: 'hour', from: null }],
    });
    await core.handlers.paySaveWage(manager.token, {
      userId: '2001',
      payrollId: null,
      wages: [{ role: null, kind: 'salaried', cents: 5_200_000, per: 'year', from: null }],
    });

    // The six orders reach the listener as the sandbox delivers them.
    let v: LaborDayView = await core.handlers.payLaborDay(manager.token, day);
    for (let i = 0; i < 300 && v.orders < 6; i++) {
      await new Promise((r) => setTimeout(r, 50));
      v = await core.handlers.payLaborDay(manager.token, day);
    }

    const sam = 4 * 60 * 25; // 25 ¢ a minute
    const jordanCost = 8 * 60 * 30 + 30 * 45; // 30 ¢ a minute, then 45 ¢
    const salary = Math.round(5_200_000 / 364);
    expect(v.salesCents).toBe(salesCents);
    expect(v.salariedCents).toBe(salary);
    expect(v.premiumCents).toBe(30 * 15);
    expect(v.laborCents).toBe(sam + jordanCost + salary);
    expect(v.percent).toBe(Math.round(((sam + jordanCost + salary) / salesCents) * 1000) / 10);
    expect(v.salesUnknown).toBeNull();
    expect(v.missingWages).toEqual([{ userId: '2006', name: expect.any(String), role: 'bartender', minutes: 120 }]);

    // Each hour: its sales against its labor; the guests' hour has every order.
    for (const hour of v.hours) {
      expect(hour.laborCents).toBe(costIn(hour.start));
      const sold = orders
        .filter((o) => hourStart(o.createdAtMs, TZ) === hour.start)
        .reduce((n, o) => n + o.placedTotal, 0);
      expect(hour.salesCents).toBe(sold);
      expect(hour.percent).toBe(sold > 0 ? Math.round((hour.laborCents / sold) * 1000) / 10 : null);
    }
    expect(v.hours.map((h) => h.start)).toContain(hourStart(start, TZ));
    // The overtime half hour is in the hours from 01:40 to 02:10.
    expect(costIn(hourStart(t0 + 9 * HOUR, TZ))).toBe(10 * 45);
    // The hourly column adds up to the day's hourly cost.
    expect(v.hours.reduce((n, h) => n + h.laborCents, 0)).toBe(sam + jordanCost);

    // Wages are the venue's, in its backup: a file at the top of the data folder the backup copies.
    expect(classify('labor-wages.json').kind).toBe('copy');
    expect(classify('labor-tips.json').kind).toBe('copy');
    // And nothing of them is in what every screen and device is pushed.
    expect(JSON.stringify(core.labor.view())).not.toMatch(/5200000|J-04/);
  });

  it('cash and card declared apart at punch-out: the service gets their sum, the tip report the split', async () => {
    t = await startCore();
    const { core } = t;
    const [harbour] = (await core.handlers.laborLocations()).filter((l) => l.uuid === HARBOUR.uuid);
    await core.handlers.laborSetLocation(null, harbour);
    const manager = (await signInManager(core.handlers))!;
    const sam = await core.handlers.laborIdentify({ pin: '1111' });
    await core.handlers.laborPunch(sam.token, { action: 'punch-in', role: { role: 'server', roleUuid: null } });
    const out = await core.handlers.laborIdentify({ pin: '1111' });
    // More on card than declared is refused before anything is recorded.
    await expect(
      core.handlers.laborPunch(out.token, { action: 'punch-out', declaredTipsCents: 1_000, tipsCardCents: 1_500 }),
    ).rejects.toMatchObject({ kind: 'invalid' });
    await core.handlers.laborPunch(out.token, { action: 'punch-out', declaredTipsCents: 2_000, tipsCardCents: 1_500 });
    await drained(core.labor);
    const shift = t.world!.labor.all().find((e) => e.userId === sam.userId && e.punchType === 'shift')!;
    expect(shift.declaredTips).toBe(2_000); // the sandbox's own book is in cents, whatever it sends
    const day = fiscalDayOf(shift.punchInMs, TZ, 4);
    const report = await core.handlers.payTipReport(manager.token, day, day);
    expect(report.people.find((p) => p.userId === sam.userId)).toMatchObject({
      declaredCents: 2_000,
      cashCents: 500,
      cardCents: 1_500,
      unsplitCents: 0,
    });
  });
});
