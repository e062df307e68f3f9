// The reads a repeat of an unknown outcome makes instead of the write ("Check again"): what the
// service says now, given back in the shape the first answer had.
import type { GiftCardSale, PassOrderOutcome, RefundInput } from '../../../shared/tabs';
import type { LedgerChannel } from '../../../shared/contract/semantics';
import type { TabsService } from '../tabs/tabs-service';
import type { LedgerOutcome } from './request-ledger';
import type { OutcomeCheck } from './ledger-handlers';

export function outcomeChecks(tabs: TabsService): Partial<Record<LedgerChannel, OutcomeCheck>> {
  return {
    // The sale's id is its request id: its tab read again for cards, or the sale as it stands.
    giftCardSell: async (args) => {
      const saleId = args[1] as string;
      let sale: GiftCardSale | undefined;
      try {
        sale = await tabs.checkGiftCardsAgain(saleId);
      } catch {
        sale = tabs.snapshot().giftCards.sales.find((s) => s.id === saleId);
      }
      return sale ? ({ ok: true, result: sale } satisfies LedgerOutcome) : null;
    },
    // The service's PAYMENT_REFUNDED events on the tab decide it when exactly one new refund fits.
    tabRefund: async (args) => {
      const settled = tabs.settleUnknownRefund(args[0] as string, args[1] as RefundInput);
      return settled ? { ok: true, result: settled } : null;
    },
    // The pass's spent read again tells a person whether the order landed; it stays "unknown".
    passOrder: async (args, entry) => {
      const first = entry.outcome;
      if (!first?.ok) return null;
      const outcome = first.result as PassOrderOutcome;
      if (outcome.ok) return null;
      const pass = await tabs.lookupPass(args[0] as string);
      return { ok: true, result: { ...outcome, pass } satisfies PassOrderOutcome };
    },
  };
}
