// The hub's pay files, through their own reader as the core opens them: what was saved reads back
// after a restart; a damaged file is kept aside byte for byte and said; a file a newer release wrote
// is left as it is, said, and never written over.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PayFiles, TIPS_FILE, WAGES_FILE } from '../../electron/core/labor/pay/pay-files';
import type { DamageReport } from '../../electron/core/storage/data-health';
import { tempDirs } from '../support';

const dirs = tempDirs('venue-pay-files-');
afterEach(() => dirs.removeAll());

const SAM = {
  userId: '2002',
  payrollId: 'SR0001',
  wages: [{ role: null, kind: 'hourly' as const, cents: 1_550, per: 'hour' as const, from: null }],
};

describe('labor-wages.json and labor-tips.json', () => {
  it('keep wages, rules and splits across a restart', () => {
    const dir = dirs.make();
    const files = new PayFiles(dir, Date.now);
    files.savePay(SAM);
    files.saveTipRules({
      tipOuts: [{ fromRole: 'server', toRole: 'bartender', percent: 3, base: 'sales' }],
      pools: [],
    });
    files.addSplit({ userId: '2002', at: Date.now(), cashCents: 500, cardCents: 1_500 });
    const again = new PayFiles(dir, Date.now);
    expect(again.allPay()).toEqual([SAM]);
    expect(again.tipRules().tipOuts).toHaveLength(1);
    expect(again.tipSplits()).toEqual([expect.objectContaining({ cashCents: 500, cardCents: 1_500 })]);
    expect(JSON.parse(readFileSync(join(dir, WAGES_FILE), 'utf8'))).toMatchObject({ version: 2 });
  });

  it('a damaged wages file is kept aside and said, never silently emptied', () => {
    const dir = dirs.make();
    writeFileSync(join(dir, WAGES_FILE), '{"version":1,"people":[{"userId":');
    const said: DamageReport[] = [];
    const files = new PayFiles(dir, Date.now, (r) => said.push(r));
    expect(files.allPay()).toEqual([]);
    expect(said).toEqual([
      expect.objectContaining({ severity: 'error', sentence: expect.stringMatching(/^The wages could not be read/) }),
    ]);
    const kept = readdirSync(dir).find((n) => n.startsWith(`${WAGES_FILE}.damaged-`))!;
    expect(readFileSync(join(dir, kept), 'utf8')).toBe('{"version":1,"people":[{"userId":');
  });

  it('a file a newer release wrote is left as it is and every write refused', () => {
    const dir = dirs.make();
    const newer = JSON.stringify({ version: 2, writtenBy: '99.0.0', rules: { whatever: true }, splits: [] });
    writeFileSync(join(dir, TIPS_FILE), newer);
    const said: DamageReport[] = [];
    const files = new PayFiles(dir, Date.now, (r) => said.push(r));
    expect(said[0]?.sentence).toMatch(/written by release 99\.0\.0/);
    expect(() => files.addSplit({ userId: '2002', at: Date.now(), cashCents: 1, cardCents: 0 })).toThrow(
      expect.objectContaining({ kind: 'data-damaged' }),
    );
    expect(readFileSync(join(dir, TIPS_FILE), 'utf8')).toBe(newer);
  });
});
