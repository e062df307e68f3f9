// Retries (spec 6.3/8) on the sandbox clock: a failing endpoint is retried with growing gaps for
// about 24 hours, then permanently failed; timeouts count as failures; flush, removal, close.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createControlClient } from '../../electron/sandbox/control-client';
import {
  DEMO_ACCESS_ID,
  DEMO_ACCESS_SECRET,
  SEED_LOCATIONS,
  startSandbox,
  type RunningSandbox,
} from '../../electron/sandbox/index';
import { RETRY_WINDOW_MS } from '../../electron/sandbox/webhooks/backoff';
import { createWebhookControlClient } from '../../electron/sandbox/webhooks/control-client';
import type { DeliveryView } from '../../electron/sandbox/webhooks/deliveries';
import { eventually, hmacHex, sleep, startReceiver, subscribe, type Receiver } from './sandbox-webhooks-harness';

// A frozen real clock: only POST /_sandbox/clock/advance moves the sandbox clock here.
const NOW = Date.UTC(2030, 0, 1);
let sb: RunningSandbox;
let rx: Receiver;
const hooks = () => createWebhookControlClient(sb.baseUrl);

beforeAll(async () => {
  sb = await startSandbox({ now: () => NOW });
});
afterAll(() => sb.close());
beforeEach(async () => {
  sb.world.reset();
  sb.world.webhooks.timeoutMs = 10_000;
  rx = await startReceiver();
  await subscribe(sb, DEMO_ACCESS_ID, DEMO_ACCESS_SECRET, [SEED_LOCATIONS.harbour]);
});
afterEach(() => rx.close());

async function only(): Promise<DeliveryView> {
  const { deliveries } = await hooks().deliveries();
  expect(deliveries).toHaveLength(1);
  return deliveries[0];
}

/** Waits until the delivery has `attempts` attempts and is no longer in flight. */
const afterAttempts = (attempts: number) =>
  eventually(async () => {
    const d = await only();
    return d.attempts >= attempts && d.status !== 'pending' && d;
  });

describe('a failing endpoint', () => {
  it('is retried with growing gaps on the sandbox clock, then permanently failed after about 24 h', async () => {
    rx.answer = () => 500;
    await hooks().registerEndpoint({ accessId: DEMO_ACCESS_ID, url: rx.url, eventTypes: ['ITEM_ADDED'], secret: 'k' });
    await hooks().trigger({ type: 'ITEM_ADDED' });
    let d = await afterAttempts(1);
    expect(d).toMatchObject({ status: 'retrying', lastResponseStatus: 500 });
    expect(Date.parse(d.nextAttemptAt!)).toBe(NOW + 30_000);

    const clock = createControlClient(sb.baseUrl);
    for (let i = 0; i < 60 && d.status === 'retrying'; i++) {
      const wait = Date.parse(d.nextAttemptAt!) - sb.world.clock.nowMs();
      await clock.advanceClock(wait / 1000);
      d = await afterAttempts(d.attempts + 1);
    }
    expect(d.status).toBe('failed');
    expect(d.nextAttemptAt).toBeNull();
    expect((await hooks().deliveries({ status: 'failed' })).deliveries).toHaveLength(1);

    const times = d.history.map((h) => Date.parse(h.at!));
    const gaps = times.slice(1).map((t, i) => t - times[i]);
    expect(gaps[0]).toBe(30_000);
    expect(gaps.slice(0, 7).every((g, i) => i === 0 || g > gaps[i - 1])).toBe(true); // doubling
    expect(gaps.every((g, i) => i === 0 || g >= gaps[i - 1])).toBe(true); // never shrinking (capped)
    const span = times.at(-1)! - times[0];
    expect(span).toBeLessThanOrEqual(RETRY_WINDOW_MS);
    expect(span).toBeGreaterThan(RETRY_WINDOW_MS - 3 * 3600_000);
    expect(d.attempts).toBeGreaterThan(10);

    // Every attempt carried the same bytes and signature.
    expect(rx.requests).toHaveLength(d.attempts);
    expect(new Set(rx.requests.map((r) => r.raw.toString('utf8'))).size).toBe(1);
    for (const r of rx.requests) expect(r.headers['x-service-signature']).toBe(hmacHex(r.raw, 'k'));

    // Nothing more happens once failed.
    await clock.advanceClock(86_400);
    await sleep(50);
    expect(rx.requests).toHaveLength(d.attempts);
  });

  it('an endpoint that never answers times out (configurable), is retried, and recovers', async () => {
    sb.world.webhooks.timeoutMs = 100;
    rx.answer = () => 'hang';
    await hooks().registerEndpoint({ accessId: DEMO_ACCESS_ID, url: rx.url, eventTypes: ['CLOSE_TAB'] });
    await hooks().trigger({ type: 'CLOSE_TAB' });
    let d = await afterAttempts(1);
    expect(d.status).toBe('retrying');
    expect(d.lastResponseStatus).toBeNull();
    expect(d.lastError).toMatch(/no answer within 100 ms/);

    sb.world.clock.advanceMs(30_000);
    d = await afterAttempts(2);
    expect(d.status).toBe('retrying');
    expect(Date.parse(d.nextAttemptAt!) - Date.parse(d.lastAttemptAt!)).toBe(60_000);

    rx.answer = () => 204;
    // The short timeout only served to provoke failures; a loaded 2-core CI machine may need
    // more than 100 ms to answer, and this step checks recovery, not the timeout.
    sb.world.webhooks.timeoutMs = 5_000;
    sb.world.clock.advanceMs(60_000);
    d = await afterAttempts(3);
    expect(d).toMatchObject({ status: 'delivered', attempts: 3, lastResponseStatus: 204 });
  });

  it('an unreachable URL is a failure like any other', async () => {
    await rx.close();
    await hooks().registerEndpoint({ accessId: DEMO_ACCESS_ID, url: rx.url, eventTypes: ['CLOSE_TAB'] });
    rx = await startReceiver();
    await hooks().trigger({ type: 'CLOSE_TAB' });
    const d = await afterAttempts(1);
    expect(d.status).toBe('retrying');
    expect(d.lastError).toBeTruthy();
  });

  it('a real timer runs a retry when the sandbox clock gets there without an advance', async () => {
    let real = NOW;
    const other = await startSandbox({ now: () => real });
    // Only the global timers are faked: node:http keeps its own, so the HTTP traffic stays real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      await subscribe(other, DEMO_ACCESS_ID, DEMO_ACCESS_SECRET, [SEED_LOCATIONS.harbour]);
      rx.answer = () => 500;
      const c = createWebhookControlClient(other.baseUrl);
      await c.registerEndpoint({ accessId: DEMO_ACCESS_ID, url: rx.url, eventTypes: ['CLOSE_TAB'] });
      await c.trigger({ type: 'CLOSE_TAB' });
      const attempts = (n: number) =>
        eventually(async () => ((await c.deliveries()).deliveries[0]?.attempts ?? 0) >= n);
      await attempts(1);
      real += 30_000;
      vi.advanceTimersByTime(30_000);
      await attempts(2);
      expect(rx.requests).toHaveLength(2);
    } finally {
      vi.useRealTimers();
      await other.close();
    }
  });

  it('a 3xx or 4xx is a failure too', async () => {
    rx.answer = () => 302;
    await hooks().registerEndpoint({ accessId: DEMO_ACCESS_ID, url: rx.url, eventTypes: ['CLOSE_TAB'] });
    await hooks().trigger({ type: 'CLOSE_TAB' });
    expect((await afterAttempts(1)).status).toBe('retrying');
  });
});

describe('flush, removal, reset and close', () => {
  it('flush runs every retry now and answers when they are done', async () => {
    rx.answer = () => 503;
    await hooks().registerEndpoint({ accessId: DEMO_ACCESS_ID, url: rx.url, eventTypes: ['CLOSE_TAB'] });
    await hooks().trigger({ type: 'CLOSE_TAB' });
    await afterAttempts(1);
    rx.answer = () => 200;
    const flushed = await hooks().flush();
    expect(flushed.flushed).toBe(1);
    expect(flushed.deliveries[0]).toMatchObject({ status: 'delivered', attempts: 2 });
    expect((await hooks().flush()).flushed).toBe(0);
  });

  it('removing the endpoint fails its pending retries', async () => {
    rx.answer = () => 500;
    const ep = await hooks().registerEndpoint({ accessId: DEMO_ACCESS_ID, url: rx.url, eventTypes: ['CLOSE_TAB'] });
    await hooks().trigger({ type: 'CLOSE_TAB' });
    await afterAttempts(1);
    await hooks().removeEndpoint(ep.id);
    expect(await only()).toMatchObject({ status: 'failed', lastError: 'endpoint removed', nextAttemptAt: null });
  });

  it('reset forgets endpoints and deliveries', async () => {
    await hooks().registerEndpoint({ accessId: DEMO_ACCESS_ID, url: rx.url, eventTypes: ['CLOSE_TAB'] });
    await hooks().trigger({ type: 'CLOSE_TAB' });
    await rx.waitFor(1);
    await fetch(`${sb.baseUrl}/_sandbox/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect((await hooks().endpoints()).endpoints).toEqual([]);
    expect((await hooks().deliveries()).deliveries).toEqual([]);
  });

  it('close() stops deliveries in flight and all later work', async () => {
    const other = await startSandbox({ now: () => NOW });
    await subscribe(other, DEMO_ACCESS_ID, DEMO_ACCESS_SECRET, [SEED_LOCATIONS.harbour]);
    rx.answer = () => 'hang';
    const c = createWebhookControlClient(other.baseUrl);
    await c.registerEndpoint({ accessId: DEMO_ACCESS_ID, url: rx.url, eventTypes: ['CLOSE_TAB'] });
    await c.trigger({ type: 'CLOSE_TAB' });
    await rx.waitFor(1);
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(() =>
      other.world.webhooks.emit({ type: 'CLOSE_TAB', locationUuid: SEED_LOCATIONS.harbour, targetUuid: 'x', data: {} }),
    ).not.toThrow();
    other.world.clock.advanceMs(3600_000);
    await sleep(50);
    expect(rx.requests).toHaveLength(1);
  });
});
