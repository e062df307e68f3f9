// One entry for every provider's file: the template, its file name, and what was left out.
import type { PayPeriodTotals, PayrollExportOptions, PayrollFile, PayrollProvider } from '../labor-pay';
import { adpCsv, adpFileName } from './adp-wfn';
import { gustoCsv } from './gusto';
import { paychexCsv } from './paychex-flex';
import { squareCsv } from './square-payroll';

export const PROVIDER_LABEL: Record<PayrollProvider, string> = {
  gusto: 'Gusto',
  'adp-wfn': 'ADP Workforce Now',
  'paychex-flex': 'Paychex Flex',
  'square-payroll': 'Square Payroll',
};

export function payrollFile(
  provider: PayrollProvider,
  totals: PayPeriodTotals,
  options: PayrollExportOptions = {},
): PayrollFile {
  const period = `${totals.fromDay}_${totals.toDay}`;
  const made =
    provider === 'gusto'
      ? { ...gustoCsv(totals), fileName: `gusto-hours-${period}.csv` }
      : provider === 'adp-wfn'
        ? { ...adpCsv(totals, options), fileName: adpFileName(options.companyCode || 'XXX') }
        : provider === 'paychex-flex'
          ? { ...paychexCsv(totals, options), fileName: `paychex-flex-${period}.csv` }
          : { ...squareCsv(totals), fileName: `square-payroll-${period}.csv` };
  const warnings = [...made.warnings];
  if (totals.truncated) warnings.unshift('Some entries may be missing from this period: choose fewer days');
  for (const l of totals.lines)
    if (!l.wage && l.regularMinutes + l.overtimeMinutes + l.doubleMinutes > 0)
      warnings.push(`${l.name} has no wage for ${l.role ?? 'their role'}: hours are in the file, pay is not checked`);
  return { provider, fileName: made.fileName, text: made.text, warnings };
}
