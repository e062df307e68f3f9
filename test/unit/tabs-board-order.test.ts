// The open-tabs board's sort, filter and "open too long" flag (shared/tabs-board-order.ts).
import { describe, expect, it } from 'vitest';
import type { BoardTab } from '../../shared/tabs';
import { isOpenTooLong, matchesFilter, orderBoard } from '../../shared/tabs-board-order';

const NOW = Date.parse('2026-11-28T22:00:00Z');
const minutesAgo = (m: number) => new Date(NOW - m * 60_000).toISOString();

function tab(
  uuid: string,
  name: string | null,
  openedMinutesAgo: number | null,
  total: number,
  extra: Partial<BoardTab> = {},
): BoardTab {
  return {
    uuid,
    name,
    spotName: 'Bar Seat 2',
    locationUuid: 'loc',
    items: [
      { key: `${uuid}-i`, name: 'Lager Pint', quantity: 1, price: total, voided: false, comped: false, removed: false },
    ],
    total,
    openedAt: openedMinutesAgo === null ? null : minutesAgo(openedMinutesAgo),
    closedAt: null,
    refunds: [],
    label: null,
    requestedRefunds: [],
    ...extra,
  };
}

const board = [
  tab('a', 'Guest 10', 30, 2500),
  tab('b', 'guest 2', 150, 800, { spotName: 'Patio Table 2' }),
  tab('c', null, null, 4000, { label: 'Pass PASS-PRE-5000' }),
  tab('d', 'Anna', 90, 4000, {
    refunds: [{ paymentId: 'p', refundPaymentId: 'r', amount: 3900, refundType: 'open' }],
    items: [{ key: 'x', name: 'IPA Pint', quantity: 1, price: 4000, voided: false, comped: false, removed: false }],
  }),
];
const uuids = (tabs: BoardTab[]) => tabs.map((t) => t.uuid);

describe('the open-tabs board as asked', () => {
  it('sorts by time open (longest first, unknown openings last), by net total, or by name', () => {
    expect(uuids(orderBoard(board, 'opened', ''))).toEqual(['b', 'd', 'a', 'c']);
    // Net of refunds: Anna's $40.00 less $39.00 refunded is the smallest.
    expect(uuids(orderBoard(board, 'total', ''))).toEqual(['c', 'a', 'b', 'd']);
    // Case-blind, numbers in order ("guest 2" before "Guest 10"), a pass label as the name.
    expect(uuids(orderBoard(board, 'name', ''))).toEqual(['d', 'b', 'a', 'c']);
    // The board itself is left in its order.
    expect(uuids(board)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('finds tabs by name, spot, pass label or item, every word typed', () => {
    expect(uuids(orderBoard(board, 'opened', 'patio'))).toEqual(['b']);
    expect(uuids(orderBoard(board, 'opened', 'PASS-PRE'))).toEqual(['c']);
    expect(uuids(orderBoard(board, 'opened', 'ipa'))).toEqual(['d']);
    expect(uuids(orderBoard(board, 'name', 'guest lager'))).toEqual(['b', 'a']);
    expect(matchesFilter(board[0], '  ')).toBe(true);
    expect(orderBoard(board, 'opened', 'nobody')).toEqual([]);
  });

  it('flags an open tab open longer than the setting, never a closed one or one whose opening is unknown', () => {
    expect(board.filter((t) => isOpenTooLong(t, NOW, 120)).map((t) => t.uuid)).toEqual(['b']);
    expect(board.filter((t) => isOpenTooLong(t, NOW, 60)).map((t) => t.uuid)).toEqual(['b', 'd']);
    expect(isOpenTooLong(tab('e', 'x', 120, 1), NOW, 120)).toBe(false);
    expect(isOpenTooLong(tab('f', 'x', 300, 1, { closedAt: minutesAgo(1) }), NOW, 120)).toBe(false);
  });
});
