// Gift cards bought on tabs: waitForProcessorAccounts, issuance faults (slow, never-issue, release),
// internal vs third-party shapes, and who receives GIFT_CARD_CREATED (only the buyer's integration).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEMO_ACCESS_ID,
  OTHER_ACCESS_ID,
  OTHER_ACCESS_SECRET,
  SEED_LOCATIONS,
  SEED_USERS,
} from '../../electron/sandbox/index';
import {
  call,
  clientToken,
  DATA_KEYS,
  expectSpecEvent,
  ofType,
  startHarness,
  until,
  userToken,
  type Harness,
  type Json,
} from './sandbox-tabs-helpers';

let h: Harness;
let token: string;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(async () => {
  h.reset();
  token = await clientToken(h.sb);
});

const { harbour } = SEED_LOCATIONS;
const BAR_1 = '5b000000-0000-4000-8000-000000000001';
const GC25 = '3d000000-0000-4000-8000-000000000008';
const PLASTIC = '3d000000-0000-4000-8000-000000000010';
const PARTNER = '3d000000-0000-4000-8000-000000000011';
const LAGER = '3d000000-0000-4000-8000-000000000003';

/** Pays and closes in the same request: the only case waitForProcessorAccounts waits for. */
function buy(
  items: Array<{ product_uuid: string; quantity?: number }>,
  prices: number,
  extra: Record<string, unknown> = {},
  t = token,
) {
  return call(h.sb, t, 'POST', `/api/loc/${harbour}/tabs`, {
    spot_uuid: BAR_1,
    items,
    payments: [{ amount: prices }],
    openTab: false,
    waitForProcessorAccounts: true,
    ...extra,
  });
}

describe('waitForProcessorAccounts: true on a paid tab', () => {
  it('answers with every card: one per unit, internal and third-party shapes', async () => {
    const res = await buy(
      [
        { product_uuid: GC25, quantity: 2 },
        { product_uuid: PLASTIC },
        { product_uuid: PARTNER },
        { product_uuid: LAGER },
      ],
      2 * 2500 + 10000 + 2500 + 800,
    );
    expect(res.status).toBe(201);
    const tab = res.body.tab;
    const cards: Json[] = res.body.processorAccounts;
    expect(cards).toHaveLength(4);
    for (const c of cards) expect(Object.keys(c).sort()).toEqual([...DATA_KEYS.GIFT_CARD_CREATED].sort());
    const itemIds = tab.items.filter((i: Json) => i.productUuid !== LAGER).map((i: Json) => i.id);
    expect(cards.map((c) => c.itemId)).toEqual(itemIds);
    expect(new Set(itemIds).size).toBe(4);

    const [d1, d2, plastic, partner] = cards;
    for (const c of [d1, d2]) {
      expect(c).toMatchObject({
        gateway: 'INTERNAL',
        giftCardType: 'DIGITAL',
        balance: 2500,
        tabId: tab.id,
        orderId: tab.orders[0].id,
        customerProfileUuid: null,
      });
      expect(c.processorAccountUuid).toMatch(/^[0-9a-f-]{36}$/);
      expect(c.giftCardNumber).toMatch(/^\d{16}$/);
      expect(c.lastFour).toBe(c.giftCardNumber.slice(-4));
      expect(c.redemptionUrl).toContain(c.processorAccountUuid);
      expect(c.claimUrl).toMatch(/^https:\/\//);
    }
    expect(d1.processorAccountUuid).not.toBe(d2.processorAccountUuid);
    expect(plastic).toMatchObject({ gateway: 'INTERNAL', giftCardType: 'PHYSICAL', balance: 10000, claimUrl: null });
    expect(plastic.redemptionUrl).not.toBeNull();
    expect(partner).toMatchObject({
      gateway: 'GATEWAY_A',
      giftCardType: 'PARTNER',
      balance: 2500,
      processorAccountUuid: null,
      giftCardNumber: null,
      redemptionUrl: null,
      claimUrl: null,
    });
    expect(partner.lastFour).toMatch(/^\d{4}$/);

    // Each card is also announced, to the buyer's integration only, with the same data.
    const created = ofType(h.events, 'GIFT_CARD_CREATED');
    expect(created).toHaveLength(4);
    for (const e of created) {
      const card = cards.find((c) => c.itemId === e.targetId);
      expect(e.data).toEqual(card);
      expect(e.targetUuid).toBe(card.processorAccountUuid);
      expect(e.onlyAccessId).toBe(DEMO_ACCESS_ID);
      expectSpecEvent(e);
    }
  });

  it('a paid tab without gift cards gets an empty processorAccounts', async () => {
    const res = await buy([{ product_uuid: LAGER }], 800);
    expect(res.body.processorAccounts).toEqual([]);
  });

  it('waits for slow issuance', async () => {
    await h.control.giftCardFault({ mode: 'slow', delayMs: 150 });
    const started = Date.now();
    const res = await buy([{ product_uuid: GC25 }], 2500);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(res.body.processorAccounts).toHaveLength(1);
  });

  it('never-issue: answers at the cap with what exists; release delivers the late card', async () => {
    h.sb.world.tabs.giftCardTiming.waitCapMs = 150;
    await h.control.giftCardFault({ mode: 'never-issue' });
    const started = Date.now();
    const res = await buy([{ product_uuid: GC25 }], 2500);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(res.status).toBe(201);
    expect(res.body.processorAccounts).toEqual([]);
    expect(ofType(h.events, 'GIFT_CARD_CREATED')).toEqual([]);
    const [held] = (await h.control.giftCards()).giftCards;
    expect(held).toMatchObject({ state: 'pending', held: true, processorAccountUuid: null });

    expect(await h.control.releaseGiftCards()).toEqual({ released: 1 });
    const [late] = ofType(h.events, 'GIFT_CARD_CREATED');
    expect(late.targetId).toBe(res.body.tab.items[0].id);
    expect(late.data.processorAccountUuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a reset while waiting answers instead of hanging', async () => {
    h.sb.world.tabs.giftCardTiming.waitCapMs = 60_000;
    await h.control.giftCardFault({ mode: 'never-issue' });
    const pending = buy([{ product_uuid: GC25 }], 2500);
    await until(() => h.sb.world.tabs.giftCards.size === 1);
    h.sb.world.reset();
    const res = await pending;
    expect(res.status).toBe(201);
    expect(res.body.processorAccounts).toEqual([]);
  });
});

describe('otherwise the answer is immediate and the cards come as events', () => {
  it('waitForProcessorAccounts false (the default): no processorAccounts, card arrives later', async () => {
    await h.control.giftCardFault({ mode: 'slow', delayMs: 100 });
    const res = await buy([{ product_uuid: GC25 }], 2500, { waitForProcessorAccounts: undefined });
    expect(res.status).toBe(201);
    expect('processorAccounts' in res.body).toBe(false);
    expect(ofType(h.events, 'GIFT_CARD_CREATED')).toEqual([]);
    await until(() => ofType(h.events, 'GIFT_CARD_CREATED').length === 1);
    expect(ofType(h.events, 'GIFT_CARD_CREATED')[0].targetId).toBe(res.body.tab.items[0].id);
  });

  it('waitForProcessorAccounts true on a tab left open: no processorAccounts', async () => {
    await h.control.giftCardFault({ mode: 'slow', delayMs: 100 });
    const res = await call(h.sb, token, 'POST', `/api/loc/${harbour}/tabs`, {
      spot_uuid: BAR_1,
      items: [{ product_uuid: GC25 }],
      waitForProcessorAccounts: true,
    });
    expect(res.status).toBe(201);
    expect('processorAccounts' in res.body).toBe(false);
    await until(() => ofType(h.events, 'GIFT_CARD_CREATED').length === 1);
  });
});

describe('who receives GIFT_CARD_CREATED', () => {
  it("a user token's card goes to the integration the token was issued to", async () => {
    await buy([{ product_uuid: GC25 }], 2500, {}, await userToken(h.sb, SEED_USERS.sam));
    expect(ofType(h.events, 'GIFT_CARD_CREATED')[0].onlyAccessId).toBe(DEMO_ACCESS_ID);
  });

  it("another integration's card goes to that integration", async () => {
    await buy([{ product_uuid: GC25 }], 2500, {}, await clientToken(h.sb, OTHER_ACCESS_ID, OTHER_ACCESS_SECRET));
    expect(ofType(h.events, 'GIFT_CARD_CREATED')[0].onlyAccessId).toBe(OTHER_ACCESS_ID);
  });

  it('cards bought by guests or at the POS are issued but announced to nobody', async () => {
    await h.control.simulateGuests({ tabs: 2, giftCards: true, close: 'none' });
    const tab = (await call(h.sb, token, 'POST', `/api/loc/${harbour}/tabs`, { spot_uuid: BAR_1 })).body.tab;
    await h.control.posOrder(tab.uuid, { items: [{ product_uuid: GC25 }] });
    await until(() => [...h.sb.world.tabs.giftCards.values()].every((c) => c.state === 'issued'));
    const cards = (await h.control.giftCards()).giftCards;
    expect(cards).toHaveLength(3);
    expect(cards.map((c) => c.deliveredTo)).toEqual([null, null, null]);
    expect(cards[0].customerProfileUuid).toMatch(/^9c000000-/);
    expect(ofType(h.events, 'GIFT_CARD_CREATED')).toEqual([]);
  });

  it('over real webhook deliveries: only the buying integration’s endpoint gets the card', async () => {
    const received: Array<{ app: string; type: string }> = [];
    const server: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ app: req.url!.slice(1), type: (JSON.parse(body) as { type: string }).type });
        res.end('ok');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const otherToken = await clientToken(h.sb, OTHER_ACCESS_ID, OTHER_ACCESS_SECRET);
      for (const [accessId, t] of [
        [DEMO_ACCESS_ID, token],
        [OTHER_ACCESS_ID, otherToken],
      ]) {
        await call(h.sb, t, 'POST', '/api/loc/subscribe', { location_uuids: [harbour] });
        const reg = await call(h.sb, null, 'POST', '/_sandbox/webhooks/endpoints', {
          accessId,
          url: `${base}/${accessId}`,
          eventTypes: ['OPEN_TAB', 'GIFT_CARD_CREATED'],
        });
        expect(reg.status).toBe(201);
      }
      await buy([{ product_uuid: GC25 }], 2500);
      await until(() => received.length === 3);
      expect(
        received
          .filter((r) => r.type === 'OPEN_TAB')
          .map((r) => r.app)
          .sort(),
      ).toEqual([DEMO_ACCESS_ID, OTHER_ACCESS_ID].sort());
      expect(received.filter((r) => r.type === 'GIFT_CARD_CREATED')).toEqual([
        { app: DEMO_ACCESS_ID, type: 'GIFT_CARD_CREATED' },
      ]);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});

describe('gift-card controls', () => {
  it('claim clears claimUrl; faults clear with DELETE and reset; bad bodies are 400', async () => {
    const res = await buy([{ product_uuid: GC25 }], 2500);
    const itemId = res.body.processorAccounts[0].itemId;
    expect((await h.control.claimGiftCard(itemId)).claimUrl).toBeNull();
    await expect(h.control.claimGiftCard('nope')).rejects.toMatchObject({ status: 404 });

    await h.control.giftCardFault({ mode: 'never-issue' });
    await h.control.clearGiftCardFault();
    expect(h.sb.world.tabs.giftCardFault).toBeNull();
    await h.control.giftCardFault({ mode: 'slow', delayMs: 5 });
    h.reset();
    expect(h.sb.world.tabs.giftCardFault).toBeNull();
    await expect(call(h.sb, null, 'POST', '/_sandbox/gift-cards/faults', { mode: 'slow' })).resolves.toMatchObject({
      status: 400,
    });
    await expect(h.control.giftCardTiming({ minDelayMs: 10, maxDelayMs: 5 })).rejects.toMatchObject({ status: 400 });
    expect(await h.control.giftCardTiming({ waitCapMs: 500 })).toEqual({
      minDelayMs: 0,
      maxDelayMs: 0,
      waitCapMs: 500,
    });
  });
});
