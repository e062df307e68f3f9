// Wages, labor cost and tips as the hub's manager screens see them. Wages stay on the hub: every
// channel that carries one is the hub's own screen's only (shared/contract/device-access.ts), and
// nothing here is part of the labor view that kiosks and other devices are pushed.
// Money is integer cents; an amount read from the service in a unit not yet decided is null here,
// never a guess (shared/money-units.ts).

/** How a wage is paid: by the hour, or a salary for a period whatever the hours. */
export type WageKind = 'hourly' | 'salaried';
/** The period a salary is given for; an hourly wage is per hour. */
export type SalaryPeriod = 'week' | 'year';

/** One wage of a person: for one role, or for every role they have no wage of its own for (`role` null). */
export interface Wage {
  role: string | null;
  kind: WageKind;
  /** Cents per hour (hourly), or per `per` (salaried). */
  cents: number;
  per: 'hour' | SalaryPeriod;
  /**
   * The business day (YYYY-MM-DD, venue clock) it is paid from, until the next wage of the same
   * role starts; null: from always (every wage entered before wages had dates).
   */
  from: string | null;
}

/** A person's pay record on the hub. */
export interface PersonPay {
  userId: string;
  /** Their id at the payroll provider (Gusto employee id, ADP file #, Paychex worker id…); null = none given. */
  payrollId: string | null;
  wages: Wage[];
}

/** The wages screen: everyone on the roster, with their pay record (empty when none is set). */
export interface WagesView {
  people: (PersonPay & { name: string; roles: string[] })[];
}

/** One hour of the business day (venue clock), with what was sold and what labor cost in it. */
export interface LaborHour {
  /** Start of the hour, unix ms. */
  start: number;
  /** Sales (ORDER_PLACED totals, taxes and fees included) in cents; null while the money unit is not decided. */
  salesCents: number | null;
  /** Hourly wages worked in this hour, premiums included, in cents. */
  laborCents: number;
  /** laborCents / salesCents × 100, one decimal; null without sales (or while sales are not known). */
  percent: number | null;
}

/** Why labor cost may be short: someone worked with no wage for their role. */
export interface MissingWage {
  userId: string;
  name: string;
  role: string | null;
  minutes: number;
}

export interface LaborDayView {
  day: string;
  timezone: string | null;
  hours: LaborHour[];
  salesCents: number | null;
  /** Hourly wages (premiums included) plus the day's share of salaries. */
  laborCents: number;
  /** Of laborCents: the day's share of salaries (a week's salary / 7; a year's / 364). */
  salariedCents: number;
  /** Of laborCents: what overtime and double time add over the straight rate. */
  premiumCents: number;
  percent: number | null;
  missingWages: MissingWage[];
  /** Set while ORDER_PLACED totals are not known to be cents or dollars: the sentence to show. */
  salesUnknown: string | null;
  /** Orders counted (events at the kiosk's location that day). */
  orders: number;
  /** Tips refunded on card payments that day (PAYMENT_REFUNDED refundTip), in cents; null while not known. */
  cardTipsRefundedCents: number | null;
  computedAt: number;
}

/** A tip-out: people in `fromRole` give `percent` of their base to `toRole`. */
export interface TipOutRule {
  fromRole: string;
  toRole: string;
  /** Percent, up to two decimals (3 = 3 %). */
  percent: number;
  /**
   * 'sales': the day's sales shared among the people of `fromRole` by hours worked (the service's
   * events name no server, so a person's own sales cannot be read); 'tips': their declared tips.
   */
  base: 'sales' | 'tips';
}

/** A pool: everyone in `roles` puts their tips (after tip-outs) in, and it is split by hours worked. */
export interface TipPoolRule {
  name: string;
  roles: string[];
}

export interface TipRules {
  tipOuts: TipOutRule[];
  pools: TipPoolRule[];
}

export const NO_TIP_RULES: TipRules = { tipOuts: [], pools: [] };

/** One shift's tips after the rules. */
export interface TipShift {
  shiftUuid: string;
  userId: string;
  name: string;
  role: string | null;
  day: string;
  minutes: number;
  /** Declared at punch-out; the split is known when the kiosk asked cash and card apart. */
  declaredCents: number;
  cashCents: number | null;
  cardCents: number | null;
  tipOutGivenCents: number;
  tipOutReceivedCents: number;
  /** What the pool gave back minus what was put in (0 outside any pool). */
  poolNetCents: number;
  /** declared − given + received + poolNet. */
  finalCents: number;
  pool: string | null;
}

export interface TipPersonTotal {
  userId: string;
  name: string;
  declaredCents: number;
  cashCents: number;
  cardCents: number;
  /** Declared tips whose cash/card split was not asked (punched out before the split, or edited). */
  unsplitCents: number;
  finalCents: number;
}

export interface TipReport {
  fromDay: string;
  toDay: string;
  shifts: TipShift[];
  people: TipPersonTotal[];
  /** Set when a tip-out on sales could not be counted: the sentence to show. */
  salesUnknown: string | null;
  /**
   * Set while declared tips (the spec's "number" fields) are not known to be cents or dollars: the
   * amounts are read as cents, so screens show both readings and no payroll file is made.
   */
  tipsUnknown: string | null;
  cardTipsRefundedCents: number | null;
  rules: TipRules;
}

/** A pay period's hours and pay for one person in one role. */
export interface PayLine {
  userId: string;
  name: string;
  payrollId: string | null;
  role: string | null;
  wage: Wage | null;
  regularMinutes: number;
  overtimeMinutes: number;
  doubleMinutes: number;
  /** Pay for the hours (hourly), or the period's share of the salary; null when no wage is set. */
  grossCents: number | null;
  cashTipsCents: number;
  /** Card tips and what tip-outs and pools moved: the tips that go through the paycheck. */
  paycheckTipsCents: number;
}

export interface PayPeriodTotals {
  fromDay: string;
  toDay: string;
  lines: PayLine[];
  /** Entries may be missing (the service returned as many rows as asked). */
  truncated: boolean;
  /** As TipReport.tipsUnknown: the tips columns are read as cents, not known to be. */
  tipsUnknown: string | null;
}

export const PAYROLL_PROVIDERS = ['gusto', 'adp-wfn', 'paychex-flex', 'square-payroll'] as const;
export type PayrollProvider = (typeof PAYROLL_PROVIDERS)[number];

/** What a provider's file needs that only the venue knows (its company code, its earning names). */
export interface PayrollExportOptions {
  /** ADP: the 3-character company code; Paychex: the client id. */
  companyCode?: string;
  /** ADP: the batch id. */
  batchId?: string;
}

export interface PayrollFile {
  provider: PayrollProvider;
  fileName: string;
  text: string;
  /** People left out, with why (no payroll id, no wage). */
  warnings: string[];
}

/** A card/cash split asked at punch-out, kept on the hub beside the service's one declared_tips. */
export interface TipSplit {
  userId: string;
  /** When the punch-out was taken, unix ms. */
  at: number;
  cashCents: number;
  cardCents: number;
}

/** The straight rate in cents per hour of a wage, for a minute's cost; salaried: null. */
export function hourlyRate(wage: Wage | null): number | null {
  return wage && wage.kind === 'hourly' ? wage.cents : null;
}

/** A salary's share of one day: a week's / 7, a year's / 364 (52 weeks), whole cents. */
export function salaryPerDay(wage: Wage): number {
  return Math.round(wage.per === 'year' ? wage.cents / 364 : wage.cents / 7);
}

const roleKey = (role: string | null) => role?.toLowerCase() ?? '';

/** Of wages of one role, the one in effect on `day`: the latest that started by then. */
function inEffect(wages: Wage[], day: string): Wage | null {
  let best: Wage | null = null;
  for (const w of wages) {
    if (w.from !== null && w.from > day) continue;
    if (!best || (best.from ?? '') < (w.from ?? '')) best = w;
  }
  return best;
}

/** A person's wages in effect on `day`: one per role (and the any-role one) at most. */
export function wagesOn(pay: PersonPay | undefined, day: string): Wage[] {
  if (!pay) return [];
  const byRole = new Map<string, Wage[]>();
  for (const w of pay.wages) byRole.set(roleKey(w.role), [...(byRole.get(roleKey(w.role)) ?? []), w]);
  return [...byRole.values()].flatMap((ws) => inEffect(ws, day) ?? []);
}

/**
 * The wage that applies to a role on a business day: the role's own in effect then, else the
 * person's wage for any role in effect then.
 */
export function wageFor(pay: PersonPay | undefined, role: string | null, day: string): Wage | null {
  const on = wagesOn(pay, day);
  const key = roleKey(role);
  return on.find((w) => w.role !== null && roleKey(w.role) === key) ?? on.find((w) => w.role === null) ?? null;
}

/** The same wage: a line of pay is one wage (its role, kind, amount and start). */
export function sameWage(a: Wage | null, b: Wage | null): boolean {
  return a === b || (!!a && !!b && roleKey(a.role) === roleKey(b.role) && a.from === b.from);
}

/** labor / sales as a percent with one decimal; null without sales. */
export function laborPercent(laborCents: number, salesCents: number | null): number | null {
  if (salesCents === null || salesCents <= 0) return null;
  return Math.round((laborCents / salesCents) * 1000) / 10;
}
