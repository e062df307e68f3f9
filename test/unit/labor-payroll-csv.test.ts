import { describe, expect, it } from 'vitest';
import type { TimesheetRow } from '../../shared/labor';
import { shiftBreakFlags, timesheetCsv } from '../../shared/labor-csv';

const H = 3_600_000;
const M = 60_000;

// Shifts start at 08:00 in Los Angeles (16:00 UTC, before the March change of clocks).
function week(): TimesheetRow[] {
  const rows: TimesheetRow[] = [];
  const base = {
    userId: 'u1',
    name: 'Jordan',
    role: 'bartender',
    roleUuid: null,
    declaredTips: null,
    created: null,
    audit: [],
  };
  const shift = (uuid: string, day: string, hours: number, breaks: [number, number, 'paid' | 'unpaid'][] = []) => {
    const start = Date.parse(`${day}T16:00:00Z`);
    rows.push({
      ...base,
      uuid,
      kind: 'shift',
      shiftUuid: null,
      punchType: 'shift',
      punchIn: start,
      punchOut: start + hours * H,
      fiscalDay: day,
    });
    breaks.forEach(([atMinute, minutes, pay], n) =>
      rows.push({
        ...base,
        uuid: `${uuid}-b${n}`,
        kind: 'break',
        shiftUuid: uuid,
        punchType: `${pay}_break`,
        punchIn: start + atMinute * M,
        punchOut: start + (atMinute + minutes) * M,
        fiscalDay: day,
      }),
    );
  };
  // Monday: 10.5 h on the clock less a 30 min unpaid meal = 10 h paid, with two rests.
  shift('mon', '2025-03-03', 10.5, [
    [120, 10, 'paid'],
    [240, 30, 'unpaid'],
    [420, 10, 'paid'],
  ]);
  // Tuesday: 13 h with no break at all.
  shift('tue', '2025-03-04', 13);
  // Wednesday: 8.5 h less a meal taken in the 7th hour = 8 h paid.
  shift('wed', '2025-03-05', 8.5, [
    [120, 10, 'paid'],
    [360, 30, 'unpaid'],
    [420, 10, 'paid'],
  ]);
  // Thursday and Friday: 8 h paid each, with every break owed.
  for (const day of ['2025-03-06', '2025-03-07'])
    shift(day.slice(-2), day, 8.5, [
      [120, 10, 'paid'],
      [240, 30, 'unpaid'],
      [400, 10, 'paid'],
    ]);
  // Saturday: 6 h with its one rest but no meal, which a shift over 5 h is owed.
  shift('sat', '2025-03-08', 6, [[120, 10, 'paid']]);
  return rows;
}

function table(csv: string): Record<string, string>[] {
  const [head, ...lines] = csv.trim().split('\r\n');
  const names = head.split(',');
  // No cell in this week holds a comma except break lists, which the tests do not read.
  return lines.map((line) => Object.fromEntries(line.split(',').map((v, n) => [names[n], v])));
}

describe('payroll CSV with overtime and break rules', () => {
  it('has the regular, overtime, double-time and break-flag columns', () => {
    const head = timesheetCsv([], 'America/Los_Angeles', 0).trim().split(',');
    expect(head).toEqual(
      expect.arrayContaining(['regular_hours', 'overtime_hours', 'double_time_hours', 'break_flags']),
    );
    expect(head.indexOf('overtime_hours')).toBe(head.indexOf('regular_hours') + 1);
  });

  it('California: a worked week split by day, week and the break rules', () => {
    const csv = timesheetCsv(week(), 'America/Los_Angeles', 0, { overtime: 'california', breaks: 'california' });
    const rows = table(csv);
    const pick = (r: Record<string, string>) => [
      r.date,
      r.net_paid_hours,
      r.regular_hours,
      r.overtime_hours,
      r.double_time_hours,
      r.break_flags ?? '',
    ];
    expect(rows.map(pick)).toEqual([
      // 10 h: 8 regular + 2 daily overtime. Week regular so far 8.
      ['2025-03-03', '10.00', '8.00', '2.00', '0.00', ''],
      // 13 h: 8 + 4 (8 to 12) + 1 double. Week regular 16. Over 10 h with nothing taken: two meals
      // and three rests (13 h = 3 x 4 h + 1 h, not a major fraction) missed.
      [
        '2025-03-04',
        '13.00',
        '8.00',
        '4.00',
        '1.00',
        'missed-meal 1; missed-meal 2; missed-rest 1; missed-rest 2; missed-rest 3',
      ],
      // 8 h: all regular (week 24). The meal started at 6 h, after the end of the 5th hour.
      ['2025-03-05', '8.00', '8.00', '0.00', '0.00', 'missed-meal 1'],
      // 8 h each: week 32 then 40 regular.
      ['2025-03-06', '8.00', '8.00', '0.00', '0.00', ''],
      ['2025-03-07', '8.00', '8.00', '0.00', '0.00', ''],
      // 6 h after 40 regular hours: all weekly overtime. Over 5 h with no meal.
      ['2025-03-08', '6.00', '0.00', '6.00', '0.00', 'missed-meal 1'],
    ]);
  });

  it('by default: US federal overtime over the week and no break flags', () => {
    const rows = table(timesheetCsv(week(), 'America/Los_Angeles', 0));
    // 10 + 13 + 8 + 8 = 39 regular by Thursday; Friday 1 regular + 7 overtime; Saturday 6 overtime.
    expect(rows.map((r) => [r.regular_hours, r.overtime_hours, r.double_time_hours])).toEqual([
      ['10.00', '0.00', '0.00'],
      ['13.00', '0.00', '0.00'],
      ['8.00', '0.00', '0.00'],
      ['8.00', '0.00', '0.00'],
      ['1.00', '7.00', '0.00'],
      ['0.00', '6.00', '0.00'],
    ]);
    expect(rows.every((r) => (r.break_flags ?? '') === '')).toBe(true);
  });

  it('the timesheet table gets the same break flags by shift', () => {
    const flags = shiftBreakFlags(week(), 'california', 0);
    expect([...flags.entries()]).toEqual([
      ['tue', 'missed-meal 1; missed-meal 2; missed-rest 1; missed-rest 2; missed-rest 3'],
      ['wed', 'missed-meal 1'],
      ['sat', 'missed-meal 1'],
    ]);
    expect(shiftBreakFlags(week(), 'none', 0).size).toBe(0);
  });
});
