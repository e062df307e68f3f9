// The end of a shift's business day: the first time the venue's clock reads the set "HH:MM" after
// the shift began. With the business day starting at 04:00 and ending at 04:00, a shift from 18:00
// ends its day at 04:00 the next morning; one begun at 03:30 (still the night before's business
// day) at 04:00 the same morning.
import { fromLocalInput, venueDay } from '../time';
import { addDays } from '../labor-calc';

export function businessDayEndAfter(shiftStart: number, end: string, timezone: string | null): number {
  const day = venueDay(shiftStart, timezone);
  for (let n = 0; n < 3; n++) {
    const at = fromLocalInput(`${addDays(day, n)}T${end}`, timezone);
    if (at !== null && at > shiftStart) return at;
  }
  // Unreachable for a valid HH:MM; a day later is the safe answer.
  return shiftStart + 24 * 3_600_000;
}
