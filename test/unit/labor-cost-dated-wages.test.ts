// Labor cost of a business day at the wages in effect on that day: a raise from a date costs the
// old rate before it and the new one from it; a salary that starts later costs nothing before.
import { describe, expect, it } from 'vitest';
import type { TimesheetRow } from '../../shared/labor';
import { laborDay } from '../../shared/labor-pay-cost';
import type { PersonPay } from '../../shared/labor-pay';

const HOUR = 3_600_000;

function shift(day: string, hours: number): TimesheetRow {
  const punchIn = Date.parse(`${day}T14:00:00Z`);
  return {
    uuid: `s-${day}`,
    kind: 'shift',
    shiftUuid: null,
    punchType: 'shift',
    userId: 's',
    role: 'server',
    roleUuid: null,
    punchIn,
    punchOut: punchIn + hours * HOUR,
    declaredTips: null,
    fiscalDay: day,
    created: punchIn,
    name: 'Sam Rivera',
    audit: [],
  };
}

const pay = new Map<string, PersonPay>([
  [
    's',
    {
      userId: 's',
      payrollId: null,
      wages: [
        { role: null, kind: 'hourly', cents: 1_500, per: 'hour', from: null },
        { role: null, kind: 'hourly', cents: 2_000, per: 'hour', from: '2026-11-20' },
      ],
    },
  ],
  [
    'm',
    {
      userId: 'm',
      payrollId: null,
      wages: [{ role: null, kind: 'salaried', cents: 70_000, per: 'week', from: '2026-11-20' }],
    },
  ],
]);

const costOf = (day: string) =>
  laborDay({
    day,
    rows: [shift('2026-11-19', 4), shift('2026-11-20', 4)],
    pay,
    people: [
      { userId: 's', name: 'Sam Rivera' },
      { userId: 'm', name: 'Morgan' },
    ],
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
