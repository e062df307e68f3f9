// Square Payroll: no public import format for hours was found. Square's help pages (squareup.com
// "Use Square Shifts with Square Payroll", "Get started with Square Timecards", read 2026-11-28)
// describe hours reaching Square Payroll from Square's own timecards, and timecards exported as a
// .CSV, but no file a venue can upload into Square Payroll, and no column list. So this template is
// ours: one row per person and job for the pay period, in the words Square's screens use (team
// member, job title, regular / overtime / doubletime hours, tips), for entering by hand or for a
// Square import should one accept it. Columns: First Name, Last Name, Team Member ID, Job Title,
// Pay Period Start, Pay Period End, Regular Hours, Overtime Hours, Doubletime Hours, Card Tips,
// Cash Tips (hours with two decimals, dollars with two, dates YYYY-MM-DD).
import type { PayPeriodTotals } from '../labor-pay';
import { csv, dollars, hasPay, hours, jobTitle, splitName } from './csv-cells';

export const SQUARE_HEADER = [
  'First Name',
  'Last Name',
  'Team Member ID',
  'Job Title',
  'Pay Period Start',
  'Pay Period End',
  'Regular Hours',
  'Overtime Hours',
  'Doubletime Hours',
  'Card Tips',
  'Cash Tips',
];

export function squareCsv(totals: PayPeriodTotals): { text: string; warnings: string[] } {
  const rows = totals.lines.filter(hasPay).map((l) => {
    const [first, last] = splitName(l.name);
    const hourly = l.wage?.kind !== 'salaried';
    return [
      first,
      last,
      l.payrollId ?? '',
      jobTitle(l.role),
      totals.fromDay,
      totals.toDay,
      hourly ? hours(l.regularMinutes) : '',
      hourly ? hours(l.overtimeMinutes) : '',
      hourly ? hours(l.doubleMinutes) : '',
      dollars(l.paycheckTipsCents),
      dollars(l.cashTipsCents),
    ];
  });
  return {
    text: csv([SQUARE_HEADER, ...rows]),
    warnings: ['Square Payroll publishes no import format for hours: check the file against what Square asks for'],
  };
}
