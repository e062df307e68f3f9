// Webhook deliveries as the service sends them (spec 6.2): a JSON envelope signed with
// X-Service-Signature over the exact bytes. Every one is a distinct event (its own target and a
// counter in its data), so the listener's dedupe never short-circuits a request. Bodies are built
// and signed before a run starts, so the load generator spends its time sending.
import { randomUUID } from 'node:crypto';
import type { AutocannonRequest } from 'autocannon';
import { signBody } from '../electron/core/webhooks';

export const BENCH_SECRET = 'whsec-bench-0123456789abcdef';
export const HARBOUR = {
  locationUuid: '1c000000-0000-4000-8000-000000000001',
  locationName: 'Harbour Bar & Kitchen',
  locationId: '4101',
};

/**
 * Valid data (spec 6.4) for the types of a tab's life, in a rotation that reads like a busy venue:
 * every five events one tab opens, one closes (the one opened 100 rounds earlier, so about 100 are
 * open at any time), and an order, an item and a refund land on one of the open tabs. The log
 * bench's type filter picks among these types (a fifth of the rows each).
 */
export const BENCH_TYPES = ['ORDER_PLACED', 'ITEM_ADDED', 'OPEN_TAB', 'CLOSE_TAB', 'PAYMENT_REFUNDED'] as const;
export type BenchType = (typeof BENCH_TYPES)[number];

const OPEN_TABS = 100;
const run = randomUUID().slice(0, 8);
const tabUuid = (round: number) => `bench-${run}-tab-${round}`;

function data(type: BenchType, n: number): { targetUuid?: string; targetId?: string; data: Record<string, unknown> } {
  const round = Math.floor(n / BENCH_TYPES.length);
  // One of the tabs opened in the last OPEN_TABS rounds (still open).
  const openRound = Math.max(0, round - 1 - (n % (OPEN_TABS - 10)));
  const tab = tabUuid(openRound);
  const tabId = `t${openRound}`;
  switch (type) {
    case 'ORDER_PLACED':
      return {
        targetUuid: randomUUID(),
        data: {
          created: new Date().toISOString(),
          orderName: `#${n}`,
          scheduled: false,
          zoneName: 'Terrace',
          spotName: `Table ${n % 40}`,
          zoneTags: ['outdoor'],
          zoneGroupName: 'Outside',
          total: 1090 + (n % 500),
          tabUuid: tab,
          itemNames: ['Lager', 'Fries'],
          itemTags: ['draft'],
          categoryNames: ['Beer', 'Food'],
        },
      };
    case 'ITEM_ADDED':
      return {
        targetUuid: randomUUID(),
        data: {
          orderId: `o${n}`,
          productId: 'p1',
          name: 'Lager',
          productName: 'Lager 0.5',
          categoryName: 'Beer',
          quantity: 1 + (n % 3),
          price: 450,
          tags: ['draft'],
          tabId,
          tabUuid: tab,
        },
      };
    case 'OPEN_TAB':
      return {
        targetUuid: tabUuid(round),
        data: { name: `Guest ${n}`, spotName: `Table ${n % 40}`, total: 0, openedFrom: 'SERVER_TAB' },
      };
    case 'CLOSE_TAB':
      // The first OPEN_TABS rounds close nothing that exists (a tab the listener never saw open).
      return { targetUuid: tabUuid(round - OPEN_TABS), data: {} };
    case 'PAYMENT_REFUNDED':
      return {
        targetId: `pay-${n}`,
        data: {
          tabId,
          tabUuid: tab,
          refundPaymentId: `rp-${n}`,
          refundType: 'open',
          refundAmount: 500,
          refundSubtotal: 450,
          refundTip: 50,
          refundCustomerFee: 0,
          itemCount: 0,
          gateway: 'INTERNAL',
          paymentType: 'card',
        },
      };
  }
}

let counter = 0;

/**
 * Numbers the next deliveries from 0 again. The log section calls it so its 100 000 events (guest
 * names, refund ids) are the same whichever sections ran before in the process: its free-text
 * row looks for texts such as "guest 42", and after the ingest section had used the numbers up to
 * 170 000 none matched, so that row timed a search of the whole log instead of a first page.
 * Only for a fresh data folder: within one log every delivery must stay distinct.
 */
export function restartNumbering(): void {
  counter = 0;
}

/** One signed delivery: body and headers. `type` defaults to rotating through BENCH_TYPES. */
export function signedDelivery(
  secret = BENCH_SECRET,
  type?: BenchType,
): { body: string; headers: Record<string, string> } {
  const n = counter++;
  const chosen = type ?? BENCH_TYPES[n % BENCH_TYPES.length];
  const envelope = { type: chosen, ...HARBOUR, ...data(chosen, n), createdAt: new Date().toISOString() };
  const body = JSON.stringify(envelope);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Service-WebhookAgent/1.0',
      'x-service-signature': signBody(body, secret),
    },
  };
}

export function prepareDeliveries(
  count: number,
  secret = BENCH_SECRET,
  type?: BenchType,
): { body: string; headers: Record<string, string> }[] {
  return Array.from({ length: count }, () => signedDelivery(secret, type));
}

/**
 * An autocannon request list whose one entry sends the next of `count` pre-signed deliveries each
 * time (autocannon calls setupRequest once per request it sends, the first of every connection
 * included). `built()` says how many were handed out.
 */
export function deliveryRequests(
  path: string,
  count: number,
  secret = BENCH_SECRET,
  type?: BenchType,
): { requests: AutocannonRequest[]; built: () => number } {
  const prepared = prepareDeliveries(count, secret, type);
  let next = 0;
  return {
    requests: [
      {
        method: 'POST',
        path,
        setupRequest: (request) => {
          // Past the prepared ones (never in amount mode), sign on the fly rather than repeat one.
          const delivery = next < prepared.length ? prepared[next] : signedDelivery(secret, type);
          next += 1;
          return { ...request, method: 'POST', path, headers: delivery.headers, body: delivery.body };
        },
      },
    ],
    built: () => next,
  };
}
