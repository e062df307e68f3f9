// The one place that decides money units: spec-cents fields never move, open fields
// follow the connection's unit, a fraction is detected as dollars (and said so), and the choice
// survives a restart.
import { afterEach, describe, expect, it } from 'vitest';
import { tempDirs } from '../support';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { centsToWire, describeMoneyFamily, wireToCents } from '../../shared/money-units';
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
    expect(centsToWire(1250, 'payment.amount', 'dollars')).toBe(12.5);
    expect(centsToWire(1250, 'refund.amount', 'dollars')).toBe(1250);
  });

  it('decides each family on its own from a fraction, says so, and keeps it across a restart', () => {
    const at = dir();
    const units = new MoneyUnits(at, () => 42);
    const seen: string[] = [];
    units.onChange((v) => seen.push(`${v.numbers.source}/${v.answers.source}`));
    expect(units.current().numbers).toMatchObject({ unit: 'cents', source: 'default' });
    expect(describeMoneyFamily('numbers', units.current().numbers)).toMatch(/Not decided yet/);
    expect(units.read('pass.spent', 1300)).toBe(1300);
    // A spec-cents field never decides anything.
    units.observe('GIFT_CARD_CREATED.balance', 12.5);
    expect(units.decided('numbers')).toBe(false);
    expect(units.read('ORDER_PLACED.total', 12.5)).toBe(1250);
    expect(units.current().numbers).toEqual({
      unit: 'dollars',
      source: 'detected',
      evidence: { field: 'ORDER_PLACED.total', saw: expect.stringMatching(/12.5 in ORDER_PLACED.total/), at: 42 },
      conflict: null,
    });
    // Only that family: answers and amounts sent in are still not decided.
    expect(units.current().answers.source).toBe('default');
    expect(units.write('payment.amount', 1300)).toBe(1300);
    // Now whole numbers of that family are dollars too: $13.00 spent is 13.
    expect(units.read('pass.spent', 13)).toBe(1300);
    expect(new MoneyUnits(at).current().numbers).toMatchObject({ unit: 'dollars', source: 'detected' });
    units.choose('numbers', 'cents');
    expect(new MoneyUnits(at).current().numbers).toMatchObject({ unit: 'cents', source: 'chosen' });
    expect(seen).toEqual(['detected/default', 'chosen/default']);
    expect(describeMoneyFamily('numbers', units.current().numbers)).toMatch(/Confirmed in Settings/);
  });

  it('decides a family from an amount the spec fixes in cents, and shows evidence against a decision', () => {
    const units = new MoneyUnits(null, () => 7);
    expect(units.anchor('tab.amounts', 25, 2500, 'GIFT_CARD_CREATED.balance', 'POST /loc/x/tabs')).toBe('dollars');
    expect(units.current().answers).toMatchObject({ unit: 'dollars', source: 'detected' });
    expect(units.current().answers.evidence?.saw).toMatch(/tab.amounts was 25 where GIFT_CARD_CREATED.balance/);
    // Zero and unrelated amounts decide nothing.
    expect(units.anchor('payment.amount', 0, 0, 'refund.amount', 'x')).toBeNull();
    expect(units.anchor('payment.amount', 7, 2500, 'refund.amount', 'x')).toBeNull();
    expect(units.decided('sent')).toBe(false);
    // Evidence against a decision is shown beside it; the decision stands.
    units.anchor('order.total', 2500, 2500, 'refund.amount', 'POST refund');
    expect(units.current().answers).toMatchObject({
      unit: 'dollars',
      conflict: { field: 'order.total vs refund.amount' },
    });
  });

  it('reads a data folder that kept one unit for every field', () => {
    const at = dir();
    writeFileSync(
      join(at, 'money-units.json'),
      JSON.stringify({
        version: 1,
        unit: 'dollars',
        source: 'detected',
        detected: { field: 'pass.spent', value: 1.5, at: 3 },
      }),
    );
    const view = new MoneyUnits(at).current();
    for (const family of ['sent', 'answers', 'numbers'] as const)
      expect(view[family]).toMatchObject({ unit: 'dollars', source: 'detected', evidence: { field: 'pass.spent' } });
  });

  it('the tab, pass and refund answers go through the reader', () => {
    const units = new MoneyUnits(null);
    for (const family of ['sent', 'answers', 'numbers'] as const) units.choose(family, 'dollars');
    const read = (f: Parameters<MoneyUnits['read']>[0], v: number | string | undefined) => units.read(f, v);
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
