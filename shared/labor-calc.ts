// Pure labor arithmetic shared by the core (fiscal days, totals) and the renderer (alerts, timers),
// kept here so both sides agree and the rules are unit-tested once.
import { formatMoney } from './money';
import type { BoardRow, LaborEntry, LaborSettings, PersonTotals } from './labor';

const HOUR = 3_600_000;
const MINUTE = 60_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function dateFormatter(timezone: string | null): Intl.DateTimeFormat {
  const key = timezone ?? '';
  let f = formatters.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
    try {
      f = new Intl.DateTimeFormat('en-CA', timezone ? { ...options, timeZone: timezone } : options);
    } catch {
      // An unknown zone name from the service must not break the kiosk: use the computer's own.
      f = new Intl.DateTimeFormat('en-CA', options);
    }
    formatters.set(key, f);
  }
  return f;
}

/**
 * The business day a moment belongs to: its local date once `startHour` hours are taken off, so
 * a 1 a.m. punch counts toward the night before. YYYY-MM-DD.
 */
export function fiscalDayOf(ms: number, timezone: string | null, startHour: number): string {
  const parts = dateFormatter(timezone).formatToParts(new Date(ms - startHour * HOUR));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The zone fiscalDayOf counts days in: `timezone` when this computer knows it, else its own. */
export function businessZoneOf(timezone: string | null): string {
  return dateFormatter(timezone).resolvedOptions().timeZone;
}

/** YYYY-MM-DD shifted by whole days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function isBreakType(punchType: string): boolean {
  return /break/i.test(punchType);
}

/** Paid breaks count as worked time; anything else called a break does not. */
export function isPaidBreak(punchType: string): boolean {
  return /paid/i.test(punchType) && !/unpaid/i.test(punchType);
}

export type LaborAlertKind = 'break-due' | 'break-long' | 'overtime-soon' | 'overtime';

export interface LaborAlert {
  userId: string;
  name: string;
  kind: LaborAlertKind;
  /** How long the condition has been building, in ms (break length, time since rest, shift length). */
  elapsedMs: number;
}

/** The alerts a board shows at `now`, most urgent kinds first. */
export function computeAlerts(rows: BoardRow[], settings: LaborSettings, now: number): LaborAlert[] {
  const alerts: LaborAlert[] = [];
  for (const row of rows) {
    const shiftMs = Math.max(0, now - row.shiftStart);
    if (row.breakStart !== null) {
      const breakMs = Math.max(0, now - row.breakStart);
      if (breakMs >= settings.breakLongAfterMinutes * MINUTE)
        alerts.push({ userId: row.userId, name: row.name, kind: 'break-long', elapsedMs: breakMs });
    } else {
      const sinceRest = Math.max(0, now - (row.lastBreakEnd ?? row.shiftStart));
      if (sinceRest >= settings.breakDueAfterMinutes * MINUTE)
        alerts.push({ userId: row.userId, name: row.name, kind: 'break-due', elapsedMs: sinceRest });
    }
    if (shiftMs >= settings.overtimeAfterMinutes * MINUTE) {
      alerts.push({ userId: row.userId, name: row.name, kind: 'overtime', elapsedMs: shiftMs });
    } else if (shiftMs >= (settings.overtimeAfterMinutes - settings.overtimeWarningMinutes) * MINUTE) {
      alerts.push({ userId: row.userId, name: row.name, kind: 'overtime-soon', elapsedMs: shiftMs });
    }
  }
  const rank: Record<LaborAlertKind, number> = { overtime: 0, 'break-long': 1, 'break-due': 2, 'overtime-soon': 3 };
  return alerts.sort((a, b) => rank[a.kind] - rank[b.kind] || b.elapsedMs - a.elapsedMs);
}

/** Hours, break time and declared tips per person; open entries count up to `now`. */
export function computeTotals(entries: LaborEntry[], nameOf: (userId: string) => string, now: number): PersonTotals[] {
  const byUser = new Map<string, PersonTotals>();
  const totals = (userId: string) => {
    let t = byUser.get(userId);
    if (!t)
      byUser.set(userId, (t = { userId, name: nameOf(userId), shifts: 0, workedMs: 0, breakMs: 0, tipsCents: 0 }));
    return t;
  };
  for (const e of entries) {
    const t = totals(e.userId);
    const length = Math.max(0, (e.punchOut ?? now) - e.punchIn);
    if (e.kind === 'shift') {
      t.shifts += 1;
      t.workedMs += length;
      t.tipsCents += e.declaredTips ?? 0;
    } else {
      t.breakMs += length;
      if (!isPaidBreak(e.punchType)) t.workedMs -= length;
    }
  }
  return [...byUser.values()]
    .map((t) => ({ ...t, workedMs: Math.max(0, t.workedMs) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Durations as shown (whole minutes, rounded down): a column's total is the sum of its cells. */
export function shownMinutesMs(ms: number): number {
  return Math.floor(Math.max(0, ms) / MINUTE) * MINUTE;
}

/** The total of durations as they are shown, so "Everyone" always equals the rows above it. */
export function sumShown(values: number[]): number {
  return values.reduce((sum, ms) => sum + shownMinutesMs(ms), 0);
}

/** "2 h 05 min", "45 min", "0 min". */
export function formatDuration(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / MINUTE);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} h ${String(m).padStart(2, '0')} min` : `${m} min`;
}

/**
 * "0 h 45 min", "7 h 30 min": the same reading as formatDuration, with the hours always written,
 * for a column headed "Hours worked" where a bare "45 min" reads as a number of hours gone wrong.
 */
export function formatHoursWorked(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / MINUTE);
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** "$12.50" from integer cents (the one money formatter, shared/money.ts). */
export function formatCents(cents: number): string {
  return formatMoney(cents);
}
