// A pay period's totals: overtime counts the workweek's hours before a period that starts mid-week,
// only the period's own shifts are paid in it, and pay follows the wage for the role worked.
import { describe, expect, it } from 'vitest';
import type { TimesheetRow } from '../../shared/labor';
import { periodTotals } from '../../shared/payroll/period-totals';
import type { PersonPay } from '../../shared/labor-pay';

const HOUR = 3_600_000;

function shift(userId: string, role: string, day: string, hours: number): TimesheetRow {
  const punchIn = Date.parse(`${day}T14:00:00Z`);
  return {
    uuid: `${userId}-${day}`,
    kind: 'shift',
    shiftUuid: null,
    punchType: 'shift',
    userId,
    role,
    roleUuid: null,
    punchIn,
    punchOut: punchIn + hours * HOUR,
    declaredTips: null,
    fiscalDay: day,
    created: punchIn,
    name: userId === 'j' ? 'Jordan Lee' : 'Sam Rivera',
    audit: [],
  };
}

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
    const pay = new Map<string, PersonPay>([
      [
        'j',
        {
          userId: 'j',
          payrollId: 'J1',
          wages: [
            { role: 'bartender', kind: 'hourly', cents: 2_000, per: 'hour', from: null },
            { role: null, kind: 'hourly', cents: 1_500, per: 'hour', from: null },
          ],
        },
      ],
    ]);
    const totals = periodTotals({
      fromDay: '2026-11-19',
      toDay: '2026-11-25',
      rows,
      pay,
      nameOf: (id) => (id === 'j' ? 'Jordan Lee' : 'Sam Rivera'),
      tips: [],
      preset: 'us-federal',
      truncated: false,
      now: Date.parse('2026-11-28T00:00:00Z'),
    });
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
    const pay = new Map<string, PersonPay>([
      [
        's',
        {
          userId: 's',
          payrollId: 'S1',
          wages: [
            { role: 'server', kind: 'hourly', cents: 1_500, per: 'hour', from: null },
            { role: 'server', kind: 'hourly', cents: 1_800, per: 'hour', from: '2026-11-21' },
          ],
        },
      ],
      [
        'j',
        {
          userId: 'j',
          payrollId: 'J1',
          // A salary that starts on the period's fourth day: 4 of the 7 days are paid.
          wages: [{ role: null, kind: 'salaried', cents: 70_000, per: 'week', from: '2026-11-22' }],
        },
      ],
    ]);
    const totals = periodTotals({
      fromDay: '2026-11-19',
      toDay: '2026-11-25',
      rows: [...rows, shift('j', 'manager', '2026-11-23', 8)],
      pay,
      nameOf: (id) => (id === 'j' ? 'Jordan Lee' : 'Sam Rivera'),
      tips: [],
      preset: 'us-federal',
      truncated: false,
      now: Date.parse('2026-11-28T00:00:00Z'),
    });
    const sam = totals.lines.filter((l) => l.userId === 's');
    expect(sam.map((l) => [l.wage?.cents, l.regularMinutes, l.grossCents])).toEqual([
      [1_500, 480, 8 * 1_500],
      [1_800, 240, 4 * 1_800],
    ]);
    expect(totals.lines.find((l) => l.userId === 'j')).toMatchObject({ grossCents: 40_000 });
  });
});
