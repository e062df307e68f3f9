// Wages, labor cost against sales, tips and payroll files: the hub's, for its managers. Hours come
// from the manager's timesheet read (the service's entries plus the punches not yet sent), sales
// from the webhook log (sales-projection.ts), wages and tip rules from the hub's own files. Every
// request needs a manager's session; the channels are the hub's own screen's only
// (shared/contract/device-access.ts), so a wage never reaches a satellite.
import type { LaborService } from '../labor-service';
import type { MoneyUnits } from '../../money/money-units';
import type { PunchInput, TimesheetRow } from '../../../../shared/labor';
import type {
  LaborDayView,
  PayPeriodTotals,
  PayrollExportOptions,
  PayrollFile,
  PayrollProvider,
  PersonPay,
  TipReport,
  TipRules,
  TipSplit,
  WagesView,
} from '../../../../shared/labor-pay';
import { laborDay } from '../../../../shared/labor-pay-cost';
import { applyTipRules, tipTotals, type TipInput } from '../../../../shared/labor-pay-tips';
import { periodTotals } from '../../../../shared/payroll/period-totals';
import { payrollFile } from '../../../../shared/payroll/payroll-file';
import { OVERTIME_PRESETS, weekStartOf } from '../../../../shared/labor-rules/overtime';
import { addDays, fiscalDayOf, isPaidBreak } from '../../../../shared/labor-calc';
import { appError } from '../../../../shared/app-error';
import { PayFiles } from './pay-files';
import type { SalesProjection } from './sales-projection';
import type { DamageSink } from '../../storage/data-health';

/** Said wherever sales would be shown while the unit of the events' totals is not decided. */
export const SALES_UNIT_UNKNOWN =
  'Sales come from the order totals in the service’s events, which are not known to be cents or dollars yet, so no labor % is shown. Confirm the unit in Settings → Money units.';

/** Said beside tips while the unit of declared_tips is not decided. */
export const TIPS_UNIT_UNKNOWN =
  'Declared tips are not known to be cents or dollars on this service yet: each amount is shown both ways, and no payroll file is made with tips until the unit is confirmed in Settings → Money units.';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** A split belongs to the shift whose punch-out is within this of it (the kiosk's and the service's clocks). */
const SPLIT_MATCH_MS = 3 * MINUTE;

export interface PayServiceOptions {
  dataDir: string;
  labor: LaborService;
  money: Pick<MoneyUnits, 'read' | 'decided' | 'requireDecided'>;
  sales: SalesProjection;
  now?: () => number;
  damage?: DamageSink;
}

export class PayService {
  readonly files: PayFiles;
  private readonly now: () => number;

  constructor(private readonly options: PayServiceOptions) {
    this.now = options.now ?? Date.now;
    this.files = new PayFiles(options.dataDir, this.now, options.damage);
  }

  private get labor(): LaborService {
    return this.options.labor;
  }

  wages(token: string): WagesView {
    const staff = this.labor.access.staff(token);
    const pay = this.files.payMap();
    return {
      people: staff.map((s) => ({
        userId: s.userId,
        name: s.name,
        roles: [...new Set(s.roles.map((r) => r.role))],
        payrollId: pay.get(s.userId)?.payrollId ?? null,
        wages: pay.get(s.userId)?.wages ?? [],
      })),
    };
  }

  saveWage(token: string, pay: PersonPay): WagesView {
    this.labor.access.requireManager(token);
    if (!this.labor.roster.get(pay.userId))
      throw appError('not-found', `no one with id ${pay.userId} on the staff list`, { what: 'person' });
    this.files.savePay(pay);
    return this.wages(token);
  }

  tipRules(token: string): TipRules {
    this.labor.access.requireManager(token);
    return this.files.tipRules();
  }

  saveTipRules(token: string, rules: TipRules): TipRules {
    this.labor.access.requireManager(token);
    this.files.saveTipRules(rules);
    return this.files.tipRules();
  }

  /** A punch-out's cash/card split (the service keeps only their sum as declared_tips). */
  recordSplit(split: TipSplit): void {
    if (split.cashCents + split.cardCents === 0) return;
    this.files.addSplit(split);
  }

  /** LaborService.tipsSplit: a punch-out that says how much of its tips came on card. */
  splitFromPunch(userId: string, input: PunchInput, at: number): void {
    if (input.action !== 'punch-out' || input.tipsCardCents === undefined) return;
    const declared = input.declaredTipsCents ?? 0;
    if (input.tipsCardCents > declared)
      throw appError('invalid', 'card tips are more than the tips declared', { field: 'tipsCardCents' });
    this.recordSplit({ userId, at, cashCents: declared - input.tipsCardCents, cardCents: input.tipsCardCents });
  }

  private settings() {
    const s = this.labor.settings().settings;
    return { preset: s.overtimePreset, startHour: s.fiscalDayStartHour };
  }

  private async rows(token: string, fromDay: string, toDay: string) {
    const view = await this.labor.timesheet(token, { fromDay, toDay, sortBy: 'punch_in', sortDir: 'asc' });
    return view;
  }

  private location(): { uuid: string; timezone: string | null } {
    const loc = this.labor.location();
    return { uuid: loc.uuid, timezone: this.labor.timezoneFor(loc.uuid) };
  }

  /** Order totals in cents (null while their unit is not decided) around the days asked. */
  private salesAround(fromDay: string, toDay: string): { at: number; cents: number }[] | null {
    if (!this.options.money.decided('numbers')) return null;
    const { uuid } = this.location();
    const from = Date.parse(`${fromDay}T00:00:00Z`) - DAY;
    const to = Date.parse(`${toDay}T00:00:00Z`) + 3 * DAY;
    return this.options.sales.salesBetween(uuid, from, to).flatMap((s) => {
      const cents = this.options.money.read('ORDER_PLACED.total', s.total);
      return cents === null ? [] : [{ at: s.at, cents }];
    });
  }

  private refundedTips(fromDay: string, toDay: string): number | null {
    if (!this.options.money.decided('numbers')) return null;
    const { uuid, timezone } = this.location();
    const { startHour } = this.settings();
    const from = Date.parse(`${fromDay}T00:00:00Z`) - DAY;
    const to = Date.parse(`${toDay}T00:00:00Z`) + 3 * DAY;
    let sum = 0;
    for (const r of this.options.sales.refundedTipsBetween(uuid, from, to)) {
      const day = fiscalDayOf(r.at, timezone, startHour);
      if (day < fromDay || day > toDay) continue;
      sum += Math.abs(this.options.money.read('PAYMENT_REFUNDED.refund', r.tip) ?? 0);
    }
    return sum;
  }

  async laborDay(token: string, day: string): Promise<LaborDayView> {
    const { preset, startHour } = this.settings();
    const weekStart = weekStartOf(day, OVERTIME_PRESETS[preset].weekStartsOn);
    const view = await this.rows(token, weekStart, day);
    const sales = this.salesAround(day, day);
    return laborDay({
      day,
      rows: view.rows,
      pay: this.files.payMap(),
      people: this.labor.access.staff(token).map((s) => ({ userId: s.userId, name: s.name })),
      preset,
      timezone: this.location().timezone,
      fiscalDayStartHour: startHour,
      sales,
      salesUnknown: sales === null ? SALES_UNIT_UNKNOWN : null,
      cardTipsRefundedCents: this.refundedTips(day, day),
      now: this.now(),
    });
  }

  private tipInputs(rows: TimesheetRow[]): TipInput[] {
    const splits = this.files.tipSplits();
    const breaks = rows.filter((r) => r.kind === 'break');
    const now = this.now();
    return rows
      .filter((r) => r.kind === 'shift')
      .map((shift) => {
        const declared = shift.declaredTips ?? 0;
        const split = splits.find(
          (s) =>
            s.userId === shift.userId &&
            shift.punchOut !== null &&
            Math.abs(s.at - shift.punchOut) <= SPLIT_MATCH_MS &&
            // A manager's later edit of the tips makes the split no longer the declared amount.
            s.cashCents + s.cardCents === declared,
        );
        const unpaid = breaks
          .filter((b) => b.shiftUuid === shift.uuid && !isPaidBreak(b.punchType))
          .reduce((n, b) => n + Math.max(0, (b.punchOut ?? now) - b.punchIn), 0);
        const minutes = Math.max(0, ((shift.punchOut ?? now) - shift.punchIn - unpaid) / MINUTE);
        return {
          shiftUuid: shift.uuid,
          userId: shift.userId,
          name: shift.name,
          role: shift.role,
          day: shift.fiscalDay,
          minutes,
          declaredCents: declared,
          cashCents: split ? split.cashCents : null,
          cardCents: split ? split.cardCents : null,
        };
      });
  }

  private salesByDay(fromDay: string, toDay: string): Map<string, number> | null {
    const sales = this.salesAround(fromDay, toDay);
    if (sales === null) return null;
    const { timezone } = this.location();
    const { startHour } = this.settings();
    const byDay = new Map<string, number>();
    for (let d = fromDay; d <= toDay; d = addDays(d, 1)) byDay.set(d, 0);
    for (const s of sales) {
      const day = fiscalDayOf(s.at, timezone, startHour);
      if (byDay.has(day)) byDay.set(day, (byDay.get(day) ?? 0) + s.cents);
    }
    return byDay;
  }

  async tipReport(token: string, fromDay: string, toDay: string): Promise<TipReport> {
    const view = await this.rows(token, fromDay, toDay);
    const rules = this.files.tipRules();
    const { shifts, salesSkipped } = applyTipRules(this.tipInputs(view.rows), rules, this.salesByDay(fromDay, toDay));
    return {
      fromDay,
      toDay,
      shifts,
      people: tipTotals(shifts),
      salesUnknown: salesSkipped ? SALES_UNIT_UNKNOWN : null,
      tipsUnknown: this.tipsUnknown(),
      cardTipsRefundedCents: this.refundedTips(fromDay, toDay),
      rules,
    };
  }

  async periodTotals(token: string, fromDay: string, toDay: string): Promise<PayPeriodTotals> {
    const { preset } = this.settings();
    // From the workweek's first day, so the weekly threshold counts the week's hours before the period.
    const weekStart = weekStartOf(fromDay, OVERTIME_PRESETS[preset].weekStartsOn);
    const view = await this.rows(token, weekStart, toDay);
    const inPeriod = view.rows.filter((r) => r.fiscalDay >= fromDay);
    const tips = applyTipRules(this.tipInputs(inPeriod), this.files.tipRules(), this.salesByDay(fromDay, toDay));
    const totals = periodTotals({
      fromDay,
      toDay,
      rows: view.rows,
      pay: this.files.payMap(),
      nameOf: (id) => this.labor.roster.nameOf(id),
      tips: tips.shifts,
      preset,
      truncated: view.truncated,
      now: this.now(),
    });
    return { ...totals, tipsUnknown: this.tipsUnknown() };
  }

  /** While declared tips' unit is open: what the screens say beside amounts read as cents. */
  private tipsUnknown(): string | null {
    return this.options.money.decided('numbers') ? null : TIPS_UNIT_UNKNOWN;
  }

  async payrollFile(
    token: string,
    provider: PayrollProvider,
    fromDay: string,
    toDay: string,
    options: PayrollExportOptions,
  ): Promise<PayrollFile> {
    const totals = await this.periodTotals(token, fromDay, toDay);
    // A payroll file pays what it says: tips a hundred times over are never written to one.
    if (totals.lines.some((l) => l.cashTipsCents !== 0 || l.paycheckTipsCents !== 0))
      this.options.money.requireDecided('numbers');
    return payrollFile(provider, totals, options);
  }
}
