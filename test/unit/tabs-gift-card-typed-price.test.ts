// A typed gift-card price while the unit of amounts sent to the service is not decided: the sale is
// refused before anything is sent, as an `invalid` failure naming the price field, kept with the
// sale across a restart, and the Gift cards screen words it by that kind.
import { afterAll, describe, expect, it } from 'vitest';
import type { ErrorPayload } from '../../shared/app-error';
import { PRODUCTS, SPOT_BAR_1, removeTempDirs, startCore } from './tabs-kit';
import { newRequestId as rid } from '../../shared/request-id';

// A renderer file, loaded by path: the node project's type check does not take in the renderer's.
const GIFT_CARDS = '../../renderer/src/features/gift-cards';
const { saleProblemWords } = (await import(`${GIFT_CARDS}/sale-problem-words`)) as {
  saleProblemWords(problem: ErrorPayload | string | null): { text: string; detail: string | null };
};

afterAll(removeTempDirs);

describe('a typed gift-card price', () => {
  it('is refused as invalid (field price) while the unit sent is undecided, and nothing is sent', async () => {
    const t = await startCore({ confirmUnits: false });
    try {
      const tabsBefore = t.world!.tabs.tabs.size;
      const sale = await t.core.handlers.giftCardSell(
        {
          spotUuid: SPOT_BAR_1.uuid,
          spotName: SPOT_BAR_1.name,
          lines: [
            { productUuid: PRODUCTS.giftCard25.uuid, quantity: 1, label: 'Gift Card', unitPrice: 4000, price: 4000 },
          ],
          paymentType: 'CASH',
          wait: false,
        },
        rid(),
      );
      expect(sale.state).toBe('failed');
      expect(sale.problem).toMatchObject({ kind: 'invalid', data: { field: 'price' } });
      expect(t.world!.tabs.tabs.size).toBe(tabsBefore);

      const words = saleProblemWords(sale.problem);
      expect(words.text).toMatch(/^A typed price cannot be sent yet: .*Sell at the catalog price, or confirm the unit/);
      expect(words.detail).toBe(sale.message);

      // Kept with its kind: the list after a restart words it the same.
      const dataDir = t.dataDir;
      await t.stop();
      const again = await startCore({ confirmUnits: false, dataDir });
      try {
        const kept = again.core.tabs.giftCardsView().sales.find((s) => s.id === sale.id);
        expect(kept?.problem).toMatchObject({ kind: 'invalid', data: { field: 'price' } });
      } finally {
        await again.stop();
      }
    } finally {
      await t.stop().catch(() => {});
    }
  });
});
