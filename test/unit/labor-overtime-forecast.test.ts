import { describe, expect, it } from 'vitest';
import { OVERTIME_PRESETS, splitOvertime, type WorkedShift } from '../../shared/labor-rules/overtime';
import { overtimeBadge, overtimeCrossings } from '../../shared/labor-rules/overtime-forecast';
import { boardOvertime, thresholdOf } from '../../shared/labor-rules/board-overtime';
import { DEFAULT_LABOR_SETTINGS, type BoardRow } from '../../shared/labor';

const H = 60;
const MS = 60_000;
const ca = OVERTIME_PRESETS.california;
const federal = OVERTIME_PRESETS['us-federal'];
// 2025-03-02 is a Sunday, the first day of both presets' workweek.
const week = ['2025-03-02', '2025-03-03', '2025-03-04', '2025-03-05', '2025-03-06', '2025-03-07', '2025-03-08'];
const prior = (hours: number[], from = 0): WorkedShift[] =>
  hours.map((h, n) => ({ id: `p${n}`, day: week[from + n], minutes: h * H }));

/** The pay of the current shift's minute starting at `m`, by the payroll split itself. */
function payAt(earlier: WorkedShift[], day: string, m: number, rules = ca): 'regular' | 'overtime' | 'double-time' {
  const split = (minutes: number) => splitOvertime([...earlier, { id: 'now', day, minutes }], rules).at(-1)!;
  const a = split(m);
  const b = split(m + 1);
  if (b.doubleTime > a.doubleTime) return 'double-time';
  if (b.overtime > a.overtime) return 'overtime';
  return 'regular';
}

describe('when a shift under way reaches overtime', () => {
  it('California, a fresh Monday: overtime after 8 h (480 min), double time after 12 h (720 min)', () => {
    const c = overtimeCrossings([], week[1], ca);
    expect(c).toEqual([
      { pay: 'overtime', rule: 'daily', thresholdMinutes: 480, atMinute: 480 },
      { pay: 'double-time', rule: 'daily', thresholdMinutes: 720, atMinute: 720 },
    ]);
    // The payroll split agrees: minute 479 is regular, 480 overtime, 720 double time.
    expect([payAt([], week[1], 479), payAt([], week[1], 480), payAt([], week[1], 720)]).toEqual([
      'regular',
      'overtime',
      'double-time',
    ]);
  });

  it('California, a second shift the same day after 5 h: overtime 8 - 5 = 3 h in', () => {
    const c = overtimeCrossings([{ id: 'a', day: week[1], minutes: 5 * H }], week[1], ca);
    expect(c[0]).toEqual({ pay: 'overtime', rule: 'daily', thresholdMinutes: 480, atMinute: 3 * H });
    expect(c[1].atMinute).toBe(12 * H - 5 * H);
  });

  it('federal, Friday after four 9 h days: 40 - 36 = 4 h in, weekly', () => {
    const c = overtimeCrossings(prior([9, 9, 9, 9], 1), week[5], federal);
    expect(c).toEqual([{ pay: 'overtime', rule: 'weekly', thresholdMinutes: 2400, atMinute: 4 * H }]);
    expect(payAt(prior([9, 9, 9, 9], 1), week[5], 4 * H - 1, federal)).toBe('regular');
    expect(payAt(prior([9, 9, 9, 9], 1), week[5], 4 * H, federal)).toBe('overtime');
  });

  it('California, Saturday after 8 h Mon-Fri (40 regular): the weekly rule comes first, at minute 0', () => {
    // Mon-Fri 5 x 8 = 40 regular; Saturday's first minute is over the weekly 40.
    const c = overtimeCrossings(prior([8, 8, 8, 8, 8], 1), week[6], ca);
    expect(c[0]).toEqual({ pay: 'overtime', rule: 'weekly', thresholdMinutes: 2400, atMinute: 0 });
    expect(c[1]).toEqual({ pay: 'double-time', rule: 'daily', thresholdMinutes: 720, atMinute: 720 });
  });

  it('California, Thursday after 9 h Mon-Wed: daily overtime at 8 h, since regular is 3 x 8 = 24 < 40', () => {
    const c = overtimeCrossings(prior([9, 9, 9], 1), week[4], ca);
    // The weekly 40 would need 40 - 24 = 16 regular hours today; the daily 8 comes first.
    expect(c[0]).toEqual({ pay: 'overtime', rule: 'daily', thresholdMinutes: 480, atMinute: 480 });
  });

  it('California, 7th consecutive day: overtime from the start, double time after 8 h', () => {
    // Sun-Fri 4 h each = 24 h, under 40, so the 7th-day rule alone decides.
    const c = overtimeCrossings(prior([4, 4, 4, 4, 4, 4], 0), week[6], ca);
    expect(c).toEqual([
      { pay: 'overtime', rule: 'seventh-day', thresholdMinutes: 0, atMinute: 0 },
      { pay: 'double-time', rule: 'seventh-day', thresholdMinutes: 480, atMinute: 480 },
    ]);
    expect(payAt(prior([4, 4, 4, 4, 4, 4], 0), week[6], 0)).toBe('overtime');
    expect(payAt(prior([4, 4, 4, 4, 4, 4], 0), week[6], 480)).toBe('double-time');
  });

  it('the badge: within the warning window it says when; once passed, since when', () => {
    const c = overtimeCrossings([], week[1], ca);
    const now = Date.UTC(2025, 2, 3, 20, 0);
    // 7 h 20 min worked, window 60 min: overtime 40 min from now.
    expect(overtimeBadge(c, 7 * H + 20, 60, now)).toEqual({ when: 'soon', crossing: c[0], at: now + 40 * MS });
    // 6 h 59 min worked: 61 min away, outside a 60 min window.
    expect(overtimeBadge(c, 6 * H + 59, 60, now)).toBeNull();
    // 9 h worked: overtime began 60 min ago; double time is 3 h away.
    expect(overtimeBadge(c, 9 * H, 60, now)).toEqual({ when: 'now', crossing: c[0], at: now - 60 * MS });
  });
});

describe('a board row', () => {
  const settings = { ...DEFAULT_LABOR_SETTINGS, overtimePreset: 'california' as const, overtimeWarningMinutes: 60 };
  const start = Date.UTC(2025, 2, 3, 17, 0);
  const row = (over: Partial<BoardRow> = {}): BoardRow => ({
    userId: 'u',
    name: 'U',
    role: null,
    shiftStart: start,
    breakStart: null,
    lastBreakEnd: null,
    pending: false,
    day: week[1],
    unpaidBreakMs: 0,
    priorWork: [],
    ...over,
  });

  it('a 30 min unpaid break pushes overtime back 30 min: 17:00 + 8 h + 30 min = 01:30', () => {
    const now = start + 7 * 60 * MS + 40 * MS; // 7 h 40 on the clock, 7 h 10 paid
    const badge = boardOvertime(row({ unpaidBreakMs: 30 * MS }), settings, now)!;
    expect(badge.when).toBe('soon');
    expect(badge.at).toBe(start + (8 * 60 + 30) * MS);
    expect(thresholdOf(badge)).toEqual({ rule: 'today', hours: 8 });
  });

  it('weekly: the week before counts (federal, 36 h before today: overtime 4 h in)', () => {
    const federalSettings = { ...settings, overtimePreset: 'us-federal' as const };
    const r = row({ day: week[5], priorWork: prior([9, 9, 9, 9], 1) });
    const badge = boardOvertime(r, federalSettings, start + 3 * 60 * MS + 30 * MS)!;
    expect(badge.at).toBe(start + 4 * 60 * MS);
    expect(thresholdOf(badge)).toEqual({ rule: 'week', hours: 40 });
  });

  it('nothing shows under the federal rules on a fresh Monday, even at 10 h', () => {
    expect(boardOvertime(row(), { ...settings, overtimePreset: 'us-federal' }, start + 10 * 60 * MS)).toBeNull();
  });
});
