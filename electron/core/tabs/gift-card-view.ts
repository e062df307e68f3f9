// Joins the sales made here with the cards the service announced, into what the Gift cards screen
// shows. Cards are merged by item id, then by processor account (or last four): a card listed in
// the tab answer and announced again by GIFT_CARD_CREATED is one card, seen twice. A card awaited
// longer than the late threshold is 'late' and stays on screen until it arrives.
import type { GiftCardInfo, GiftCardSale, GiftCardView, GiftCardsView } from '../../../shared/tabs';
import type { StoredSale } from './gift-card-sales';
import { cardIdentity, type IssuedCard } from './gift-card-projection';

const SALES_SHOWN = 50;
const UNMATCHED_SHOWN = 50;

export interface DerivedGiftCards {
  view: GiftCardsView;
  /** The next moment a pending card turns late (unix ms), so the core can push then; null if none. */
  nextLateAt: number | null;
}

/** Event fields win where they say something: the announcement is the service's latest word. */
function merged(answer: GiftCardInfo | null, event: GiftCardInfo | null): GiftCardInfo {
  if (!answer) return event as GiftCardInfo;
  if (!event) return answer;
  const out = { ...answer };
  for (const [key, value] of Object.entries(event) as [keyof GiftCardInfo, GiftCardInfo[keyof GiftCardInfo]][]) {
    if (value !== null) (out as Record<string, unknown>)[key] = value;
  }
  return out;
}

export function deriveGiftCards(
  sales: readonly StoredSale[],
  announced: IssuedCard[],
  now: number,
  lateSeconds: number,
): DerivedGiftCards {
  const lateMs = lateSeconds * 1000;
  const used = new Set<string>();
  const byItem = new Map<string, IssuedCard[]>();
  for (const card of announced) {
    if (!card.info.itemId) continue;
    const list = byItem.get(card.info.itemId) ?? [];
    list.push(card);
    byItem.set(card.info.itemId, list);
  }
  let nextLateAt: number | null = null;
  let pending = 0;
  let late = 0;

  const waiting = (sale: StoredSale, key: string, itemId: string | null, productName: string | null): GiftCardView => {
    const lateAt = sale.createdAt + lateMs;
    const isLate = now >= lateAt;
    if (isLate) late += 1;
    else {
      pending += 1;
      nextLateAt = nextLateAt === null ? lateAt : Math.min(nextLateAt, lateAt);
    }
    return {
      key,
      itemId,
      productName,
      state: isLate ? 'late' : 'pending',
      pendingSince: sale.createdAt,
      issuedAt: null,
      seenIn: [],
      card: null,
    };
  };

  /** Pairs answer cards with event cards of the same identity; each becomes one issued card. */
  const issued = (
    sale: StoredSale,
    productName: string | null,
    answers: GiftCardInfo[],
    events: IssuedCard[],
  ): GiftCardView[] => {
    const out: GiftCardView[] = [];
    const left = [...events];
    for (const answer of answers) {
      const identity = cardIdentity(answer);
      const i = left.findIndex((e) => identity !== null && cardIdentity(e.info) === identity);
      const event = i >= 0 ? left.splice(i, 1)[0] : null;
      if (event) used.add(event.key);
      out.push({
        key: `${sale.id}:${answer.itemId ?? '-'}:${identity ?? out.length}`,
        itemId: answer.itemId,
        productName,
        state: 'issued',
        pendingSince: sale.createdAt,
        issuedAt: event?.issuedAt ?? sale.answeredAt,
        seenIn: event ? ['answer', 'event'] : ['answer'],
        card: merged(answer, event?.info ?? null),
      });
    }
    for (const event of left) {
      used.add(event.key);
      out.push({
        key: `${sale.id}:${event.key}`,
        itemId: event.info.itemId,
        productName,
        state: 'issued',
        pendingSince: sale.createdAt,
        issuedAt: event.issuedAt,
        seenIn: ['event'],
        card: event.info,
      });
    }
    return out;
  };

  const saleView = (sale: StoredSale): GiftCardSale => {
    const cards: GiftCardView[] = [];
    if (sale.state !== 'failed') {
      const answersLeft = [...sale.answerCards];
      for (const item of sale.items) {
        const answers = answersLeft.filter((c) => c.itemId === item.id);
        for (const a of answers) answersLeft.splice(answersLeft.indexOf(a), 1);
        const events = (byItem.get(item.id) ?? []).filter((e) => !used.has(e.key));
        const got = issued(sale, item.name, answers, events);
        cards.push(...got);
        // A real service might issue several cards for one line: wait for as many as the quantity.
        for (let k = got.length; k < item.quantity; k++)
          cards.push(waiting(sale, `${sale.id}:${item.id}:${k}`, item.id, item.name));
      }
      // Answer cards naming no listed item, and, when the answer listed no items, the tab's cards.
      const tabEvents =
        sale.items.length === 0 && sale.tabId
          ? announced.filter((e) => e.info.tabId === sale.tabId && !used.has(e.key))
          : [];
      cards.push(...issued(sale, null, answersLeft, tabEvents));
      if (sale.items.length === 0) {
        const label = sale.lines.length === 1 ? sale.lines[0].label : null;
        for (let k = cards.length; k < sale.expected; k++)
          cards.push(waiting(sale, `${sale.id}:expected:${k}`, null, label));
      }
    }
    return {
      id: sale.id,
      createdAt: sale.createdAt,
      locationUuid: sale.locationUuid,
      spotName: sale.spotName,
      name: sale.name,
      mode: sale.mode,
      paymentType: sale.paymentType,
      state: sale.state,
      message: sale.message,
      problem: sale.problem,
      tabUuid: sale.tabUuid,
      tabId: sale.tabId,
      total: sale.total,
      cards,
    };
  };

  // Oldest first, so an older sale claims its cards before a newer one could.
  const views = sales.map(saleView).reverse().slice(0, SALES_SHOWN);
  const unmatched: GiftCardView[] = announced
    .filter((c) => !used.has(c.key))
    .sort((a, b) => b.issuedAt - a.issuedAt || (a.key < b.key ? -1 : 1))
    .slice(0, UNMATCHED_SHOWN)
    .map((c) => ({
      key: `event:${c.key}`,
      itemId: c.info.itemId,
      productName: null,
      state: 'issued',
      pendingSince: null,
      issuedAt: c.issuedAt,
      seenIn: ['event'],
      card: c.info,
    }));
  return { view: { sales: views, unmatched, lateSeconds, pending, late }, nextLateAt };
}
