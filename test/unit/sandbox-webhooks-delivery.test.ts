// The webhook sender over real HTTP: the 6.2 envelope and headers, signatures recomputed over the
// received raw bytes, custom headers, the header prefix, and who receives what (types, locations).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEMO_ACCESS_ID,
  DEMO_ACCESS_SECRET,
  OTHER_ACCESS_ID,
  OTHER_ACCESS_SECRET,
  SEED_LOCATIONS,
  startSandbox,
  type RunningSandbox,
} from '../../electron/sandbox/index';
import { createWebhookControlClient } from '../../electron/sandbox/webhooks/control-client';
import { eventually, hmacHex, sleep, startReceiver, subscribe, type Receiver } from './sandbox-webhooks-harness';

const NOW = Date.UTC(2030, 0, 1, 12, 0, 0);
let sb: RunningSandbox;
let rx: Receiver;
const hooks = () => createWebhookControlClient(sb.baseUrl);

beforeAll(async () => {
  sb = await startSandbox({ now: () => NOW });
});
afterAll(() => sb.close());
beforeEach(async () => {
  sb.world.reset();
  rx = await startReceiver();
  await subscribe(sb, DEMO_ACCESS_ID, DEMO_ACCESS_SECRET, [SEED_LOCATIONS.harbour]);
});
afterEach(() => rx.close());

describe('delivery format (spec 6.2)', () => {
  it('POSTs the envelope with the service headers and a verifiable signature', async () => {
    await hooks().registerEndpoint({
      accessId: DEMO_ACCESS_ID,
      url: rx.url,
      eventTypes: ['ITEM_ADDED'],
      secret: 'whsec-1',
    });
    sb.world.clock.advanceMs(1500);
    const t = await hooks().trigger({ type: 'ITEM_ADDED' });
    const [r] = await rx.waitFor(1);
    expect(r.method).toBe('POST');
    expect(r.path).toBe('/hook');
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.headers['user-agent']).toMatch(/^Service-WebhookAgent/);
    expect(r.headers['user-agent']).toBe('Service-WebhookAgent/1.0');
    expect(r.headers['x-service-event-type']).toBe('ITEM_ADDED');
    expect(r.headers['x-service-application-id']).toBe(DEMO_ACCESS_ID);
    expect(r.headers['x-service-signature']).toBe(hmacHex(r.raw, 'whsec-1'));
    expect(r.raw.toString('utf8')).toBe(t.throttled ? '' : t.body);

    const env = r.json;
    expect(Object.keys(env)).toEqual([
      'type',
      'targetUuid',
      'locationUuid',
      'locationName',
      'locationId',
      'createdAt',
      'data',
    ]);
    expect(env.type).toBe('ITEM_ADDED');
    expect(env.locationUuid).toBe(SEED_LOCATIONS.harbour);
    expect(env.locationName).toBe('Harbour Bar & Kitchen');
    expect(env.locationId).toBe('4101');
    // The sandbox clock, not the real one.
    expect(env.createdAt).toBe(new Date(NOW + 1500).toISOString());
    expect(r.headers['x-service-event-target-uuid']).toBe(env.targetUuid);
    expect(r.headers['x-service-event-target-id']).toBeUndefined();
  });

  it('sends no signature header without a secret, and the custom headers', async () => {
    await hooks().registerEndpoint({
      accessId: DEMO_ACCESS_ID,
      url: rx.url,
      eventTypes: ['ITEM_VOIDED'],
      customHeaders: { Authorization: 'Bearer integrator-own-credential', 'X-Partner-Tag': 'a b c' },
    });
    await hooks().trigger({ type: 'ITEM_VOIDED', targetId: '777' });
    const [r] = await rx.waitFor(1);
    expect(r.headers['x-service-signature']).toBeUndefined();
    expect(r.headers.authorization).toBe('Bearer integrator-own-credential');
    expect(r.headers['x-partner-tag']).toBe('a b c');
    expect(r.headers['x-service-event-target-id']).toBe('777');
    expect(r.headers['x-service-event-target-uuid']).toBeUndefined();
    expect(r.json.targetId).toBe('777');
    expect('targetUuid' in r.json).toBe(false);
  });

  it('refuses custom headers the sender owns', async () => {
    const refused: Array<Record<string, string>> = [
      { 'X-Service-Signature': 'x' },
      { 'content-type': 'text/plain' },
      { 'Bad Name': 'x' },
      { 'X-Ok': 'a\r\nb' },
    ];
    for (const customHeaders of refused) {
      await expect(
        hooks().registerEndpoint({ accessId: DEMO_ACCESS_ID, url: rx.url, eventTypes: ['ITEM_ADDED'], customHeaders }),
      ).rejects.toMatchObject({
        status: 400,
        error: 'invalid_body',
      });
    }
  });

  it('uses the configured header prefix', async () => {
    const acme = await startSandbox({ headerPrefix: 'Acme' });
    try {
      await subscribe(acme, DEMO_ACCESS_ID, DEMO_ACCESS_SECRET, [SEED_LOCATIONS.garden]);
      const c = createWebhookControlClient(acme.baseUrl);
      await c.registerEndpoint({
        accessId: DEMO_ACCESS_ID,
        url: rx.url,
        eventTypes: ['LOCATION_UPDATED'],
        secret: 's',
      });
      await c.trigger({ type: 'LOCATION_UPDATED', locationUuid: SEED_LOCATIONS.garden });
      const [r] = await rx.waitFor(1);
      expect(r.headers['user-agent']).toBe('Acme-WebhookAgent/1.0');
      expect(r.headers['x-acme-event-type']).toBe('LOCATION_UPDATED');
      expect(r.headers['x-acme-event-target-uuid']).toBe(SEED_LOCATIONS.garden);
      expect(r.headers['x-acme-application-id']).toBe(DEMO_ACCESS_ID);
      expect(r.headers['x-acme-signature']).toBe(hmacHex(r.raw, 's'));
      expect(r.headers['x-service-event-type']).toBeUndefined();
    } finally {
      await acme.close();
    }
  });
});

describe('who receives what', () => {
  it('an endpoint gets only its subscribed types, at locations its integration subscribed to', async () => {
    const ep = await hooks().registerEndpoint({
      accessId: DEMO_ACCESS_ID,
      url: rx.url,
      eventTypes: ['OPEN_TAB', 'CLOSE_TAB'],
    });
    await hooks().trigger({ type: 'ITEM_ADDED' }); // type not subscribed
    await hooks().trigger({ type: 'OPEN_TAB', locationUuid: SEED_LOCATIONS.garden }); // location not subscribed
    const kept = await hooks().trigger({ type: 'CLOSE_TAB' });
    await rx.waitFor(1);
    await sleep(100);
    expect(rx.requests).toHaveLength(1);
    expect(rx.requests[0].json.type).toBe('CLOSE_TAB');
    expect(kept.deliveries.map((d) => d.endpointId)).toEqual([ep.id]);

    await subscribe(sb, DEMO_ACCESS_ID, DEMO_ACCESS_SECRET, [SEED_LOCATIONS.garden]);
    await hooks().trigger({ type: 'OPEN_TAB', locationUuid: SEED_LOCATIONS.garden });
    const [, second] = await rx.waitFor(2);
    expect(second.json.locationUuid).toBe(SEED_LOCATIONS.garden);
    expect(second.json.locationName).toBe('Garden Terrace');
  });

  it('each integration gets its own Application-ID and signature; the body is the same bytes', async () => {
    const rx2 = await startReceiver('/other');
    try {
      await subscribe(sb, OTHER_ACCESS_ID, OTHER_ACCESS_SECRET, [SEED_LOCATIONS.harbour]);
      await hooks().registerEndpoint({
        accessId: DEMO_ACCESS_ID,
        url: rx.url,
        eventTypes: ['MENU_UPDATED'],
        secret: 'one',
      });
      await hooks().registerEndpoint({
        accessId: OTHER_ACCESS_ID,
        url: rx2.url,
        eventTypes: ['MENU_UPDATED'],
        secret: 'two',
      });
      await hooks().trigger({ type: 'MENU_UPDATED' });
      const [[a], [b]] = await Promise.all([rx.waitFor(1), rx2.waitFor(1)]);
      expect(a.headers['x-service-application-id']).toBe(DEMO_ACCESS_ID);
      expect(b.headers['x-service-application-id']).toBe(OTHER_ACCESS_ID);
      expect(a.headers['x-service-signature']).toBe(hmacHex(a.raw, 'one'));
      expect(b.headers['x-service-signature']).toBe(hmacHex(b.raw, 'two'));
      expect(a.raw.equals(b.raw)).toBe(true);
    } finally {
      await rx2.close();
    }
  });

  it('an integration with no subscription gets nothing, even with an endpoint', async () => {
    await hooks().registerEndpoint({ accessId: OTHER_ACCESS_ID, url: rx.url, eventTypes: ['PRODUCT_UPDATED'] });
    const t = await hooks().trigger({ type: 'PRODUCT_UPDATED' });
    expect(t.deliveries).toEqual([]);
    await sleep(80);
    expect(rx.requests).toHaveLength(0);
  });
});

describe('world.webhooks.emit', () => {
  it('delivers asynchronously, exactly the data given', async () => {
    await hooks().registerEndpoint({ accessId: DEMO_ACCESS_ID, url: rx.url, eventTypes: ['ITEM_COMPED'] });
    sb.world.webhooks.emit({
      type: 'ITEM_COMPED',
      locationUuid: SEED_LOCATIONS.harbour,
      targetId: '42',
      data: { orderId: '9' },
    });
    // Not inside the caller's stack: nothing has been sent yet.
    expect(rx.requests).toHaveLength(0);
    const [r] = await rx.waitFor(1);
    expect(r.json.data).toEqual({ orderId: '9' });
    expect(r.json.targetId).toBe('42');
  });

  it('never throws, and drops what the service would never send', async () => {
    await hooks().registerEndpoint({
      accessId: DEMO_ACCESS_ID,
      url: rx.url,
      eventTypes: ['CATEGORY_UPDATED', 'ITEM_ADDED'],
    });
    const warn = console.warn;
    console.warn = () => {};
    try {
      expect(() =>
        sb.world.webhooks.emit({ type: 'NOPE', locationUuid: SEED_LOCATIONS.harbour, data: {} }),
      ).not.toThrow();
      expect(() =>
        sb.world.webhooks.emit({ type: 'ITEM_ADDED', locationUuid: 'no-such-location', data: {} }),
      ).not.toThrow();
      expect(() => sb.world.webhooks.emit(null as never)).not.toThrow();
    } finally {
      console.warn = warn;
    }
    // A targetUuid the type cannot carry is dropped, not sent.
    sb.world.webhooks.emit({
      type: 'CATEGORY_UPDATED',
      locationUuid: SEED_LOCATIONS.harbour,
      targetUuid: 'x',
      targetId: '3101',
      data: { cause: { type: 'PRODUCT_UPDATED' } },
    });
    const [r] = await rx.waitFor(1);
    expect(r.json.targetUuid).toBeNull();
    expect(r.json.targetId).toBe('3101');
    await sleep(50);
    expect(rx.requests).toHaveLength(1);
  });

  it('listing endpoints filters by integration and never shows the secret', async () => {
    await hooks().registerEndpoint({
      accessId: DEMO_ACCESS_ID,
      url: rx.url,
      eventTypes: ['ITEM_ADDED'],
      secret: 'very-secret',
    });
    await hooks().registerEndpoint({ accessId: OTHER_ACCESS_ID, url: rx.url, eventTypes: ['ITEM_ADDED'] });
    const res = await fetch(`${sb.baseUrl}/_sandbox/webhooks/endpoints?accessId=${DEMO_ACCESS_ID}`);
    const text = await res.text();
    expect(text).not.toContain('very-secret');
    const { endpoints } = JSON.parse(text) as { endpoints: Array<{ accessId: string; hasSecret: boolean }> };
    expect(endpoints).toEqual([expect.objectContaining({ accessId: DEMO_ACCESS_ID, hasSecret: true })]);
    expect((await hooks().endpoints()).endpoints).toHaveLength(2);
  });

  it('registering the same integration + URL again updates that endpoint', async () => {
    const a = await hooks().registerEndpoint({ accessId: DEMO_ACCESS_ID, url: rx.url, eventTypes: ['ITEM_ADDED'] });
    const b = await hooks().registerEndpoint({
      accessId: DEMO_ACCESS_ID,
      url: rx.url,
      eventTypes: ['ITEM_REMOVED'],
      secret: 'k',
    });
    expect(b.id).toBe(a.id);
    expect(b.eventTypes).toEqual(['ITEM_REMOVED']);
    expect(b.hasSecret).toBe(true);
    expect((await hooks().endpoints()).endpoints).toHaveLength(1);
    await hooks().removeEndpoint(a.id);
    expect((await hooks().endpoints()).endpoints).toHaveLength(0);
    await expect(hooks().removeEndpoint(a.id)).rejects.toMatchObject({ status: 404 });
    await expect(
      hooks().registerEndpoint({ accessId: 'ghost', url: rx.url, eventTypes: ['ITEM_ADDED'] }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      hooks().registerEndpoint({ accessId: DEMO_ACCESS_ID, url: 'ftp://x', eventTypes: ['ITEM_ADDED'] }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      hooks().registerEndpoint({ accessId: DEMO_ACCESS_ID, url: rx.url, eventTypes: [] }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('a delivered event shows as delivered with one attempt', async () => {
    const ep = await hooks().registerEndpoint({
      accessId: DEMO_ACCESS_ID,
      url: rx.url,
      eventTypes: ['GUEST_SUBSCRIBED'],
    });
    await hooks().trigger({ type: 'GUEST_SUBSCRIBED' });
    const [d] = await eventually(async () => {
      const { deliveries } = await hooks().deliveries({ endpointId: ep.id, status: 'delivered' });
      return deliveries.length === 1 && deliveries;
    });
    expect(d).toMatchObject({
      status: 'delivered',
      attempts: 1,
      lastResponseStatus: 200,
      lastError: null,
      nextAttemptAt: null,
    });
    const bad = await fetch(`${sb.baseUrl}/_sandbox/webhooks/deliveries?status=bogus`);
    expect(bad.status).toBe(400);
  });
});
