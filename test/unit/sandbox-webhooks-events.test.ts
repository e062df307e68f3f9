// The 18 event types (spec 6.4/6.5) as the trigger sends them over real HTTP: every data key with
// its type, the target keys per the 6.5 table, and the type-specific rules (CATEGORY_UPDATED,
// OPTION_GROUP_UPDATED depth, QR_SCANNED throttle, GIFT_CARD_CREATED targeting).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEMO_ACCESS_ID,
  DEMO_ACCESS_SECRET,
  OTHER_ACCESS_ID,
  OTHER_ACCESS_SECRET,
  SEED_LOCATIONS,
  startSandbox,
  type RunningSandbox,
} from '../../electron/sandbox/index';
import { createWebhookControlClient } from '../../electron/sandbox/webhooks/control-client';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../electron/sandbox/webhooks/types';
import { sleep, startReceiver, subscribe, type Receiver } from './sandbox-webhooks-harness';

type Kind = 'string' | 'number' | 'boolean' | 'string[]' | 'object' | 'object[]' | 'string?' | 'number?';

// Spec 6.4, key by key ('?' = string or null / number or null).
const DATA_KEYS: Record<WebhookEventType, Record<string, Kind>> = {
  ITEM_ADDED: {
    orderId: 'string',
    productId: 'string',
    name: 'string',
    productName: 'string',
    categoryName: 'string',
    quantity: 'number',
    price: 'number',
    tags: 'string[]',
    tabId: 'string',
    tabUuid: 'string',
  },
  ITEM_REMOVED: {
    orderId: 'string',
    name: 'string',
    productName: 'string',
    quantity: 'number',
    price: 'number',
    tags: 'string[]',
    tabId: 'string',
    tabUuid: 'string',
  },
  ITEM_VOIDED: { orderId: 'string' },
  ITEM_COMPED: { orderId: 'string' },
  OPEN_TAB: { name: 'string', spotName: 'string', total: 'number', openedFrom: 'string' },
  CLOSE_TAB: {},
  ORDER_PLACED: {
    created: 'string',
    orderName: 'string',
    scheduled: 'boolean',
    zoneName: 'string',
    spotName: 'string',
    zoneTags: 'string[]',
    zoneGroupName: 'string',
    total: 'number',
    tabUuid: 'string',
    itemNames: 'string[]',
    itemTags: 'string[]',
    categoryNames: 'string[]',
  },
  PAYMENT_REFUNDED: {
    tabId: 'string',
    tabUuid: 'string',
    refundPaymentId: 'string',
    refundType: 'string',
    refundAmount: 'number',
    refundSubtotal: 'number',
    refundTip: 'number',
    refundCustomerFee: 'number',
    itemCount: 'number',
    gateway: 'string',
    paymentType: 'string',
  },
  GUEST_VERIFIED: { oldCustomerId: 'string', isFirstTime: 'boolean' },
  GUEST_SUBSCRIBED: { handle: 'string' },
  GUEST_UNSUBSCRIBED: { handle: 'string' },
  MENU_UPDATED: {},
  PRODUCT_UPDATED: {},
  CATEGORY_UPDATED: { cause: 'object' },
  LOCATION_UPDATED: {},
  OPTION_GROUP_UPDATED: {
    optionGroupUuid: 'string',
    optionGroupName: 'string',
    userId: 'string',
    action: 'string',
    optionGroups: 'object[]',
  },
  QR_SCANNED: { type: 'string', targetName: 'string', entryPoint: 'string' },
  GIFT_CARD_CREATED: {
    processorAccountUuid: 'string?',
    giftCardNumber: 'string?',
    lastFour: 'string?',
    balance: 'number?',
    giftCardType: 'string?',
    gateway: 'string',
    redemptionUrl: 'string?',
    claimUrl: 'string?',
    tabId: 'string',
    itemId: 'string?',
    orderId: 'string?',
    customerProfileUuid: 'string?',
  },
};

// Spec 6.5: which target key each type carries.
const TARGETS: Record<WebhookEventType, 'uuid' | 'id' | 'null+id' | 'both'> = {
  ITEM_ADDED: 'uuid',
  ITEM_REMOVED: 'uuid',
  ITEM_VOIDED: 'id',
  ITEM_COMPED: 'id',
  OPEN_TAB: 'uuid',
  CLOSE_TAB: 'uuid',
  ORDER_PLACED: 'uuid',
  PAYMENT_REFUNDED: 'id',
  GUEST_VERIFIED: 'uuid',
  GUEST_SUBSCRIBED: 'uuid',
  GUEST_UNSUBSCRIBED: 'uuid',
  MENU_UPDATED: 'uuid',
  PRODUCT_UPDATED: 'uuid',
  CATEGORY_UPDATED: 'null+id',
  LOCATION_UPDATED: 'uuid',
  OPTION_GROUP_UPDATED: 'uuid',
  QR_SCANNED: 'id',
  GIFT_CARD_CREATED: 'both',
};

function kindOf(v: unknown): Kind[] {
  if (v === null) return ['string?', 'number?'];
  if (Array.isArray(v))
    return v.every((x) => typeof x === 'string')
      ? ['string[]', ...(v.length === 0 ? (['object[]'] as Kind[]) : [])]
      : v.every((x) => typeof x === 'object' && x !== null)
        ? ['object[]']
        : [];
  if (typeof v === 'string') return ['string', 'string?'];
  if (typeof v === 'number') return ['number', 'number?'];
  if (typeof v === 'boolean') return ['boolean'];
  if (typeof v === 'object') return ['object'];
  return [];
}

let sb: RunningSandbox;
let rx: Receiver;
const hooks = () => createWebhookControlClient(sb.baseUrl);

beforeAll(async () => {
  sb = await startSandbox({ now: () => Date.UTC(2030, 0, 1) });
});
afterAll(() => sb.close());
beforeEach(async () => {
  sb.world.reset();
  rx = await startReceiver();
  await subscribe(sb, DEMO_ACCESS_ID, DEMO_ACCESS_SECRET, [SEED_LOCATIONS.harbour, SEED_LOCATIONS.garden]);
  await hooks().registerEndpoint({ accessId: DEMO_ACCESS_ID, url: rx.url, eventTypes: [...WEBHOOK_EVENT_TYPES] });
});
afterEach(() => rx.close());

describe('default data of each type', () => {
  it('all 18 types arrive with every 6.4 key, of its type, and the 6.5 targets', async () => {
    for (const type of WEBHOOK_EVENT_TYPES) await hooks().trigger({ type });
    const got = await rx.waitFor(WEBHOOK_EVENT_TYPES.length);
    const byType = new Map(got.map((r) => [r.json.type as WebhookEventType, r]));
    expect([...byType.keys()].sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    for (const type of WEBHOOK_EVENT_TYPES) {
      const r = byType.get(type)!;
      const data = r.json.data as Record<string, unknown>;
      expect(Object.keys(data).sort(), type).toEqual(Object.keys(DATA_KEYS[type]).sort());
      for (const [key, kind] of Object.entries(DATA_KEYS[type]))
        expect(kindOf(data[key]), `${type}.${key}`).toContain(kind);

      const t = TARGETS[type];
      const uuidHeader = r.headers['x-service-event-target-uuid'];
      const idHeader = r.headers['x-service-event-target-id'];
      if (t === 'uuid') {
        expect(typeof r.json.targetUuid, type).toBe('string');
        expect('targetId' in r.json, type).toBe(false);
        expect(uuidHeader).toBe(r.json.targetUuid);
        expect(idHeader).toBeUndefined();
      } else if (t === 'id') {
        expect(typeof r.json.targetId, type).toBe('string');
        expect('targetUuid' in r.json, type).toBe(false);
        expect(idHeader).toBe(r.json.targetId);
      } else if (t === 'null+id') {
        expect(r.json.targetUuid).toBeNull();
        expect(typeof r.json.targetId).toBe('string');
        expect(uuidHeader).toBeUndefined();
      } else {
        expect(r.json.targetUuid).toBe(data.processorAccountUuid);
        expect(r.json.targetId).toBe(data.itemId);
      }
    }
    // Realistic: seeded names and IDs, LOCATION_UPDATED targets the location.
    const added = byType.get('ITEM_ADDED')!.json.data as Record<string, unknown>;
    const venue = (await (await fetch(`${sb.baseUrl}/_sandbox/venue`)).json()) as {
      products: Array<{ id: string; name: string }>;
    };
    expect(venue.products.find((p) => p.id === added.productId)?.name).toBe(added.name);
    expect(byType.get('LOCATION_UPDATED')!.json.targetUuid).toBe(SEED_LOCATIONS.harbour);
    expect((byType.get('QR_SCANNED')!.json.data as Record<string, unknown>).type).toBe('SPOT');
  });

  it('merges the given data over the defaults and keeps the given targets', async () => {
    const t = await hooks().trigger({ type: 'OPEN_TAB', targetUuid: 'tab-uuid-1', data: { name: 'VIP', extra: [1] } });
    const [r] = await rx.waitFor(1);
    expect(r.json.targetUuid).toBe('tab-uuid-1');
    expect(r.json.data).toMatchObject({ name: 'VIP', extra: [1], openedFrom: 'SERVICE_MENU', total: 0 });
    expect(t.throttled).toBe(false);
  });

  it('refuses targets the type does not carry, unknown types and locations', async () => {
    await expect(hooks().trigger({ type: 'ITEM_VOIDED', targetUuid: 'x' })).rejects.toMatchObject({ status: 400 });
    await expect(hooks().trigger({ type: 'ITEM_ADDED', targetId: '1' })).rejects.toMatchObject({ status: 400 });
    await expect(hooks().trigger({ type: 'NOPE' as WebhookEventType })).rejects.toMatchObject({ status: 400 });
    await expect(hooks().trigger({ type: 'ITEM_ADDED', locationUuid: 'nowhere' })).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('CATEGORY_UPDATED', () => {
  it('has a null targetUuid, a targetId and a cause object (PRODUCT_UPDATED by default)', async () => {
    await hooks().trigger({ type: 'CATEGORY_UPDATED', targetId: '3102' });
    const [r] = await rx.waitFor(1);
    expect(r.json.targetUuid).toBeNull();
    expect(r.json.targetId).toBe('3102');
    expect((r.json.data as { cause: { type: string } }).cause.type).toBe('PRODUCT_UPDATED');
  });

  it('refuses a targetUuid or a cause that is not an object with a type', async () => {
    await expect(hooks().trigger({ type: 'CATEGORY_UPDATED', targetUuid: 'abc' })).rejects.toMatchObject({
      status: 400,
    });
    await expect(
      hooks().trigger({ type: 'CATEGORY_UPDATED', data: { cause: 'PRODUCT_UPDATED' } }),
    ).rejects.toMatchObject({ status: 400 });
    const ok = await hooks().trigger({ type: 'CATEGORY_UPDATED', data: { cause: { type: 'CATEGORY_UPDATED' } } });
    expect(ok.throttled).toBe(false);
  });
});

describe('OPTION_GROUP_UPDATED', () => {
  const entry = (depth: number, extra: Record<string, unknown> = {}) => ({
    optionGroupHash: `h${depth}`,
    name: `G${depth}`,
    depth,
    options: [],
    ...extra,
  });

  it('accepts nesting depth 2 and refuses deeper with 400', async () => {
    const ok = await hooks().trigger({
      type: 'OPTION_GROUP_UPDATED',
      data: { optionGroups: [entry(0), entry(1), entry(2)] },
    });
    expect(ok.throttled).toBe(false);
    await expect(
      hooks().trigger({ type: 'OPTION_GROUP_UPDATED', data: { optionGroups: [entry(0), entry(3)] } }),
    ).rejects.toMatchObject({ status: 400 });
    // Structural nesting counts too: 0 → 1 → 2 → 3.
    const nested = [entry(0, { optionGroups: [entry(1, { optionGroups: [entry(2, { optionGroups: [entry(3)] })] })] })];
    await expect(
      hooks().trigger({ type: 'OPTION_GROUP_UPDATED', data: { optionGroups: nested } }),
    ).rejects.toMatchObject({ status: 400 });
    const [r] = await rx.waitFor(1);
    const groups = (r.json.data as { optionGroups: Array<{ depth: number }> }).optionGroups;
    expect(Math.max(...groups.map((g) => g.depth))).toBe(2);
    await sleep(50);
    expect(rx.requests).toHaveLength(1);
  });

  it('emit trims entries deeper than 2 instead of failing its caller', async () => {
    sb.world.webhooks.emit({
      type: 'OPTION_GROUP_UPDATED',
      locationUuid: SEED_LOCATIONS.harbour,
      targetUuid: 'og-1',
      data: {
        optionGroupUuid: 'og-1',
        optionGroupName: 'x',
        userId: '2001',
        action: 'deleted',
        optionGroups: [entry(0), entry(3)],
      },
    });
    const [r] = await rx.waitFor(1);
    expect((r.json.data as { optionGroups: unknown[] }).optionGroups).toEqual([entry(0)]);
  });
});

describe('QR_SCANNED throttle (one per 5 minutes per customer per target, sandbox clock)', () => {
  it('throttles the same customer at the same spot, not others, and lets it through after 5 minutes', async () => {
    const scan = (customerId: string, targetId = '7101') =>
      hooks().trigger({ type: 'QR_SCANNED', targetId, customerId });
    expect((await scan('c1')).throttled).toBe(false);
    const again = await scan('c1');
    expect(again).toEqual({ throttled: true, eventId: null, deliveries: [] });
    expect((await scan('c2')).throttled).toBe(false);
    expect((await scan('c1', '7102')).throttled).toBe(false);
    sb.world.clock.advanceMs(4 * 60_000 + 59_000);
    expect((await scan('c1')).throttled).toBe(true);
    sb.world.clock.advanceMs(1000);
    expect((await scan('c1')).throttled).toBe(false);
    await rx.waitFor(4);
    await sleep(50);
    expect(rx.requests).toHaveLength(4);
  });

  it('reads the customer from data too, and applies to emit', async () => {
    const first = await hooks().trigger({ type: 'QR_SCANNED', data: { customerId: 'd1' } });
    expect(first.throttled).toBe(false);
    expect((await hooks().trigger({ type: 'QR_SCANNED', data: { customerId: 'd1' } })).throttled).toBe(true);
    const spot = first.throttled ? '' : (first.envelope.targetId as string);
    sb.world.webhooks.emit({
      type: 'QR_SCANNED',
      locationUuid: SEED_LOCATIONS.harbour,
      targetId: spot,
      customerId: 'd1',
      data: { type: 'SPOT', targetName: 'x', entryPoint: 'y' },
    });
    await rx.waitFor(1);
    await sleep(80);
    expect(rx.requests).toHaveLength(1);
  });
});

describe('GIFT_CARD_CREATED goes only to the buying integration', () => {
  it('onlyAccessId picks the integration; a trigger without one goes to the demo integration; emit without one to nobody', async () => {
    const rx2 = await startReceiver('/other');
    try {
      await subscribe(sb, OTHER_ACCESS_ID, OTHER_ACCESS_SECRET, [SEED_LOCATIONS.harbour]);
      await hooks().registerEndpoint({
        accessId: OTHER_ACCESS_ID,
        url: rx2.url,
        eventTypes: ['GIFT_CARD_CREATED', 'MENU_UPDATED'],
      });

      const toOther = await hooks().trigger({ type: 'GIFT_CARD_CREATED', onlyAccessId: OTHER_ACCESS_ID });
      expect(toOther.deliveries.map((d) => d.accessId)).toEqual([OTHER_ACCESS_ID]);
      const [r2] = await rx2.waitFor(1);
      expect(r2.headers['x-service-application-id']).toBe(OTHER_ACCESS_ID);

      const toDemo = await hooks().trigger({ type: 'GIFT_CARD_CREATED' });
      expect(toDemo.deliveries.map((d) => d.accessId)).toEqual([DEMO_ACCESS_ID]);
      const [r1] = await rx.waitFor(1);
      expect(r1.json.type).toBe('GIFT_CARD_CREATED');

      sb.world.webhooks.emit({
        type: 'GIFT_CARD_CREATED',
        locationUuid: SEED_LOCATIONS.harbour,
        targetUuid: null,
        targetId: '1',
        data: { gateway: 'GATEWAY_A' },
      });
      // Other types still reach everyone subscribed.
      await hooks().trigger({ type: 'MENU_UPDATED' });
      await rx.waitFor(2);
      await rx2.waitFor(2);
      await sleep(50);
      expect(rx.requests.map((r) => r.json.type)).toEqual(['GIFT_CARD_CREATED', 'MENU_UPDATED']);
      expect(rx2.requests.map((r) => r.json.type)).toEqual(['GIFT_CARD_CREATED', 'MENU_UPDATED']);
      await expect(hooks().trigger({ type: 'GIFT_CARD_CREATED', onlyAccessId: 'ghost' })).rejects.toMatchObject({
        status: 404,
      });
    } finally {
      await rx2.close();
    }
  });

  it('a third-party card has a null processorAccountUuid and targetUuid', async () => {
    await hooks().trigger({
      type: 'GIFT_CARD_CREATED',
      data: { processorAccountUuid: null, gateway: 'GATEWAY_B', redemptionUrl: null },
    });
    const [r] = await rx.waitFor(1);
    expect(r.json.targetUuid).toBeNull();
    expect(r.headers['x-service-event-target-uuid']).toBeUndefined();
    expect(r.headers['x-service-event-target-id']).toBe((r.json.data as { itemId: string }).itemId);
  });
});
