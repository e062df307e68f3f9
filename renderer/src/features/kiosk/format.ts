// Times for the kiosk, always in the venue's zone (the kiosk's clock may be set to anything),
// and conversions for the manager's date-time inputs, which speak the venue's local time too.

const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(timezone: string | null, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timezone ?? ''}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(undefined, timezone ? { ...options, timeZone: timezone } : options);
    } catch {
      f = new Intl.DateTimeFormat(undefined, options);
    }
    cache.set(key, f);
  }
  return f;
}

/** "9:04 PM" */
export function clockTime(ms: number, timezone: string | null): string {
  return formatter(timezone, { hour: 'numeric', minute: '2-digit' }).format(ms);
}

/** "Sat 1 Mar, 9:04 PM" */
export function dayTime(ms: number, timezone: string | null): string {
  return formatter(timezone, { weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }).format(ms);
}

/** "Saturday 1 March" from YYYY-MM-DD (a calendar day, no zone involved). */
export function longDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, d));
}

/** "Sat 1 Mar" from YYYY-MM-DD. */
export function shortDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, d));
}

function zoneParts(ms: number, timezone: string | null) {
  const parts = formatter(timezone, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(ms);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return { y: get('year'), mo: get('month'), d: get('day'), h: get('hour'), mi: get('minute'), s: get('second') };
}

/** Unix ms → "YYYY-MM-DDTHH:mm" in the venue's zone, for <input type="datetime-local">. */
export function toLocalInput(ms: number, timezone: string | null): string {
  const p = zoneParts(ms, timezone);
  const two = (n: number) => String(n).padStart(2, '0');
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

export const ACTION_WORDS = {
  'punch-in': 'punched in',
  'break-start': 'on break',
  'break-end': 'back from break',
  'punch-out': 'punched out',
} as const;

export const ACTION_LABELS = {
  'punch-in': 'Punch in',
  'break-start': 'Break start',
  'break-end': 'Break end',
  'punch-out': 'Punch out',
} as const;
