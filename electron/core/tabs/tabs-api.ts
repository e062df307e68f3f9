// The tab routes of spec 4, called as the integration (the buyer of gift cards is "the
// integration whose API user placed the order", 6.4), plus the two assumed read routes
// (catalog, one tab) that the app treats as optional. Paths are as published, under /api.
import type { CatalogProduct, CatalogSpot, OrderLineInput, PassView, RefundInput } from '../../../shared/tabs';
import { catalogAnswerSchema, passOrderAnswerSchema, passSchema, refundAnswerSchema, tabAnswerSchema, type TabAnswer } from '../../../shared/schemas/tabs';
import type { ServiceClient } from '../api/service-client';

const enc = encodeURIComponent;
const loc = (locationUuid: string) => `/loc/${enc(locationUuid)}`;

/** The wire line: snake_case product_uuid, the spelling of this route family (spec 4). */
export function wireLine(line: OrderLineInput): Record<string, unknown> {
  const wire: Record<string, unknown> = { product_uuid: line.productUuid, quantity: line.quantity };
  if (line.price !== undefined) wire.price = line.price;
  if (line.note) wire.note = line.note;
  return wire;
}

export function readPass(api: ServiceClient, locationUuid: string, xPassId: string, now: number): Promise<PassView> {
  return api.request('integration', 'GET', `${loc(locationUuid)}/tabs/passes/${enc(xPassId)}`, { schema: passSchema(xPassId, now) });
}

export function placePassItems(api: ServiceClient, locationUuid: string, xPassId: string, lines: OrderLineInput[]) {
  return api.request('integration', 'POST', `${loc(locationUuid)}/tabs/passes/${enc(xPassId)}/items`, {
    body: { items: lines.map(wireLine) },
    schema: passOrderAnswerSchema,
  });
}

export interface CreateTabBody {
  spot_uuid: string;
  name?: string;
  items: Record<string, unknown>[];
  payments: { amount: number; tip: number; gateway: string; paymentType: string }[];
  openTab: boolean;
  waitForProcessorAccounts: boolean;
}

export function createTab(api: ServiceClient, locationUuid: string, body: CreateTabBody, timeoutMs?: number): Promise<TabAnswer> {
  return api.request('integration', 'POST', `${loc(locationUuid)}/tabs`, { body, schema: tabAnswerSchema, timeoutMs });
}

export function readTab(api: ServiceClient, locationUuid: string, tabUuid: string): Promise<TabAnswer> {
  return api.request('integration', 'GET', `${loc(locationUuid)}/tabs/${enc(tabUuid)}`, { schema: tabAnswerSchema });
}

export function refundTab(api: ServiceClient, locationUuid: string, tabUuid: string, input: RefundInput) {
  const body: Record<string, unknown> = {};
  if (input.paymentId) body.paymentId = input.paymentId;
  if (input.amount !== undefined) body.amount = input.amount;
  if (input.items) body.items = input.items.map((i) => (i.reason ? { ...i } : { itemId: i.itemId, quantity: i.quantity }));
  if (input.reason) body.reason = input.reason;
  return api.request('integration', 'POST', `${loc(locationUuid)}/tabs/${enc(tabUuid)}/refund`, { body, schema: refundAnswerSchema });
}

export function readCatalog(api: ServiceClient, locationUuid: string): Promise<{ products: CatalogProduct[]; spots: CatalogSpot[] }> {
  return api.request('integration', 'GET', `${loc(locationUuid)}/catalog`, { schema: catalogAnswerSchema });
}
