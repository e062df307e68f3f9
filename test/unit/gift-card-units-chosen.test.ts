// "Choosing dollars for every family in Settings makes gift-card sales fail": under each of the
// eight ways a service can read its three money families, a manager who chose dollars for all of
// them still sells a $25 card at the catalog's price, charged $25.00 on the service. The payment
// is checked by the service against its own total, so a refused one is tried in the other unit.
import { afterAll, describe, expect, it } from 'vitest';
import { namedReadings } from '../../electron/sandbox/readings';
import { PRODUCTS, SPOT_BAR_1, removeTempDirs, startCore } from './tabs-kit';
import { newRequestId as rid } from '../../shared/request-id';

afterAll(removeTempDirs);

const UNITS = ['cents', 'dollars'] as const;

describe('dollars chosen for every money family', () => {
  it('a gift-card sale at the catalog price goes through under every reading of the three families', async () => {
    for (const moneySent of UNITS)
      for (const moneyAnswers of UNITS)
        for (const moneyNumbers of UNITS) {
          const reading = `sent ${moneySent}, answers ${moneyAnswers}, numbers ${moneyNumbers}`;
          const readings = { ...namedReadings('default'), moneySent, moneyAnswers, moneyNumbers };
          const t = await startCore({ readings, confirmUnits: false, subscribe: false });
          try {
            for (const family of ['sent', 'answers', 'numbers'] as const)
              await t.core.handlers.tabsSetMoneyUnit(family, 'dollars');
            const catalog = await t.core.handlers.tabsCatalog();
            const listed = catalog.available ? catalog.products.find((p) => p.uuid === PRODUCTS.giftCard25.uuid) : null;
            const sold = await t.core.handlers.giftCardSell(
              {
                spotUuid: SPOT_BAR_1.uuid,
                spotName: SPOT_BAR_1.name,
                lines: [
                  {
                    productUuid: PRODUCTS.giftCard25.uuid,
                    quantity: 1,
                    label: 'Gift Card $25',
                    unitPrice: listed?.price ?? PRODUCTS.giftCard25.price,
                  },
                ],
                paymentType: 'CARD',
                wait: true,
              },
              rid(),
            );
            expect(sold.state, `${reading}: ${sold.message ?? ''}`).toBe('done');
            const tab = t.world!.tabs.tabs.get(sold.tabUuid!)!;
            const paid = tab.paymentIds.reduce((sum, id) => sum + t.world!.tabs.payments.get(id)!.amount, 0);
            expect(paid, `${reading}: charged`).toBe(PRODUCTS.giftCard25.price);
          } finally {
            await t.stop();
          }
        }
  }, 60_000);
});
