// The pure parts of the tabs feature: the limit warning shown before sending, the alert text taken
// from a refusal, and the tolerant readers of tab, refund and catalog answers (shapes the spec
// does not show, docs/service-assumptions.md).
import { describe, expect, it } from 'vitest';
import { httpError } from '../../electron/core/api/errors';
import { alertText, classifyRefusal } from '../../electron/core/tabs/service-refusal';
import { catalogAnswerSchema, refundAnswerSchema, tabAnswerSchema } from '../../shared/schemas/tabs';
import { formatMoney, limitWarning, type PassView } from '../../shared/tabs';

const pass = (limit: PassView['limit'], spent: number | null): PassView => ({
  xPassId: 'P',
  name: null,
  tabUuid: null,
  status: null,
  limit,
  spent,
  checkedAt: 0,
});

describe('limitWarning', () => {
  const pre = pass({ kind: 'limit', amount: 5000, mode: 'pre' }, 1000);
  const post = pass({ kind: 'limit', amount: 5000, mode: 'post' }, 1000);
  it("'pre': warns that the service will refuse an order over what is left, never at exactly the limit", () => {
    expect(limitWarning(pre, 4000)).toBeNull();
    expect(limitWarning(pre, 4001)).toMatchObject({ level: 'refuse' });
    expect(limitWarning(pre, 4001)!.text).toContain('$40.00 left');
  });
  it("'post': the crossing order goes through and blocks the pass; once reached, every order is refused", () => {
    expect(limitWarning(post, 4001)).toMatchObject({ level: 'block-after' });
    expect(limitWarning({ ...post, spent: 5000 }, 100)).toMatchObject({ level: 'refuse' });
  });
  it('says nothing where there is no limit or the flag is off, and admits an unknown price', () => {
    expect(limitWarning(pass({ kind: 'none' }, 0), 999_999)).toBeNull();
    expect(limitWarning(pass({ kind: 'unknown' }, null), 999_999)).toBeNull();
    expect(limitWarning(pre, null)).toMatchObject({ level: 'unchecked' });
    expect(limitWarning(pass({ kind: 'limit', amount: 100, mode: null }, 0), 200)).toMatchObject({ level: 'maybe' });
  });
  it('formats cents as dollars', () => {
    expect(formatMoney(123456)).toBe('$1,234.56');
    expect(formatMoney(null)).toBe('—');
  });
});

describe('refusals', () => {
  const err = (status: number, body: unknown, message: string | null = null) =>
    httpError('POST /api/x', status, message, null, body);
  it('shows the alert exactly as sent, wherever the body put it', () => {
    expect(alertText({ alert: '  Pass limit reached!  ', message: 'other' })).toBe('  Pass limit reached!  ');
    expect(alertText({ alert: { message: 'Nested alert' } })).toBe('Nested alert');
    expect(alertText({ errors: [{ message: 'a' }, 'b'] })).toBe('a; b');
    expect(alertText('plain text')).toBe('plain text');
    expect(alertText({})).toBeNull();
  });
  it('a 400 mentioning the spend limit is a limit refusal; other 4xx are refusals; 5xx are uncertain', () => {
    expect(classifyRefusal(err(400, { errors: ['Spend limit exceeded'] }))).toMatchObject({
      kind: 'spend-limit',
      text: 'Spend limit exceeded',
    });
    expect(classifyRefusal(err(400, { error: 'spend_limit_reached' }, 'spend_limit_reached'))).toMatchObject({
      kind: 'spend-limit',
      text: 'spend_limit_reached',
    });
    expect(classifyRefusal(err(403, { message: 'nope' }))).toMatchObject({
      kind: 'refused',
      status: 403,
      text: 'nope',
    });
    expect(classifyRefusal(err(500, null))).toMatchObject({ kind: 'uncertain' });
    expect(classifyRefusal(new Error('socket hang up'))).toMatchObject({ kind: 'uncertain', status: null });
  });
});

describe('tolerant readers', () => {
  it('reads a tab bare or wrapped, snake_case, numeric ids, with or without processorAccounts', () => {
    const bare = tabAnswerSchema.parse({
      uuid: 't-1',
      id: 8005,
      items: [
        { id: 20001, product_uuid: 'p', name: 'Card', quantity: '1', price: 2500, status: 'ACTIVE' },
        { name: 'no id' },
      ],
      payments: [{ payment_id: 30001, amount: 2500, refundable_amount: 2500, payment_type: 'CARD' }],
    });
    expect(bare).toMatchObject({
      uuid: 't-1',
      id: '8005',
      processorAccounts: null,
      payments: [{ id: '30001', refundable: 2500, paymentType: 'CARD' }],
    });
    expect(bare.items).toEqual([
      { id: '20001', productUuid: 'p', name: 'Card', quantity: 1, refundedQuantity: 0, price: 2500, status: 'ACTIVE' },
    ]);
    const wrapped = tabAnswerSchema.parse({
      tab: { uuid: 't-2', items: [] },
      processorAccounts: [{ itemId: '1', lastFour: '1234', giftCardNumber: '0000111122221234', balance: 2500 }],
    });
    expect(wrapped.uuid).toBe('t-2');
    expect(wrapped.processorAccounts).toEqual([
      expect.objectContaining({ itemId: '1', lastFour: '1234', balance: 2500 }),
    ]);
    expect(JSON.stringify(wrapped)).not.toContain('0000111122221234');
    expect(tabAnswerSchema.parse(null)).toMatchObject({ uuid: null, items: [], payments: [], processorAccounts: null });
  });
  it('reads a refund answer or an empty one', () => {
    expect(refundAnswerSchema.parse({ refund: { id: 'r1', amount: 500, refundType: 'open' } })).toEqual({
      refundPaymentId: 'r1',
      amount: 500,
      refundType: 'open',
    });
    expect(refundAnswerSchema.parse(null)).toEqual({ refundPaymentId: null, amount: null, refundType: null });
  });
  it('reads a catalog with other spellings and skips entries without a uuid', () => {
    const c = catalogAnswerSchema.parse({
      data: {
        products: [
          { product_uuid: 'p1', name: 'Ale', price_cents: 700, gift_card: { type: 'DIGITAL' } },
          { name: 'x' },
        ],
        spots: [{ spot_uuid: 's1' }],
      },
    });
    expect(c.products).toEqual([
      { uuid: 'p1', name: 'Ale', price: 700, category: null, giftCard: { giftCardType: 'DIGITAL', gateway: null } },
    ]);
    expect(c.spots).toEqual([{ uuid: 's1', name: 's1', zone: null }]);
  });
});
