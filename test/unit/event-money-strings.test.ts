// Webhook events whose money is written as decimal strings (sandbox reading moneyText 'string'),
// from a real service of its own whose units nobody confirmed: the events are accepted (not
// flagged), the board reads their amounts as the service holds them, and "14.00" decides the
// "number" fields as dollars, as a REST answer's "14.00" does. A whole string ("1400") follows the
// family's unit. Declared tips read from labor answers as "12.50" decide it the same way.
import { afterAll, describe, expect, it } from 'vitest';
import { namedReadings, type SandboxReadings } from '../../electron/sandbox/readings';
import { fiscalDayOf } from '../../shared/labor-calc';
import { acceptedEvents, HARBOUR, removeTempDirs, startCore, until, type TestCore } from './tabs-kit';
import { addLaborEntry } from './labor-test-kit';

afterAll(() => removeTempDirs());

const asStrings = (unit: 'cents' | 'dollars'): SandboxReadings => ({
  ...namedReadings('default'),
  moneySent: unit,
  moneyAnswers: unit,
  moneyNumbers: unit,
  moneyText: 'string',
});

/** A guest's tab from the service, as the board shows it once its events arrived. */
async function guestTabOnBoard(t: TestCore): Promise<{ uuid: string; shown: number; truth: number }> {
  const { opened } = await t.control.simulateGuests({ tabs: 1, orders: 1 });
  const uuid = opened[0];
  const truth = ((await t.control.tab(uuid)) as { total: number }).total;
  const tab = await until(
    () => [...t.core.tabs.boardView().open, ...t.core.tabs.boardView().closed].find((b) => b.uuid === uuid),
    (b) => b !== undefined && b.total === truth,
    10_000,
    `the guest's tab on the board at ${truth} cents`,
  );
  return { uuid, shown: tab!.total, truth };
}

describe('webhook events with money as decimal strings', () => {
  it('dollars: "14.00" in the events decides the unit, and the board shows what the service holds', async () => {
    const t = await startCore({ readings: asStrings('dollars'), confirmUnits: false });
    try {
      expect(t.core.tabs.money.decided('numbers')).toBe(false);
      const { shown, truth } = await guestTabOnBoard(t);
      expect(shown).toBe(truth);
      const numbers = t.core.tabs.money.family('numbers');
      expect(numbers).toMatchObject({ unit: 'dollars', source: 'detected', conflict: null });
      expect(numbers.evidence?.saw).toMatch(/is a decimal string, which only dollars are written as/);
      // The service wrote them as strings, and none was flagged.
      const added = acceptedEvents(t.core).filter((e) => e.type === 'ITEM_ADDED');
      expect(added.length).toBeGreaterThan(0);
      for (const e of added) expect((e.data as { price: unknown }).price).toMatch(/^\d+\.\d{2}$/);
      expect(t.core.webhooks.counters().flagged).toBe(0);
    } finally {
      await t.stop();
    }
  });

  it('cents: "1400" follows the unit confirmed for the family', async () => {
    const t = await startCore({ readings: asStrings('cents') });
    try {
      const { shown, truth } = await guestTabOnBoard(t);
      expect(shown).toBe(truth);
      const placed = acceptedEvents(t.core).filter((e) => e.type === 'ORDER_PLACED');
      expect(placed.length).toBeGreaterThan(0);
      for (const e of placed) expect((e.data as { total: unknown }).total).toMatch(/^\d+$/);
      expect(t.core.webhooks.counters().flagged).toBe(0);
    } finally {
      await t.stop();
    }
  });

  it('declared tips read as "12.50" decide dollars, and the tip report counts them', async () => {
    const t = await startCore({ readings: asStrings('dollars'), confirmUnits: false });
    try {
      const { core } = t;
      const [harbour] = (await core.handlers.laborLocations()).filter((l) => l.uuid === HARBOUR.uuid);
      await core.handlers.laborSetLocation(null, { ...harbour, timezone: 'America/New_York' });
      const manager = await core.handlers.laborSetupManager({ userId: '2001', name: 'Alex Manager', pin: '9999' });
      expect(core.tabs.money.decided('numbers')).toBe(false);
      const at = Date.now() - 3 * 3_600_000;
      addLaborEntry(
        { world: t.world! },
        { userId: '2002', role: 'server', punchInMs: at, punchOutMs: at + 3_600_000, declaredTips: 1_250 },
      );
      const day = fiscalDayOf(at, 'America/New_York', 4);
      const report = await core.handlers.payTipReport(manager.token, day, day);
      expect(report.tipsUnknown).toBeNull();
      expect(core.tabs.money.family('numbers').evidence?.saw).toMatch(/"12\.50" in declared_tips is a decimal string/);
      expect(JSON.stringify(report)).toContain('1250');
    } finally {
      await t.stop();
    }
  });
});
