// A request the app stopped with while it was out: its start line keeps what the read after a
// restart needs (the tab's refunds then) and the note taken once it was allowed, through a reload
// and a compaction; the read settles it only when exactly one new refund fits, and says so.
import { afterAll, describe, expect, it } from 'vitest';
import { RequestLedger, LEDGER_KEEP_MS } from '../../electron/core/requests/request-ledger';
import { interruptedRefund, settleInterrupted } from '../../electron/core/requests/interrupted';
import { interruptedPassOrder, type PassOrderReads } from '../../electron/core/requests/interrupted-pass-order';
import {
  interruptedGiftCardSale,
  type GiftCardSaleReads,
} from '../../electron/core/requests/interrupted-gift-card-sale';
import type { IssuedCard } from '../../electron/core/tabs/gift-card-projection';
import type { GiftCardSale, PassView } from '../../shared/tabs';
import type { OpenTab } from '../../shared/webhooks';
import { tempDirs } from '../support';

const dirs = tempDirs('venue-ledger-interrupted-');
afterAll(() => dirs.removeAll());

const NOW = Date.UTC(2026, 10, 20, 22, 0);
const before = { tabUuid: 'tab-1', paymentId: null, amount: 120, itemized: false, refunds: ['rp-old'] };
const refund = (id: string, amount = 120) => ({ paymentId: 'pay-1', refundPaymentId: id, amount, refundType: 'open' });

/** Starts a request whose work never ends, noting it once "approved", as a kill would leave it. */
function leaveOut(dataDir: string, key: string, channel = 'tabRefund', kept: unknown = before): void {
  const ledger = new RequestLedger({ dataDir, now: () => NOW });
  void ledger.first(
    key,
    channel,
    'fp',
    async () => {
      ledger.noteAsked();
      return new Promise(() => {});
    },
    () => false,
    () => ({ tabUuid: 'tab-1', requestId: key, approvedBy: { userId: '2001', name: 'Alex' }, items: 0 }),
    kept,
  );
  ledger.close();
}

describe('requests out when the app stopped', () => {
  it('keep their start’s note through a reload and a compaction; a read settles them once', async () => {
    const dataDir = dirs.make();
    leaveOut(dataDir, 'req-1');
    let now = NOW + 1_000;
    const reloaded = new RequestLedger({ dataDir, now: () => now });
    const [entry] = reloaded.interruptedEntries();
    expect(entry).toMatchObject({ key: 'req-1', state: 'unknown', before, about: { approvedBy: { name: 'Alex' } } });
    expect(entry.outcome).toMatchObject({ ok: false, error: { kind: 'outcome-unknown' } });

    let tab: Partial<OpenTab> = { refunds: [refund('rp-old')] };
    const checks = { tabRefund: interruptedRefund(() => tab as OpenTab, reloaded) };
    const heard: string[] = [];
    reloaded.onSettled((e) => heard.push(e.key));
    // Nothing new on the tab yet, then two that fit: undecided both times.
    expect(await settleInterrupted(reloaded, checks)).toBe(1);
    tab = { refunds: [refund('rp-old'), refund('rp-a'), refund('rp-b')] };
    expect(await settleInterrupted(reloaded, checks)).toBe(1);
    // One of another amount and one that fits: that one.
    tab = { refunds: [refund('rp-old'), refund('rp-x', 50), refund('rp-new')] };
    expect(await settleInterrupted(reloaded, checks)).toBe(0);
    expect(heard).toEqual(['req-1']);
    expect(reloaded.get('req-1')).toMatchObject({
      state: 'done',
      outcome: { ok: true, result: { ok: true, refundPaymentId: 'rp-new', amount: 120 } },
      about: { approvedBy: { name: 'Alex' } },
    });
    reloaded.close();
    now += 1_000;
    expect(new RequestLedger({ dataDir, now: () => now }).get('req-1')).toMatchObject({ state: 'done' });
  });

  it('stays interrupted, with its note, when the file is compacted', () => {
    const dataDir = dirs.make();
    leaveOut(dataDir, 'req-2');
    // An older entry past the ledger's keep makes the next open compact the file.
    const old = new RequestLedger({ dataDir, now: () => NOW - 2 * LEDGER_KEEP_MS });
    void old.first(
      'old',
      'tabRefund',
      'fp',
      async () => ({ ok: true, result: null }),
      () => false,
    );
    old.close();
    const compacted = new RequestLedger({ dataDir, now: () => NOW + 1_000 });
    compacted.close();
    const again = new RequestLedger({ dataDir, now: () => NOW + 2_000 });
    expect(again.get('old')).toBeUndefined();
    expect(again.interruptedEntries()).toMatchObject([{ key: 'req-2', before, about: { requestId: 'req-2' } }]);
  });
});

describe('pass orders and gift-card sales out when the app stopped', () => {
  const pass = { xPassId: 'PASS-1', tabUuid: 'tab-p' } as PassView;
  const orderBefore = { xPassId: 'PASS-1', tabUuid: 'tab-p', orders: ['o-old'], lines: 1, units: 2 };

  it('a pass order: settled by exactly one new order of the ticket’s size that no answered order names', async () => {
    const dataDir = dirs.make();
    leaveOut(dataDir, 'order-1', 'passOrder', orderBefore);
    // Another order on the pass, answered before the restart: its order is named "Order 7".
    const answered = new RequestLedger({ dataDir, now: () => NOW + 500 });
    await answered.first(
      'order-0',
      'passOrder',
      'fp0',
      async () => ({ ok: true, result: { ok: true, orderName: 'Order 7', total: 800, pass, passProblem: null } }),
      () => false,
      undefined,
      { ...orderBefore, orders: [] },
    );
    answered.close();
    const ledger = new RequestLedger({ dataDir, now: () => NOW + 1_000 });
    let orders = [{ uuid: 'o-old', total: 800 }];
    const facts = new Map<string, { name: string | null; items: number | null }>();
    let reads = 0;
    const tabs: PassOrderReads = {
      passTabOf: () => 'tab-p',
      ordersOf: () => orders,
      factsOf: (uuid) => facts.get(uuid),
      totalInCents: (wire) => wire,
      lookupPass: async () => {
        reads++;
        return pass;
      },
    };
    const checks = { passOrder: interruptedPassOrder(tabs, ledger) };
    expect(await settleInterrupted(ledger, checks)).toBe(1);
    // The answered order's own ORDER_PLACED arriving late is claimed by its name.
    orders = [...orders, { uuid: 'o-7', total: 800 }];
    facts.set('o-7', { name: 'Order 7', items: 1 });
    expect(await settleInterrupted(ledger, checks)).toBe(1);
    // An order of three items cannot be a ticket of one line of two.
    orders = [...orders, { uuid: 'o-big', total: 2400 }];
    facts.set('o-big', { name: 'Order 8', items: 3 });
    expect(await settleInterrupted(ledger, checks)).toBe(1);
    // An order whose name is not known may be the answered one's: undecided.
    orders = [...orders, { uuid: 'o-anon', total: 1600 }];
    expect(await settleInterrupted(ledger, checks)).toBe(1);
    expect(reads).toBe(0);
    facts.set('o-anon', { name: 'Order 9', items: 1 });
    expect(await settleInterrupted(ledger, checks)).toBe(0);
    expect(reads).toBe(1);
    expect(ledger.get('order-1')).toMatchObject({
      state: 'done',
      outcome: { ok: true, result: { ok: true, orderName: 'Order 9', total: 1600 } },
    });
  });

  it('a pass order with another undecided on the same pass stays for a person', async () => {
    const dataDir = dirs.make();
    leaveOut(dataDir, 'order-a', 'passOrder', orderBefore);
    leaveOut(dataDir, 'order-b', 'passOrder', orderBefore);
    const ledger = new RequestLedger({ dataDir, now: () => NOW + 1_000 });
    const tabs: PassOrderReads = {
      passTabOf: () => 'tab-p',
      ordersOf: () => [{ uuid: 'o-new', total: 800 }],
      factsOf: () => ({ name: 'Order 3', items: 1 }),
      totalInCents: (wire) => wire,
      lookupPass: async () => pass,
    };
    expect(await settleInterrupted(ledger, { passOrder: interruptedPassOrder(tabs, ledger) })).toBe(2);
    ledger.close();

    // One whose answer was lost (not interrupted) keeps what it knew through a reload: still a rival.
    const other = dirs.make();
    leaveOut(other, 'order-c', 'passOrder', orderBefore);
    const lost = new RequestLedger({ dataDir: other, now: () => NOW + 500 });
    const uncertain = { ok: false, reason: 'uncertain', status: 504, alert: 'Gateway', title: null, pass, problem: {} };
    await lost.first(
      'order-d',
      'passOrder',
      'fpd',
      async () => ({ ok: true, result: uncertain }),
      () => true,
      undefined,
      orderBefore,
    );
    lost.close();
    const reloaded = new RequestLedger({ dataDir: other, now: () => NOW + 1_000 });
    expect(reloaded.get('order-d')).toMatchObject({ state: 'unknown', before: orderBefore });
    expect(await settleInterrupted(reloaded, { passOrder: interruptedPassOrder(tabs, reloaded) })).toBe(1);
    reloaded.close();
  });

  it('a gift-card sale: settled once every card it sold is announced on one new tab', async () => {
    const dataDir = dirs.make();
    leaveOut(dataDir, 'sale-1', 'giftCardSell', { saleId: 'sale-1', expected: 2, total: 5000, cards: ['old'] });
    const ledger = new RequestLedger({ dataDir, now: () => NOW + 1_000 });
    const card = (key: string, tabId: string, balance: number | null = 2500) =>
      ({ key, locationUuid: 'loc', info: { tabId, balance } }) as unknown as IssuedCard;
    let announced = [card('old', 't-9')];
    const settled: string[] = [];
    const tabs: GiftCardSaleReads = {
      announced: () => announced,
      saleTabIds: () => new Set(['t-sold']),
      locationOf: () => 'loc',
      settle: (saleId, tabId) => {
        settled.push(tabId);
        return { id: saleId, state: 'done', tabId } as GiftCardSale;
      },
    };
    const checks = { giftCardSell: interruptedGiftCardSale(tabs, ledger) };
    // One of its two cards so far; another sale's; and a tab whose card was known before.
    announced = [...announced, card('a', 't-1'), card('s', 't-sold'), card('s2', 't-sold'), card('b', 't-9')];
    expect(await settleInterrupted(ledger, checks)).toBe(1);
    // Two tabs of two new cards each: which one is not known.
    announced = [...announced, card('c', 't-1'), card('d', 't-2'), card('e', 't-2')];
    expect(await settleInterrupted(ledger, checks)).toBe(1);
    // One of them worth another amount: the other is the sale.
    announced = announced.map((c) => (c.key === 'e' ? card('e', 't-2', 5000) : c));
    expect(await settleInterrupted(ledger, checks)).toBe(0);
    expect(settled).toEqual(['t-1']);
    expect(ledger.get('sale-1')).toMatchObject({ state: 'done', outcome: { ok: true, result: { tabId: 't-1' } } });
  });
});
