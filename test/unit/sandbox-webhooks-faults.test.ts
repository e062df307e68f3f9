// At-least-once faults (duplicate, delay, reorder) and forged signatures, over real HTTP.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEMO_ACCESS_ID,
  DEMO_ACCESS_SECRET,
  SEED_LOCATIONS,
  startSandbox,
  type RunningSandbox,
} from '../../electron/sandbox/index';
import { createWebhookControlClient } from '../../electron/sandbox/webhooks/control-client';
import { eventually, hmacHex, sleep, startReceiver, subscribe, type Receiver } from './sandbox-webhooks-harness';

let sb: RunningSandbox;
let rx: Receiver;
const hooks = () => createWebhookControlClient(sb.baseUrl);

beforeAll(async () => {
  sb = await startSandbox({ now: () => Date.UTC(2030, 0, 1) });
});
afterAll(() => sb.close());
beforeEach(async () => {
  sb.world.reset();
  rx = await startReceiver();
  await subscribe(sb, DEMO_ACCESS_ID, DEMO_ACCESS_SECRET, [SEED_LOCATIONS.harbour]);
  await hooks().registerEndpoint({
    accessId: DEMO_ACCESS_ID,
    url: rx.url,
    eventTypes: ['OPEN_TAB', 'CLOSE_TAB'],
    secret: 'sek',
  });
});
afterEach(() => rx.close());

const openTab = (targetUuid: string) => hooks().trigger({ type: 'OPEN_TAB', targetUuid });
const targets = () => rx.requests.map((r) => r.json.targetUuid);

describe('duplicate', () => {
  it('sends the same event twice with byte-identical bodies, for `count` events', async () => {
    const rule = await hooks().addFault({ mode: 'duplicate' });
    expect(rule).toMatchObject({ mode: 'duplicate', remaining: 1 });
    const t = await openTab('t1');
    expect(t.deliveries.map((d) => d.duplicate)).toEqual([false, true]);
    const [a, b] = await rx.waitFor(2);
    expect(a.raw.equals(b.raw)).toBe(true);
    expect(a.headers['x-service-signature']).toBe(b.headers['x-service-signature']);
    expect(a.headers['x-service-signature']).toBe(hmacHex(a.raw, 'sek'));

    await openTab('t2');
    await rx.waitFor(3);
    await sleep(50);
    expect(targets()).toEqual(['t1', 't1', 't2']);
    expect((await hooks().faults()).faults).toEqual([]);
  });
});

describe('delay', () => {
  it('holds deliveries for delayMs real ms, then sends them', async () => {
    await hooks().addFault({ mode: 'delay', delayMs: 300 });
    const started = Date.now();
    await openTab('t1');
    await sleep(100);
    expect(rx.requests).toHaveLength(0);
    const [held] = (await hooks().deliveries()).deliveries;
    expect(held).toMatchObject({ status: 'pending', held: true, attempts: 0 });
    await rx.waitFor(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
  });

  it('flush releases a held delivery at once', async () => {
    await hooks().addFault({ mode: 'delay', delayMs: 60_000, count: 'always' });
    await openTab('t1');
    const flushed = await hooks().flush();
    expect(flushed.deliveries[0]).toMatchObject({ status: 'delivered', held: false, attempts: 1 });
    expect(rx.requests).toHaveLength(1);
    // "always" stays until cleared.
    expect((await hooks().faults()).faults).toHaveLength(1);
    expect(await hooks().clearFaults()).toEqual({ cleared: 1 });
  });
});

describe('reorder', () => {
  it('holds a batch of `count` events and delivers it in another order', async () => {
    await hooks().addFault({ mode: 'reorder', count: 3 });
    await openTab('t1');
    await openTab('t2');
    await sleep(50);
    expect(rx.requests).toHaveLength(0);
    await openTab('t3');
    await rx.waitFor(3);
    expect([...targets()].sort()).toEqual(['t1', 't2', 't3']);
    expect(targets()).not.toEqual(['t1', 't2', 't3']);
    // The batch used the rule up: the next event goes straight out.
    await openTab('t4');
    await rx.waitFor(4);
    expect(targets()[3]).toBe('t4');
  });

  it('releases a partial batch after delayMs', async () => {
    await hooks().addFault({ mode: 'reorder', count: 10, delayMs: 150 });
    await openTab('a');
    await openTab('b');
    await rx.waitFor(2, 2000);
    expect(targets()).toEqual(['b', 'a']);
  });

  it('validates the batch size', async () => {
    await expect(hooks().addFault({ mode: 'reorder', count: 1 })).rejects.toMatchObject({ status: 400 });
    await expect(hooks().addFault({ mode: 'reorder', count: 'always' })).rejects.toMatchObject({ status: 400 });
    await expect(hooks().addFault({ mode: 'bogus' as 'delay' })).rejects.toMatchObject({ status: 400 });
  });
});

describe('forge', () => {
  it('delivers with a signature that does not verify', async () => {
    const t = await hooks().trigger({ type: 'CLOSE_TAB', forge: true });
    expect(t.deliveries[0].forged).toBe(true);
    const [r] = await rx.waitFor(1);
    const sig = r.headers['x-service-signature'];
    expect(sig).toMatch(/^[0-9a-f]{64}$/);
    expect(sig).not.toBe(hmacHex(r.raw, 'sek'));
  });

  it('also sends a (wrong) signature to an endpoint without a secret', async () => {
    const rx2 = await startReceiver();
    try {
      await hooks().registerEndpoint({ accessId: DEMO_ACCESS_ID, url: rx2.url, eventTypes: ['CLOSE_TAB'] });
      await hooks().trigger({ type: 'CLOSE_TAB', forge: true });
      const [r] = await rx2.waitFor(1);
      expect(r.headers['x-service-signature']).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await rx2.close();
    }
  });

  it('a normal trigger after a forged one is signed correctly again', async () => {
    await hooks().trigger({ type: 'CLOSE_TAB', forge: true });
    await hooks().trigger({ type: 'CLOSE_TAB' });
    const got = await rx.waitFor(2);
    const verified = got.map((r) => r.headers['x-service-signature'] === hmacHex(r.raw, 'sek'));
    expect(verified.sort()).toEqual([false, true]);
    await eventually(async () => (await hooks().deliveries({ status: 'delivered' })).deliveries.length === 2);
  });
});
