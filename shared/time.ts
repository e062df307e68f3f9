// Venue times. Every time a person reads is the venue's wall clock: the location's IANA zone
// (null = this computer's zone, when the service gives none) in the venue's locale, never the
// host machine's, because a kiosk or a till may have its clock set to anything. Also the
// conversions for <input type="datetime-local">, which speak the venue's local time too.

/** The spec names no locale; dollars and the sandbox's names are US English. */
export const VENUE_LOCALE = 'en-US';

// Formats are fixed objects, so a formatter is found by the object and the zone without building a
// key: screens format hundreds of times per redraw (a time on every tab card, ten redraws a second
// under a rush), and building a formatter costs far more than using one.
const CLOCK: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const CLOCK_SECONDS: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', second: '2-digit' };
const DAY_TIME: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
};
const LONG_DAY: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long' };
const SHORT_DAY: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' };
const DATE_TIME: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' };
const ZONE_NAME: Intl.DateTimeFormatOptions = { timeZoneName: 'short', hour: 'numeric' };
const PARTS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};

const cache = new Map<Intl.DateTimeFormatOptions, Map<string, Intl.DateTimeFormat>>();

function formatter(
  timezone: string | null,
  options: Intl.DateTimeFormatOptions,
  locale: string = VENUE_LOCALE,
): Intl.DateTimeFormat {
  let byZone = cache.get(options);
  if (!byZone) cache.set(options, (byZone = new Map()));
  // The locale is part of the key only when it is not the venue's: that one is formatted most.
  const zone = locale === VENUE_LOCALE ? (timezone ?? '') : `${locale}|${timezone ?? ''}`;
  let f = byZone.get(zone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(locale, timezone ? { ...options, timeZone: timezone } : options);
    } catch {
      // An unknown zone name from the service: the computer's zone beats no time at all.
      f = new Intl.DateTimeFormat(locale, options);
    }
    byZone.set(zone, f);
  }
  return f;
}

/** "9:04 PM" ("9:04 p. m." in es-US: a kiosk passes the language its person reads). */
export function clockTime(ms: number, timezone: string | null, locale?: string): string {
  return formatter(timezone, CLOCK, locale).format(ms);
}

/** "9:04:12 PM" */
export function clockTimeSeconds(ms: number, timezone: string | null, locale?: string): string {
  return formatter(timezone, CLOCK_SECONDS, locale).format(ms);
}

/** "Sat, Mar 1, 9:04 PM" */
export function dayTime(ms: number, timezone: string | null, locale?: string): string {
  return formatter(timezone, DAY_TIME, locale).format(ms);
}

/** "Saturday, March 1" from YYYY-MM-DD (a calendar day, no zone involved). */
export function longDay(day: string, locale?: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return formatter('UTC', LONG_DAY, locale).format(Date.UTC(y, m - 1, d));
}

/** "Sat, Mar 1" from YYYY-MM-DD. */
export function shortDay(day: string, locale?: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return formatter('UTC', SHORT_DAY, locale).format(Date.UTC(y, m - 1, d));
}

const days = new Map<string, string>();

/** "YYYY-MM-DD" of an instant in the venue's zone. */
export function venueDay(ms: number, timezone: string | null): string {
  // Zones change offset in whole minutes, so a day starts on a minute: the answer is the same for
  // every instant of one minute. A board compares each tab's time with now's day at every redraw.
  const key = `${timezone ?? ''}|${Math.floor(ms / 60_000)}`;
  let day = days.get(key);
  if (day === undefined) {
    const p = zoneParts(ms, timezone);
    day = `${p.y}-${two(p.mo)}-${two(p.d)}`;
    if (days.size >= 4096) days.clear();
    days.set(key, day);
  }
  return day;
}

/**
 * "9:42 PM" for a time on the venue's today, else "Mar 1, 9:42 PM": staff read these at a glance.
 * Accepts unix ms or an ISO string; "—" when there is no time.
 */
export function formatVenueTime(
  at: number | string | null | undefined,
  timezone: string | null,
  now: number = Date.now(),
  locale?: string,
): string {
  if (at === null || at === undefined) return '—';
  const ms = typeof at === 'number' ? at : Date.parse(at);
  if (!Number.isFinite(ms)) return '—';
  if (venueDay(ms, timezone) === venueDay(now, timezone)) return clockTime(ms, timezone, locale);
  return formatter(timezone, DATE_TIME, locale).format(ms);
}

/** Minutes east of UTC of `timezone` (null: this computer's) at `ms`. */
export function zoneOffsetMinutes(ms: number, timezone: string | null): number {
  const p = zoneParts(ms, timezone);
  const asUtc = Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

/**
 * The venue zone's short name ("EST", "GMT+1") when its clock differs from this computer's at
 * `now`, else null: people only need the zone when the two could be confused.
 */
export function zoneNote(
  timezone: string | null,
  now: number = Date.now(),
  computerZone: string | null = null,
): string | null {
  if (!timezone) return null;
  if (zoneOffsetMinutes(now, timezone) === zoneOffsetMinutes(now, computerZone)) return null;
  const part = formatter(timezone, ZONE_NAME)
    .formatToParts(now)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timezone;
}

function two(n: number): string {
  return String(n).padStart(2, '0');
}

function zoneParts(ms: number, timezone: string | null) {
  const parts = formatter(timezone, PARTS).formatToParts(ms);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return { y: get('year'), mo: get('month'), d: get('day'), h: get('hour') % 24, mi: get('minute'), s: get('second') };
}

/** Unix ms → "YYYY-MM-DDTHH:mm" in the venue's zone, for <input type="datetime-local">. */
export function toLocalInput(ms: number, timezone: string | null): string {
  const p = zoneParts(ms, timezone);
  return `${p.y}-${two(p.mo)}-${two(p.d)}T${two(p.h)}:${two(p.mi)}`;
}

/** "YYYY-MM-DDTHH:mm" read as the venue's local time → unix ms (null when not a date-time). */
export function fromLocalInput(value: string, timezone: string | null): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return null;
  const wanted = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]);
  // Guess, see what that instant reads as in the zone, correct by the difference (twice for DST edges).
  let guess = wanted;
  for (let i = 0; i < 2; i++) {
    const p = zoneParts(guess, timezone);
    const seen = Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi);
    guess += wanted - seen;
  }
  return guess;
}

/** An ISO 8601 date-time that names no offset ("2025-01-31T21:04:00", no Z, no ±hh:mm). */
export function lacksOffset(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text.trim());
}

/**
 * A date-time without an offset read as the wall clock of `timezone` → unix ms; null when the
 * text is not one. The zone is required: such a time is the location's clock, never this
 * computer's, so a caller without the zone cannot read it.
 */
export function wallTimeToMs(text: string, timezone: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?$/.exec(text.trim());
  if (!m) return null;
  const ms = m[7] ? Math.round(Number(`0.${m[7]}`) * 1000) : 0;
  const wanted = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], m[6] ? +m[6] : 0);
  try {
    new Intl.DateTimeFormat(VENUE_LOCALE, { timeZone: timezone });
  } catch {
    return null;
  }
  // Guess, read the guess on the zone's clock, correct by the difference (twice for DST edges).
  let guess = wanted;
  for (let i = 0; i < 2; i++) {
    const p = zoneParts(guess, timezone);
    guess += wanted - Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s);
  }
  return guess + ms;
}

/** Unix ms → "YYYY-MM-DDTHH:mm:ss.SSS" on `timezone`'s wall clock, with no offset. */
export function msToWallTime(ms: number, timezone: string): string {
  const p = zoneParts(ms, timezone);
  const frac = String(((ms % 1000) + 1000) % 1000).padStart(3, '0');
  return `${p.y}-${two(p.mo)}-${two(p.d)}T${two(p.h)}:${two(p.mi)}:${two(p.s)}.${frac}`;
}

/**
 * The venue's zone for every time on screen: the kiosk's location's when one is chosen; else the
 * till's location's (Passes, Gift cards, Tabs), as the locations list gives it; else the venue's
 * default, the zone most of its locations share (the first such in the list on a tie). Null when
 * nothing says, and then times are this computer's.
 */
export function venueZoneOf(
  kiosk: { timezone: string | null } | null | undefined,
  tillUuid: string | null | undefined,
  locations: readonly { uuid: string; timezone?: string | null }[],
): string | null {
  if (kiosk?.timezone) return kiosk.timezone;
  const till = tillUuid ? locations.find((l) => l.uuid === tillUuid)?.timezone : null;
  if (till) return till;
  const counts = new Map<string, number>();
  for (const l of locations) if (l.timezone) counts.set(l.timezone, (counts.get(l.timezone) ?? 0) + 1);
  let best: string | null = null;
  for (const [zone, n] of counts) if (best === null || n > counts.get(best)!) best = zone;
  return best;
}
