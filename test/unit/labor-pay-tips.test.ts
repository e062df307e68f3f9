// Tip-outs and pools by role: a night's tips split the way the venue's rules say, in whole cents
// that add up to what was declared.
import { describe, expect, it } from 'vitest';
import { applyTipRules, splitByWeight, tipTotals, type TipInput } from '../../shared/labor-pay-tips';
import type { TipRules } from '../../shared/labor-pay';

const DAY = '2026-11-20';
const shift = (p: Partial<TipInput> & Pick<TipInput, 'userId' | 'role' | 'minutes' | 'declaredCents'>): TipInput => ({
  shiftUuid: `s-${p.userId}`,
  name: `Person ${p.userId}`,
  day: DAY,
  cashCents: null,
  cardCents: null,
  ...p,
});

describe('tip rules by role', () => {
  it('servers tip out 3 % of sales to the bar, then servers and bussers pool by hours', () => {
    const inputs = [
      shift({ userId: 's1', role: 'server', minutes: 360, declaredCents: 12_000, cashCents: 2_000, cardCents: 10_000 }),
      shift({ userId: 's2', role: 'Server', minutes: 240, declaredCents: 8_000 }),
      shift({ userId: 'b1', role: 'bartender', minutes: 480, declaredCents: 5_000 }),
      shift({ userId: 'u1', role: 'busser', minutes: 300, declaredCents: 0 }),
      shift({ userId: 'k1', role: 'cook', minutes: 480, declaredCents: 0 }),
    ];
    const rules: TipRules = {
      tipOuts: [{ fromRole: 'server', toRole: 'bartender', percent: 3, base: 'sales' }],
      pools: [{ name: 'Floor', roles: ['server', 'busser'] }],
    };
    // $2,000.00 of sales that night: the servers give $60.00 to the bar, shared by their hours.
    const { shifts, salesSkipped } = applyTipRules(inputs, rules, new Map([[DAY, 200_000]]));
    expect(salesSkipped).toBe(false);
    const by = new Map(shifts.map((s) => [s.userId, s]));
    expect(by.get('s1')!.tipOutGivenCents).toBe(3_600); // 360 of 600 server minutes
    expect(by.get('s2')!.tipOutGivenCents).toBe(2_400);
    expect(by.get('b1')).toMatchObject({ tipOutReceivedCents: 6_000, finalCents: 11_000, pool: null });
    // Pool: (120 − 36) + (80 − 24) + 0 = $140.00 over 360 + 240 + 300 = 900 minutes.
    expect(by.get('s1')).toMatchObject({ finalCents: 5_600, pool: 'Floor' });
    expect(by.get('s2')).toMatchObject({ finalCents: 3_733, pool: 'Floor' });
    expect(by.get('u1')).toMatchObject({ finalCents: 4_667, poolNetCents: 4_667, pool: 'Floor' });
    // The cook is in no rule: nothing moves.
    expect(by.get('k1')).toMatchObject({ finalCents: 0, tipOutGivenCents: 0, pool: null });
    // Not a cent made or lost.
    const declared = inputs.reduce((n, s) => n + s.declaredCents, 0);
    expect(shifts.reduce((n, s) => n + s.finalCents, 0)).toBe(declared);
    const people = new Map(tipTotals(shifts).map((p) => [p.userId, p]));
    expect(people.get('s1')).toMatchObject({ cashCents: 2_000, cardCents: 10_000, unsplitCents: 0 });
    expect(people.get('s2')).toMatchObject({ unsplitCents: 8_000 });
  });

  it('a tip-out on declared tips, and a tip-out on sales waits while sales are not known', () => {
    const inputs = [
      shift({ userId: 's1', role: 'server', minutes: 300, declaredCents: 10_000 }),
      shift({ userId: 'b1', role: 'bar', minutes: 300, declaredCents: 0 }),
      shift({ userId: 'h1', role: 'host', minutes: 300, declaredCents: 0 }),
    ];
    const rules: TipRules = {
      tipOuts: [
        { fromRole: 'server', toRole: 'bar', percent: 10, base: 'tips' },
        { fromRole: 'server', toRole: 'host', percent: 2, base: 'sales' },
      ],
      pools: [],
    };
    const { shifts, salesSkipped } = applyTipRules(inputs, rules, null);
    expect(salesSkipped).toBe(true);
    const by = new Map(shifts.map((s) => [s.userId, s]));
    expect(by.get('s1')!.finalCents).toBe(9_000);
    expect(by.get('b1')!.finalCents).toBe(1_000);
    expect(by.get('h1')!.finalCents).toBe(0);
  });

  it('splits keep every cent: largest remainders, earlier rows first on a tie', () => {
    expect(splitByWeight(10_000, [1, 1, 1])).toEqual([3_334, 3_333, 3_333]);
    expect(splitByWeight(-100, [1, 2])).toEqual([-33, -67]);
    expect(splitByWeight(5, [0, 0])).toEqual([3, 2]);
  });
});
