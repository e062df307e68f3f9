// Small display helpers shared by the Passes, Gift cards and Tabs screens, on the one venue clock,
// the one money parser and the one error wording (shared/time.ts, money.ts, errors.ts).
import { staffWords } from '../../../../shared/errors';
import { formatVenueTime } from '../../../../shared/time';
import { useVenueZone } from '../../hooks/use-venue-zone';

export { parseMoney } from '../../../../shared/money';

/** "9:42 PM" for the venue's today, else a short date too, in the venue's zone. */
export function timeOf(at: number | string | null | undefined, timezone: string | null): string {
  return formatVenueTime(at, timezone);
}

/** A failure in the staff's words (the technical text goes to the log). */
export function messageOf(error: unknown, timezone: string | null = null): string {
  const words = staffWords(error, { timezone });
  if (words.detail) console.warn(`[venue] ${words.text} — ${words.detail}`);
  return words.text;
}

/** timeOf bound to the venue's zone, for components. */
export function useTimeOf(): (at: number | string | null | undefined) => string {
  const timezone = useVenueZone();
  return (at) => formatVenueTime(at, timezone);
}
