// The reads a repeat of an unknown outcome makes instead of the write ("Check again"): what the
// service says now, given back in the shape the first answer had.
import type { GiftCardSale, PassOrderOutcome, RefundInput } from '../../../shared/tabs';
import type { LedgerChannel } from '../../../shared/contract/semantics';
import type { TabsService } from '../tabs/tabs-service';
import type { LedgerEntry, LedgerOutcome, RequestLedger } from './request-ledger';
import type { LedgerBefore, OutcomeCheck } from './ledger-handlers';
import { interruptedRefund, refundBefore, type InterruptedCheck } from './interrupted';
import { interruptedPassOrder, passOrderBefore, type PassOrderReads } from './interrupted-pass-order';
import { giftCardSaleBefore, interruptedGiftCardSale, type GiftCardSaleReads } from './interrupted-gift-card-sale';

function passOrderReads(tabs: TabsService): PassOrderReads {
  return {
    passTabOf: (xPassId) => tabs.passTabOf(xPassId),
    ordersOf: (tabUuid) => tabs.openTabs.ordersOf(tabUuid),
    factsOf: (uuid) => tabs.openTabs.factsOf(uuid),
    totalInCents: (wire) => tabs.money.read('ORDER_PLACED.total', wire) ?? null,
    lookupPass: (xPassId) => tabs.lookupPass(xPassId),
  };
}

function giftCardSaleReads(tabs: TabsService): GiftCardSaleReads {
  return {
    announced: () => tabs.giftCardEvents.all(),
    saleTabIds: () => new Set(tabs.sales.list().flatMap((s) => (s.tabId ? [s.tabId] : []))),
    locationOf: (saleId) => tabs.sales.get(saleId)?.locationUuid ?? null,
    settle: (saleId, tabId) => tabs.settleSaleByCards(saleId, tabId),
  };
}

/** What the checks after a restart need, taken before each write. */
export function outcomeBefores(tabs: TabsService): Partial<Record<LedgerChannel, LedgerBefore>> {
  return {
    tabRefund: refundBefore((uuid) => tabs.openTabs.tab(uuid)),
    passOrder: passOrderBefore(passOrderReads(tabs)),
    giftCardSell: giftCardSaleBefore(giftCardSaleReads(tabs)),
  };
}

/** The reads that settle a request the app stopped with while it was out (interrupted.ts). */
export function interruptedChecks(
  tabs: TabsService,
  ledger: RequestLedger,
): Partial<Record<LedgerChannel, InterruptedCheck>> {
  return {
    tabRefund: interruptedRefund((uuid) => tabs.openTabs.tab(uuid), ledger),
    passOrder: interruptedPassOrder(passOrderReads(tabs), ledger),
    giftCardSell: interruptedGiftCardSale(giftCardSaleReads(tabs), ledger),
  };
}

export function outcomeChecks(tabs: TabsService, ledger?: RequestLedger): Partial<Record<LedgerChannel, OutcomeCheck>> {
  const afterRestart = ledger ? interruptedChecks(tabs, ledger) : {};
  // A request out when the app stopped: its read after a restart, which decides only one write.
  const restarted = async (channel: LedgerChannel, entry: LedgerEntry) => {
    const check = entry.interrupted ? afterRestart[channel] : undefined;
    return check ? check(entry) : null;
  };
  return {
    // The sale's id is its request id: its tab read again for cards, or the sale as it stands.
    giftCardSell: async (args, entry) => {
      const saleId = args[1] as string;
      if (!tabs.sales.get(saleId)?.tabUuid) {
        const settled = await restarted('giftCardSell', entry).catch(() => null);
        if (settled) return settled;
      }
      let sale: GiftCardSale | undefined;
      try {
        sale = await tabs.checkGiftCardsAgain(saleId);
      } catch {
        sale = tabs.snapshot().giftCards.sales.find((s) => s.id === saleId);
      }
      return sale ? ({ ok: true, result: sale } satisfies LedgerOutcome) : null;
    },
    // The service's PAYMENT_REFUNDED events on the tab decide it when exactly one new refund fits;
    // for a refund out when the app stopped, against the tab's refunds kept with its start.
    tabRefund: async (args, entry) => {
      const settled = tabs.settleUnknownRefund(args[0] as string, args[1] as RefundInput);
      if (settled) return { ok: true, result: settled };
      return restarted('tabRefund', entry);
    },
    // Out when the app stopped: decided as after a restart. Otherwise the pass's spent read again
    // tells a person whether the order landed; it stays "unknown".
    passOrder: async (args, entry) => {
      const settled = await restarted('passOrder', entry).catch(() => null);
      if (settled) return settled;
      const first = entry.outcome;
      if (!first?.ok) return null;
      const outcome = first.result as PassOrderOutcome;
      if (outcome.ok) return null;
      const pass = await tabs.lookupPass(args[0] as string);
      return { ok: true, result: { ...outcome, pass } satisfies PassOrderOutcome };
    },
  };
}
