// Labor cost of a business day at the wages in effect on that day: a raise from a date costs the
// old rate before it and the new one from it; a salary that starts later costs nothing before.
import { describe, expect, it } from 'vitest';
import { laborDay } from '../../shared/labor-pay-cost';
import { hourly, nameOf, payTable, weeklySalary, workedShift } from './wage-shift-kit';

const pay = payTable([
  { userId: 's', payrollId: null, wages: [hourly(1_500), hourly(2_000, { from: '2026-11-20' })] },
  { userId: 'm', payrollId: null, wages: [weeklySalary(70_000, { from: '2026-11-20' })] },
]);

const costOf = (day: string) =>
  laborDay({
    day,
    rows: [workedShift('s', 'server', '2026-11-19', 4), workedShift('s', 'server', '2026-11-20', 4)],
    pay,
    people: ['s', 'm'].map((userId) => ({ userId, name: nameOf(userId) })),
    preset: 'us-federal',
    timezone: null,
    fiscalDayStartHour: 0,
    sales: [],
    salesUnknown: null,
    cardTipsRefundedCents: null,
    now: Date.parse('2026-11-28T00:00:00Z'),
  });

describe('labor cost with dated wages', () => {
  it('uses the wage in effect on each shift’s day', () => {
    expect(costOf('2026-11-19')).toMatchObject({ laborCents: 4 * 1_500, salariedCents: 0 });
    expect(costOf('2026-11-20')).toMatchObject({ laborCents: 4 * 2_000 + 10_000, salariedCents: 10_000 });
  });
});
