// Labor % is never shown from a guessed amount: while the service's "number" fields (ORDER_PLACED
// totals among them) are not known to be cents or dollars, the board has no sales and no labor %,
// and says why; once a manager confirms the unit, the same orders count.
import { afterEach, describe, expect, it } from 'vitest';
import { acceptedEvents, HARBOUR, removeTempDirs, startCore, type TestCore } from './tabs-kit';
import { readingsFromEnv } from '../../electron/sandbox';
import { waitUntil } from '../support';
import { addLaborEntry } from './labor-test-kit';
import { fiscalDayOf } from '../../shared/labor-calc';
import type { LaborDayView } from '../../shared/labor-pay';

let t: TestCore | null = null;
afterEach(async () => {
  await t?.stop();
  t = null;
  removeTempDirs();
});

describe('labor % while the money unit is not decided', () => {
  it('shows no sales and no labor %, then counts the orders once the unit is confirmed', async () => {
    // A real service (not the practice venue, whose units are its reading's) writing cents.
    t = await startCore({ confirmUnits: false, readings: { ...readingsFromEnv(), moneyNumbers: 'cents' } });
    const { core } = t;
    const [harbour] = (await core.handlers.laborLocations()).filter((l) => l.uuid === HARBOUR.uuid);
    await core.handlers.laborSetLocation(null, { ...harbour, timezone: 'America/New_York' });
    // A real service's first run: the venue's first manager is set up here.
    const manager = await core.handlers.laborSetupManager({ userId: '2001', name: 'Alex Manager', pin: '9999' });
    expect(core.tabs.money.decided('numbers')).toBe(false);
    const world = t.world!;
    await t.control.simulateGuests({ tabs: 2, close: 'none' });
    await waitUntil(() => acceptedEvents(core).filter((e) => e.type === 'ORDER_PLACED').length === 2, 10_000);
    const day = fiscalDayOf(Date.now(), 'America/New_York', 4);
    const before: LaborDayView = await core.handlers.payLaborDay(manager.token, day);
    expect(core.tabs.money.decided('numbers')).toBe(false);
    expect(before).toMatchObject({ salesCents: null, percent: null });
    expect(before.salesUnknown).toMatch(/not known to be cents or dollars/);
    expect(before.hours.every((h) => h.salesCents === null && h.percent === null)).toBe(true);

    // Tips declared on the service while the unit is open: shown both ways, and no payroll file.
    const at = Date.now() - 3 * 3_600_000;
    addLaborEntry(
      { world },
      { userId: '2002', role: 'server', punchInMs: at, punchOutMs: at + 3_600_000, declaredTips: 1_250 },
    );
    const tipDay = fiscalDayOf(at, 'America/New_York', 4);
    const report = await core.handlers.payTipReport(manager.token, tipDay, tipDay);
    expect(report.tipsUnknown).toMatch(/not known to be cents or dollars/);
    await expect(core.handlers.payPayrollFile(manager.token, 'gusto', tipDay, tipDay, {})).rejects.toMatchObject({
      kind: 'conflict',
    });

    await core.handlers.tabsSetMoneyUnit('numbers', 'cents');
    expect((await core.handlers.payTipReport(manager.token, tipDay, tipDay)).tipsUnknown).toBeNull();
    expect((await core.handlers.payPayrollFile(manager.token, 'gusto', tipDay, tipDay, {})).text).toMatch(/12\.50/);
    const sales = [...world.tabs.orders.values()].reduce((n, o) => n + o.placedTotal, 0);
    const after = await core.handlers.payLaborDay(manager.token, day);
    expect(after).toMatchObject({ salesCents: sales, salesUnknown: null, orders: 2 });
  });
});
