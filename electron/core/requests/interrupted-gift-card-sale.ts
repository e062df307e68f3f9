// A gift-card sale the app stopped with while it was out (interrupted.ts): it has no tab uuid, so
// no tab can be read to settle it. GIFT_CARD_CREATED goes only to the integration whose API user
// bought the cards (spec 6.4), so the service's own announcements decide it: exactly one tab whose
// cards were all announced since the sale went out, matched to no other sale, as many as it sold
// and, where the balances are given (cents by the spec), worth what it charged; and no other
// undecided sale of the same cards and total. The sale is then done, its cards matched by that tab
// (and its tab's uuid kept when the board links the cards' order to it: TabsService.settleSaleByCards).
import type { GiftCardSale, GiftCardSaleInput } from '../../../shared/tabs';
import type { IssuedCard } from '../tabs/gift-card-projection';
import type { LedgerBefore } from './ledger-handlers';
import { oneNewWrite, type InterruptedCheck } from './interrupted';
import type { RequestLedger } from './request-ledger';

/** What the sale check needs from the tabs core. */
export interface GiftCardSaleReads {
  announced(): IssuedCard[];
  /** Tab ids that sales kept here already name. */
  saleTabIds(): Set<string>;
  locationOf(saleId: string): string | null;
  settle(saleId: string, tabId: string): GiftCardSale;
}

export interface GiftCardSaleBefore {
  saleId: string;
  expected: number;
  total: number;
  cards: string[];
}

export function giftCardSaleBefore(reads: Pick<GiftCardSaleReads, 'announced' | 'saleTabIds'>): LedgerBefore {
  return (args) => {
    const input = args[0] as GiftCardSaleInput;
    // Cards of a tab a sale here names are never this sale's: only the others need keeping.
    const taken = reads.saleTabIds();
    const kept: GiftCardSaleBefore = {
      saleId: args[1] as string,
      expected: input.lines.reduce((n, l) => n + l.quantity, 0),
      total: input.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0),
      cards: reads
        .announced()
        .filter((c) => !c.info.tabId || !taken.has(c.info.tabId))
        .map((c) => c.key),
    };
    return kept;
  };
}

function asSaleBefore(value: unknown): GiftCardSaleBefore | null {
  const v = value as Partial<GiftCardSaleBefore> | null;
  const ok =
    !!v &&
    typeof v.saleId === 'string' &&
    typeof v.expected === 'number' &&
    typeof v.total === 'number' &&
    Array.isArray(v.cards);
  return ok ? (v as GiftCardSaleBefore) : null;
}

interface TabCards {
  tabId: string;
  cards: IssuedCard[];
}

export function interruptedGiftCardSale(reads: GiftCardSaleReads, ledger: RequestLedger): InterruptedCheck {
  return oneNewWrite<GiftCardSaleBefore, TabCards>(
    {
      channel: 'giftCardSell',
      asked: asSaleBefore,
      rival: (mine, other) => other.expected === mine.expected && other.total === mine.total,
      claims: (_mine, _other, outcome) => {
        const tabId = outcome.ok ? (outcome.result as GiftCardSale | null)?.tabId : null;
        return tabId ? [tabId] : [];
      },
      seen: (mine) => {
        const known = new Set(mine.cards);
        const taken = reads.saleTabIds();
        const location = reads.locationOf(mine.saleId);
        const byTab = new Map<string, IssuedCard[]>();
        for (const card of reads.announced()) {
          const tabId = card.info.tabId;
          if (!tabId || taken.has(tabId) || card.locationUuid !== location) continue;
          byTab.set(tabId, [...(byTab.get(tabId) ?? []), card]);
        }
        // A tab with a card announced before the sale went out is not this sale's.
        return [...byTab]
          .filter(([, cards]) => cards.every((c) => !known.has(c.key)))
          .map(([tabId, cards]) => ({ tabId, cards }));
      },
      id: (t) => t.tabId,
      known: () => [],
      claimed: (t, claims) => claims.has(t.tabId),
      fits: (mine, t) => {
        if (t.cards.length !== mine.expected) return false;
        const balances = t.cards.map((c) => c.info.balance);
        if (balances.some((b) => b === null)) return true;
        return balances.reduce((sum: number, b) => sum + (b as number), 0) === mine.total;
      },
      outcome: (mine, t) => ({ ok: true, result: reads.settle(mine.saleId, t.tabId) }),
    },
    ledger,
  );
}
