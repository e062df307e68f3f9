// Seeded shifts must fall on the business day the timesheet opens on, whatever the hour the suite
// runs: "three hours ago" is yesterday's business day between 04:00 and 07:00 at the venue.
import { fiscalDayOf } from '../../shared/labor-calc';

/**
 * A moment up to `backMs` before `nowMs` on the same business day as `nowMs` (halving the distance
 * back until it is), for a venue in `timezone` whose day starts at `startHour`.
 */
export function earlierToday(nowMs: number, backMs: number, timezone = 'America/New_York', startHour = 4): number {
  const today = fiscalDayOf(nowMs, timezone, startHour);
  let back = backMs;
  while (back > 1_000 && fiscalDayOf(nowMs - back, timezone, startHour) !== today) back = Math.floor(back / 2);
  return nowMs - back;
}
