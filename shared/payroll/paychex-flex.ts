// Paychex Flex: the pay-entry import. Paychex's own help ("Import File Setup", myapps.paychex.com,
// read 2026-11-28) says the import's format, fields and their order are set up once per client,
// and that comma-delimited files leave empty fields empty (no spaces) and hold no commas in data.
// It does not list the columns. The columns below are the time-import layout a timekeeping
// vendor documents for Paychex Flex (Deltek Costpoint, "Export Timesheets to Paychex": header row
// CLIENT ID, WORKER ID, ORG, JOB NUMBER, PAY COMPONENT, RATE, RATE NUMBER, HOURS, UNITS, LINE DATE,
// AMOUNT, CHECK SEQ NUMBER, OVERRIDE STATE, OVERRIDE LOCAL, OVERRIDE LOCAL JURISDICTION, LABOR
// ASSIGNMENT), and other vendors' Paychex exports agree on its core (Client ID, Worker ID, Pay
// Component, Hours). One row per person and pay component; a row has hours or an amount, never
// both. Pay components are the client's own names in Paychex and case-sensitive: we write
// Regular, Overtime, Doubletime, Paycheck Tips and Cash Tips.
import type { PayPeriodTotals, PayrollExportOptions } from '../labor-pay';
import { csv, dollars, hasPay, hours, multiRole } from './csv-cells';

export const PAYCHEX_HEADER = [
  'CLIENT ID',
  'WORKER ID',
  'ORG',
  'JOB NUMBER',
  'PAY COMPONENT',
  'RATE',
  'RATE NUMBER',
  'HOURS',
  'UNITS',
  'LINE DATE',
  'AMOUNT',
  'CHECK SEQ NUMBER',
  'OVERRIDE STATE',
  'OVERRIDE LOCAL',
  'OVERRIDE LOCAL JURISDICTION',
  'LABOR ASSIGNMENT',
];

export const PAYCHEX_COMPONENTS = {
  regular: 'Regular',
  overtime: 'Overtime',
  double: 'Doubletime',
  paycheckTips: 'Paycheck Tips',
  cashTips: 'Cash Tips',
};

export function paychexCsv(
  totals: PayPeriodTotals,
  options: PayrollExportOptions,
): { text: string; warnings: string[] } {
  const client = options.companyCode ?? '';
  const lines = totals.lines.filter(hasPay);
  const multi = multiRole(lines);
  const warnings: string[] = [];
  if (!client) warnings.push('No Paychex client id: the import refuses rows without one');
  const rows: string[][] = [];
  const row = (client: string, worker: string, component: string, rate: string, h: string, amount: string) =>
    rows.push([client, worker, '', '', component, rate, '', h, '', '', amount, '', '', '', '', '']);
  for (const l of lines) {
    if (!l.payrollId) {
      warnings.push(`${l.name} has no Paychex worker id: left out`);
      continue;
    }
    const hourly = l.wage?.kind !== 'salaried';
    // Two hourly roles: each row names its rate, overriding the one loaded in Paychex.
    const rate = hourly && multi.has(l.userId) && l.wage ? (l.wage.cents / 100).toFixed(4) : '';
    if (hourly && l.regularMinutes > 0)
      row(client, l.payrollId, PAYCHEX_COMPONENTS.regular, rate, hours(l.regularMinutes), '');
    if (hourly && l.overtimeMinutes > 0)
      row(client, l.payrollId, PAYCHEX_COMPONENTS.overtime, rate, hours(l.overtimeMinutes), '');
    if (hourly && l.doubleMinutes > 0)
      row(client, l.payrollId, PAYCHEX_COMPONENTS.double, rate, hours(l.doubleMinutes), '');
    if (l.paycheckTipsCents !== 0)
      row(client, l.payrollId, PAYCHEX_COMPONENTS.paycheckTips, '', '', dollars(l.paycheckTipsCents));
    if (l.cashTipsCents !== 0) row(client, l.payrollId, PAYCHEX_COMPONENTS.cashTips, '', '', dollars(l.cashTipsCents));
  }
  return { text: csv([PAYCHEX_HEADER, ...rows]), warnings };
}
