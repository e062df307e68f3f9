// Labor cost and labor % of sales for one business day, per hour of the venue's clock. Pure, so the
// core computes it and the tests check it without a screen.
//
// A shift's paid time is its time less unpaid breaks. Its overtime and double time come from the
// venue's overtime preset over the workweek (labor-csv.ts `shiftOvertime`, the numbers the payroll
// CSV and the exports use); they are laid on the shift's last paid minutes, where daily and weekly
// thresholds put them, so the hour that crossed into overtime carries the premium.
import type { TimesheetRow } from './labor';
import { fiscalDayOf, isPaidBreak } from './labor-calc';
import { shiftOvertime } from './labor-csv';
import type { OvertimePreset } from './labor-rules/overtime';
import { zoneOffsetMinutes } from './time';
import {
  hourlyRate,
  laborPercent,
  salaryPerDay,
  wageFor,
  wagesOn,
  type LaborDayView,
  type LaborHour,
  type MissingWage,
  type PersonPay,
} from './labor-pay';

const MINUTE = 60_000;
const HOUR = 3_600_000;

export interface LaborDayInput {
  day: string;
  /** Timesheet rows from the workweek's first day to `day` (the weekly rule needs the days before). */
  rows: TimesheetRow[];
  pay: Map<string, PersonPay>;
  /** Everyone on the roster (salaries count every day, worked or not). */
  people: { userId: string; name: string }[];
  preset: OvertimePreset;
  timezone: string | null;
  fiscalDayStartHour: number;
  /** Each order's time and total in cents; null while the money unit of ORDER_PLACED totals is not decided. */
  sales: { at: number; cents: number }[] | null;
  salesUnknown: string | null;
  cardTipsRefundedCents: number | null;
  now: number;
}

/** The start of the venue-clock hour holding `ms`. */
export function hourStart(ms: number, timezone: string | null): number {
  const offset = zoneOffsetMinutes(ms, timezone) * MINUTE;
  return Math.floor((ms + offset) / HOUR) * HOUR - offset;
}

/** [from, to) pieces of a shift that are paid: the shift less its unpaid breaks. */
export function paidPieces(shift: TimesheetRow, breaks: TimesheetRow[], now: number): [number, number][] {
  const end = shift.punchOut ?? now;
  let pieces: [number, number][] = [[shift.punchIn, end]];
  for (const b of breaks) {
    if (isPaidBreak(b.punchType)) continue;
    const bFrom = b.punchIn;
    const bTo = b.punchOut ?? now;
    pieces = pieces.flatMap(([f, t]): [number, number][] => {
      if (bTo <= f || bFrom >= t) return [[f, t]];
      const out: [number, number][] = [];
      if (bFrom > f) out.push([f, bFrom]);
      if (bTo < t) out.push([bTo, t]);
      return out;
    });
  }
  return pieces.filter(([f, t]) => t > f);
}

/**
 * Walks a shift's paid time and calls `lay(hourStart, minutes, multiplier)` for each stretch that
 * lies in one hour at one rate: the first `regular` minutes at 1, then overtime at 1.5, then 2.
 */
export function layShift(
  pieces: [number, number][],
  split: { regular: number; overtime: number },
  timezone: string | null,
  lay: (hour: number, minutes: number, multiplier: number) => void,
): void {
  let paid = 0;
  const thresholds = [split.regular, split.regular + split.overtime];
  for (const [from, to] of pieces) {
    let at = from;
    while (at < to) {
      const hour = hourStart(at, timezone);
      const multiplier = paid < thresholds[0] ? 1 : paid < thresholds[1] ? 1.5 : 2;
      const next = thresholds.find((t) => t > paid);
      const untilRate = next === undefined ? Infinity : at + (next - paid) * MINUTE;
      const stop = Math.min(to, hour + HOUR, untilRate);
      const minutes = (stop - at) / MINUTE;
      lay(hour, minutes, multiplier);
      paid += minutes;
      at = stop;
    }
  }
}

export function laborDay(input: LaborDayInput): LaborDayView {
  const { day, rows, timezone, now } = input;
  const dayOf = (ms: number) => fiscalDayOf(ms, timezone, input.fiscalDayStartHour);
  const splits = shiftOvertime(rows, input.preset, now);
  const hours = new Map<number, { sales: number; labor: number }>();
  const bucket = (hour: number) => {
    let b = hours.get(hour);
    if (!b) hours.set(hour, (b = { sales: 0, labor: 0 }));
    return b;
  };
  let premium = 0;
  const missing = new Map<string, MissingWage>();
  const shifts = rows.filter((r) => r.kind === 'shift' && r.fiscalDay === day);
  for (const shift of shifts) {
    const breaks = rows.filter((b) => b.kind === 'break' && b.shiftUuid === shift.uuid);
    const pieces = paidPieces(shift, breaks, now);
    // The wage in effect on the shift's own business day.
    const wage = wageFor(input.pay.get(shift.userId), shift.role, shift.fiscalDay);
    const rate = hourlyRate(wage);
    const split = splits.get(shift.uuid) ?? { regular: Infinity, overtime: 0 };
    if (wage === null) {
      const key = `${shift.userId}|${shift.role ?? ''}`;
      const minutes = pieces.reduce((n, [f, t]) => n + (t - f) / MINUTE, 0);
      const known = missing.get(key);
      if (known) known.minutes += minutes;
      else missing.set(key, { userId: shift.userId, name: shift.name, role: shift.role, minutes });
      continue;
    }
    if (rate === null) continue; // salaried: counted once a day below
    layShift(pieces, split, timezone, (hour, minutes, multiplier) => {
      bucket(hour).labor += (rate * minutes * multiplier) / 60;
      premium += (rate * minutes * (multiplier - 1)) / 60;
    });
  }
  let orders = 0;
  for (const sale of input.sales ?? []) {
    if (dayOf(sale.at) !== day) continue;
    orders += 1;
    bucket(hourStart(sale.at, timezone)).sales += sale.cents;
  }
  const salesKnown = input.sales !== null;
  const list: LaborHour[] = [...hours.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([start, b]) => {
      const laborCents = Math.round(b.labor);
      const salesCents = salesKnown ? b.sales : null;
      return { start, salesCents, laborCents, percent: laborPercent(laborCents, salesCents) };
    });
  let salariedCents = 0;
  for (const person of input.people) {
    const salaried = wagesOn(input.pay.get(person.userId), day).find((w) => w.kind === 'salaried');
    if (salaried) salariedCents += salaryPerDay(salaried);
  }
  // The day's total is the sum of the hours as shown, so the column adds up.
  const hourlyCents = list.reduce((n, h) => n + h.laborCents, 0);
  const laborCents = hourlyCents + salariedCents;
  const salesCents = salesKnown ? list.reduce((n, h) => n + (h.salesCents ?? 0), 0) : null;
  return {
    day,
    timezone,
    hours: list,
    salesCents,
    laborCents,
    salariedCents,
    premiumCents: Math.round(premium),
    percent: laborPercent(laborCents, salesCents),
    missingWages: [...missing.values()].map((m) => ({ ...m, minutes: Math.round(m.minutes) })),
    salesUnknown: input.salesUnknown,
    orders,
    cardTipsRefundedCents: input.cardTipsRefundedCents,
    computedAt: now,
  };
}
