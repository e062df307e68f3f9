// Gusto: Run payroll → "Upload CSV" (support.gusto.com, "Upload payroll data with a CSV", read
// 2026-11-28). What that page says: column titles must match Gusto's template, any order, unneeded
// ones may be left out; required `first_name`, `last_name`; `ssn` (last 4, "*1234") only when two
// people share a name; `gusto_employee_id` optional; `title` required for people with more than
// one pay rate. Optional fields named: regular hours, overtime hours, bonus, commission, paycheck
// tips, cash tips, correction payment, reimbursement, personal note. Zeros replace what was
// entered, blanks leave it.
// Not in the text we could read: the exact titles of the hours and tips columns. We write them in
// the style of the titles it does show (`regular_hours`, `overtime_hours`, `double_overtime_hours`,
// `paycheck_tips`, `cash_tips`); compare with the template Gusto offers on that screen before the
// first upload. Double overtime is not among the fields the page lists: a venue without double time
// can delete that column. We never write an SSN (the app does not hold one): two people with the
// same name need `gusto_employee_id` (the payroll id on the wages screen).
import type { PayPeriodTotals } from '../labor-pay';
import { csv, dollars, hasPay, hours, jobTitle, multiRole, splitName } from './csv-cells';

export const GUSTO_HEADER = [
  'first_name',
  'last_name',
  'gusto_employee_id',
  'title',
  'regular_hours',
  'overtime_hours',
  'double_overtime_hours',
  'paycheck_tips',
  'cash_tips',
];

export function gustoCsv(totals: PayPeriodTotals): { text: string; warnings: string[] } {
  const lines = totals.lines.filter(hasPay);
  const multi = multiRole(lines);
  const rows = lines.map((l) => {
    const [first, last] = splitName(l.name);
    // A salaried line carries no hours: Gusto pays the salary it holds.
    const hourly = l.wage?.kind !== 'salaried';
    return [
      first,
      last,
      l.payrollId ?? '',
      multi.has(l.userId) ? jobTitle(l.role) : '',
      hourly ? hours(l.regularMinutes) : '',
      hourly ? hours(l.overtimeMinutes) : '',
      hourly ? hours(l.doubleMinutes) : '',
      dollars(l.paycheckTipsCents),
      dollars(l.cashTipsCents),
    ];
  });
  // Gusto tells two people of one name apart by SSN or its own id; the app holds no SSN.
  const people = new Map<string, Set<string>>();
  for (const l of lines)
    people.set(l.name.toLowerCase(), (people.get(l.name.toLowerCase()) ?? new Set()).add(l.userId));
  const warnings = [
    ...new Set(
      lines.filter((l) => !l.payrollId && (people.get(l.name.toLowerCase())?.size ?? 0) > 1).map((l) => l.name),
    ),
  ].map((n) => `Two people are called ${n}: give each their Gusto employee id on the wages screen`);
  return { text: csv([GUSTO_HEADER, ...rows]), warnings };
}
