// The live-venue controls: guest simulation (burst and loop), POS actions on items (void, comp,
// remove), order status, reading tabs back — and the 6.4 events each of them raises.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEED_LOCATIONS } from '../../electron/sandbox/index';
import { call, expectSpecEvent, ofType, startHarness, until, type Harness, type Json } from './sandbox-tabs-helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

const { harbour, garden } = SEED_LOCATIONS;

describe('POST /_sandbox/guests/simulate', () => {
  it('guest tabs open from SERVICE_MENU with an order each; every event carries its 6.4 data', async () => {
    const res = await h.control.simulateGuests({ tabs: 3, orders: 2, close: 'none' });
    expect(res.opened).toHaveLength(3);
    expect(res.orders).toHaveLength(5);
    expect(res.closed).toEqual([]);
    const opens = ofType(h.events, 'OPEN_TAB');
    expect(opens.map((e) => e.targetUuid)).toEqual(res.opened);
    for (const e of opens) expect(e.data.openedFrom).toBe('SERVICE_MENU');
    expect(ofType(h.events, 'ORDER_PLACED').map((e) => e.targetUuid)).toEqual(res.orders);
    expect(ofType(h.events, 'ITEM_ADDED').length).toBeGreaterThanOrEqual(5);
    for (const e of h.events) {
      expect(e.locationUuid).toBe(harbour);
      expect(e.onlyAccessId).toBeUndefined();
      expectSpecEvent(e);
    }
    const tabs = (await h.control.tabs({ locationUuid: harbour, status: 'OPEN' })).tabs.filter(
      (t) => t.openedFrom === 'SERVICE_MENU' && t.xPassId === null,
    );
    expect(tabs.map((t) => t.uuid).sort()).toEqual([...res.opened].sort());
    for (const t of tabs as Json[]) expect(t.orders.every((o: Json) => o.source === 'guest')).toBe(true);
  });

  it('is deterministic after a reset', async () => {
    const summary = () =>
      h.events.map((e) => [
        e.type,
        e.data.name ?? e.data.itemNames ?? e.data.productName,
        e.data.quantity ?? e.data.total,
      ]);
    await h.control.simulateGuests({ tabs: 2, orders: 3 });
    const first = summary();
    h.reset();
    await h.control.simulateGuests({ tabs: 2, orders: 3 });
    expect(summary()).toEqual(first);
  });

  it("close: 'all' pays and closes every new tab (CLOSE_TAB); 'some' closes every third guest", async () => {
    const all = await h.control.simulateGuests({ tabs: 2, close: 'all' });
    expect(all.closed).toEqual(all.opened);
    expect(ofType(h.events, 'CLOSE_TAB').map((e) => e.targetUuid)).toEqual(all.opened);
    for (const uuid of all.opened) expect(await h.control.tab(uuid)).toMatchObject({ status: 'CLOSED' });

    h.reset();
    const some = await h.control.simulateGuests({ tabs: 6 });
    expect(some.closed).toHaveLength(2);
  });

  it('works at another location; bad bodies → 400', async () => {
    await h.control.simulateGuests({ locationUuid: garden, tabs: 1, close: 'none' });
    expect(h.events.every((e) => e.locationUuid === garden)).toBe(true);
    await expect(h.control.simulateGuests({ locationUuid: 'nope' })).rejects.toMatchObject({ status: 400 });
    await expect(h.control.simulateGuests({ tabs: -1 })).rejects.toMatchObject({ status: 400 });
  });
});

describe('POST /_sandbox/guests/auto', () => {
  it('keeps the venue busy until stopped; reset stops it too', async () => {
    expect(await h.control.autoGuests(50)).toMatchObject({ running: true, intervalMs: 50 });
    await until(() => ofType(h.events, 'ORDER_PLACED').length >= 3);
    expect((await h.control.autoGuests(null)).running).toBe(false);
    const count = h.events.length;
    await new Promise((r) => setTimeout(r, 120));
    expect(h.events.length).toBe(count);

    await h.control.autoGuests(50);
    h.reset();
    await new Promise((r) => setTimeout(r, 120));
    expect(h.events).toEqual([]);
  });
});

describe('POS item actions', () => {
  async function guestItems() {
    const { opened } = await h.control.simulateGuests({ tabs: 1, orders: 2, close: 'none' });
    h.events.length = 0;
    return (await h.control.tab(opened[0])).items as Json[];
  }

  it('void → ITEM_VOIDED (targetId = item id, data orderId); comp → ITEM_COMPED; remove → ITEM_REMOVED (targetUuid)', async () => {
    const [a, b, c] = await guestItems();
    expect(await h.control.itemAction(a.id, 'void')).toMatchObject({ status: 'VOIDED' });
    expect(await h.control.itemAction(b.id, 'comp')).toMatchObject({ status: 'COMPED' });
    expect(await h.control.itemAction(c.id, 'remove')).toMatchObject({ status: 'REMOVED' });
    expect(h.events.map((e) => e.type)).toEqual(['ITEM_VOIDED', 'ITEM_COMPED', 'ITEM_REMOVED']);
    expect(h.events[0]).toMatchObject({ targetId: a.id, data: { orderId: a.orderId } });
    expect(h.events[0].targetUuid).toBeUndefined();
    expect(h.events[1]).toMatchObject({ targetId: b.id, data: { orderId: b.orderId } });
    expect(h.events[2]).toMatchObject({
      targetUuid: c.uuid,
      data: {
        orderId: c.orderId,
        name: c.name,
        productName: c.productName,
        quantity: c.quantity,
        price: c.price,
        tags: c.tags,
        tabId: c.tabId,
        tabUuid: c.tabUuid,
      },
    });
    for (const e of h.events) expectSpecEvent(e);
  });

  it('an item can change state once (409 after), unknown items 404', async () => {
    const [a] = await guestItems();
    await h.control.itemAction(a.id, 'void');
    await expect(h.control.itemAction(a.id, 'comp')).rejects.toMatchObject({ status: 409 });
    await expect(h.control.itemAction('nope', 'void')).rejects.toMatchObject({ status: 404 });
    expect(h.events).toHaveLength(1);
  });
});

describe('tab and order controls', () => {
  it('pass tabs exist from the seed and never close; other tabs close once', async () => {
    const seeded = (await h.control.tabs({ locationUuid: harbour })).tabs;
    expect(seeded.map((t) => t.xPassId)).toEqual(['PASS-PRE-5000', 'PASS-POST-5000', 'PASS-NO-LIMIT']);
    await expect(h.control.closeTab(seeded[0].uuid as string)).rejects.toMatchObject({ status: 409 });
    const { opened } = await h.control.simulateGuests({ tabs: 1, close: 'none' });
    const closed = await h.control.closeTab(opened[0]);
    expect(closed).toMatchObject({ status: 'CLOSED' });
    expect(closed.paid).toBe(closed.total);
    await expect(h.control.closeTab(opened[0])).rejects.toMatchObject({ status: 409 });
    await expect(h.control.tab('nope')).rejects.toMatchObject({ status: 404 });
  });

  it('order status: only the four statuses; unknown order 404', async () => {
    const { orders } = await h.control.simulateGuests({ tabs: 1, close: 'none' });
    expect(await h.control.setOrderStatus(orders[0], 'PENDING')).toMatchObject({ status: 'PENDING' });
    expect((await call(h.sb, null, 'POST', `/_sandbox/orders/${orders[0]}/status`, { status: 'LOST' })).status).toBe(
      400,
    );
    await expect(h.control.setOrderStatus('nope', 'VOIDED')).rejects.toMatchObject({ status: 404 });
  });

  it('POS orders on a closed tab are refused; GET /_sandbox lists the tab controls', async () => {
    const { opened } = await h.control.simulateGuests({ tabs: 1, close: 'all' });
    await expect(
      h.control.posOrder(opened[0], { items: [{ product_uuid: '3d000000-0000-4000-8000-000000000001' }] }),
    ).rejects.toMatchObject({
      status: 409,
    });
    const index = await call(h.sb, null, 'GET', '/_sandbox');
    expect(index.body.routes).toEqual(
      expect.arrayContaining(['POST /_sandbox/guests/simulate', 'POST /_sandbox/items/{itemId}/void']),
    );
  });
});
