// POST /api/loc/{location}/tabs/{tab_uuid}/refund over real HTTP: open and itemized refunds, which
// payment is refunded, the limits, and PAYMENT_REFUNDED with every 6.4 key.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEED_LOCATIONS } from '../../electron/sandbox/index';
import {
  call,
  clientToken,
  expectSpecEvent,
  ofType,
  startHarness,
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

const { harbour, garden } = SEED_LOCATIONS;
const BAR_1 = '5b000000-0000-4000-8000-000000000001';
const NEGRONI = '3d000000-0000-4000-8000-000000000001';
const LAGER = '3d000000-0000-4000-8000-000000000003';

/** A closed tab: 2 Negroni (2800) + 3 Lager (2400) = 5200, paid as given. */
async function paidTab(
  payments: Json[] = [{ amount: 5200, tip: 500, customerFee: 100, gateway: 'GATEWAY_C', paymentType: 'CARD' }],
) {
  const res = await call(h.sb, token, 'POST', `/api/loc/${harbour}/tabs`, {
    spot_uuid: BAR_1,
    items: [
      { product_uuid: NEGRONI, quantity: 2 },
      { product_uuid: LAGER, quantity: 3 },
    ],
    payments,
    openTab: false,
  });
  expect(res.status).toBe(201);
  h.events.length = 0;
  const tab = res.body.tab;
  return {
    tab,
    negroni: tab.items[0].id as string,
    lager: tab.items[1].id as string,
    payments: tab.payments.map((p: Json) => p.id as string),
  };
}

const refund = (tabUuid: string, body: unknown, loc: string = harbour) =>
  call(h.sb, token, 'POST', `/api/loc/${loc}/tabs/${tabUuid}/refund`, body);

describe('open refunds', () => {
  it('refunds an amount of the only payment; reason defaults to Refund; PAYMENT_REFUNDED', async () => {
    const { tab, payments } = await paidTab();
    const res = await refund(tab.uuid, { amount: 1000 });
    expect(res.status).toBe(200);
    expect(res.body.refund).toMatchObject({
      paymentId: payments[0],
      tabUuid: tab.uuid,
      refundType: 'open',
      amount: 1000,
      subtotal: 1000,
      tip: 0,
      customerFee: 0,
      itemCount: 0,
      reason: 'Refund',
      items: [],
    });
    expect(res.body.payment).toMatchObject({ id: payments[0], refundedAmount: 1000, refundableAmount: 4800 });
    const [e] = ofType(h.events, 'PAYMENT_REFUNDED');
    expect(e).toMatchObject({ targetId: payments[0], locationUuid: harbour });
    expect(e.targetUuid).toBeUndefined();
    expect(e.data).toEqual({
      tabId: tab.id,
      tabUuid: tab.uuid,
      refundPaymentId: res.body.refund.id,
      refundType: 'open',
      refundAmount: 1000,
      refundSubtotal: 1000,
      refundTip: 0,
      refundCustomerFee: 0,
      itemCount: 0,
      gateway: 'GATEWAY_C',
      paymentType: 'CARD',
    });
    expectSpecEvent(e);
  });

  it('takes the subtotal first, then the tip, then the fee; refunding everything is allowed, one cent more is not', async () => {
    const { tab } = await paidTab();
    const res = await refund(tab.uuid, { amount: 5200 + 500 + 100, reason: 'Wrong table' });
    expect(res.body.refund).toMatchObject({
      amount: 5800,
      subtotal: 5200,
      tip: 500,
      customerFee: 100,
      reason: 'Wrong table',
    });
    const again = await refund(tab.uuid, { amount: 1 });
    expect(again.status).toBe(400);
    expect(again.body.message).toContain('paymentId');
  });

  it('no refund beyond what was paid, across several refunds', async () => {
    const { tab } = await paidTab();
    expect((await refund(tab.uuid, { amount: 5000 })).status).toBe(200);
    const over = await refund(tab.uuid, { amount: 801 });
    expect(over.status).toBe(400);
    expect(over.body.error).toBe('refund_exceeds_payment');
    expect(over.body.message).toContain('amount');
    const split = (await refund(tab.uuid, { amount: 800 })).body.refund;
    expect(split).toMatchObject({ subtotal: 200, tip: 500, customerFee: 100 });
    expect(ofType(h.events, 'PAYMENT_REFUNDED')).toHaveLength(2);
  });
});

describe('itemized refunds', () => {
  it('refunds item units at their price; itemCount counts units; item reasons are kept', async () => {
    const { tab, negroni, lager } = await paidTab();
    const res = await refund(tab.uuid, {
      items: [
        { itemId: negroni, quantity: 1, reason: 'Spilled' },
        { itemId: lager, quantity: 2 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.refund).toMatchObject({
      refundType: 'itemized',
      amount: 3000,
      subtotal: 3000,
      tip: 0,
      customerFee: 0,
      itemCount: 3,
      reason: 'Refund',
      items: [
        { itemId: negroni, quantity: 1, amount: 1400, reason: 'Spilled' },
        { itemId: lager, quantity: 2, amount: 1600, reason: null },
      ],
    });
    const [e] = ofType(h.events, 'PAYMENT_REFUNDED');
    expect(e.data).toMatchObject({
      refundType: 'itemized',
      refundAmount: 3000,
      refundSubtotal: 3000,
      refundTip: 0,
      refundCustomerFee: 0,
      itemCount: 3,
    });
    expectSpecEvent(e);
    const items = (await h.control.tab(tab.uuid)).items as Json[];
    expect(items.map((i) => i.refundedQuantity)).toEqual([1, 2]);
  });

  it('no refund beyond an item’s quantity, counting earlier refunds and duplicate lines', async () => {
    const { tab, lager } = await paidTab();
    const over = await refund(tab.uuid, { items: [{ itemId: lager, quantity: 4 }] });
    expect(over.status).toBe(400);
    expect(over.body.error).toBe('refund_exceeds_quantity');
    expect(over.body.message).toContain('items.0.quantity');
    const dup = await refund(tab.uuid, {
      items: [
        { itemId: lager, quantity: 2 },
        { itemId: lager, quantity: 2 },
      ],
    });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toContain('items.1.quantity');
    expect((await refund(tab.uuid, { items: [{ itemId: lager, quantity: 3 }] })).status).toBe(200);
    expect((await refund(tab.uuid, { items: [{ itemId: lager, quantity: 1 }] })).body.error).toBe(
      'refund_exceeds_quantity',
    );
    expect(ofType(h.events, 'PAYMENT_REFUNDED')).toHaveLength(1);
  });

  it('items of another tab, unknown items and voided items are refused', async () => {
    const { tab, negroni } = await paidTab();
    const other = await paidTab();
    expect((await refund(tab.uuid, { items: [{ itemId: other.negroni, quantity: 1 }] })).body.message).toContain(
      'items.0.itemId',
    );
    expect((await refund(tab.uuid, { items: [{ itemId: '1', quantity: 1 }] })).status).toBe(400);
    await h.control.itemAction(negroni, 'void');
    const voided = await refund(tab.uuid, { items: [{ itemId: negroni, quantity: 1 }] });
    expect(voided.status).toBe(400);
    expect(voided.body.message).toContain('voided');
  });

  it('no itemized refund beyond what the chosen payment still holds', async () => {
    const { tab, negroni, payments } = await paidTab([{ amount: 1000 }, { amount: 4200 }]);
    const res = await refund(tab.uuid, { paymentId: payments[0], items: [{ itemId: negroni, quantity: 1 }] });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('refund_exceeds_payment');
    expect((await refund(tab.uuid, { paymentId: payments[1], items: [{ itemId: negroni, quantity: 1 }] })).status).toBe(
      200,
    );
  });
});

describe('which payment', () => {
  it('paymentId is required when the tab has several refundable payments, optional once only one is left', async () => {
    const { tab, payments } = await paidTab([{ amount: 2000 }, { amount: 3200 }]);
    const missing = await refund(tab.uuid, { amount: 100 });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('paymentId');
    expect((await refund(tab.uuid, { paymentId: payments[0], amount: 2000 })).status).toBe(200);
    const res = await refund(tab.uuid, { amount: 100 });
    expect(res.status).toBe(200);
    expect(res.body.refund.paymentId).toBe(payments[1]);
  });

  it('a tab without payments, or an unknown paymentId → 400 naming paymentId', async () => {
    const open = (await call(h.sb, token, 'POST', `/api/loc/${harbour}/tabs`, { spot_uuid: BAR_1 })).body.tab;
    expect((await refund(open.uuid, { amount: 1 })).body.message).toContain('paymentId');
    const { tab } = await paidTab();
    const res = await refund(tab.uuid, { paymentId: '999999', amount: 1 });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('paymentId');
  });
});

describe('body, tab and access answers', () => {
  it('amount and items together, or neither, or malformed fields → 400 naming the field', async () => {
    const { tab, negroni } = await paidTab();
    const cases: Array<[unknown, string]> = [
      [{}, 'amount'],
      [{ amount: 100, items: [{ itemId: negroni, quantity: 1 }] }, 'amount'],
      [{ amount: 0 }, 'amount'],
      [{ amount: 10.5 }, 'amount'],
      [{ items: [] }, 'items'],
      [{ items: [{ itemId: negroni }] }, 'items.0.quantity'],
      [{ items: [{ itemId: negroni, quantity: 0 }] }, 'items.0.quantity'],
      [{ items: [{ quantity: 1 }] }, 'items.0.itemId'],
      [{ amount: 1, reason: 5 }, 'reason'],
      [{ amount: 1, paymentId: 7 }, 'paymentId'],
    ];
    for (const [body, field] of cases) {
      const res = await refund(tab.uuid, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('invalid_body');
      expect(res.body.message).toContain(field);
    }
    expect(h.events).toEqual([]);
  });

  it('unknown tab, or a tab of another location → 404; no token 401; unreachable location 403', async () => {
    const { tab } = await paidTab();
    expect((await refund('00000000-0000-4000-8000-000000000000', { amount: 1 })).status).toBe(404);
    expect((await refund(tab.uuid, { amount: 1 }, garden)).status).toBe(404);
    expect((await call(h.sb, null, 'POST', `/api/loc/${harbour}/tabs/${tab.uuid}/refund`, { amount: 1 })).status).toBe(
      401,
    );
    expect((await refund(tab.uuid, { amount: 1 }, SEED_LOCATIONS.rooftop)).status).toBe(403);
  });
});
