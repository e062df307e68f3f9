// The one place that decides money units: spec-cents fields never move, open fields
// follow the connection's unit, a fraction is detected as dollars (and said so), and the choice
// survives a restart.
import { afterEach, describe, expect, it } from 'vitest';
import { tempDirs } from '../support';
import { centsToWire, describeMoneyUnits, wireToCents } from '../../shared/money-units';
import { MoneyUnits } from '../../electron/core/money/money-units';
import { passSchema, refundAnswerSchemaOf, tabAnswerSchemaOf } from '../../shared/schemas/tabs';

const dirs = tempDirs('money-units-');
afterEach(() => dirs.removeAll());
const dir = () => dirs.make();

describe('money units', () => {
  it('reads spec-cents fields as cents whatever the setting, open fields in the connection unit', () => {
    expect(wireToCents(2500, 'spend_limit.amount', 'dollars')).toBe(2500);
    expect(wireToCents(2500, 'GIFT_CARD_CREATED.balance', 'dollars')).toBe(2500);
    expect(wireToCents(13, 'pass.spent', 'dollars')).toBe(1300);
    expect(wireToCents(13, 'pass.spent', 'cents')).toBe(13);
    // A fraction is dollars even when cents are assumed: cents are whole.
    expect(wireToCents(12.5, 'declared_tips', 'cents')).toBe(1250);
    expect(centsToWire(1250, 'tab.amounts', 'dollars')).toBe(12.5);
    expect(centsToWire(1250, 'refund.amount', 'dollars')).toBe(1250);
  });

  it('detects dollars from a fraction, says so, and keeps it across a restart', () => {
    const at = dir();
    const units = new MoneyUnits(at, () => 42);
    const seen: string[] = [];
    units.onChange((v) => seen.push(v.source));
    expect(units.current()).toMatchObject({ unit: 'cents', source: 'default' });
    expect(units.read('pass.spent', 1300)).toBe(1300);
    // A spec-cents field never detects anything.
    units.observe('GIFT_CARD_CREATED.balance', 12.5);
    expect(units.unit).toBe('cents');
    expect(units.read('ORDER_PLACED.total', 12.5)).toBe(1250);
    expect(units.current()).toEqual({
      unit: 'dollars',
      source: 'detected',
      detected: { field: 'ORDER_PLACED.total', value: 12.5, at: 42 },
    });
    expect(describeMoneyUnits(units.current())).toMatch(/Detected: the service sent 12.5 in ORDER_PLACED.total/);
    // Now whole numbers are dollars too: $13.00 spent is 13.
    expect(units.read('pass.spent', 13)).toBe(1300);
    expect(units.write('tab.amounts', 1300)).toBe(13);
    expect(new MoneyUnits(at).current()).toMatchObject({ unit: 'dollars', source: 'detected' });
    units.choose('cents');
    expect(new MoneyUnits(at).current()).toEqual({ unit: 'cents', source: 'chosen', detected: null });
    expect(seen).toEqual(['detected', 'chosen']);
    expect(describeMoneyUnits(units.current())).toMatch(/Chosen in Settings/);
  });

  it('the tab, pass and refund answers go through the reader', () => {
    const units = new MoneyUnits(null);
    units.choose('dollars');
    const read = (f: Parameters<MoneyUnits['read']>[0], v: number | undefined) => units.read(f, v);
    expect(
      passSchema('P', 1, read).parse({ spend_limit: { amount: 5000, enforce_mode: 'pre' }, spent: 13 }),
    ).toMatchObject({ limit: { amount: 5000 }, spent: 1300 });
    const tab = tabAnswerSchemaOf(read).parse({
      tab: { uuid: 't', items: [{ id: 1, price: 7 }], payments: [{ id: 9, amount: 14, tip: 2.5 }] },
      processorAccounts: [{ itemId: 1, balance: 2500 }],
    });
    expect(tab.items[0]).toMatchObject({ id: '1', price: 700 });
    expect(tab.payments[0]).toMatchObject({ id: '9', amount: 1400, tip: 250 });
    expect(tab.processorAccounts![0].balance).toBe(2500);
    expect(refundAnswerSchemaOf(read).parse({ refund: { id: 'r', amount: 5, refundType: 'open' } }).amount).toBe(500);
  });
});
