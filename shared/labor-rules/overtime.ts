// Overtime rules per venue and the split of each shift's paid minutes into regular, overtime and
// double time. Pure: the caller gives one person's shifts with their business day in the venue's
// zone and their net paid minutes (shift length less unpaid breaks, as the payroll CSV computes).
import { addDays } from '../labor-calc';

export interface OvertimeRules {
  /** Minutes in a day after which time is overtime; null when the venue has no daily rule. */
  dailyOvertimeAfter: number | null;
  /** Minutes in a day after which time is double time; null for none. */
  dailyDoubleAfter: number | null;
  /** Regular minutes in a workweek after which time is overtime; null for none. */
  weeklyOvertimeAfter: number | null;
  /**
   * The seventh consecutive day worked in one workweek: its first `dailyOvertimeAfter` minutes
   * (8 h when no daily rule is set) are overtime, the rest double time.
   */
  seventhDay: boolean;
  /** The workweek's first day: 0 Sunday … 6 Saturday. */
  weekStartsOn: number;
}

export type OvertimePreset = 'us-federal' | 'california';

export const OVERTIME_PRESETS: Record<OvertimePreset, OvertimeRules> = {
  'us-federal': {
    dailyOvertimeAfter: null,
    dailyDoubleAfter: null,
    weeklyOvertimeAfter: 40 * 60,
    seventhDay: false,
    weekStartsOn: 0,
  },
  california: {
    dailyOvertimeAfter: 8 * 60,
    dailyDoubleAfter: 12 * 60,
    weeklyOvertimeAfter: 40 * 60,
    seventhDay: true,
    weekStartsOn: 0,
  },
};

export interface WorkedShift {
  id: string;
  /** Business day, YYYY-MM-DD. */
  day: string;
  /** Net paid minutes. */
  minutes: number;
}

export interface ShiftSplit {
  id: string;
  regular: number;
  overtime: number;
  doubleTime: number;
}

function dayOfWeek(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

export function weekStartOf(day: string, weekStartsOn: number): string {
  return addDays(day, -((dayOfWeek(day) - weekStartsOn + 7) % 7));
}

/** Minutes of [from, to) that lie in [low, high). */
function overlap(from: number, to: number, low: number, high: number): number {
  return Math.max(0, Math.min(to, high) - Math.max(from, low));
}

/**
 * Splits each shift, in the order of its day (shifts of one day in the order given). A minute is
 * counted once: daily overtime and double time come first, and only the minutes left regular count
 * toward the weekly threshold.
 */
export function splitOvertime(shifts: WorkedShift[], rules: OvertimeRules): ShiftSplit[] {
  const ordered = shifts.map((s, i) => ({ s, i })).sort((a, b) => a.s.day.localeCompare(b.s.day) || a.i - b.i);
  const workedDays = new Set(shifts.filter((s) => s.minutes > 0).map((s) => s.day));
  const dayMinutes = new Map<string, number>();
  const weekRegular = new Map<string, number>();
  const out = new Array<ShiftSplit>(shifts.length);
  for (const { s, i } of ordered) {
    const minutes = Math.max(0, s.minutes);
    const from = dayMinutes.get(s.day) ?? 0;
    const to = from + minutes;
    dayMinutes.set(s.day, to);
    const week = weekStartOf(s.day, rules.weekStartsOn);
    const isSeventh =
      rules.seventhDay &&
      s.day === addDays(week, 6) &&
      [0, 1, 2, 3, 4, 5].every((n) => workedDays.has(addDays(week, n)));
    let candidate: number;
    let overtime: number;
    let doubleTime: number;
    if (isSeventh) {
      const limit = rules.dailyOvertimeAfter ?? 8 * 60;
      candidate = 0;
      overtime = overlap(from, to, 0, limit);
      doubleTime = overlap(from, to, limit, Infinity);
    } else {
      const otAt = rules.dailyOvertimeAfter ?? Infinity;
      const dtAt = rules.dailyDoubleAfter ?? Infinity;
      candidate = overlap(from, to, 0, Math.min(otAt, dtAt));
      overtime = overlap(from, to, otAt, dtAt);
      doubleTime = overlap(from, to, dtAt, Infinity);
    }
    const soFar = weekRegular.get(week) ?? 0;
    const allowed = rules.weeklyOvertimeAfter === null ? Infinity : Math.max(0, rules.weeklyOvertimeAfter - soFar);
    const regular = Math.min(candidate, allowed);
    overtime += candidate - regular;
    weekRegular.set(week, soFar + regular);
    out[i] = { id: s.id, regular, overtime, doubleTime };
  }
  return out;
}
