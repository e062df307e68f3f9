// A pay period's hours, pay and tips per person and role: what every payroll template writes.
// Overtime follows the venue's preset over the rows given: give them from the first day of the
// workweek the period starts in, so a period that starts mid-week counts the week's earlier hours
// toward the weekly threshold; only the shifts from `fromDay` on are paid in this period.
import type { TimesheetRow } from '../labor';
import { shiftOvertime } from '../labor-csv';
import type { OvertimePreset } from '../labor-rules/overtime';
import { sameWage, wageFor, type PayLine, type PayPeriodTotals, type PersonPay, type TipShift } from '../labor-pay';

const dayMs = (d: string) => Date.UTC(+d.slice(0, 4), +d.slice(5, 7) - 1, +d.slice(8, 10));

/** Days from `fromDay` to `toDay`, both included. */
export function daysIn(fromDay: string, toDay: string): number {
  return Math.round((dayMs(toDay) - dayMs(fromDay)) / 86_400_000) + 1;
}

/** Every day from `fromDay` to `toDay`, both included. */
function eachDay(fromDay: string, toDay: string): string[] {
  const n = daysIn(fromDay, toDay);
  return Array.from({ length: Math.max(n, 0) }, (_, i) =>
    new Date(dayMs(fromDay) + i * 86_400_000).toISOString().slice(0, 10),
  );
}

export function periodTotals(input: {
  fromDay: string;
  toDay: string;
  rows: TimesheetRow[];
  pay: Map<string, PersonPay>;
  nameOf: (userId: string) => string;
  tips: TipShift[];
  preset: OvertimePreset;
  truncated: boolean;
  now: number;
}): PayPeriodTotals {
  const splits = shiftOvertime(input.rows, input.preset, input.now);
  const lines = new Map<string, PayLine>();
  // One line per person, role and wage: a wage that changes inside the period makes two lines,
  // each with the hours worked on the days its wage was in effect.
  const line = (userId: string, role: string | null, day: string): PayLine => {
    const pay = input.pay.get(userId);
    const wage = wageFor(pay, role, day);
    const key = `${userId}|${(role ?? '').toLowerCase()}|${wage ? `${(wage.role ?? '').toLowerCase()}@${wage.from ?? ''}` : ''}`;
    let l = lines.get(key);
    if (!l) {
      lines.set(
        key,
        (l = {
          userId,
          name: input.nameOf(userId),
          payrollId: pay?.payrollId ?? null,
          role,
          wage,
          regularMinutes: 0,
          overtimeMinutes: 0,
          doubleMinutes: 0,
          grossCents: null,
          cashTipsCents: 0,
          paycheckTipsCents: 0,
        }),
      );
    }
    return l;
  };
  for (const shift of input.rows.filter((r) => r.kind === 'shift' && r.fiscalDay >= input.fromDay)) {
    const split = splits.get(shift.uuid);
    if (!split) continue;
    const l = line(shift.userId, shift.role, shift.fiscalDay);
    l.regularMinutes += split.regular;
    l.overtimeMinutes += split.overtime;
    l.doubleMinutes += split.doubleTime;
  }
  for (const t of input.tips) {
    const l = line(t.userId, t.role, t.day);
    // A declared amount asked before cash and card were split is taken as cash: it was what the
    // person said they took home.
    const cash = t.cashCents ?? (t.cardCents === null ? t.declaredCents : 0);
    l.cashTipsCents += cash;
    l.paycheckTipsCents += t.finalCents - cash;
  }
  const period = eachDay(input.fromDay, input.toDay);
  for (const l of lines.values()) {
    if (!l.wage) continue;
    if (l.wage.kind === 'hourly') {
      l.grossCents = Math.round(
        (l.wage.cents * (l.regularMinutes + 1.5 * l.overtimeMinutes + 2 * l.doubleMinutes)) / 60,
      );
      continue;
    }
    // A salary is paid for the period's days it was in effect on.
    const pay = input.pay.get(l.userId);
    const days = period.filter((d) => sameWage(wageFor(pay, l.role, d), l.wage)).length;
    l.grossCents = Math.round(l.wage.per === 'year' ? (l.wage.cents * days) / 364 : (l.wage.cents * days) / 7);
  }
  const ordered = [...lines.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || (a.role ?? '').localeCompare(b.role ?? ''),
  );
  return { fromDay: input.fromDay, toDay: input.toDay, lines: ordered, truncated: input.truncated, tipsUnknown: null };
}
