// ADP Workforce Now: the paydata import (a "PR…EPI" batch). What ADP's own page says
// (apps.adp.com, "Automated Paydata Integration for ADP Workforce Now", read 2026-11-28): a
// header-based .csv (or tab-separated .txt) of hours and earnings; Co Code first, Batch ID second,
// File # third (all required), then among others Reg Hours, O/T Hours, Hours 3 Code and Amount,
// Hours 4 Code and Amount, Temp Rate, Reg Earnings, O/T Earnings, Earnings 3–5 Code and Amount,
// Memo Code and Amount, Temporary Cost Number, Temporary Department. The file name convention
// PRcccEPI.csv (ccc = the company code) is from a time-keeping vendor's ADP export guide (Time
// Portal), not from ADP's own text.
// The header titles below are those field names as ADP's sample files write them; the codes are
// each company's own set-up in ADP: we write double time as Hours 3 Code `D`, paycheck tips as
// Earnings 3 Code `T` and cash tips as Memo Code `CT` (a memo: reported, not paid again). Change
// them in ADP's code set-up or here if the company uses others.
import type { PayPeriodTotals, PayrollExportOptions } from '../labor-pay';
import { csv, dollars, hasPay, hours, multiRole } from './csv-cells';

export const ADP_HEADER = [
  'Co Code',
  'Batch ID',
  'File #',
  'Temp Rate',
  'Reg Hours',
  'O/T Hours',
  'Hours 3 Code',
  'Hours 3 Amount',
  'Earnings 3 Code',
  'Earnings 3 Amount',
  'Memo Code',
  'Memo Amount',
];

export const ADP_CODES = { doubleTime: 'D', paycheckTips: 'T', cashTips: 'CT' };

export function adpFileName(companyCode: string): string {
  return `PR${companyCode.toUpperCase()}EPI.csv`;
}

export function adpCsv(totals: PayPeriodTotals, options: PayrollExportOptions): { text: string; warnings: string[] } {
  const co = (options.companyCode ?? '').toUpperCase();
  const batch = options.batchId ?? '';
  const lines = totals.lines.filter(hasPay);
  const multi = multiRole(lines);
  const warnings: string[] = [];
  if (!co) warnings.push('No ADP company code: ADP refuses a file without one in its first column');
  const rows = lines.flatMap((l) => {
    if (!l.payrollId) {
      warnings.push(`${l.name} has no ADP file number: left out`);
      return [];
    }
    const hourly = l.wage?.kind !== 'salaried';
    // A salaried person with no tips has nothing for the batch: ADP pays the salary it holds.
    if (!hourly && l.paycheckTipsCents === 0 && l.cashTipsCents === 0) return [];
    // One person with two hourly roles is paid each at its own rate: Temp Rate says which.
    const rate = hourly && multi.has(l.userId) && l.wage ? dollars(l.wage.cents) : '';
    return [
      [
        co,
        batch,
        l.payrollId,
        rate,
        hourly ? hours(l.regularMinutes) : '',
        hourly ? hours(l.overtimeMinutes) : '',
        hourly && l.doubleMinutes > 0 ? ADP_CODES.doubleTime : '',
        hourly && l.doubleMinutes > 0 ? hours(l.doubleMinutes) : '',
        l.paycheckTipsCents !== 0 ? ADP_CODES.paycheckTips : '',
        l.paycheckTipsCents !== 0 ? dollars(l.paycheckTipsCents) : '',
        l.cashTipsCents !== 0 ? ADP_CODES.cashTips : '',
        l.cashTipsCents !== 0 ? dollars(l.cashTipsCents) : '',
      ],
    ];
  });
  return { text: csv([ADP_HEADER, ...rows]), warnings };
}
