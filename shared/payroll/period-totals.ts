// A pay period's hours, pay and tips per person and role: what every payroll template writes.
// Overtime follows the venue's preset over the rows given: give them from the first day of the
// workweek the period starts in, so a period that starts mid-week counts the week's earlier hours
// toward the weekly threshold; only the shifts from `fromDay` on are paid in this period.
import type { TimesheetRow } from '../labor';
import { shiftOvertime } from '../labor-csv';
import type { OvertimePreset } from '../labor-rules/overtime';
import { wageFor, type PayLine, type PayPeriodTotals, type PersonPay, type TipShift } from '../labor-pay';

/** Days from `fromDay` to `toDay`, both included. */
export function daysIn(fromDay: string, toDay: string): number {
  const ms = (d: string) => Date.UTC(+d.slice(0, 4), +d.slice(5, 7) - 1, +d.slice(8, 10));
  return Math.round((ms(toDay) - ms(fromDay)) / 86_400_000) + 1;
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
  const line = (userId: string, role: string | null): PayLine => {
    const key = `${userId}|${(role ?? '').toLowerCase()}`;
    let l = lines.get(key);
    if (!l) {
      const pay = input.pay.get(userId);
      lines.set(
        key,
        (l = {
          userId,
          name: input.nameOf(userId),
          payrollId: pay?.payrollId ?? null,
          role,
          wage: wageFor(pay, role),
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
    const l = line(shift.userId, shift.role);
    l.regularMinutes += split.regular;
    l.overtimeMinutes += split.overtime;
    l.doubleMinutes += split.doubleTime;
  }
  for (const t of input.tips) {
    const l = line(t.userId, t.role);
    // A declared amount asked before cash and card were split is taken as cash: it was what the
    // person said they took home.
    const cash = t.cashCents ?? (t.cardCents === null ? t.declaredCents : 0);
    l.cashTipsCents += cash;
    l.paycheckTipsCents += t.finalCents - cash;
  }
  const days = daysIn(input.fromDay, input.toDay);
  for (const l of lines.values()) {
    if (!l.wage) continue;
    if (l.wage.kind === 'hourly')
      l.grossCents = Math.round(
        (l.wage.cents * (l.regularMinutes + 1.5 * l.overtimeMinutes + 2 * l.doubleMinutes)) / 60,
      );
    else l.grossCents = Math.round(l.wage.per === 'year' ? (l.wage.cents * days) / 364 : (l.wage.cents * days) / 7);
  }
  const ordered = [...lines.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || (a.role ?? '').localeCompare(b.role ?? ''),
  );
  return { fromDay: input.fromDay, toDay: input.toDay, lines: ordered, truncated: input.truncated, tipsUnknown: null };
}
