// Scheduled against actual in the payroll CSV: a worked shift carries its scheduled times, a
// scheduled shift nobody worked has a row of its own with no hours, and the columns before stay put.
import { describe, expect, it } from 'vitest';
import { timesheetCsv } from '../../shared/labor-csv';
import type { TimesheetRow } from '../../shared/labor';
import { scheduledVersusActual, type ScheduledShift } from '../../shared/labor-schedule';

const NY = 'America/New_York';
const est = (day: number, hour: number, minute = 0) => Date.UTC(2025, 2, day, hour + 5, minute);

const worked: TimesheetRow = {
  uuid: 'e-1',
  kind: 'shift',
  shiftUuid: null,
  punchType: 'shift',
  userId: '2004',
  role: 'bartender',
  roleUuid: null,
  punchIn: est(5, 18, 7),
  punchOut: est(5, 23, 2),
  declaredTips: null,
  fiscalDay: '2025-03-05',
  created: null,
  name: 'Jordan',
  audit: [],
};
const plan = (id: string, userId: string, start: string, end: string): ScheduledShift => ({
  id,
  userId,
  role: 'bartender',
  locationUuid: 'loc',
  day: '2025-03-05',
  start,
  end,
});

function table(csv: string): Record<string, string>[] {
  const [head, ...lines] = csv.trim().split('\r\n');
  const names = head.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((v, n) => [names[n], v])));
}

describe('scheduled against actual in the CSV', () => {
  it('puts the scheduled times beside the worked shift and a row for the shift nobody worked', () => {
    const names = new Map([
      ['2004', 'Jordan'],
      ['2002', 'Sam'],
    ]);
    const versus = scheduledVersusActual(
      [plan('a', '2004', '18:00', '23:00'), plan('b', '2002', '17:00', '01:00')],
      [{ uuid: 'e-1', userId: '2004', punchIn: worked.punchIn, punchOut: worked.punchOut }],
      NY,
      (id) => names.get(id) ?? id,
      est(6, 9),
    );
    expect(versus.map((v) => [v.shiftId, v.entryUuid])).toEqual([
      ['b', null],
      ['a', 'e-1'],
    ]);
    const rows = table(timesheetCsv([worked], NY, est(6, 9), undefined, versus));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      employee_id: '2004',
      scheduled_start: '2025-03-05 18:00',
      scheduled_end: '2025-03-05 23:00',
      scheduled_hours: '5.00',
      net_paid_hours: '4.92',
    });
    // Sam's 17:00 to 01:00 ends the next morning: 8 scheduled hours, none worked, none paid.
    expect(rows[1]).toMatchObject({
      employee: 'Sam',
      status: 'not worked (scheduled)',
      scheduled_end: '2025-03-06 01:00',
      scheduled_hours: '8.00',
      net_paid_hours: '0.00',
      clock_in: '',
    });
  });

  it('without a schedule the scheduled columns are there and empty', () => {
    const [row] = table(timesheetCsv([worked], NY, est(6, 9)));
    expect(row).toMatchObject({ scheduled_start: '', scheduled_end: '', scheduled_hours: '' });
  });
});
