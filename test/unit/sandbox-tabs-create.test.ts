// POST /api/loc/{location}/tabs over real HTTP: body rules, the response, and the events it raises.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEED_LOCATIONS } from '../../electron/sandbox/index';
import { call, clientToken, expectSpecEvent, startHarness, type Harness } from './sandbox-tabs-helpers';

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
const PATIO_1 = '5b000000-0000-4000-8000-000000000003';
const LAWN_1 = '5b000000-0000-4000-8000-000000000005';
const NEGRONI = '3d000000-0000-4000-8000-000000000001';
const LAGER = '3d000000-0000-4000-8000-000000000003';
const path = (loc: string = harbour) => `/api/loc/${loc}/tabs`;
const create = (body: unknown, loc?: string) => call(h.sb, token, 'POST', path(loc), body);

describe('POST /api/loc/{location}/tabs', () => {
  it('opens a tab at the spot (201, tab view) and emits OPEN_TAB with 6.4 data', async () => {
    const res = await create({ spot_uuid: PATIO_1 });
    expect(res.status).toBe(201);
    expect(res.body.processorAccounts).toBeUndefined();
    const tab = res.body.tab;
    expect(tab).toMatchObject({
      locationUuid: harbour,
      spotUuid: PATIO_1,
      name: 'Patio Table 1',
      status: 'OPEN',
      openedFrom: 'SERVER_TAB',
      xPassId: null,
      total: 0,
      paid: 0,
      closedAt: null,
      orders: [],
      items: [],
      payments: [],
    });
    expect(tab.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(tab.id).toMatch(/^\d+$/);
    expect(h.events).toHaveLength(1);
    expect(h.events[0]).toMatchObject({
      type: 'OPEN_TAB',
      locationUuid: harbour,
      targetUuid: tab.uuid,
      data: { name: 'Patio Table 1', spotName: 'Patio Table 1', total: 0, openedFrom: 'SERVER_TAB' },
    });
    expectSpecEvent(h.events[0]);
  });

  it('with items: one order, OPEN_TAB total, ORDER_PLACED then one ITEM_ADDED per item', async () => {
    const res = await create({
      spot_uuid: PATIO_1,
      name: 'Jamie',
      items: [
        { product_uuid: NEGRONI, quantity: 2 },
        { product_uuid: LAGER, quantity: 1 },
      ],
    });
    const tab = res.body.tab;
    expect(tab.total).toBe(3600);
    expect(tab.orders).toHaveLength(1);
    expect(tab.items).toHaveLength(2);
    expect(h.events.map((e) => e.type)).toEqual(['OPEN_TAB', 'ORDER_PLACED', 'ITEM_ADDED', 'ITEM_ADDED']);
    expect(h.events[0].data).toMatchObject({ name: 'Jamie', total: 3600 });
    expect(h.events[1].data).toMatchObject({
      zoneName: 'Patio',
      zoneTags: ['outdoor'],
      zoneGroupName: 'Outside',
      total: 3600,
      tabUuid: tab.uuid,
    });
    expect(h.events[2].data).toMatchObject({ tabId: tab.id, tabUuid: tab.uuid, orderId: tab.orders[0].id });
    for (const e of h.events) expectSpecEvent(e);
  });

  it('openTab false with payments: paid and closed in one request, CLOSE_TAB last', async () => {
    const res = await create({
      spot_uuid: PATIO_1,
      items: [{ product_uuid: LAGER, quantity: 2 }],
      payments: [
        { amount: 1000, tip: 200 },
        { amount: 600, gateway: 'GATEWAY_B', paymentType: 'CASH' },
      ],
      openTab: false,
    });
    expect(res.status).toBe(201);
    expect(res.body.tab).toMatchObject({ status: 'CLOSED', total: 1600, paid: 1600 });
    expect(res.body.tab.payments).toEqual([
      expect.objectContaining({
        amount: 1000,
        tip: 200,
        customerFee: 0,
        gateway: 'INTERNAL',
        paymentType: 'CARD',
        refundableAmount: 1200,
      }),
      expect.objectContaining({ amount: 600, tip: 0, gateway: 'GATEWAY_B', paymentType: 'CASH' }),
    ]);
    expect(h.events.map((e) => e.type)).toEqual(['OPEN_TAB', 'ORDER_PLACED', 'ITEM_ADDED', 'CLOSE_TAB']);
    expect(h.events[3]).toMatchObject({ targetUuid: res.body.tab.uuid, data: {} });
    expectSpecEvent(h.events[3]);
  });

  it('a tab at another location than its spot, or an unknown spot → 400 naming spot_uuid', async () => {
    for (const spot of [LAWN_1, 'nope']) {
      const res = await create({ spot_uuid: spot });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('spot_uuid');
    }
    expect((await create({ spot_uuid: LAWN_1 }, garden)).status).toBe(201);
  });

  it('400 naming the field for every malformed body, and nothing is created', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, 'spot_uuid'],
      [{ spot_uuid: 7 }, 'spot_uuid'],
      [{ spot_uuid: PATIO_1, openTab: 'no' }, 'openTab'],
      [{ spot_uuid: PATIO_1, waitForProcessorAccounts: 1 }, 'waitForProcessorAccounts'],
      [{ spot_uuid: PATIO_1, items: [{ product_uuid: NEGRONI, quantity: -1 }] }, 'items.0.quantity'],
      [{ spot_uuid: PATIO_1, items: [{ product_uuid: 'unknown' }] }, 'items.0.product_uuid'],
      [{ spot_uuid: PATIO_1, payments: [] }, 'payments'],
      [{ spot_uuid: PATIO_1, payments: [{ amount: 1.5 }] }, 'payments.0.amount'],
      [{ spot_uuid: PATIO_1, payments: [{ amount: 100, surprise: true }] }, 'surprise'],
      [{ spot_uuid: PATIO_1, openTab: false }, 'payments'],
      [
        { spot_uuid: PATIO_1, items: [{ product_uuid: LAGER }], payments: [{ amount: 700 }], openTab: false },
        'payments',
      ],
      [{ spot_uuid: PATIO_1, items: [{ product_uuid: LAGER }], payments: [{ amount: 900 }] }, 'payments'],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('invalid_body');
      expect(res.body.message).toContain(field);
    }
    const raw = await fetch(`${h.sb.baseUrl}${path()}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(raw.status).toBe(400);
    expect(h.events).toEqual([]);
    expect((await h.control.tabs({ locationUuid: harbour })).tabs.filter((t) => t.xPassId === null)).toEqual([]);
  });

  it('a partial payment on a tab that stays open is fine', async () => {
    const res = await create({ spot_uuid: PATIO_1, items: [{ product_uuid: LAGER }], payments: [{ amount: 300 }] });
    expect(res.body.tab).toMatchObject({ status: 'OPEN', total: 800, paid: 300 });
  });

  it('401 / 403 answers', async () => {
    expect((await call(h.sb, null, 'POST', path(), { spot_uuid: PATIO_1 })).status).toBe(401);
    expect((await call(h.sb, 'garbage', 'POST', path(), { spot_uuid: PATIO_1 })).status).toBe(403);
    expect((await create({ spot_uuid: '5b000000-0000-4000-8000-000000000007' }, rooftop)).status).toBe(403);
  });
});
