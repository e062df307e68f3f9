// Each payroll provider's file for one pay period, byte for byte against a fixture of that
// provider's format (test/fixtures/payroll/). The fixtures were written from the columns in each
// provider's import docs (the comment at the top of each template in shared/payroll/ says which
// doc, and what it did not say), then read line by line; a change to a template shows here as a
// diff against what the provider takes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PERIOD } from './payroll-period';
import { payrollFile } from '../../shared/payroll/payroll-file';
import { ADP_HEADER } from '../../shared/payroll/adp-wfn';
import { GUSTO_HEADER } from '../../shared/payroll/gusto';
import { PAYCHEX_HEADER } from '../../shared/payroll/paychex-flex';
import { SQUARE_HEADER } from '../../shared/payroll/square-payroll';

const FIXTURES = join(__dirname, '..', 'fixtures', 'payroll');

const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');
const options = { companyCode: 'VC1', batchId: 'WK4748' };

describe('payroll templates against their fixtures', () => {
  it('Gusto: first and last name, Gusto id, title only for more than one rate, hours and tips', () => {
    const file = payrollFile('gusto', PERIOD, options);
    expect(file.text).toBe(fixture('gusto.csv'));
    expect(file.fileName).toBe('gusto-hours-2026-11-16_2026-11-29.csv');
    expect(file.text.split('\r\n')[0].split(',')).toEqual(GUSTO_HEADER);
    expect(file.warnings).toEqual(['Morgan has no wage for cook: hours are in the file, pay is not checked']);
  });

  it('ADP Workforce Now: Co Code, Batch ID and File # first; people without a file number left out and named', () => {
    const file = payrollFile('adp-wfn', PERIOD, options);
    expect(file.text).toBe(fixture('adp-wfn-PRVC1EPI.csv'));
    expect(file.fileName).toBe('PRVC1EPI.csv');
    expect(file.text.split('\r\n')[0].split(',')).toEqual(ADP_HEADER);
    expect(file.warnings).toContain('Casey Nguyen has no ADP file number: left out');
  });

  it('Paychex Flex: one row per worker and pay component, hours or an amount', () => {
    const file = payrollFile('paychex-flex', PERIOD, options);
    expect(file.text).toBe(fixture('paychex-flex.csv'));
    expect(file.text.split('\r\n')[0].split(',')).toEqual(PAYCHEX_HEADER);
    // Every row has the header's 16 fields (no data holds a comma: Paychex's rule for its files).
    for (const row of file.text.trimEnd().split('\r\n')) expect(row.split(',')).toHaveLength(16);
    expect(file.warnings).toContain('Casey Nguyen has no Paychex worker id: left out');
  });

  it('Square Payroll: our own layout (Square publishes no import format), said in the warnings', () => {
    const file = payrollFile('square-payroll', PERIOD, options);
    expect(file.text).toBe(fixture('square-payroll.csv'));
    expect(file.text.split('\r\n')[0].split(',')).toEqual(SQUARE_HEADER);
    expect(file.warnings[0]).toMatch(/publishes no import format/);
  });
});
