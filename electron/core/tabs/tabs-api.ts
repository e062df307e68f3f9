// The tab routes of spec 4, called as the integration (the buyer of gift cards is "the
// integration whose API user placed the order", 6.4), plus the two assumed read routes
// (catalog, one tab) that the app treats as optional. Paths are as published, under /api.
import type { CatalogProduct, CatalogSpot, OrderLineInput, PassView, RefundInput } from '../../../shared/tabs';
import { centsToWire, fixedUnitReader, type MoneyField, type MoneyReader } from '../../../shared/money-units';
import {
  catalogAnswerSchemaOf,
  passOrderAnswerSchemaOf,
  passSchema,
  refundAnswerSchemaOf,
  tabAnswerSchemaOf,
  type TabAnswer,
} from '../../../shared/schemas/tabs';
import type { ServiceClient } from '../api/service-client';
import type { MoneyUnits } from '../money/money-units';

/** How money crosses the wire for this connection (MoneyUnits in the core, shared/money-units.ts). */
export interface MoneyCodec {
  read: MoneyReader;
  write(field: MoneyField, cents: number): number;
  /** The connection's units, to decide a family from evidence (absent: a fixed unit, as in tests). */
  units?: Pick<MoneyUnits, 'anchor' | 'decided'>;
}

/** The sandbox's default reading, for callers without a connection's setting (tests). */
export const CENTS_CODEC: MoneyCodec = {
  read: fixedUnitReader('cents'),
  write: (field, cents) => centsToWire(cents, field, 'cents'),
};

const enc = encodeURIComponent;
const loc = (locationUuid: string) => `/loc/${enc(locationUuid)}`;

/** The wire line: snake_case product_uuid, the spelling of this route family (spec 4). */
export function wireLine(line: OrderLineInput, money: MoneyCodec = CENTS_CODEC): Record<string, unknown> {
  const wire: Record<string, unknown> = { product_uuid: line.productUuid, quantity: line.quantity };
  if (line.price !== undefined) wire.price = money.write('line.price', line.price);
  if (line.note) wire.note = line.note;
  return wire;
}

export function readPass(
  api: ServiceClient,
  locationUuid: string,
  xPassId: string,
  now: number,
  money: MoneyCodec = CENTS_CODEC,
): Promise<PassView> {
  return api.request('integration', 'GET', `${loc(locationUuid)}/tabs/passes/${enc(xPassId)}`, {
    schema: passSchema(xPassId, now, money.read),
  });
}

export function placePassItems(
  api: ServiceClient,
  locationUuid: string,
  xPassId: string,
  lines: OrderLineInput[],
  money: MoneyCodec = CENTS_CODEC,
) {
  return api.request('integration', 'POST', `${loc(locationUuid)}/tabs/passes/${enc(xPassId)}/items`, {
    body: { items: lines.map((l) => wireLine(l, money)) },
    schema: passOrderAnswerSchemaOf(money.read),
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

/**
 * `payments[].amount`/`tip` are in cents here and go out in the connection's unit, unless
 * `paymentsOnWire` says they are wire values already.
 */
export function createTab(
  api: ServiceClient,
  locationUuid: string,
  body: CreateTabBody,
  timeoutMs?: number,
  money: MoneyCodec = CENTS_CODEC,
  paymentsOnWire = false,
): Promise<TabAnswer> {
  const payments = paymentsOnWire
    ? body.payments
    : body.payments.map((p) => ({
        ...p,
        amount: money.write('payment.amount', p.amount),
        tip: money.write('payment.amount', p.tip),
      }));
  return api.request('integration', 'POST', `${loc(locationUuid)}/tabs`, {
    body: { ...body, payments },
    schema: tabAnswerSchemaOf(money.read),
    timeoutMs,
  });
}

export function readTab(
  api: ServiceClient,
  locationUuid: string,
  tabUuid: string,
  money: MoneyCodec = CENTS_CODEC,
): Promise<TabAnswer> {
  return api.request('integration', 'GET', `${loc(locationUuid)}/tabs/${enc(tabUuid)}`, {
    schema: tabAnswerSchemaOf(money.read),
  });
}

/** The refund `amount` is cents by the spec (4), whatever the connection's unit. */
export function refundTab(
  api: ServiceClient,
  locationUuid: string,
  tabUuid: string,
  input: RefundInput,
  money: MoneyCodec = CENTS_CODEC,
) {
  const body: Record<string, unknown> = {};
  if (input.paymentId) body.paymentId = input.paymentId;
  if (input.amount !== undefined) body.amount = input.amount;
  if (input.items)
    body.items = input.items.map((i) => (i.reason ? { ...i } : { itemId: i.itemId, quantity: i.quantity }));
  if (input.reason) body.reason = input.reason;
  return api.request('integration', 'POST', `${loc(locationUuid)}/tabs/${enc(tabUuid)}/refund`, {
    body,
    schema: refundAnswerSchemaOf(money.read),
  });
}

export function readCatalog(
  api: ServiceClient,
  locationUuid: string,
  money: MoneyCodec = CENTS_CODEC,
): Promise<{ products: CatalogProduct[]; spots: CatalogSpot[] }> {
  return api.request('integration', 'GET', `${loc(locationUuid)}/catalog`, {
    schema: catalogAnswerSchemaOf(money.read),
  });
}
