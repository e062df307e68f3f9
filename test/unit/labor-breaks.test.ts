import { describe, expect, it } from 'vitest';
import { BREAK_PRESETS, checkBreaks, formatBreakFlags, restsOwed } from '../../shared/labor-rules/breaks';

const H = 60;
const ca = BREAK_PRESETS.california;
const meal = (startMinute: number, minutes = 30) => ({ startMinute, minutes, paid: false });
const rest = (startMinute: number, minutes = 10) => ({ startMinute, minutes, paid: true });

describe('break rules', () => {
  it('California rests: one per 4 h or major fraction (over 2 h), none under 3.5 h', () => {
    // 3h29 -> 0; 3h30 -> 1; 6h = 4 + 2 (not over half) -> 1; 6h01 -> 2; 10h = 8 + 2 -> 2; 10h01 -> 3.
    expect([209, 210, 360, 361, 600, 601].map((m) => restsOwed(m, ca.rest!))).toEqual([0, 1, 1, 2, 2, 3]);
  });

  it('a 5 h shift owes no meal; one rest', () => {
    expect(checkBreaks(5 * H, [rest(120)], ca)).toEqual([]);
  });

  it('an 8 h shift with a meal by the 5th hour and two rests is clean', () => {
    expect(checkBreaks(8 * H, [rest(100), meal(4 * H), rest(6 * H)], ca)).toEqual([]);
  });

  it('a meal taken after the end of the 5th hour is missed', () => {
    expect(checkBreaks(8 * H, [rest(100), meal(5 * H + 1), rest(6 * H)], ca)).toEqual([
      { flag: 'missed-meal', nth: 1 },
    ]);
  });

  it('a 20-minute meal is short, an 8-minute rest is short, a missing rest is missed', () => {
    // 8 h owes 2 rests (4 h + 4 h); one taken, 8 min.
    expect(formatBreakFlags(checkBreaks(8 * H, [meal(3 * H, 20), rest(60, 8)], ca))).toBe(
      'short-meal 1; short-rest 1; missed-rest 2',
    );
  });

  it('over 10 h owes a second meal by the end of the 10th hour', () => {
    // 11 h: 3 rests (8 h + 3 h major fraction), 2 meals.
    const taken = [rest(60), meal(4 * H), rest(6 * H), rest(9 * H)];
    expect(checkBreaks(11 * H, taken, ca)).toEqual([{ flag: 'missed-meal', nth: 2 }]);
    expect(checkBreaks(11 * H, [...taken, meal(9 * H + 30)], ca)).toEqual([]);
  });

  it('the none preset flags nothing', () => {
    expect(checkBreaks(14 * H, [], BREAK_PRESETS.none)).toEqual([]);
  });
});
