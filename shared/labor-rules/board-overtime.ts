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

/** "8 h today", "40 h this week", "7th day". */
export function thresholdWords(badge: OvertimeBadge): string {
  const c = badge.crossing;
  if (c.rule === 'seventh-day')
    return c.pay === 'double-time' ? `7th day, after ${c.thresholdMinutes / 60} h` : '7th day';
  const h = Number.isInteger(c.thresholdMinutes / 60)
    ? `${c.thresholdMinutes / 60} h`
    : `${(c.thresholdMinutes / 60).toFixed(1)} h`;
  return c.rule === 'weekly' ? `${h} this week` : `${h} today`;
}
