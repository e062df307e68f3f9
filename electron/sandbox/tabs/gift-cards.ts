// Gift-card issuance. Cards are issued asynchronously after their order is placed (paid or not):
// a real processor takes a moment, and the client must cope with cards that arrive late or never.
// GIFT_CARD_CREATED goes only to the integration whose API user placed the order; guest and POS
// purchases are issued silently (spec 6.4: "delivered to nobody").
import { randomInt, randomUUID } from 'node:crypto';
import type { SandboxWorld } from '../world';
import { emitEvent } from './emit';
import { giftCardCreatedEvent } from './event-data';
import type { GiftCardRecord, ItemRecord, OrderRecord, TabRecord } from './types';

const digits = (n: number) => Array.from({ length: n }, () => String(randomInt(10))).join('');

/** Creates a pending card for every gift-card item of the order and schedules its issuance. */
export function createGiftCards(
  world: SandboxWorld,
  tab: TabRecord,
  order: OrderRecord,
  items: ItemRecord[],
): GiftCardRecord[] {
  const store = world.tabs;
  const cards: GiftCardRecord[] = [];
  for (const item of items) {
    const product = world.products.find((p) => p.uuid === item.productUuid);
    if (!product?.giftCard) continue;
    const card: GiftCardRecord = {
      itemId: item.id,
      orderId: order.id,
      tabId: tab.id,
      tabUuid: tab.uuid,
      locationUuid: tab.locationUuid,
      source: order.source,
      state: 'pending',
      held: false,
      processorAccountUuid: null,
      giftCardNumber: null,
      lastFour: null,
      balance: item.price,
      giftCardType: product.giftCard.giftCardType,
      gateway: product.giftCard.gateway,
      redemptionUrl: null,
      claimUrl: null,
      customerProfileUuid: tab.customerProfileUuid,
      createdAtMs: order.createdAtMs,
      issuedAtMs: null,
    };
    store.giftCards.set(card.itemId, card);
    cards.push(card);
    schedule(world, card);
  }
  return cards;
}

function schedule(world: SandboxWorld, card: GiftCardRecord): void {
  const store = world.tabs;
  const fault = store.giftCardFault;
  if (fault?.mode === 'never-issue') {
    card.held = true;
    return;
  }
  const { minDelayMs, maxDelayMs } = store.giftCardTiming;
  const delay =
    fault?.mode === 'slow' ? fault.delayMs : minDelayMs + Math.random() * Math.max(0, maxDelayMs - minDelayMs);
  store.setTimer(Math.round(delay), () => issueCard(world, card));
}

/** Fills in the processor's answer and tells the buyer's integration (if an API user bought it). */
export function issueCard(world: SandboxWorld, card: GiftCardRecord): void {
  if (card.state === 'issued' || world.tabs.giftCards.get(card.itemId) !== card) return;
  if (card.gateway === 'INTERNAL') {
    const number = `6036${digits(12)}`;
    card.processorAccountUuid = randomUUID();
    card.giftCardNumber = number;
    card.lastFour = number.slice(-4);
    card.redemptionUrl = `https://gift.example.test/redeem/${card.processorAccountUuid}`;
    // A digital card is sent to its recipient, who has to claim it; a physical one is handed over.
    card.claimUrl = card.giftCardType === 'DIGITAL' ? `https://gift.example.test/claim/${randomUUID()}` : null;
  } else {
    // Third-party processors keep the account on their side: only the last four digits come back.
    card.lastFour = digits(4);
  }
  card.state = 'issued';
  card.held = false;
  card.issuedAtMs = world.clock.nowMs();
  if (card.source.kind === 'api') emitEvent(world, giftCardCreatedEvent(card, card.source.accessId));
  world.tabs.notifyChange();
}

/** Issues every card held by the never-issue fault (the "late card finally arrives" moment). */
export function releaseHeldCards(world: SandboxWorld): number {
  const held = [...world.tabs.giftCards.values()].filter((c) => c.held && c.state === 'pending');
  for (const card of held) issueCard(world, card);
  return held.length;
}

/**
 * Resolves when every listed card is issued, after capMs real milliseconds, or when the store is
 * reset, whichever comes first. The caller then answers with whatever has been issued.
 */
export function waitForCards(world: SandboxWorld, itemIds: string[], capMs: number): Promise<void> {
  const store = world.tabs;
  const done = () => itemIds.every((id) => store.giftCards.get(id)?.state !== 'pending');
  if (done()) return Promise.resolve();
  return new Promise((resolve) => {
    const finish = () => {
      unsubscribe();
      clearTimeout(cap);
      resolve();
    };
    const unsubscribe = store.onChange(() => {
      if (done()) finish();
    });
    const cap = setTimeout(finish, capMs);
    cap.unref();
  });
}
