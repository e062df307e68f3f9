// Tab passes over real HTTP: the 2.3 object (flag on/off), the items endpoint's spend limits at the
// exact boundary for 'pre' and 'post', what `spent` counts, concurrency, and access answers.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OTHER_ACCESS_ID, OTHER_ACCESS_SECRET, SEED_LOCATIONS, SEED_PASSES } from '../../electron/sandbox/index';
import { call, clientToken, expectSpecEvent, ofType, startHarness, type Harness } from './sandbox-tabs-helpers';

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

const { harbour, garden, rooftop } = SEED_LOCATIONS;
const FRIES = '3d000000-0000-4000-8000-000000000006';
const NEGRONI = '3d000000-0000-4000-8000-000000000001';
const NACHOS = '3d000000-0000-4000-8000-000000000014';
const passPath = (pass: string, loc: string = harbour) => `/api/loc/${loc}/tabs/passes/${pass}`;

/** One line at an open price, so a test can hit any total exactly. */
const order = (pass: string, cents: number, loc: string = harbour, product = loc === garden ? NACHOS : FRIES) =>
  call(h.sb, token, 'POST', `${passPath(pass, loc)}/items`, {
    items: [{ product_uuid: product, quantity: 1, price: cents }],
  });

const spent = async (pass: string) => (await call(h.sb, token, 'GET', passPath(pass))).body.spent as number;

const ALERT = 'This pass has reached its spend limit.';

function expectRejected(res: { status: number; body: Record<string, unknown> }) {
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ error: 'spend_limit_reached', message: ALERT, alert: ALERT });
}

describe('GET /api/loc/{location}/tabs/passes/{x_pass_id}', () => {
  it('flag on: spend_limit { amount, enforce_mode } and spent', async () => {
    const res = await call(h.sb, token, 'GET', passPath(SEED_PASSES.pre));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      x_pass_id: 'PASS-PRE-5000',
      name: 'Pre-limit pass ($50)',
      location_uuid: harbour,
      tab_uuid: '7b000000-0000-4000-8000-000000000001',
      status: 'ACTIVE',
      spend_limit: { amount: 5000, enforce_mode: 'pre' },
      spent: 0,
    });
    expect((await call(h.sb, token, 'GET', passPath(SEED_PASSES.post))).body.spend_limit).toEqual({
      amount: 5000,
      enforce_mode: 'post',
    });
  });

  it('flag on, no limit: spend_limit null, spent still present', async () => {
    const res = await call(h.sb, token, 'GET', passPath(SEED_PASSES.noLimit));
    expect(res.body.spend_limit).toBeNull();
    expect(res.body.spent).toBe(0);
  });

  it('flag off: neither spend_limit nor spent is returned', async () => {
    const res = await call(h.sb, token, 'GET', passPath(SEED_PASSES.garden, garden));
    expect(res.status).toBe(200);
    expect(res.body.x_pass_id).toBe('PASS-GARDEN-2500');
    expect('spend_limit' in res.body).toBe(false);
    expect('spent' in res.body).toBe(false);
  });

  it('unknown pass, or a pass of another location → 404', async () => {
    expect((await call(h.sb, token, 'GET', passPath('PASS-NOPE'))).status).toBe(404);
    expect((await call(h.sb, token, 'GET', passPath(SEED_PASSES.garden, harbour))).status).toBe(404);
    expect(
      (await call(h.sb, token, 'POST', `${passPath('PASS-NOPE')}/items`, { items: [{ product_uuid: FRIES }] })).status,
    ).toBe(404);
  });

  it('401 without a token, 403 with a bad one or at a location the token cannot reach', async () => {
    expect((await call(h.sb, null, 'GET', passPath(SEED_PASSES.pre))).status).toBe(401);
    expect((await call(h.sb, 'nope', 'GET', passPath(SEED_PASSES.pre))).status).toBe(403);
    const res = await call(h.sb, token, 'GET', passPath(SEED_PASSES.pre, rooftop));
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('location_forbidden');
    expect((await call(h.sb, token, 'POST', `${passPath(SEED_PASSES.pre, rooftop)}/items`, { items: [] })).status).toBe(
      403,
    );
  });
});

describe('POST …/passes/{x_pass_id}/items: pre', () => {
  it('an order reaching the limit exactly is accepted; one more cent is rejected', async () => {
    expect((await order(SEED_PASSES.pre, 4000)).status).toBe(201);
    const exact = await order(SEED_PASSES.pre, 1000);
    expect(exact.status).toBe(201);
    expect(exact.body.pass.spent).toBe(5000);
    expectRejected(await order(SEED_PASSES.pre, 1));
    expect((await order(SEED_PASSES.pre, 0)).status).toBe(201);
    expect(await spent(SEED_PASSES.pre)).toBe(5000);
  });

  it('the order that would go one cent over is rejected and nothing is recorded', async () => {
    expect((await order(SEED_PASSES.pre, 4999)).status).toBe(201);
    h.events.length = 0;
    expectRejected(await order(SEED_PASSES.pre, 2));
    expect(h.events).toEqual([]);
    expect(await spent(SEED_PASSES.pre)).toBe(4999);
    expect((await order(SEED_PASSES.pre, 1)).status).toBe(201);
  });

  it('a single order over the limit is rejected from zero', async () => {
    expectRejected(await order(SEED_PASSES.pre, 5001));
    expect(await spent(SEED_PASSES.pre)).toBe(0);
  });

  it('20 concurrent orders never take spent over the limit', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => order(SEED_PASSES.pre, 700)));
    const accepted = results.filter((r) => r.status === 201).length;
    expect(accepted).toBe(7);
    for (const r of results.filter((x) => x.status !== 201)) expectRejected(r);
    expect(await spent(SEED_PASSES.pre)).toBe(4900);
  });
});

describe('POST …/passes/{x_pass_id}/items: post', () => {
  it('the order crossing the limit is accepted, the next is rejected', async () => {
    expect((await order(SEED_PASSES.post, 4999)).status).toBe(201);
    const crossing = await order(SEED_PASSES.post, 2);
    expect(crossing.status).toBe(201);
    expect(crossing.body.pass.spent).toBe(5001);
    expectRejected(await order(SEED_PASSES.post, 1));
    expect(await spent(SEED_PASSES.post)).toBe(5001);
  });

  it('reaching the limit exactly counts as reached: the next order is rejected', async () => {
    expect((await order(SEED_PASSES.post, 5000)).status).toBe(201);
    expectRejected(await order(SEED_PASSES.post, 0));
  });

  it('one order far over the limit from zero is accepted', async () => {
    expect((await order(SEED_PASSES.post, 9000)).status).toBe(201);
    expectRejected(await order(SEED_PASSES.post, 100));
  });

  it('concurrent orders: exactly one crosses, the rest are rejected', async () => {
    expect((await order(SEED_PASSES.post, 4500)).status).toBe(201);
    const results = await Promise.all(Array.from({ length: 20 }, () => order(SEED_PASSES.post, 700)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(await spent(SEED_PASSES.post)).toBe(5200);
  });
});

describe('flag off and no limit', () => {
  it('flag off: the limit is not enforced', async () => {
    expect((await order(SEED_PASSES.garden, 3000, garden)).status).toBe(201);
    expect((await order(SEED_PASSES.garden, 3000, garden)).status).toBe(201);
  });

  it('no limit: anything goes, spent keeps counting', async () => {
    expect((await order(SEED_PASSES.noLimit, 100_000)).status).toBe(201);
    expect(await spent(SEED_PASSES.noLimit)).toBe(100_000);
  });
});

describe('what spent counts', () => {
  it('excludes PENDING and VOIDED orders, and counts them again when placed', async () => {
    const a = (await order(SEED_PASSES.pre, 1000)).body.order.uuid as string;
    const b = (await order(SEED_PASSES.pre, 2000)).body.order.uuid as string;
    await order(SEED_PASSES.pre, 400);
    expect(await spent(SEED_PASSES.pre)).toBe(3400);
    await h.control.setOrderStatus(a, 'PENDING');
    expect(await spent(SEED_PASSES.pre)).toBe(2400);
    await h.control.setOrderStatus(b, 'VOIDED');
    expect(await spent(SEED_PASSES.pre)).toBe(400);
    await h.control.setOrderStatus(a, 'COMPLETED');
    expect(await spent(SEED_PASSES.pre)).toBe(1400);
  });

  it('an excluded order frees room under a pre limit', async () => {
    const big = (await order(SEED_PASSES.pre, 5000)).body.order.uuid as string;
    expectRejected(await order(SEED_PASSES.pre, 100));
    await h.control.setOrderStatus(big, 'VOIDED');
    expect((await order(SEED_PASSES.pre, 100)).status).toBe(201);
  });

  it('counts only orders placed through the items endpoint (not POS orders on the pass tab)', async () => {
    await order(SEED_PASSES.pre, 1000);
    const pass = (await call(h.sb, token, 'GET', passPath(SEED_PASSES.pre))).body;
    await h.control.posOrder(pass.tab_uuid, { items: [{ product_uuid: FRIES, price: 3000 }] });
    await h.control.posOrder(pass.tab_uuid, { items: [{ product_uuid: FRIES, price: 3000 }], source: 'guest' });
    expect(await spent(SEED_PASSES.pre)).toBe(1000);
    const tab = await h.control.tab(pass.tab_uuid);
    expect(tab.total).toBe(7000);
  });

  it('voided, comped and removed items drop out of the order total', async () => {
    const placed = (
      await call(h.sb, token, 'POST', `${passPath(SEED_PASSES.pre)}/items`, {
        items: [
          { product_uuid: FRIES, price: 100 },
          { product_uuid: FRIES, price: 200 },
          { product_uuid: FRIES, price: 400 },
          { product_uuid: FRIES, price: 800 },
        ],
      })
    ).body.order;
    expect(placed.total).toBe(1500);
    const [i1, i2, i3] = placed.items.map((i: { id: string }) => i.id);
    await h.control.itemAction(i1, 'void');
    await h.control.itemAction(i2, 'comp');
    await h.control.itemAction(i3, 'remove');
    expect(await spent(SEED_PASSES.pre)).toBe(800);
  });
});

describe('the order itself', () => {
  it('201 with the order (status PLACED) and the pass; ORDER_PLACED and ITEM_ADDED with 6.4 data', async () => {
    const res = await call(h.sb, token, 'POST', `${passPath(SEED_PASSES.pre)}/items`, {
      items: [
        { product_uuid: NEGRONI, quantity: 2 },
        { product_uuid: FRIES, note: 'extra salt' },
      ],
    });
    expect(res.status).toBe(201);
    const o = res.body.order;
    expect(o).toMatchObject({
      status: 'PLACED',
      total: 3400,
      viaPassItems: true,
      source: 'api',
      tabUuid: res.body.pass.tab_uuid,
    });
    expect(
      o.items.map((i: { name: string; quantity: number; price: number }) => [i.name, i.quantity, i.price]),
    ).toEqual([
      ['Negroni', 2, 1400],
      ['Fries (extra salt)', 1, 600],
    ]);
    expect(res.body.pass.spent).toBe(3400);

    const [placed] = ofType(h.events, 'ORDER_PLACED');
    expect(placed.targetUuid).toBe(o.uuid);
    expect(placed.data).toMatchObject({
      orderName: o.name,
      scheduled: false,
      zoneName: 'Bar',
      spotName: 'Bar Seat 1',
      zoneTags: ['bar'],
      zoneGroupName: 'Inside',
      total: 3400,
      tabUuid: o.tabUuid,
      itemNames: ['Negroni', 'Fries (extra salt)'],
      itemTags: ['alcohol', 'cocktail', 'food', 'kitchen'],
      categoryNames: ['Cocktails', 'Food'],
    });
    const added = ofType(h.events, 'ITEM_ADDED');
    expect(added.map((e) => e.targetUuid)).toEqual(o.items.map((i: { uuid: string }) => i.uuid));
    expect(added[0].data).toMatchObject({
      orderId: o.id,
      productId: '5101',
      productName: 'Negroni',
      categoryName: 'Cocktails',
      quantity: 2,
      price: 1400,
    });
    for (const e of h.events) expectSpecEvent(e);
  });

  it('400 naming the field for a malformed body or an unknown product', async () => {
    const path = `${passPath(SEED_PASSES.pre)}/items`;
    const cases: Array<[unknown, string]> = [
      [{}, 'items'],
      [{ items: [] }, 'items'],
      [{ items: [{ quantity: 1 }] }, 'items.0.product_uuid'],
      [{ items: [{ product_uuid: FRIES, quantity: 0 }] }, 'items.0.quantity'],
      [{ items: [{ product_uuid: FRIES, quantity: 1.5 }] }, 'items.0.quantity'],
      [{ items: [{ product_uuid: FRIES, price: -1 }] }, 'items.0.price'],
      [{ items: [{ product_uuid: FRIES, productUuid: 'x' }] }, 'productUuid'],
      [{ items: [{ product_uuid: NACHOS }] }, 'items.0.product_uuid'],
    ];
    for (const [body, field] of cases) {
      const res = await call(h.sb, token, 'POST', path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('invalid_body');
      expect(res.body.message).toContain(field);
    }
    expect(await spent(SEED_PASSES.pre)).toBe(0);
  });

  it('another integration authorised at the location can use the pass too', async () => {
    token = await clientToken(h.sb, OTHER_ACCESS_ID, OTHER_ACCESS_SECRET);
    expect((await order(SEED_PASSES.pre, 100)).status).toBe(201);
  });
});
