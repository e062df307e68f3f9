// Realistic default events for POST /_sandbox/webhooks/trigger (like a CLI's `trigger`): every key
// of spec 6.4 with its type, built from the seeded catalog of the chosen location so names, tags and
// IDs line up with GET /_sandbox/venue. Transient things (items, orders, tabs, payments, guests)
// get fresh IDs each call, so two triggers are two different events.
//
// Money: the spec only says "number" (it names cents only for gift card balances and spend
// limits); the sandbox sends integer cents everywhere, as its catalog stores them.
import { randomInt, randomUUID } from 'node:crypto';
import type { Product } from '../model';
import type { SandboxWorld } from '../world';
import type { WebhookEventType } from './types';

export interface EventParts {
  targetUuid: string | null | undefined;
  targetId: string | null | undefined;
  data: Record<string, unknown>;
}

const numericId = () => String(randomInt(100_000, 1_000_000));

/** Fixed per location, because the seed has no menus or option groups yet (stable across triggers). */
function locationScopedUuid(prefix: string, world: SandboxWorld, locationUuid: string): string {
  const n = [...world.locations.keys()].indexOf(locationUuid) + 1;
  return `${prefix}000000-0000-4000-8000-${String(Math.max(n, 0)).padStart(12, '0')}`;
}

function catalog(world: SandboxWorld, locationUuid: string) {
  const products = world.products.filter((p) => p.locationUuid === locationUuid);
  const fallback: Product = {
    uuid: randomUUID(),
    id: numericId(),
    name: 'House Special',
    priceCents: 1000,
    categoryUuid: randomUUID(),
    category: 'Specials',
    locationUuid,
    tags: [],
    giftCard: null,
  };
  const items = products.filter((p) => p.giftCard === null);
  const item = items[0] ?? fallback;
  const second = items[1] ?? item;
  const giftCard = products.find((p) => p.giftCard?.gateway === 'INTERNAL') ?? products.find((p) => p.giftCard) ?? null;
  const spot = world.spots.find((s) => s.locationUuid === locationUuid);
  const zone =
    world.zones.find((z) => z.uuid === spot?.zoneUuid) ?? world.zones.find((z) => z.locationUuid === locationUuid);
  const category = world.categories.find((c) => c.uuid === item.categoryUuid);
  return { item, second, giftCard, spot, zone, category };
}

function optionGroups() {
  const group = (hash: string, name: string, depth: number, options: string[]) => ({
    optionGroupHash: hash,
    name,
    depth,
    options: options.map((o, i) => ({ optionHash: `${hash}-o${i + 1}`, name: o })),
  });
  return [
    group('og-milk', 'Milk choice', 0, ['Whole', 'Oat']),
    group('og-oat-brand', 'Oat milk brand', 1, ['Barista', 'Light']),
    group('og-foam', 'Foam', 2, ['Extra foam', 'No foam']),
  ];
}

/** Default targets and data of one type at one location. `nowMs` is the sandbox clock. */
export function defaultEventParts(
  world: SandboxWorld,
  type: WebhookEventType,
  locationUuid: string,
  nowMs: number,
): EventParts {
  const { item, second, giftCard, spot, zone, category } = catalog(world, locationUuid);
  const tab = { id: numericId(), uuid: randomUUID() };
  const orderId = numericId();
  const u = (targetUuid: string | null, data: Record<string, unknown> = {}): EventParts => ({
    targetUuid,
    targetId: undefined,
    data,
  });
  const i = (targetId: string, data: Record<string, unknown> = {}): EventParts => ({
    targetUuid: undefined,
    targetId,
    data,
  });

  switch (type) {
    case 'ITEM_ADDED':
      return u(randomUUID(), {
        orderId,
        productId: item.id,
        name: item.name,
        productName: item.name,
        categoryName: item.category,
        quantity: 1,
        price: item.priceCents,
        tags: [...item.tags],
        tabId: tab.id,
        tabUuid: tab.uuid,
      });
    case 'ITEM_REMOVED':
      return u(randomUUID(), {
        orderId,
        name: item.name,
        productName: item.name,
        quantity: 1,
        price: item.priceCents,
        tags: [...item.tags],
        tabId: tab.id,
        tabUuid: tab.uuid,
      });
    case 'ITEM_VOIDED':
    case 'ITEM_COMPED':
      return i(numericId(), { orderId });
    case 'OPEN_TAB':
      return u(tab.uuid, { name: 'Jamie R.', spotName: spot?.name ?? 'Bar', total: 0, openedFrom: 'SERVICE_MENU' });
    case 'CLOSE_TAB':
      return u(tab.uuid);
    case 'ORDER_PLACED':
      return u(randomUUID(), {
        created: new Date(nowMs).toISOString(),
        orderName: `#${orderId.slice(-4)}`,
        scheduled: false,
        zoneName: zone?.name ?? '',
        spotName: spot?.name ?? '',
        zoneTags: [...(zone?.tags ?? [])],
        zoneGroupName: zone?.groupName ?? '',
        // Includes 8 % tax, as totals in the spec include taxes and fees.
        total: Math.round((item.priceCents + second.priceCents) * 1.08),
        tabUuid: tab.uuid,
        itemNames: [item.name, second.name],
        itemTags: [...new Set([...item.tags, ...second.tags])],
        categoryNames: [...new Set([item.category, second.category])],
      });
    case 'PAYMENT_REFUNDED':
      return i(numericId(), {
        tabId: tab.id,
        tabUuid: tab.uuid,
        refundPaymentId: numericId(),
        refundType: 'open',
        refundAmount: 1250,
        refundSubtotal: 1000,
        refundTip: 200,
        refundCustomerFee: 50,
        itemCount: 0,
        gateway: 'INTERNAL',
        paymentType: 'CARD',
      });
    case 'GUEST_VERIFIED':
      return u(randomUUID(), { oldCustomerId: numericId(), isFirstTime: true });
    case 'GUEST_SUBSCRIBED':
    case 'GUEST_UNSUBSCRIBED':
      return u(randomUUID(), { handle: '+15555550123' });
    case 'MENU_UPDATED':
      return u(locationScopedUuid('8e', world, locationUuid));
    case 'PRODUCT_UPDATED':
      return u(item.uuid);
    case 'CATEGORY_UPDATED':
      return {
        targetUuid: null,
        targetId: category?.id ?? numericId(),
        data: { cause: { type: 'PRODUCT_UPDATED', targetUuid: item.uuid, productId: item.id, productName: item.name } },
      };
    case 'LOCATION_UPDATED':
      return u(locationUuid);
    case 'OPTION_GROUP_UPDATED': {
      const groupUuid = locationScopedUuid('9f', world, locationUuid);
      return u(groupUuid, {
        optionGroupUuid: groupUuid,
        optionGroupName: 'Milk choice',
        userId: '2001',
        action: 'updated',
        optionGroups: optionGroups(),
      });
    }
    case 'QR_SCANNED':
      return i(spot?.id ?? numericId(), { type: 'SPOT', targetName: spot?.name ?? 'Table', entryPoint: 'QR_CODE' });
    case 'GIFT_CARD_CREATED':
      return giftCardParts(giftCard, tab.id, orderId);
  }
}

function giftCardParts(product: Product | null, tabId: string, orderId: string): EventParts {
  const internal = (product?.giftCard?.gateway ?? 'INTERNAL') === 'INTERNAL';
  const processorAccountUuid = internal ? randomUUID() : null;
  const itemId = numericId();
  // randomInt only spans 2^48, so a 16-digit card number is built from two halves.
  const number = `${randomInt(10_000_000, 100_000_000)}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
  return {
    targetUuid: processorAccountUuid,
    targetId: itemId,
    data: {
      processorAccountUuid,
      giftCardNumber: number,
      lastFour: number.slice(-4),
      balance: product?.priceCents ?? 2500,
      giftCardType: product?.giftCard?.giftCardType ?? 'DIGITAL',
      gateway: product?.giftCard?.gateway ?? 'INTERNAL',
      redemptionUrl: internal ? `https://gift.example.test/redeem/${processorAccountUuid}` : null,
      claimUrl: null,
      tabId,
      itemId,
      orderId,
      customerProfileUuid: randomUUID(),
    },
  };
}
