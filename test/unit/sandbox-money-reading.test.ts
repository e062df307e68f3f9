// The sandbox's money reading: in the other reading the money the spec leaves open goes
// out and comes in as decimal dollars, while spend limits and gift-card balances stay cents, and
// the catalog and single-tab routes are gone. The default reading is checked by every other test.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEED_LOCATIONS, SEED_PASSES } from '../../electron/sandbox/index';
import { call, clientToken, startHarness, type Harness } from './sandbox-tabs-helpers';

const FRIES = '3d000000-0000-4000-8000-000000000006';
const SPOT = '5b000000-0000-4000-8000-000000000001';
const { harbour } = SEED_LOCATIONS;

describe('sandbox money in decimal dollars (every money family in dollars)', () => {
  let h: Harness;
  let token: string;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    h.reset();
    h.sb.world.readings = {
      ...h.sb.world.readings,
      moneySent: 'dollars',
      moneyAnswers: 'dollars',
      moneyNumbers: 'dollars',
      extraRoutes: 'absent',
    };
    // A reset forgets tokens: a fresh one per test.
    token = await clientToken(h.sb);
  });

  it('pass spent and order totals in dollars; the limit stays cents; event prices and totals in dollars', async () => {
    const placed = await call(h.sb, token, 'POST', `/api/loc/${harbour}/tabs/passes/${SEED_PASSES.pre}/items`, {
      items: [{ product_uuid: FRIES, quantity: 2, price: 6.5 }],
    });
    expect(placed.status).toBe(201);
    expect(placed.body.order.total).toBe(13);
    expect(placed.body.order.items[0].price).toBe(6.5);
    expect(placed.body.pass).toMatchObject({ spent: 13, spend_limit: { amount: 5000 } });
    const order = h.events.find((e) => e.type === 'ORDER_PLACED')!;
    expect(order.data.total).toBe(13);
    expect(h.events.find((e) => e.type === 'ITEM_ADDED')!.data.price).toBe(6.5);
  });

  it('tab payments are read as dollars with at most two decimals', async () => {
    const body = (amount: number) => ({
      spot_uuid: SPOT,
      items: [{ product_uuid: FRIES, quantity: 1 }],
      payments: [{ amount }],
      openTab: false,
    });
    expect((await call(h.sb, token, 'POST', `/api/loc/${harbour}/tabs`, body(6.001))).status).toBe(400);
    const paid = await call(h.sb, token, 'POST', `/api/loc/${harbour}/tabs`, body(6));
    expect(paid.status).toBe(201);
    expect(paid.body.tab).toMatchObject({ total: 6, paid: 6, payments: [{ amount: 6 }] });
    // The refund request's amount is cents by the spec; the answer's money is dollars.
    const refund = await call(h.sb, token, 'POST', `/api/loc/${harbour}/tabs/${paid.body.tab.uuid}/refund`, {
      amount: 150,
    });
    expect(refund.status).toBe(200);
    expect(refund.body.refund.amount).toBe(1.5);
    expect(h.events.find((e) => e.type === 'PAYMENT_REFUNDED')!.data.refundAmount).toBe(1.5);
  });

  it('has no catalog and no single-tab route', async () => {
    expect((await call(h.sb, token, 'GET', `/api/loc/${harbour}/catalog`)).status).toBe(404);
    expect(
      (await call(h.sb, token, 'GET', `/api/loc/${harbour}/tabs/7b000000-0000-4000-8000-000000000001`)).status,
    ).toBe(404);
  });
});

describe('sandbox money families each in their own unit', () => {
  let h: Harness;
  let token: string;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('sent in cents, answers in cents, the "number" fields in dollars', async () => {
    h.reset();
    h.sb.world.readings = {
      ...h.sb.world.readings,
      moneySent: 'cents',
      moneyAnswers: 'cents',
      moneyNumbers: 'dollars',
    };
    token = await clientToken(h.sb);
    const fries = h.sb.world.products.find((p) => p.uuid === FRIES)!.priceCents;
    const paid = await call(h.sb, token, 'POST', `/api/loc/${harbour}/tabs`, {
      spot_uuid: SPOT,
      items: [{ product_uuid: FRIES, quantity: 1 }],
      payments: [{ amount: fries }],
      openTab: false,
    });
    expect(paid.status).toBe(201);
    expect(paid.body.tab).toMatchObject({ total: fries, payments: [{ amount: fries }] });
    expect(h.events.find((e) => e.type === 'ORDER_PLACED')!.data.total).toBe(fries / 100);
    const placed = await call(h.sb, token, 'POST', `/api/loc/${harbour}/tabs/passes/${SEED_PASSES.pre}/items`, {
      items: [{ product_uuid: FRIES, quantity: 1 }],
    });
    expect(placed.body.order.total).toBe(fries);
    expect(placed.body.pass.spent).toBe(fries / 100);
  });

  it('sent in dollars while answers stay cents: a payment in cents is refused, not taken 100 times over', async () => {
    h.reset();
    h.sb.world.readings = {
      ...h.sb.world.readings,
      moneySent: 'dollars',
      moneyAnswers: 'cents',
      moneyNumbers: 'cents',
    };
    token = await clientToken(h.sb);
    const fries = h.sb.world.products.find((p) => p.uuid === FRIES)!.priceCents;
    const body = (amount: number) => ({
      spot_uuid: SPOT,
      items: [{ product_uuid: FRIES, quantity: 1 }],
      payments: [{ amount }],
      openTab: false,
    });
    expect((await call(h.sb, token, 'POST', `/api/loc/${harbour}/tabs`, body(fries))).status).toBe(400);
    const paid = await call(h.sb, token, 'POST', `/api/loc/${harbour}/tabs`, body(fries / 100));
    expect(paid.status).toBe(201);
    expect(paid.body.tab).toMatchObject({ total: fries, payments: [{ amount: fries }] });
  });
});
