// GIFT_CARD_CREATED, kept per card. The sandbox announces a card even when the tab answer already
// listed it, and deliveries repeat and reorder (6.3), so a card is keyed by what identifies it
// (item id, then processor account, then last four) and the latest announcement wins by rank:
// the same set of events always gives the same cards, and applying one twice changes nothing.
// The card number is dropped on the way in (only the last four digits are kept).
import type { GiftCardInfo } from '../../../shared/tabs';
import type { AcceptedEvent } from '../../../shared/webhooks';
import type { Projection } from '../webhooks';
import { isLater, rankOf, type Rank } from './ranked';
import { mapCheckpoint } from '../webhooks/checkpoint-codec';

const FORMAT = 'gift-cards/1';

export interface IssuedCard {
  key: string;
  info: GiftCardInfo;
  /** The event's createdAt (unix ms): when the service issued it. */
  issuedAt: number;
  locationUuid: string | null;
  rank: Rank;
}

/** What pairs an answer's card with its event: the processor account, or the last four for third-party cards. */
export function cardIdentity(info: GiftCardInfo): string | null {
  if (info.processorAccountUuid) return `pa:${info.processorAccountUuid}`;
  if (info.lastFour) return `l4:${info.lastFour}`;
  return null;
}

export class GiftCardProjection implements Projection {
  readonly name = 'gift-cards';
  readonly types: ReadonlySet<string> = new Set(['GIFT_CARD_CREATED']);
  private readonly cards = new Map<string, IssuedCard>();

  apply(event: AcceptedEvent): void {
    if (event.type !== 'GIFT_CARD_CREATED') return;
    const d = event.data;
    const info: GiftCardInfo = {
      processorAccountUuid: d.processorAccountUuid ?? event.targetUuid ?? null,
      lastFour: d.lastFour,
      balance: d.balance,
      giftCardType: d.giftCardType,
      gateway: d.gateway,
      redemptionUrl: d.redemptionUrl,
      claimUrl: d.claimUrl ?? null,
      tabId: d.tabId,
      itemId: d.itemId ?? event.targetId ?? null,
      orderId: d.orderId,
    };
    const key = `${info.itemId ?? '-'}|${cardIdentity(info) ?? `ev:${event.dedupeKey}`}`;
    const rank = rankOf(event);
    const current = this.cards.get(key);
    if (current && !isLater(rank, current.rank)) return;
    this.cards.set(key, { key, info, issuedAt: rank[0], locationUuid: event.locationUuid, rank });
  }

  // Checkpoints (projection-checkpoint.ts): the one map is the whole state.
  private readonly saved = mapCheckpoint(this.cards, FORMAT, 'cards');
  readonly snapshot = this.saved.snapshot;
  readonly restore = this.saved.restore;
  readonly reset = this.saved.reset;

  /** Every card announced, in key order. */
  all(): IssuedCard[] {
    return [...this.cards.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }
}
