// One pay period of a small bar as the payroll templates get it (payroll-templates.test.ts).
import type { PayLine, PayPeriodTotals } from '../../shared/labor-pay';

const line = (l: Partial<PayLine> & Pick<PayLine, 'userId' | 'name' | 'role'>): PayLine => ({
  payrollId: null,
  wage: null,
  regularMinutes: 0,
  overtimeMinutes: 0,
  doubleMinutes: 0,
  grossCents: null,
  cashTipsCents: 0,
  paycheckTipsCents: 0,
  ...l,
});

/** Two weeks at a bar: a server with overtime, a bartender who also served, a salaried manager, a host with double time. */
export const PERIOD: PayPeriodTotals = {
  fromDay: '2026-11-16',
  toDay: '2026-11-29',
  truncated: false,
  tipsUnknown: null,
  lines: [
    line({
      userId: '2004',
      name: 'Alex Manager',
      role: 'manager',
      payrollId: 'AM01',
      wage: { role: null, kind: 'salaried', cents: 5_200_000, per: 'year', from: null },
      regularMinutes: 4_800,
      grossCents: 200_000,
    }),
    line({
      userId: '1004',
      name: 'Casey Nguyen',
      role: 'host',
      wage: { role: null, kind: 'hourly', cents: 1_400, per: 'hour', from: null },
      regularMinutes: 1_200,
      doubleMinutes: 90,
      paycheckTipsCents: 1_000,
      grossCents: 32_200,
    }),
    line({
      userId: '1002',
      name: 'Jordan Lee',
      role: 'bartender',
      payrollId: '000123',
      wage: { role: 'bartender', kind: 'hourly', cents: 1_800, per: 'hour', from: null },
      regularMinutes: 2_400,
      cashTipsCents: 5_000,
      paycheckTipsCents: 2_500,
      grossCents: 72_000,
    }),
    line({
      userId: '1002',
      name: 'Jordan Lee',
      role: 'server',
      payrollId: '000123',
      wage: { role: 'server', kind: 'hourly', cents: 1_500, per: 'hour', from: null },
      regularMinutes: 600,
      grossCents: 15_000,
    }),
    line({ userId: '1003', name: 'Morgan', role: 'cook', payrollId: 'MO9', regularMinutes: 600 }),
    line({
      userId: '1001',
      name: 'Sam de la Rivera',
      role: 'server',
      payrollId: 'SR0001',
      wage: { role: null, kind: 'hourly', cents: 1_550, per: 'hour', from: null },
      regularMinutes: 4_800,
      overtimeMinutes: 150,
      cashTipsCents: 12_000,
      paycheckTipsCents: 34_567,
      grossCents: 129_813,
    }),
    // Nothing to pay: left out of every file.
    line({ userId: '1005', name: 'Riley', role: 'server', payrollId: 'R5' }),
  ],
};
