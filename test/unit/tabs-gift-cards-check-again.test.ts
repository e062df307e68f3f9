// Issue 11: a gift card the service issued while the location was not subscribed never comes as an
// event, so it stayed "late" forever. "Check again" re-reads the tab and takes the cards it lists,
// without ever selling a second time.
import { afterAll, describe, expect, it } from 'vitest';
import { PRODUCTS, READINGS, SPOT_BAR_1, removeTempDirs, startCore, until } from './tabs-kit';
import { newRequestId as rid } from '../../shared/request-id';

describe('gift cards: check a late card again', () => {
  afterAll(() => removeTempDirs());

  it('finds a card issued while the location was not subscribed, and sells nothing more', async () => {
    const t = await startCore({ subscribe: false });
    try {
      await t.core.handlers.tabsSaveSettings({ giftCardLateSeconds: 1 });
      const world = t.core.sandbox()!.world;
      const tabsBefore = world.tabs.tabs.size;
      const sold = await t.core.handlers.giftCardSell(
        {
          spotUuid: SPOT_BAR_1.uuid,
          spotName: SPOT_BAR_1.name,
          lines: [{ productUuid: PRODUCTS.giftCard25.uuid, quantity: 1, label: 'Gift Card $25', unitPrice: 2500 }],
          paymentType: 'CARD',
          wait: false,
        },
        rid(),
      );
      expect(sold.state).toBe('done');
      // The service issues it, but no event reaches this unsubscribed location.
      await until(
        () => [...world.tabs.giftCards.values()].filter((c) => c.state === 'issued').length,
        (n) => n >= 1,
        5000,
        'card issued by the service',
      );
      await until(
        () => t.core.tabs.giftCardsView().sales.find((s) => s.id === sold.id)!.cards[0].state,
        (s) => s === 'late',
        5000,
        'card late',
      );

      const checked = await t.core.handlers.giftCardCheckAgain(sold.id);
      if (READINGS.extraRoutes === 'absent') {
        // The other reading has no route to read a tab: the app says so and sells nothing more.
        expect(checked.message).toMatch(/no route to read a tab/);
        expect(checked.cards).toMatchObject([{ state: 'late' }]);
        expect(world.tabs.tabs.size).toBe(tabsBefore + 1);
        return;
      }
      expect(checked.cards).toMatchObject([{ state: 'issued', seenIn: ['answer'] }]);
      expect(checked.cards[0].card?.lastFour).toMatch(/^\d{4}$/);
      expect(t.core.tabs.giftCardsView().late).toBe(0);
      // A read, never a second sale.
      expect(world.tabs.tabs.size).toBe(tabsBefore + 1);
      expect(t.core.tabs.giftCardsView().sales).toHaveLength(1);
      // Asking twice does not double the card.
      const again = await t.core.handlers.giftCardCheckAgain(sold.id);
      expect(again.cards).toHaveLength(1);
    } finally {
      await t.stop();
    }
  });
});
