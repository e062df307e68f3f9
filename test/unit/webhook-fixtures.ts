// Shared helpers for the webhook receiver tests: valid data for every event type (spec 6.4), a raw
// HTTP client that sends exactly the bytes and headers given, temp dirs and a movable clock.
import { tempDirs } from '../support';
import { Agent, request } from 'node:http';
import type { WebhookEventType } from '../../shared/webhooks';
import { signBody } from '../../electron/core/webhooks';

export const SECRET = 'whsec-test-0123456789';
export const T0 = Date.UTC(2025, 5, 1, 12, 0, 0);

export class TestClock {
  constructor(public ms = T0) {}
  now = () => this.ms;
  advance(ms: number): void {
    this.ms += ms;
  }
}

// An event log made on a temp dir keeps its sidecars beside it, in `<dir>-index`.
const temp = tempDirs('venue-webhooks-', ['-index']);
export const tempDir = (): string => temp.make();
export const removeTempDirs = (): void => temp.removeAll();

export interface Sample {
  targetUuid?: string | null;
  targetId?: string;
  data: Record<string, unknown>;
  /** A documented key and a value of the wrong type for it. */
  mistyped: [string, unknown];
}

/** Valid data for each of the 18 types, as 6.4 documents it, with one key to break. */
export const SAMPLES: Record<WebhookEventType, Sample> = {
  ITEM_ADDED: {
    targetUuid: 'item-u1',
    data: {
      orderId: 'o1',
      productId: 'p1',
      name: 'Lager',
      productName: 'Lager 0.5',
      categoryName: 'Beer',
      quantity: 2,
      price: 450,
      tags: ['draft'],
      tabId: 't1',
      tabUuid: 'tab-u1',
    },
    mistyped: ['quantity', '2'],
  },
  ITEM_REMOVED: {
    targetUuid: 'item-u1',
    data: {
      orderId: 'o1',
      name: 'Lager',
      productName: 'Lager 0.5',
      quantity: 2,
      price: 450,
      tags: [],
      tabId: 't1',
      tabUuid: 'tab-u1',
    },
    mistyped: ['tags', 'draft'],
  },
  // Ids may come as numbers (kept as strings), so a mistyped id is an object.
  ITEM_VOIDED: { targetId: 'item-7', data: { orderId: 'o1' }, mistyped: ['orderId', { id: 7 }] },
  ITEM_COMPED: { targetId: 'item-7', data: { orderId: 'o1' }, mistyped: ['orderId', null] },
  OPEN_TAB: {
    targetUuid: 'tab-u1',
    data: { name: 'Ana', spotName: 'Table 4', total: 0, openedFrom: 'SERVER_TAB' },
    mistyped: ['total', 'zero'],
  },
  CLOSE_TAB: { targetUuid: 'tab-u1', data: {}, mistyped: ['', null] },
  ORDER_PLACED: {
    targetUuid: 'order-u1',
    data: {
      created: '2025-06-01T11:59:00.000Z',
      orderName: '#12',
      scheduled: false,
      zoneName: 'Terrace',
      spotName: 'Table 4',
      zoneTags: ['outdoor'],
      zoneGroupName: 'Outside',
      total: 1090,
      tabUuid: 'tab-u1',
      itemNames: ['Lager'],
      itemTags: ['draft'],
      categoryNames: ['Beer'],
    },
    mistyped: ['scheduled', 'no'],
  },
  PAYMENT_REFUNDED: {
    targetId: 'pay-1',
    data: {
      tabId: 't1',
      tabUuid: 'tab-u1',
      refundPaymentId: 'rp-1',
      refundType: 'open',
      refundAmount: 500,
      refundSubtotal: 450,
      refundTip: 50,
      refundCustomerFee: 0,
      itemCount: 0,
      gateway: 'INTERNAL',
      paymentType: 'card',
    },
    mistyped: ['refundAmount', '5.00 USD'],
  },
  GUEST_VERIFIED: {
    targetUuid: 'cust-1',
    data: { oldCustomerId: 'c-old', isFirstTime: true },
    mistyped: ['isFirstTime', 'yes'],
  },
  GUEST_SUBSCRIBED: { targetUuid: 'cust-1', data: { handle: '+15550100' }, mistyped: ['handle', 15550100] },
  GUEST_UNSUBSCRIBED: {
    targetUuid: 'cust-1',
    data: { handle: 'ana@example.com' },
    mistyped: ['handle', ['ana@example.com']],
  },
  MENU_UPDATED: { targetUuid: 'menu-1', data: {}, mistyped: ['', null] },
  PRODUCT_UPDATED: { targetUuid: 'prod-1', data: {}, mistyped: ['', null] },
  CATEGORY_UPDATED: {
    targetUuid: null,
    targetId: 'cat-1',
    data: { cause: { type: 'PRODUCT_UPDATED', productUuid: 'prod-1' } },
    mistyped: ['cause', 'PRODUCT_UPDATED'],
  },
  LOCATION_UPDATED: { targetUuid: 'loc-1', data: {}, mistyped: ['', null] },
  OPTION_GROUP_UPDATED: {
    targetUuid: 'og-1',
    data: {
      optionGroupUuid: 'og-1',
      optionGroupName: 'Sides',
      userId: 'u-9',
      action: 'updated',
      optionGroups: [
        { optionGroupHash: 'h0', name: 'Sides', depth: 0, options: [{ optionHash: 'o0', name: 'Fries' }] },
        { optionGroupHash: 'h1', name: 'Sauces', depth: 1, options: [] },
        { optionGroupHash: 'h2', name: 'Dips', depth: 2, options: [{ optionHash: 'o2', name: 'Aioli' }] },
      ],
    },
    mistyped: ['optionGroups', { depth: 0 }],
  },
  QR_SCANNED: {
    targetId: 'spot-4',
    data: { type: 'SPOT', targetName: 'Table 4', entryPoint: 'TABLE_QR' },
    mistyped: ['entryPoint', 3],
  },
  GIFT_CARD_CREATED: {
    targetUuid: null,
    targetId: 'item-gc',
    data: {
      processorAccountUuid: null,
      giftCardNumber: null,
      lastFour: null,
      balance: null,
      giftCardType: null,
      gateway: 'GATEWAY_A',
      redemptionUrl: null,
      claimUrl: null,
      tabId: 't1',
      itemId: null,
      orderId: null,
      customerProfileUuid: null,
    },
    mistyped: ['balance', '2500'],
  },
};

export const LOCATION = { locationUuid: 'loc-1', locationName: 'Harbour Bar', locationId: '101' };

export function envelope(
  type: string,
  sample: Partial<Sample> & { data: Record<string, unknown> },
  createdAt = new Date(T0).toISOString(),
) {
  const e: Record<string, unknown> = { type, ...LOCATION, createdAt, data: sample.data };
  if (sample.targetUuid !== undefined) e.targetUuid = sample.targetUuid;
  if (sample.targetId !== undefined) e.targetId = sample.targetId;
  return e;
}

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: Record<string, unknown> | null;
}

export const keepAlive = new Agent({ keepAlive: true, maxSockets: 64 });

/** POSTs exactly `body` with exactly `headers` (plus Content-Length); never throws on a closed socket after a status. */
export function post(
  url: string,
  body: string | Buffer,
  headers: Record<string, string> = {},
  options: { method?: string; agent?: Agent } = {},
): Promise<Reply> {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: options.method ?? 'POST',
        headers: { 'content-type': 'application/json', 'content-length': bytes.length, ...headers },
        agent: options.agent ?? false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: Record<string, unknown> | null;
          try {
            json = JSON.parse(text) as Record<string, unknown>;
          } catch {
            json = null;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, json });
        });
      },
    );
    // The server may answer 413 and close before reading everything: the answer is what counts.
    req.on('error', (error) => reject(error));
    req.end(bytes);
  });
}

/** Sends an event signed with `secret` (Service prefix), as the service would. */
export function deliver(
  url: string,
  event: unknown,
  secret: string | null = SECRET,
  extra: Record<string, string> = {},
  agent?: Agent,
): Promise<Reply> {
  const body = typeof event === 'string' ? event : JSON.stringify(event);
  const headers: Record<string, string> = { 'user-agent': 'Service-WebhookAgent/1.0', ...extra };
  if (secret !== null) headers['X-Service-Signature'] = signBody(body, secret);
  return post(url, body, headers, { agent });
}

/** Deterministic PRNG (mulberry32) for shuffles that are reproducible from a seed. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffle<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
