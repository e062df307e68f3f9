// When a shift under way reaches overtime or double time under the venue's rules, given the
// person's earlier shifts this workweek. Pure, and it agrees with splitOvertime minute for minute:
// the board's "Overtime at 9:40 PM" is the minute the payroll CSV starts counting as overtime.
import { addDays } from '../labor-calc';
import { splitOvertime, weekStartOf, type OvertimeRules, type WorkedShift } from './overtime';

export type OvertimeRule = 'daily' | 'weekly' | 'seventh-day';

export interface OvertimeCrossing {
  pay: 'overtime' | 'double-time';
  rule: OvertimeRule;
  /** The rule's threshold in minutes (8 h today, 40 h this week …). */
  thresholdMinutes: number;
  /** Paid minutes into the current shift at which its minutes start to be paid this way. */
  atMinute: number;
}

/**
 * The points in the current shift (on business day `day`) where pay steps up, in order. `prior`:
 * the person's earlier shifts this workweek (and earlier today), with their net paid minutes.
 */
export function overtimeCrossings(prior: WorkedShift[], day: string, rules: OvertimeRules): OvertimeCrossing[] {
  const week = weekStartOf(day, rules.weekStartsOn);
  const earlier = prior.filter((s) => s.day >= week && s.day <= day);
  const from = earlier.filter((s) => s.day === day).reduce((n, s) => n + Math.max(0, s.minutes), 0);
  const workedDays = new Set(earlier.filter((s) => s.minutes > 0).map((s) => s.day));
  const seventh =
    rules.seventhDay && day === addDays(week, 6) && [0, 1, 2, 3, 4, 5].every((n) => workedDays.has(addDays(week, n)));
  if (seventh) {
    const limit = rules.dailyOvertimeAfter ?? 8 * 60;
    return [
      { pay: 'overtime', rule: 'seventh-day', thresholdMinutes: 0, atMinute: 0 },
      { pay: 'double-time', rule: 'seventh-day', thresholdMinutes: limit, atMinute: Math.max(0, limit - from) },
    ];
  }
  const out: OvertimeCrossing[] = [];
  const otAt = rules.dailyOvertimeAfter === null ? Infinity : rules.dailyOvertimeAfter - from;
  const dtAt = rules.dailyDoubleAfter === null ? Infinity : rules.dailyDoubleAfter - from;
  // Regular minutes run until the first daily threshold; only they count toward the weekly one.
  const regularEnd = Math.min(otAt, dtAt);
  let weeklyAt = Infinity;
  if (rules.weeklyOvertimeAfter !== null) {
    const regularBefore = splitOvertime(earlier, rules).reduce((n, s) => n + s.regular, 0);
    weeklyAt = rules.weeklyOvertimeAfter - regularBefore;
  }
  if (weeklyAt < regularEnd && rules.weeklyOvertimeAfter !== null)
    out.push({
      pay: 'overtime',
      rule: 'weekly',
      thresholdMinutes: rules.weeklyOvertimeAfter,
      atMinute: Math.max(0, weeklyAt),
    });
  else if (otAt < dtAt && rules.dailyOvertimeAfter !== null)
    out.push({
      pay: 'overtime',
      rule: 'daily',
      thresholdMinutes: rules.dailyOvertimeAfter,
      atMinute: Math.max(0, otAt),
    });
  if (rules.dailyDoubleAfter !== null && Number.isFinite(dtAt))
    out.push({
      pay: 'double-time',
      rule: 'daily',
      thresholdMinutes: rules.dailyDoubleAfter,
      atMinute: Math.max(0, dtAt),
    });
  return out;
}

export interface OvertimeBadge {
  /** 'soon': crosses within the warning window; 'now': already paid this way. */
  when: 'soon' | 'now';
  crossing: OvertimeCrossing;
  /** Unix ms of the crossing (for 'soon', assuming the person keeps working from `now`). */
  at: number;
}

/**
 * What the board says for one person: the step they are in (the highest one passed), or the next
 * one when it comes within `warnMinutes` of paid time. `workedMinutes`: paid minutes of the
 * current shift so far. Null when neither.
 */
export function overtimeBadge(
  crossings: OvertimeCrossing[],
  workedMinutes: number,
  warnMinutes: number,
  now: number,
): OvertimeBadge | null {
  const MINUTE = 60_000;
  const passed = crossings.filter((c) => c.atMinute <= workedMinutes);
  const next = crossings.find((c) => c.atMinute > workedMinutes);
  const at = (c: OvertimeCrossing) => now + (c.atMinute - workedMinutes) * MINUTE;
  if (next && next.atMinute - workedMinutes <= warnMinutes) return { when: 'soon', crossing: next, at: at(next) };
  const last = passed[passed.length - 1];
  return last ? { when: 'now', crossing: last, at: at(last) } : null;
}
