// Gift-card sales through the real core, embedded sandbox and webhook listener: cards pending until
// GIFT_CARD_CREATED arrives (live), listed in the answer and not doubled by the later event (wait),
// shown as late when they never come, and remembered across a restart.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GiftCardSale, GiftCardSaleInput } from '../../shared/tabs';
import { DEMO_ACCESS_ID, startSandbox } from '../../electron/sandbox';
import { WEBHOOK_EVENT_TYPES } from '../../shared/webhooks';
import { PRODUCTS, SPOT_BAR_1, removeTempDirs, startCore, tempDir, until, type TestCore } from './tabs-kit';
import { newRequestId as rid } from '../../shared/request-id';

const sale = (
  wait: boolean,
  lines = [{ productUuid: PRODUCTS.giftCard25.uuid, quantity: 2, label: 'Gift Card $25', unitPrice: 2500 }],
): GiftCardSaleInput => ({
  spotUuid: SPOT_BAR_1.uuid,
  spotName: SPOT_BAR_1.name,
  lines,
  paymentType: 'CARD',
  wait,
});

const saleIn = (t: TestCore, id: string): GiftCardSale | undefined =>
  t.core.tabs.giftCardsView().sales.find((s) => s.id === id);

describe('gift cards on the embedded sandbox', () => {
  let t: TestCore;
  beforeAll(async () => {
    t = await startCore();
  });
  afterEach(async () => {
    await t.control.clearGiftCardFault();
  });
  afterAll(async () => {
    await t.stop();
    removeTempDirs();
  });

  it('issue live: each card is pending, then issued by its GIFT_CARD_CREATED, matched to tab and item', async () => {
    // Slow enough that the answer always comes back before any card is issued.
    t.core.sandbox()!.world.tabs.giftCardTiming = { minDelayMs: 300, maxDelayMs: 400, waitCapMs: 2_000 };
    const sold = await t.core.handlers.giftCardSell(
      sale(false, [
        { productUuid: PRODUCTS.giftCard25.uuid, quantity: 2, label: 'Gift Card $25', unitPrice: 2500 },
        { productUuid: PRODUCTS.partner25.uuid, quantity: 1, label: 'Partner Gift Card $25', unitPrice: 2500 },
      ]),
      rid(),
    );
    expect(sold).toMatchObject({ state: 'done', mode: 'live', total: 7500 });
    expect(sold.tabUuid).toBeTruthy();
    expect(sold.cards.map((c) => c.state)).toEqual(['pending', 'pending', 'pending']);
    const done = await until(
      () => saleIn(t, sold.id)!,
      (s) => s.cards.every((c) => c.state === 'issued'),
      5000,
      'cards issued',
    );
    expect(done.cards).toHaveLength(3);
    for (const card of done.cards) {
      expect(card.seenIn).toEqual(['event']);
      expect(card.card?.tabId).toBe(sold.tabId);
      expect(card.card?.itemId).toBe(card.itemId);
      expect(card.card?.lastFour).toMatch(/^\d{4}$/);
      expect(JSON.stringify(card)).not.toMatch(/\d{16}/);
    }
    const partner = done.cards.find((c) => c.card?.gateway === 'GATEWAY_A')!;
    expect(partner.card).toMatchObject({ processorAccountUuid: null, redemptionUrl: null });
    const internal = done.cards.find((c) => c.card?.gateway === 'INTERNAL')!;
    expect(internal.card).toMatchObject({ balance: 2500, giftCardType: 'DIGITAL' });
    expect(internal.card?.redemptionUrl).toBeTruthy();
    expect(t.core.tabs.giftCardsView().unmatched).toEqual([]);
    t.core.sandbox()!.world.tabs.giftCardTiming = { minDelayMs: 20, maxDelayMs: 60, waitCapMs: 2_000 };
  });

  it('wait for cards: the answer lists them, and the later event does not count them twice', async () => {
    const sold = await t.core.handlers.giftCardSell(sale(true), rid());
    // Issued from the answer; the event may already have come too (the service waits for issuance).
    expect(sold.cards.map((c) => [c.state, c.seenIn.includes('answer')])).toEqual([
      ['issued', true],
      ['issued', true],
    ]);
    const both = await until(
      () => saleIn(t, sold.id)!,
      (s) => s.cards.every((c) => c.seenIn.length === 2),
      5000,
      'events matched',
    );
    expect(both.cards).toHaveLength(2);
    expect(t.core.tabs.giftCardsView().unmatched).toEqual([]);
  });

  it('a card that never arrives is shown as late, and becomes issued when it finally comes', async () => {
    await t.core.handlers.tabsSaveSettings({ giftCardLateSeconds: 1 });
    await t.control.giftCardFault({ mode: 'never-issue' });
    const sold = await t.core.handlers.giftCardSell(
      sale(false, [{ productUuid: PRODUCTS.giftCard50.uuid, quantity: 1, label: 'Gift Card $50', unitPrice: 5000 }]),
      rid(),
    );
    expect(sold.cards).toMatchObject([{ state: 'pending', seenIn: [] }]);
    // The late timer pushes by itself: the renderer needs no clock of its own.
    const pushed: string[] = [];
    const off = t.core.events.on('tabsGiftCards', (v) =>
      pushed.push(v.sales.find((s) => s.id === sold.id)?.cards[0].state ?? ''),
    );
    await until(
      () => pushed,
      (p) => p.includes('late'),
      4000,
      'late pushed',
    );
    off();
    expect(t.core.tabs.giftCardsView().late).toBeGreaterThanOrEqual(1);
    await t.control.releaseGiftCards();
    await until(
      () => saleIn(t, sold.id)!,
      (s) => s.cards[0].state === 'issued',
      5000,
      'released card issued',
    );
    await t.core.handlers.tabsSaveSettings({ giftCardLateSeconds: 60 });
  });

  it('a refused sale fails with the service message and expects no cards', async () => {
    const bad = await t.core.handlers.giftCardSell({ ...sale(false), spotUuid: 'no-such-spot' }, rid());
    expect(bad).toMatchObject({ state: 'failed', cards: [] });
    expect(bad.message).toMatch(/spot_uuid/);
  });
});

describe('gift cards across a restart (a standalone sandbox as the service)', () => {
  it('keeps a pending card through a restart and issues it when its event arrives later', async () => {
    const sb = await startSandbox();
    sb.world.tabs.giftCardTiming = { minDelayMs: 10, maxDelayMs: 20, waitCapMs: 1000 };
    const dataDir = tempDir();
    const secret = 'whsec-tabs-restart';
    const register = async (url: string) => {
      const res = await fetch(`${sb.baseUrl}/_sandbox/webhooks/endpoints`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ accessId: DEMO_ACCESS_ID, url, eventTypes: WEBHOOK_EVENT_TYPES, secret }),
      });
      expect(res.ok).toBe(true);
    };
    try {
      const first = await startCore({ dataDir, serviceUrl: sb.baseUrl, webhook: { secret } });
      const url = first.core.webhooks.status().url!;
      await register(url);
      await first.core.handlers.subscribeLocations([first.core.tabs.settingsView().location!.uuid], 'integration');
      // One card arrives before the restart, the other is held by the service.
      const issuedBefore = await first.core.handlers.giftCardSell(
        sale(false, [{ productUuid: PRODUCTS.giftCard25.uuid, quantity: 1, label: 'Gift Card $25', unitPrice: 2500 }]),
        rid(),
      );
      await until(
        () => saleIn(first, issuedBefore.id)!,
        (s) => s.cards[0].state === 'issued',
        5000,
        'first card',
      );
      await first.control.giftCardFault({ mode: 'never-issue' });
      const held = await first.core.handlers.giftCardSell(
        sale(false, [
          { productUuid: PRODUCTS.plastic100.uuid, quantity: 1, label: 'Plastic Gift Card $100', unitPrice: 10000 },
        ]),
        rid(),
      );
      await first.stop();

      const port = Number(new URL(url).port);
      const second = await startCore({ dataDir, serviceUrl: sb.baseUrl, webhook: { secret, port }, subscribe: false });
      try {
        const view = second.core.tabs.giftCardsView();
        expect(view.sales.find((s) => s.id === held.id)?.cards).toMatchObject([
          { state: 'pending', productName: 'Plastic Gift Card $100' },
        ]);
        // The card issued before the restart comes back from the replayed webhook log.
        expect(view.sales.find((s) => s.id === issuedBefore.id)?.cards).toMatchObject([
          { state: 'issued', seenIn: ['event'] },
        ]);
        await second.control.releaseGiftCards();
        const done = await until(
          () => saleIn(second, held.id)!,
          (s) => s.cards[0].state === 'issued',
          5000,
          'held card issued after restart',
        );
        expect(done.cards[0].card).toMatchObject({ giftCardType: 'PHYSICAL', balance: 10000, claimUrl: null });
      } finally {
        await second.stop();
      }
    } finally {
      await sb.close();
      removeTempDirs();
    }
  });
});
