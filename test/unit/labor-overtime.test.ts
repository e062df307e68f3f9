import { describe, expect, it } from 'vitest';
import { OVERTIME_PRESETS, splitOvertime, type WorkedShift } from '../../shared/labor-rules/overtime';

const H = 60;
const ca = OVERTIME_PRESETS.california;
const federal = OVERTIME_PRESETS['us-federal'];

// 2025-03-02 is a Sunday, the first day of both presets' workweek.
const week = ['2025-03-02', '2025-03-03', '2025-03-04', '2025-03-05', '2025-03-06', '2025-03-07', '2025-03-08'];
const shifts = (hours: number[], from = 0): WorkedShift[] =>
  hours.map((h, n) => ({ id: `s${n}`, day: week[from + n], minutes: h * H }));

describe('overtime', () => {
  it('California: 10 h on a Monday is 8 regular + 2 overtime', () => {
    expect(splitOvertime(shifts([10], 1), ca)).toEqual([{ id: 's0', regular: 8 * H, overtime: 2 * H, doubleTime: 0 }]);
  });

  it('California: 13 h is 8 regular + 4 overtime (8 to 12) + 1 double time', () => {
    expect(splitOvertime(shifts([13], 1), ca)).toEqual([
      { id: 's0', regular: 8 * H, overtime: 4 * H, doubleTime: 1 * H },
    ]);
  });

  it('California: two shifts on one day add up before the daily threshold', () => {
    // 5 h then 5 h: the day reaches 8 h three hours into the second shift.
    const split = splitOvertime(
      [
        { id: 'a', day: week[1], minutes: 5 * H },
        { id: 'b', day: week[1], minutes: 5 * H },
      ],
      ca,
    );
    expect(split).toEqual([
      { id: 'a', regular: 5 * H, overtime: 0, doubleTime: 0 },
      { id: 'b', regular: 3 * H, overtime: 2 * H, doubleTime: 0 },
    ]);
  });

  it('federal: five 9 h days are 40 regular + 5 overtime', () => {
    const split = splitOvertime(shifts([9, 9, 9, 9, 9], 1), federal);
    // 9+9+9+9 = 36 regular; the fifth day has 40-36 = 4 regular and 5 overtime.
    expect(split.map((s) => s.regular)).toEqual([9 * H, 9 * H, 9 * H, 9 * H, 4 * H]);
    expect(split.map((s) => s.overtime)).toEqual([0, 0, 0, 0, 5 * H]);
    expect(split.reduce((n, s) => n + s.regular, 0)).toBe(40 * H);
    expect(split.reduce((n, s) => n + s.overtime, 0)).toBe(5 * H);
  });

  it('federal: no daily overtime even for a 14 h day', () => {
    expect(splitOvertime(shifts([14], 1), federal)).toEqual([
      { id: 's0', regular: 14 * H, overtime: 0, doubleTime: 0 },
    ]);
  });

  it('California: daily overtime does not count again toward the weekly 40', () => {
    // Five 9 h days: each is 8 regular + 1 daily overtime, so regular is 5 x 8 = 40 and overtime 5,
    // not 40 + 5 + a further weekly hour.
    const split = splitOvertime(shifts([9, 9, 9, 9, 9], 1), ca);
    expect(split.every((s) => s.regular === 8 * H && s.overtime === 1 * H && s.doubleTime === 0)).toBe(true);
  });

  it('California: a sixth 8 h day after 40 regular hours is all weekly overtime', () => {
    // Mon-Fri 8 h = 40 regular; Saturday's 8 h are over the weekly 40.
    const split = splitOvertime(shifts([8, 8, 8, 8, 8, 8], 1), ca);
    expect(split[5]).toEqual({ id: 's5', regular: 0, overtime: 8 * H, doubleTime: 0 });
  });

  it('California: 9 h on the 7th consecutive day is 8 overtime + 1 double time', () => {
    // Sunday to Friday 4 h each (24 h, all regular), then Saturday 9 h.
    const split = splitOvertime(shifts([4, 4, 4, 4, 4, 4, 9]), ca);
    expect(split.slice(0, 6).every((s) => s.regular === 4 * H)).toBe(true);
    expect(split[6]).toEqual({ id: 's6', regular: 0, overtime: 8 * H, doubleTime: 1 * H });
  });

  it('California: seven days that straddle two workweeks are not a 7th day', () => {
    // Monday to the next Sunday: the Sunday starts a new workweek.
    const days = ['2025-03-03', '2025-03-04', '2025-03-05', '2025-03-06', '2025-03-07', '2025-03-08', '2025-03-09'];
    const split = splitOvertime(
      days.map((day, n) => ({ id: `s${n}`, day, minutes: 4 * H })),
      ca,
    );
    expect(split[6]).toEqual({ id: 's6', regular: 4 * H, overtime: 0, doubleTime: 0 });
  });

  it('keeps the input order and counts each minute once', () => {
    const input = [
      { id: 'late', day: week[3], minutes: 13 * H },
      { id: 'early', day: week[1], minutes: 7 * H + 30 },
    ];
    const split = splitOvertime(input, ca);
    expect(split.map((s) => s.id)).toEqual(['late', 'early']);
    for (const [n, s] of split.entries()) expect(s.regular + s.overtime + s.doubleTime).toBe(input[n].minutes);
  });
});
