// Wages, labor cost, tips and payroll files: the hub's manager screens only. Every request needs a
// manager's session, and no paired device may ask any of them (device-access.ts): wages, and the
// figures made from them, stay on the hub.
import type {
  LaborDayView,
  PayPeriodTotals,
  PayrollExportOptions,
  PayrollFile,
  PayrollProvider,
  PersonPay,
  TipReport,
  TipRules,
  WagesView,
} from '../labor-pay';

export interface LaborPayRequests {
  /** Manager, the hub's own screen: everyone on the staff list with their wages and payroll id. */
  payWages: { args: [token: string]; result: WagesView };
  /** Manager, the hub's own screen: set one person's wages and payroll id (the whole record). */
  paySaveWage: { args: [token: string, pay: PersonPay]; result: WagesView };
  /** Manager, the hub's own screen: labor cost and labor % of sales per hour of one business day. */
  payLaborDay: { args: [token: string, day: string]; result: LaborDayView };
  /** Manager, the hub's own screen: the tip-out and pool rules. */
  payTipRules: { args: [token: string]; result: TipRules };
  /** Manager, the hub's own screen: replace the tip-out and pool rules. */
  paySaveTipRules: { args: [token: string, rules: TipRules]; result: TipRules };
  /** Manager, the hub's own screen: tips per shift and per person over the days, after the rules. */
  payTipReport: { args: [token: string, fromDay: string, toDay: string]; result: TipReport };
  /** Manager, the hub's own screen: a pay period's hours, pay and tips per person and role. */
  payPeriodTotals: { args: [token: string, fromDay: string, toDay: string]; result: PayPeriodTotals };
  /** Manager, the hub's own screen: the pay period as a payroll provider's import file. */
  payPayrollFile: {
    args: [token: string, provider: PayrollProvider, fromDay: string, toDay: string, options: PayrollExportOptions];
    result: PayrollFile;
  };
}

/** Nothing is pushed: a push would reach every screen that listens, satellites included. */
export type LaborPayEvents = Record<never, never>;

export const laborPayChannelKeys: Record<keyof LaborPayRequests, true> = {
  payWages: true,
  paySaveWage: true,
  payLaborDay: true,
  payTipRules: true,
  paySaveTipRules: true,
  payTipReport: true,
  payPeriodTotals: true,
  payPayrollFile: true,
};

export const laborPayEventKeys: Record<keyof LaborPayEvents, true> = {};
