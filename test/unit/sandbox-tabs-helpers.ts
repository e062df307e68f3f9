// Shared by the sandbox tabs/passes/refund tests: a sandbox with instant gift-card issuance, tokens,
// a JSON fetch helper, and a tap on world.webhooks.emit that records every event raised.
import { expect, vi } from 'vitest';
import { createControlClient } from '../../electron/sandbox/control-client';
import { DEMO_ACCESS_ID, DEMO_ACCESS_SECRET, startSandbox, type RunningSandbox } from '../../electron/sandbox/index';
import type { WebhookEmitInput } from '../../electron/sandbox/webhooks/types';
import { checkEventData } from '../../shared/schemas/webhook-events';

export interface Harness {
  sb: RunningSandbox;
  control: ReturnType<typeof createControlClient>;
  /** Every event emitted since the last reset(), in order. */
  events: WebhookEmitInput[];
  /** Resets the world, instant gift cards, empties `events`. */
  reset(): void;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const sb = await startSandbox();
  const events: WebhookEmitInput[] = [];
  // Call through: the real sender still runs, so tests with registered endpoints get deliveries.
  const send = sb.world.webhooks.emit.bind(sb.world.webhooks);
  vi.spyOn(sb.world.webhooks, 'emit').mockImplementation((e: WebhookEmitInput) => {
    events.push(e);
    send(e);
  });
  const reset = () => {
    sb.world.reset();
    sb.world.tabs.giftCardTiming = { minDelayMs: 0, maxDelayMs: 0, waitCapMs: 2_000 };
    events.length = 0;
  };
  reset();
  return { sb, control: createControlClient(sb.baseUrl), events, reset, close: () => sb.close() };
}

export async function clientToken(
  sb: RunningSandbox,
  accessId = DEMO_ACCESS_ID,
  secret = DEMO_ACCESS_SECRET,
): Promise<string> {
  const res = await fetch(`${sb.baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', api_access_id: accessId, api_access_secret: secret }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

export async function userToken(sb: RunningSandbox, userId: string): Promise<string> {
  const { code } = await createControlClient(sb.baseUrl).mintCode(DEMO_ACCESS_ID, userId);
  const res = await fetch(`${sb.baseUrl}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'authorization_code',
      code,
      api_access_id: DEMO_ACCESS_ID,
      api_access_secret: DEMO_ACCESS_SECRET,
    }),
  });
  return ((await res.json()) as { token: string }).token;
}

export type Json = any;

export async function call(sb: RunningSandbox, token: string | null, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = {};
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${sb.baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Json };
}

/** The data keys of spec 6.4, per type, exactly. */
export const DATA_KEYS: Record<string, string[]> = {
  OPEN_TAB: ['name', 'spotName', 'total', 'openedFrom'],
  CLOSE_TAB: [],
  ORDER_PLACED: [
    'created',
    'orderName',
    'scheduled',
    'zoneName',
    'spotName',
    'zoneTags',
    'zoneGroupName',
    'total',
    'tabUuid',
    'itemNames',
    'itemTags',
    'categoryNames',
  ],
  ITEM_ADDED: [
    'orderId',
    'productId',
    'name',
    'productName',
    'categoryName',
    'quantity',
    'price',
    'tags',
    'tabId',
    'tabUuid',
  ],
  ITEM_REMOVED: ['orderId', 'name', 'productName', 'quantity', 'price', 'tags', 'tabId', 'tabUuid'],
  ITEM_VOIDED: ['orderId'],
  ITEM_COMPED: ['orderId'],
  PAYMENT_REFUNDED: [
    'tabId',
    'tabUuid',
    'refundPaymentId',
    'refundType',
    'refundAmount',
    'refundSubtotal',
    'refundTip',
    'refundCustomerFee',
    'itemCount',
    'gateway',
    'paymentType',
  ],
  GIFT_CARD_CREATED: [
    'processorAccountUuid',
    'giftCardNumber',
    'lastFour',
    'balance',
    'giftCardType',
    'gateway',
    'redemptionUrl',
    'claimUrl',
    'tabId',
    'itemId',
    'orderId',
    'customerProfileUuid',
  ],
};

/** Exactly the 6.4 keys, with the types the app's own webhook schema expects, and the 6.5 target. */
export function expectSpecEvent(e: WebhookEmitInput): void {
  expect(Object.keys(e.data).sort(), e.type).toEqual([...DATA_KEYS[e.type]].sort());
  const check = checkEventData({
    type: e.type,
    targetUuid: e.targetUuid ?? null,
    targetId: e.targetId ?? null,
    locationUuid: e.locationUuid,
    createdAt: new Date().toISOString(),
    data: e.data,
  });
  expect(check.problem, e.type).toBeNull();
}

export const ofType = (events: WebhookEmitInput[], type: string) => events.filter((e) => e.type === type);

/** Waits (real time) until `predicate` holds, polling every 5 ms. */
export async function until(predicate: () => boolean, timeoutMs = 2_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}
