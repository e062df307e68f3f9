// The office page's words: times on each venue's own clock, how current the page is, a refund's
// outcome and a held punch, in the words the venue's own screens use for them.
import type { OfficeVenue, RefundState, ReviewRow } from '../../../shared/group';
import { clockTime, formatVenueTime, shortDay } from '../../../shared/time';
import { staffWords } from '../../../shared/errors';
import { ACTION_LABELS } from '../features/kiosk/format';
import { REVIEW_REASON_TEXT, REVIEW_STATUS_TEXT } from '../features/kiosk/review-words';
import { roleName } from '../features/kiosk/role-name';

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A time on the venue's clock: "9:42 PM" on the venue's today, else "Nov 27, 9:42 PM". A venue
 * that has not said its zone has its times in UTC, and says so.
 */
export function venueTime(ms: number, venue: OfficeVenue | undefined, now = Date.now()): string {
  const zone = venue?.timezone ?? null;
  return zone ? formatVenueTime(ms, zone, now) : `${formatVenueTime(ms, 'UTC', now)} UTC`;
}

/** "New York" for America/New_York: the place a zone is named by. */
export function zonePlace(timezone: string): string {
  return (timezone.split('/').at(-1) ?? timezone).replaceAll('_', ' ');
}

/** How the venue counts its days, for the takings table. */
export function dayWords(venue: OfficeVenue | undefined): string {
  if (!venue?.timezone) return 'UTC days: time zone not said yet';
  const hour = venue.dayStartHour ?? 0;
  const starts = clockTime(Date.UTC(2000, 0, 1, hour), 'UTC').replace(':00', '');
  return `${zonePlace(venue.timezone)} time, from ${starts}`;
}

/** Whether the page is current: the newest message's age when the office applied it. */
export function lagWords(lagMs: number | null): string {
  if (lagMs === null) return 'No news from the venues since the office started';
  if (lagMs < 5_000) return 'Up to date';
  const seconds = Math.round(lagMs / 1000);
  if (seconds < 120) return `Behind by ${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 120) return `Behind by ${minutes} min`;
  return `Behind by ${Math.round(minutes / 60)} h`;
}

export const REFUND_OUTCOME: Record<RefundState, string> = {
  accepted: 'Refunded',
  refused: 'Refused by the service',
  unknown: 'Not known yet: the venue checks again',
};

/** "Sam Server (Server)" with the role as the venue's screens write it. */
export function personWithRole(name: string, role: string | null): string {
  const said = roleName(role);
  return said ? `${name} (${said})` : name;
}

export const punchAction = (action: string): string =>
  (ACTION_LABELS as Record<string, string>)[action] ?? capital(action.replaceAll('-', ' '));

export const punchStatus = (status: ReviewRow['status']): string => capital(REVIEW_STATUS_TEXT[status] ?? status);

/** Why a punch was held or refused, as the venue's punch review says it. */
export function punchWhy(r: ReviewRow): string {
  if (r.status === 'refused') return r.message ? staffWords(r.message).text : '';
  const reasons = r.reasons.map((code) => (REVIEW_REASON_TEXT as Record<string, string>)[code] ?? code);
  return capital(reasons.join('; '));
}

/** "Sat, Nov 28" for the day picked. */
export const dayName = (day: string): string => shortDay(day);
