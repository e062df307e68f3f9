// The open-tabs projection: what the board shows, and that it converges whatever order and however
// often a tab's events arrive (the idempotence and order independence projections promise).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OpenTabsProjection } from '../../electron/core/tabs/open-tabs-projection';
import { envelope, LOCATION, rng, SAMPLES } from './webhook-fixtures';
import { accepted, type Envelope, tabStory } from './webhook-tab-story';

function boardOf(events: Envelope[]) {
  const p = new OpenTabsProjection();
  events.forEach((e, i) => p.apply(accepted(e, i + 1)));
  return p.board();
}

const at = (minute: number) => new Date(Date.UTC(2025, 5, 1, 11, minute)).toISOString();

describe('OpenTabsProjection', () => {
  it('builds a tab from its events: items, voids, comps, removals, refunds, total and close', () => {
    const tab = 'tab-u1';
    const item = (uuid: string, extra: Record<string, unknown>, minute: number) =>
      envelope('ITEM_ADDED', { targetUuid: uuid, data: { ...SAMPLES.ITEM_ADDED.data, ...extra } }, at(minute));
    const events = [
      envelope('OPEN_TAB', SAMPLES.OPEN_TAB, at(0)),
      item('i1', { name: 'Lager', quantity: 2, price: 450 }, 1),
      item('i2', { name: 'Fries', quantity: 1, price: 300, itemId: 'id-2' }, 2),
      item('i3', { name: 'Wine', quantity: 1, price: 900 }, 3),
      item('i4', { name: 'Soup', quantity: 1, price: 500 }, 4),
      envelope('ITEM_VOIDED', { targetId: 'id-2', data: { orderId: 'o1' } }, at(5)),
      envelope('ITEM_COMPED', { targetId: 'i3', data: { orderId: 'o1' } }, at(6)),
      envelope('ITEM_REMOVED', { targetUuid: 'i4', data: SAMPLES.ITEM_REMOVED.data }, at(7)),
      envelope('ITEM_VOIDED', { targetId: 'id-unknown', data: { orderId: 'o1' } }, at(8)),
      envelope('PAYMENT_REFUNDED', SAMPLES.PAYMENT_REFUNDED, at(9)),
      envelope('CLOSE_TAB', { targetUuid: tab, data: {} }, at(10)),
      envelope('CLOSE_TAB', { targetUuid: tab, data: { again: true } }, at(11)),
    ];
    expect(boardOf(events)).toEqual([
      {
        uuid: tab,
        name: 'Ana',
        spotName: 'Table 4',
        locationUuid: LOCATION.locationUuid,
        items: [
          { key: 'i1', name: 'Lager', quantity: 2, price: 450, voided: false, comped: false, removed: false },
          { key: 'i2', name: 'Fries', quantity: 1, price: 300, voided: true, comped: false, removed: false },
          { key: 'i3', name: 'Wine', quantity: 1, price: 900, voided: false, comped: true, removed: false },
          { key: 'i4', name: 'Soup', quantity: 1, price: 500, voided: false, comped: false, removed: true },
          { key: 'id:id-unknown', name: null, quantity: 0, price: 0, voided: true, comped: false, removed: false },
        ],
        total: 900,
        openedAt: at(0),
        closedAt: at(10),
        refunds: [{ paymentId: 'pay-1', refundPaymentId: 'rp-1', amount: 500, refundType: 'open' }],
      },
    ]);
  });

  it('shows a tab known only from its items, and a void once its order is linked to a tab', () => {
    const p = new OpenTabsProjection();
    p.apply(accepted(envelope('ITEM_VOIDED', { targetId: 'x9', data: { orderId: 'order-z' } }, at(1)), 1));
    expect(p.board()).toEqual([]);
    p.apply(
      accepted(
        envelope(
          'ORDER_PLACED',
          { targetUuid: 'order-z', data: { ...SAMPLES.ORDER_PLACED.data, tabUuid: 'tab-z' } },
          at(2),
        ),
        2,
      ),
    );
    expect(p.board()).toMatchObject([
      { uuid: 'tab-z', name: null, openedAt: null, items: [{ key: 'id:x9', voided: true }] },
    ]);
  });

  it('returns a copy: callers cannot change the projection through the board', () => {
    const p = new OpenTabsProjection();
    p.apply(accepted(envelope('OPEN_TAB', SAMPLES.OPEN_TAB, at(0)), 1));
    p.board()[0].name = 'changed';
    expect(p.board()[0].name).toBe('Ana');
  });

  it('gives the same board for any permutation and duplication of the events (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 1, max: 3 }),
        fc.infiniteStream(fc.nat()),
        (seed, tabs, picks) => {
          const random = rng(seed);
          const events = Array.from({ length: tabs }, (_, n) => tabStory(n, random)).flat();
          const expected = boardOf(events);
          // Every event at least once, some several times, in an arbitrary order.
          const delivered: Envelope[] = [];
          const it = picks[Symbol.iterator]();
          for (const e of events) {
            const copies = 1 + ((it.next().value as number) % 3);
            for (let c = 0; c < copies; c++) delivered.push(e);
          }
          for (let i = delivered.length - 1; i > 0; i--) {
            const j = (it.next().value as number) % (i + 1);
            [delivered[i], delivered[j]] = [delivered[j], delivered[i]];
          }
          const p = new OpenTabsProjection();
          delivered.forEach((e, i) => p.apply(accepted(e, i + 1)));
          expect(p.board()).toEqual(expected);
        },
      ),
      { numRuns: 150 },
    );
  });
});
