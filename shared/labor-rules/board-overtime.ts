// One board row's overtime badge at `now`: its paid minutes so far (shift time less unpaid
// breaks, and less the break under way) against the venue's rules and the person's week.
import type { BoardRow, LaborSettings } from '../labor';
import { OVERTIME_PRESETS } from './overtime';
import { overtimeBadge, overtimeCrossings, type OvertimeBadge } from './overtime-forecast';

const MINUTE = 60_000;

export function boardOvertime(row: BoardRow, settings: LaborSettings, now: number): OvertimeBadge | null {
  if (!row.day) return null;
  const onBreak = row.breakStart !== null ? Math.max(0, now - row.breakStart) : 0;
  const worked = Math.max(0, now - row.shiftStart - (row.unpaidBreakMs ?? 0) - onBreak) / MINUTE;
  const prior = (row.priorWork ?? []).map((w, n) => ({ id: `prior-${n}`, ...w }));
  const crossings = overtimeCrossings(prior, row.day, OVERTIME_PRESETS[settings.overtimePreset]);
  const badge = overtimeBadge(crossings, worked, settings.overtimeWarningMinutes, now);
  // On a break the clock is stopped: "at" would move on every tick, so only a step already reached shows.
  return badge && onBreak > 0 && badge.when === 'soon' ? null : badge;
}

/**
 * Which threshold the badge speaks of, for the kiosk's words in its language: "8 h today" (today),
 * "40 h this week" (week), "7th day" (seventhDay) or "7th day, after 8 h" (seventhDayAfter).
 */
export function thresholdOf(badge: OvertimeBadge): {
  rule: 'today' | 'week' | 'seventhDay' | 'seventhDayAfter';
  hours: number;
} {
  const c = badge.crossing;
  const hours = c.thresholdMinutes / 60;
  if (c.rule === 'seventh-day') return { rule: c.pay === 'double-time' ? 'seventhDayAfter' : 'seventhDay', hours };
  return { rule: c.rule === 'weekly' ? 'week' : 'today', hours };
}
