// Schedules (issue 39): a week's shifts by person, role and location, kept by the venue hub (the
// service has no schedule endpoint), and the rules that read them: the early punch-in rule, late and
// no-show alerts, the auto clock-out at the scheduled end plus a grace, and scheduled against actual.
// Pure: the core, the screens and the tests share it. Times of a shift are the venue's wall clock
// ("HH:MM" on a business day), read in the kiosk location's zone.
import { addDays } from './labor-calc';
import { fromLocalInput, venueDay } from './time';

/** One scheduled shift. `end` at or before `start` ends the next morning (a bar's 18:00–02:00). */
export interface ScheduledShift {
  id: string;
  userId: string;
  /** The role as the staff list names it (the kiosk's role names). */
  role: string;
  locationUuid: string;
  /** YYYY-MM-DD: the day the shift starts on, on the venue's calendar. */
  day: string;
  /** "HH:MM", 24-hour, venue clock. */
  start: string;
  end: string;
}

/** What an early punch-in meets: nothing, a refusal until the window opens, or a manager's PIN. */
export type EarlyPunchRule = 'off' | 'block' | 'manager';

export interface ScheduleRules {
  earlyPunch: EarlyPunchRule;
  /** How many minutes before the scheduled start a punch-in is on time. */
  earlyMinutes: number;
  /** Not punched in this long after the start: "late" on the board. */
  lateAfterMinutes: number;
  /** Not punched in this long after the start: "no-show". */
  noShowAfterMinutes: number;
  /** Clock out this long after the scheduled end; null: only the business day's end does. */
  autoClockOutGraceMinutes: number | null;
}

export const DEFAULT_SCHEDULE_RULES: ScheduleRules = {
  earlyPunch: 'off',
  earlyMinutes: 10,
  lateAfterMinutes: 5,
  noShowAfterMinutes: 30,
  autoClockOutGraceMinutes: null,
};

/** A week of the schedule as the manager's grid shows it (manager screens only: never a kiosk's). */
export interface ScheduleWeekView {
  /** YYYY-MM-DD of the week's first day (Monday). */
  weekStart: string;
  locationUuid: string;
  shifts: ScheduledShift[];
  rules: ScheduleRules;
  /** Early punch-ins a manager allowed, newest first (the last 50). */
  earlyAllowed: EarlyAllowed[];
  /** The people who work at this location, with their roles there, for the grid's rows. */
  staff: { userId: string; name: string; roles: string[] }[];
}

/** A shift as the grid saves it: `id` made by the screen, so saving twice saves one shift. */
export type ShiftInput = Omit<ScheduledShift, 'locationUuid'>;

/** The answer to a CSV import: every shift kept, or nothing kept and a sentence per bad line. */
export type ScheduleImportResult =
  | { ok: true; imported: number; weeks: string[]; view: ScheduleWeekView }
  | { ok: false; problems: ScheduleImportProblem[] };

export interface EarlyAllowed {
  userId: string;
  name: string;
  at: number;
  minutesEarly: number;
  byName: string;
}

/** A late or absent person, on the live board and the manager's screens. */
export interface ScheduleAlert {
  kind: 'late' | 'no-show';
  shiftId: string;
  userId: string;
  name: string;
  role: string;
  startsAt: number;
  endsAt: number;
}

/** One scheduled shift beside what was worked, for the timesheet and the CSV. */
export interface ScheduledVsActual {
  shiftId: string;
  userId: string;
  name: string;
  role: string;
  day: string;
  startsAt: number;
  endsAt: number;
  /** The worked shift it was matched with (its entry uuid), or null: not worked. */
  entryUuid: string | null;
  actualIn: number | null;
  actualOut: number | null;
}

/** One line of a CSV import that could not be read: its number (1 = the header) and why. */
export interface ScheduleImportProblem {
  line: number;
  message: string;
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const isClock = (text: string): boolean => HHMM.test(text);

/** A shift's start and end in unix ms on the venue's clock. */
export function shiftTimes(shift: Pick<ScheduledShift, 'day' | 'start' | 'end'>, timezone: string | null) {
  const startsAt = fromLocalInput(`${shift.day}T${shift.start}`, timezone) ?? 0;
  const endDay = shift.end <= shift.start ? addDays(shift.day, 1) : shift.day;
  const endsAt = fromLocalInput(`${endDay}T${shift.end}`, timezone) ?? startsAt;
  return { startsAt, endsAt };
}

/** The Monday of the week a day is in. */
export function weekOf(day: string): string {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

export function weekDays(weekStart: string): string[] {
  return Array.from({ length: 7 }, (_, n) => addDays(weekStart, n));
}

const MINUTE = 60_000;
/** A punch-in this long before a start still belongs to that shift (and anything later, to its end). */
const ARRIVAL_WINDOW_MS = 3 * 60 * MINUTE;
/** The early rule looks at shifts starting within this much of the punch. */
const EARLY_HORIZON_MS = 12 * 60 * MINUTE;

export interface EarlyCheck {
  /** Whole minutes before the scheduled start (what the kiosk says: "20 minutes early"). */
  minutesEarly: number;
  startsAt: number;
  /** From when the punch-in is on time. */
  allowedFrom: number;
}

/**
 * Whether a punch-in now is early under the rule: the person's next shift starts more than the
 * allowed minutes from now, and no shift of theirs is already open to punch into. A person with
 * no shift in the next 12 hours is not held (an unscheduled shift is the manager's to see).
 */
export function earlyPunchIn(
  shifts: ScheduledShift[],
  userId: string,
  locationUuid: string,
  now: number,
  rules: ScheduleRules,
  timezone: string | null,
): EarlyCheck | null {
  if (rules.earlyPunch === 'off') return null;
  const early = rules.earlyMinutes * MINUTE;
  let next: { startsAt: number } | null = null;
  for (const s of shifts) {
    if (s.userId !== userId || s.locationUuid !== locationUuid) continue;
    const { startsAt, endsAt } = shiftTimes(s, timezone);
    if (now >= startsAt - early && now < endsAt) return null;
    if (startsAt - early > now && startsAt - now <= EARLY_HORIZON_MS && (!next || startsAt < next.startsAt))
      next = { startsAt };
  }
  if (!next) return null;
  return {
    minutesEarly: Math.ceil((next.startsAt - now) / MINUTE),
    startsAt: next.startsAt,
    allowedFrom: next.startsAt - early,
  };
}

/** Someone punched in (or is on shift since), as the alerts match them to a scheduled shift. */
export interface Arrival {
  userId: string;
  at: number;
}

const arrivedFor = (arrivals: Arrival[], userId: string, startsAt: number, endsAt: number) =>
  arrivals.some((a) => a.userId === userId && a.at >= startsAt - ARRIVAL_WINDOW_MS && a.at < endsAt);

/**
 * Scheduled shifts under way whose person has not punched in: late once `lateAfterMinutes` have
 * passed since the start, a no-show after `noShowAfterMinutes`; said until the shift's end.
 */
export function scheduleAlerts(
  shifts: ScheduledShift[],
  arrivals: Arrival[],
  locationUuid: string,
  now: number,
  rules: ScheduleRules,
  timezone: string | null,
  nameOf: (userId: string) => string,
): ScheduleAlert[] {
  const alerts: ScheduleAlert[] = [];
  for (const s of shifts) {
    if (s.locationUuid !== locationUuid) continue;
    const { startsAt, endsAt } = shiftTimes(s, timezone);
    if (now < startsAt + rules.lateAfterMinutes * MINUTE || now >= endsAt) continue;
    if (arrivedFor(arrivals, s.userId, startsAt, endsAt)) continue;
    const kind = now >= startsAt + rules.noShowAfterMinutes * MINUTE ? 'no-show' : 'late';
    alerts.push({ kind, shiftId: s.id, userId: s.userId, name: nameOf(s.userId), role: s.role, startsAt, endsAt });
  }
  return alerts.sort((a, b) => a.startsAt - b.startsAt || a.name.localeCompare(b.name));
}

/**
 * When an open shift is clocked out by the schedule: the end of the scheduled shift it was
 * punched into, plus the grace. Null: no grace set, or no scheduled shift matches (the business
 * day's end applies then).
 */
export function scheduledCloseAt(
  shifts: ScheduledShift[],
  userId: string,
  locationUuid: string,
  shiftStart: number,
  rules: ScheduleRules,
  timezone: string | null,
): { at: number; endsAt: number } | null {
  if (rules.autoClockOutGraceMinutes === null) return null;
  for (const s of shifts) {
    if (s.userId !== userId || s.locationUuid !== locationUuid) continue;
    const { startsAt, endsAt } = shiftTimes(s, timezone);
    if (shiftStart >= startsAt - ARRIVAL_WINDOW_MS && shiftStart < endsAt)
      return { at: endsAt + rules.autoClockOutGraceMinutes * MINUTE, endsAt };
  }
  return null;
}

/** A worked shift as scheduled-against-actual matches it. */
export interface WorkedShift {
  uuid: string;
  userId: string;
  punchIn: number;
  punchOut: number | null;
}

/** Each scheduled shift with the worked shift that overlaps it most (each worked shift used once). */
export function scheduledVersusActual(
  shifts: ScheduledShift[],
  worked: WorkedShift[],
  timezone: string | null,
  nameOf: (userId: string) => string,
  now: number,
): ScheduledVsActual[] {
  const used = new Set<string>();
  const rows = shifts
    .map((s) => ({ s, ...shiftTimes(s, timezone) }))
    .sort((a, b) => a.startsAt - b.startsAt)
    .map(({ s, startsAt, endsAt }) => {
      let best: WorkedShift | null = null;
      let bestOverlap = 0;
      for (const w of worked) {
        if (w.userId !== s.userId || used.has(w.uuid)) continue;
        const from = Math.max(startsAt - ARRIVAL_WINDOW_MS, w.punchIn);
        const to = Math.min(endsAt, w.punchOut ?? now);
        const overlap = to - from;
        if (
          overlap > bestOverlap ||
          (overlap === 0 && !best && w.punchIn >= startsAt - ARRIVAL_WINDOW_MS && w.punchIn < endsAt)
        ) {
          best = w;
          bestOverlap = overlap;
        }
      }
      if (best) used.add(best.uuid);
      return {
        shiftId: s.id,
        userId: s.userId,
        name: nameOf(s.userId),
        role: s.role,
        day: s.day,
        startsAt,
        endsAt,
        entryUuid: best?.uuid ?? null,
        actualIn: best?.punchIn ?? null,
        actualOut: best?.punchOut ?? null,
      };
    });
  return rows;
}

/** The day a time is on, on the venue's calendar (the grid's days). */
export const scheduleDayOf = venueDay;
