// Pure labor rules: fiscal days, alerts, totals, CSV, and reading entries in whatever shape a
// service sends them.
import { describe, expect, it } from 'vitest';
import { DEFAULT_LABOR_SETTINGS, type BoardRow, type LaborEntry, type TimesheetRow } from '../../shared/labor';
import {
  addDays,
  computeAlerts,
  computeTotals,
  fiscalDayOf,
  formatCents,
  formatDuration,
  formatHoursWorked,
} from '../../shared/labor-calc';
import { csvField, timesheetCsv } from '../../shared/labor-csv';
import {
  findEntry,
  findEntryList,
  findUuid,
  normalizeEntry,
  parseWhen,
  tipsToCents,
} from '../../electron/core/labor/entry-normalize';

const H = 3_600_000;
const M = 60_000;

describe('fiscal day', () => {
  it('is the local date with the day starting at the given hour', () => {
    // 2025-03-02 06:30 UTC = 01:30 in New York: still the 1st.
    expect(fiscalDayOf(Date.UTC(2025, 2, 2, 6, 30), 'America/New_York', 4)).toBe('2025-03-01');
    expect(fiscalDayOf(Date.UTC(2025, 2, 2, 9, 30), 'America/New_York', 4)).toBe('2025-03-02');
    expect(fiscalDayOf(Date.UTC(2025, 2, 2, 6, 30), 'UTC', 0)).toBe('2025-03-02');
    // An unknown zone falls back to the computer's own instead of throwing.
    expect(fiscalDayOf(Date.UTC(2025, 2, 2, 12), 'Mars/Olympus', 0)).toMatch(/^2025-03-0[12]$/);
  });

  it('adds days across months and years', () => {
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
  });
});

describe('alerts', () => {
  const row = (over: Partial<BoardRow>): BoardRow => ({
    userId: 'u',
    name: 'Jo',
    role: 'bartender',
    shiftStart: 0,
    breakStart: null,
    lastBreakEnd: null,
    pending: false,
    ...over,
  });
  const kinds = (rows: BoardRow[], now: number) => computeAlerts(rows, DEFAULT_LABOR_SETTINGS, now).map((a) => a.kind);

  it('break due after N hours without one, counted from the last break', () => {
    expect(kinds([row({})], 4 * H)).toEqual([]);
    expect(kinds([row({})], 5 * H)).toEqual(['break-due']);
    expect(kinds([row({ lastBreakEnd: 2 * H })], 6 * H)).toEqual([]);
  });

  it('a break running long, and overtime coming then reached', () => {
    expect(kinds([row({ breakStart: 1 * H })], 1 * H + 29 * M)).toEqual([]);
    expect(kinds([row({ breakStart: 1 * H })], 1 * H + 31 * M)).toEqual(['break-long']);
    expect(kinds([row({ lastBreakEnd: 7 * H })], 7 * H + 35 * M)).toEqual(['overtime-soon']);
    expect(kinds([row({ lastBreakEnd: 7 * H })], 8 * H + 1)).toEqual(['overtime']);
  });

  it('follows the settings', () => {
    const alerts = computeAlerts([row({})], { ...DEFAULT_LABOR_SETTINGS, breakDueAfterMinutes: 60 }, 61 * M);
    expect(alerts).toMatchObject([{ kind: 'break-due', name: 'Jo', elapsedMs: 61 * M }]);
  });
});

const entry = (over: Partial<LaborEntry>): LaborEntry => ({
  uuid: 'e',
  kind: 'shift',
  shiftUuid: null,
  punchType: 'shift',
  userId: 'u1',
  role: 'bartender',
  roleUuid: null,
  punchIn: 0,
  punchOut: null,
  declaredTips: null,
  fiscalDay: '2025-03-01',
  created: null,
  ...over,
});

describe('totals', () => {
  it('hours minus unpaid breaks, all break time, declared tips, per person; open entries run to now', () => {
    const totals = computeTotals(
      [
        entry({ uuid: 's1', punchIn: 0, punchOut: 8 * H, declaredTips: 4500 }),
        entry({
          uuid: 'b1',
          kind: 'break',
          shiftUuid: 's1',
          punchType: 'unpaid_break',
          punchIn: 3 * H,
          punchOut: 3 * H + 30 * M,
        }),
        entry({
          uuid: 'b2',
          kind: 'break',
          shiftUuid: 's1',
          punchType: 'paid_break',
          punchIn: 6 * H,
          punchOut: 6 * H + 10 * M,
        }),
        entry({ uuid: 's2', userId: 'u2', punchIn: 0, declaredTips: null }),
      ],
      (id) => (id === 'u1' ? 'Jordan' : 'Sam'),
      2 * H,
    );
    expect(totals).toEqual([
      { userId: 'u1', name: 'Jordan', shifts: 1, workedMs: 7 * H + 30 * M, breakMs: 40 * M, tipsCents: 4500 },
      { userId: 'u2', name: 'Sam', shifts: 1, workedMs: 2 * H, breakMs: 0, tipsCents: 0 },
    ]);
  });

  it('formats durations and money', () => {
    expect(formatDuration(2 * H + 5 * M + 59_000)).toBe('2 h 05 min');
    expect(formatDuration(45 * M)).toBe('45 min');
    // Under "Hours worked" the hours are always written, so 45 minutes never reads as 45 hours.
    expect(formatHoursWorked(45 * M)).toBe('0 h 45 min');
    expect(formatHoursWorked(7 * H + 30 * M + 59_000)).toBe('7 h 30 min');
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(5)).toBe('$0.05');
  });
});

describe('CSV', () => {
  it('quotes, defuses formulas, and writes one row per entry', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField(-5)).toBe('-5');
    const rows: TimesheetRow[] = [
      {
        ...entry({
          uuid: 's1',
          punchIn: Date.UTC(2025, 2, 2, 2),
          punchOut: Date.UTC(2025, 2, 2, 6),
          declaredTips: 1250,
        }),
        name: '=Jo, "the" bartender',
        audit: [],
      },
    ];
    const csv = timesheetCsv(rows, 'America/New_York', 0);
    const lines = csv.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^date,employee,employee_id,role,clock_in,clock_out,shift_hours,paid_break_hours,unpaid_break_hours,net_paid_hours/,
    );
    expect(lines[1]).toContain(`"'=Jo, ""the"" bartender"`);
    expect(lines[1]).toContain('2025-03-01 21:00');
    expect(lines[1]).toContain('4.00');
    expect(lines[1]).toContain('12.50');
    expect(lines[1]).toContain('2025-03-02T02:00:00.000Z');
  });

  it('for payroll: one row per shift with its breaks, and net hours that leave unpaid breaks out', () => {
    const shiftIn = Date.UTC(2025, 2, 2, 0);
    const rows: TimesheetRow[] = [
      {
        ...entry({ uuid: 's1', punchIn: shiftIn, punchOut: shiftIn + 4 * H, declaredTips: 500 }),
        name: 'Jordan',
        audit: [],
      },
      {
        ...entry({
          uuid: 'b1',
          kind: 'break',
          shiftUuid: 's1',
          punchType: 'unpaid_break',
          punchIn: shiftIn + H,
          punchOut: shiftIn + H + 30 * M,
          declaredTips: null,
        }),
        name: 'Jordan',
        audit: [],
      },
      {
        ...entry({
          uuid: 'b2',
          kind: 'break',
          shiftUuid: 's1',
          punchType: 'paid_break',
          punchIn: shiftIn + 2 * H,
          punchOut: shiftIn + 2 * H + 15 * M,
          declaredTips: null,
        }),
        name: 'Jordan',
        audit: [],
      },
      {
        ...entry({ uuid: 's2', userId: 'u2', punchIn: shiftIn, punchOut: shiftIn + 2 * H, declaredTips: null }),
        name: 'Sam',
        audit: [],
      },
    ];
    const lines = timesheetCsv(rows, 'America/New_York', 0).trim().split('\r\n');
    const header = lines[0].split(',');
    expect(lines).toHaveLength(3);
    const cell = (line: string, name: string) => line.split(',')[header.indexOf(name)];
    expect(cell(lines[1], 'shift_hours')).toBe('4.00');
    expect(cell(lines[1], 'paid_break_hours')).toBe('0.25');
    expect(cell(lines[1], 'unpaid_break_hours')).toBe('0.50');
    expect(cell(lines[1], 'net_paid_hours')).toBe('3.50');
    expect(cell(lines[1], 'breaks')).toBe('20:00-20:30 unpaid; 21:00-21:15 paid');
    // Summing the column a payroll import reads gives what is owed: 3.5 + 2, not 4 + 0.5 + 2.
    const total = lines.slice(1).reduce((sum, l) => sum + Number(cell(l, 'net_paid_hours')), 0);
    expect(total).toBe(5.5);
  });
});

describe('reading entries tolerantly', () => {
  const day = () => '2000-01-01';

  it('reads the sandbox shape', () => {
    const e = normalizeEntry(
      {
        time_entry_uuid: 'b1',
        time_shift_id: 's1',
        time_punch_type: 'unpaid_break',
        user_id: '2004',
        user_role: 'bartender',
        user_role_uuid: 'r1',
        punch_in: '2025-03-01T22:00:00.000Z',
        punch_out: null,
        declared_tips: null,
        fiscal_day: '2025-03-01',
        created: '2025-03-01T22:00:01.000Z',
      },
      day,
    );
    expect(e).toEqual({
      uuid: 'b1',
      kind: 'break',
      shiftUuid: 's1',
      punchType: 'unpaid_break',
      userId: '2004',
      role: 'bartender',
      roleUuid: 'r1',
      punchIn: Date.UTC(2025, 2, 1, 22),
      punchOut: null,
      declaredTips: null,
      fiscalDay: '2025-03-01',
      created: Date.UTC(2025, 2, 1, 22, 0, 1),
    });
  });

  it('accepts camelCase, numeric ids and times, role objects, dollar tips, and a shift naming itself', () => {
    const e = normalizeEntry(
      {
        uuid: 's1',
        timeShiftId: 's1',
        userId: 2004,
        userRole: { name: 'server' },
        punchIn: 1_740_866_400,
        punchOut: '1740880800000',
        declaredTips: '12.50',
      },
      day,
    );
    expect(e).toMatchObject({
      uuid: 's1',
      kind: 'shift',
      shiftUuid: null,
      userId: '2004',
      role: 'server',
      punchIn: 1_740_866_400_000,
      punchOut: 1_740_880_800_000,
      declaredTips: 1250,
      fiscalDay: '2000-01-01',
    });
    expect(tipsToCents(1250, 'cents')).toBe(1250);
    expect(tipsToCents(12.5, 'cents')).toBe(1250);
    expect(tipsToCents(13, 'dollars')).toBe(1300);
    expect(tipsToCents('x', 'cents')).toBeNull();
    // With the dollars unit, 13 is $13.00, not 13 cents.
    expect(
      normalizeEntry({ uuid: 's2', user_id: 1, punch_in: 1_740_866_400, declared_tips: 13 }, day, { unit: 'dollars' })
        ?.declaredTips,
    ).toBe(1300);
    expect(parseWhen('garbage')).toBeNull();
    expect(normalizeEntry({ uuid: 'x' }, day)).toBeNull();
  });

  it('tells shifts from breaks by punch type first, whatever id kind the service uses', () => {
    // A shift carrying its own numeric time_shift_id is still a shift; its break points at that number.
    const shift = normalizeEntry(
      { time_entry_uuid: 'u-1', time_shift_id: 70001, time_punch_type: 'SHIFT', user_id: 1, punch_in: 1_740_866_400 },
      day,
    );
    expect(shift).toMatchObject({ kind: 'shift', shiftUuid: null, shiftId: 70001 });
    const brk = normalizeEntry(
      {
        time_entry_uuid: 'u-2',
        time_shift_id: 70001,
        time_punch_type: 'UNPAID_BREAK',
        user_id: 1,
        punch_in: 1_740_867_400,
      },
      day,
    );
    expect(brk).toMatchObject({ kind: 'break', shiftUuid: '70001' });
    // Numeric on breaks only: the shift's own number is its id field.
    const bare = normalizeEntry(
      { time_entry_uuid: 'u-3', id: 70002, time_punch_type: 'shift', user_id: 1, punch_in: 1_740_866_400 },
      day,
    );
    expect(bare).toMatchObject({ kind: 'shift', shiftId: 70002 });
  });

  it('finds the list bare or wrapped, and one entry or its uuid', () => {
    const item = { time_entry_uuid: 'a', user_id: '1', punch_in: '2025-03-01T00:00:00Z' };
    for (const body of [
      [item],
      { entries: [item] },
      { data: [item] },
      { results: [item] },
      { data: { items: [item] } },
    ]) {
      expect(findEntryList(body)).toEqual([item]);
    }
    expect(findEntryList({ nope: 1 })).toBeNull();
    expect(findEntry({ entry: item }, day)?.uuid).toBe('a');
    expect(findUuid({ data: { id: 'z' } })).toBe('z');
    expect(findUuid(null)).toBeNull();
  });
});
