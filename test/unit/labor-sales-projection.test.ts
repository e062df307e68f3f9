// What labor is measured against, read from the webhook log: each order once (a repeat or a replay
// counts once), each refund's tip part, and a checkpoint that restores the same.
import { describe, expect, it } from 'vitest';
import { SalesProjection } from '../../electron/core/labor/pay/sales-projection';
import type { AcceptedEvent } from '../../shared/webhooks';

const LOC = 'loc-1';
let seq = 0;
function event(type: string, target: { uuid?: string; id?: string }, data: Record<string, unknown>): AcceptedEvent {
  seq += 1;
  return {
    seq,
    receivedAt: Date.parse('2026-11-20T23:00:00Z'),
    type,
    targetUuid: target.uuid ?? null,
    targetId: target.id ?? null,
    locationUuid: LOC,
    locationName: 'Harbour',
    locationId: '1',
    createdAt: '2026-11-20T23:00:00.000Z',
    data,
    verification: 'verified',
    dedupeKey: `k${seq}`,
  } as unknown as AcceptedEvent;
}

describe('the sales projection', () => {
  it('counts an order once by its uuid, at its own created time, and keeps each refund’s tip', () => {
    const p = new SalesProjection(() => Date.parse('2026-11-21T00:00:00Z'));
    const order = event('ORDER_PLACED', { uuid: 'o1' }, { created: '2026-11-20T22:15:00Z', total: 2500 });
    p.apply(order);
    p.apply({ ...order, seq: 99 }); // the inspector's replay, or a late repeat
    p.apply(event('ORDER_PLACED', { uuid: 'o2' }, { total: '13.50' }));
    p.apply(event('PAYMENT_REFUNDED', { id: 'pay-1' }, { refundPaymentId: 'r1', refundTip: 200, refundAmount: 1200 }));
    p.apply(event('PAYMENT_REFUNDED', { id: 'pay-1' }, { refundPaymentId: 'r2', refundTip: 100, refundAmount: 600 }));
    const from = Date.parse('2026-11-20T00:00:00Z');
    const to = Date.parse('2026-11-21T00:00:00Z');
    expect(p.salesBetween(LOC, from, to)).toEqual([
      { location: LOC, at: Date.parse('2026-11-20T22:15:00Z'), total: 2500 },
      { location: LOC, at: Date.parse('2026-11-20T23:00:00Z'), total: '13.50' },
    ]);
    expect(p.salesBetween('other', from, to)).toEqual([]);
    expect(p.refundedTipsBetween(LOC, from, to).map((r) => r.tip)).toEqual([200, 100]);

    const again = new SalesProjection();
    again.restore(JSON.parse(JSON.stringify(p.snapshot())));
    expect(again.salesBetween(LOC, from, to)).toHaveLength(2);
    expect(again.refundedTipsBetween(LOC, from, to)).toHaveLength(2);
    expect(() => again.restore({ nope: true })).toThrow();
  });
});
