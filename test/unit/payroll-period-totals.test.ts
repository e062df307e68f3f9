// A pay period's totals: overtime counts the workweek's hours before a period that starts mid-week,
// only the period's own shifts are paid in it, and pay follows the wage for the role worked.
import { describe, expect, it } from 'vitest';
import type { TimesheetRow } from '../../shared/labor';
import { periodTotals } from '../../shared/payroll/period-totals';
import type { PersonPay } from '../../shared/labor-pay';
import { hourly, nameOf, payTable, weeklySalary, workedShift as shift } from './wage-shift-kit';

/** The period from Thursday 2026-11-19 to Wednesday 2026-11-25 under US federal overtime, read after it ended. */
const totalsOf = (rows: TimesheetRow[], pay: Map<string, PersonPay>) =>
  periodTotals({
    fromDay: '2026-11-19',
    toDay: '2026-11-25',
    rows,
    pay,
    nameOf,
    tips: [],
    preset: 'us-federal',
    truncated: false,
    now: Date.parse('2026-11-28T00:00:00Z'),
  });

describe('pay period totals', () => {
  it('a period from Thursday: the week’s 40 hours before it make Thursday overtime (US federal)', () => {
    // The workweek starts on Sunday 2026-11-15; the pay period on Thursday 2026-11-19.
    const rows = [
      shift('j', 'bartender', '2026-11-15', 10),
      shift('j', 'bartender', '2026-11-16', 10),
      shift('j', 'bartender', '2026-11-17', 10),
      shift('j', 'bartender', '2026-11-18', 10),
      shift('j', 'bartender', '2026-11-19', 8),
      shift('j', 'server', '2026-11-20', 2),
      shift('s', 'server', '2026-11-19', 6),
    ];
    const pay = payTable([
      { userId: 'j', payrollId: 'J1', wages: [hourly(2_000, { role: 'bartender' }), hourly(1_500)] },
    ]);
    const totals = totalsOf(rows, pay);
    const by = (userId: string, role: string) => totals.lines.find((l) => l.userId === userId && l.role === role)!;
    expect(by('j', 'bartender')).toMatchObject({ regularMinutes: 0, overtimeMinutes: 480, grossCents: 8 * 3_000 });
    expect(by('j', 'server')).toMatchObject({ regularMinutes: 0, overtimeMinutes: 120, grossCents: 2 * 2_250 });
    // No wage: hours counted, pay not.
    expect(by('s', 'server')).toMatchObject({ regularMinutes: 360, grossCents: null, wage: null });
    expect(totals.lines).toHaveLength(3);
  });

  it('a raise inside the period: each shift at the wage in effect on its day, a salary by its days', () => {
    const rows = [
      shift('s', 'server', '2026-11-19', 4),
      shift('s', 'server', '2026-11-20', 4),
      shift('s', 'server', '2026-11-21', 4),
    ];
    const pay = payTable([
      {
        userId: 's',
        payrollId: 'S1',
        wages: [hourly(1_500, { role: 'server' }), hourly(1_800, { role: 'server', from: '2026-11-21' })],
      },
      // A salary that starts on the period's fourth day: 4 of the 7 days are paid.
      { userId: 'j', payrollId: 'J1', wages: [weeklySalary(70_000, { from: '2026-11-22' })] },
    ]);
    const totals = totalsOf([...rows, shift('j', 'manager', '2026-11-23', 8)], pay);
    const sam = totals.lines.filter((l) => l.userId === 's');
    expect(sam.map((l) => [l.wage?.cents, l.regularMinutes, l.grossCents])).toEqual([
      [1_500, 480, 8 * 1_500],
      [1_800, 240, 4 * 1_800],
    ]);
    expect(totals.lines.find((l) => l.userId === 'j')).toMatchObject({ grossCents: 40_000 });
  });
});
