// zod schemas of the tab, pass, refund and catalog answers. The spec shows almost none of these
// shapes (2.6), so each reads what docs/service-assumptions.md says a client must tolerate:
// snake_case or camelCase, the record bare or under a wrapper key, numeric ids, missing fields.
// A field of the wrong type is treated as absent, never as a failed request.
import { z } from 'zod';
import { fixedUnitReader, type MoneyReader } from '../money-units';
import type {
  CatalogProduct,
  CatalogSpot,
  GiftCardInfo,
  PassView,
  SpendLimit,
  TabDetailItem,
  TabDetailPayment,
} from '../tabs';

// Money: every amount goes through a MoneyReader (shared/money-units.ts decides the unit of each
// field); the constants below read the sandbox's default (cents) for callers without a connection.
const CENTS = fixedUnitReader('cents');

const text = z.string().trim().min(1).optional().catch(undefined);
const idText = z
  .union([z.string().trim().min(1), z.number().finite().transform(String)])
  .optional()
  .catch(undefined);
const num = z
  .union([
    z.number().finite(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/)
      .transform(Number),
  ])
  .optional()
  .catch(undefined);
/**
 * A money value as it came: a number, or a decimal string kept as the string, so the reader sees
 * its decimal point ("13.00" is dollars; Number("13.00") would be 13, read as cents until decided).
 */
const wireMoney = z
  .union([
    z.number().finite(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/),
  ])
  .optional()
  .catch(undefined);
const list = z.array(z.unknown()).optional().catch(undefined);

type Raw = Record<string, unknown>;

function isRecord(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The record itself, or the one under the first wrapper key that holds an object. */
function unwrap(body: unknown, keys: string[], marker: (r: Raw) => boolean): Raw {
  if (!isRecord(body)) return {};
  if (marker(body)) return body;
  for (const key of keys) if (isRecord(body[key])) return body[key] as Raw;
  return body;
}

const pick = <T>(schema: z.ZodType<T | undefined>, raw: Raw, ...keys: string[]): T | undefined => {
  for (const key of keys) {
    const value = schema.parse(raw[key]);
    if (value !== undefined) return value;
  }
  return undefined;
};

// ---------------------------------------------------------------------------------------------
// Tab pass (2.3)

const MODE_KEYS = ['enforce_mode', 'enforce', 'mode', 'enforceMode', 'enforcement'];

function spendLimitOf(raw: Raw, money: MoneyReader): SpendLimit {
  const key = ['spend_limit', 'spendLimit'].find((k) => k in raw);
  // Absent = the flag is off (or the service did not say): unknown, which is not "no limit".
  if (key === undefined) return { kind: 'unknown' };
  const value = raw[key];
  if (!isRecord(value)) return { kind: 'none' };
  const amount = money('spend_limit.amount', pick(wireMoney, value, 'amount', 'amount_cents', 'amountCents'));
  if (amount === null) return { kind: 'none' };
  const mode = pick(text, value, ...MODE_KEYS)?.toLowerCase();
  return { kind: 'limit', amount, mode: mode === 'pre' || mode === 'post' ? mode : null };
}

/** Reads a pass answer; `xPassId` is what was asked for, used when the answer does not repeat it. */
export function passSchema(xPassId: string, now: number, money: MoneyReader = CENTS) {
  return z.unknown().transform((body): PassView => {
    const raw = unwrap(
      body,
      ['pass', 'data', 'tab_pass', 'tabPass'],
      (r) => 'x_pass_id' in r || 'spend_limit' in r || 'spent' in r,
    );
    return {
      xPassId: pick(idText, raw, 'x_pass_id', 'xPassId', 'id') ?? xPassId,
      name: pick(text, raw, 'name', 'label') ?? null,
      tabUuid: pick(idText, raw, 'tab_uuid', 'tabUuid') ?? null,
      status: pick(text, raw, 'status') ?? null,
      limit: spendLimitOf(raw, money),
      spent: money('pass.spent', pick(wireMoney, raw, 'spent')),
      checkedAt: now,
    };
  });
}

/** The order part of a pass-items answer: bare, under `order` or under `data`; empty is fine. */
export const passOrderAnswerSchemaOf = (money: MoneyReader) =>
  z.unknown().transform((body) => {
    const raw = unwrap(body, ['order', 'data'], (r) => 'total' in r && 'uuid' in r);
    return {
      orderName: pick(text, raw, 'name', 'orderName') ?? null,
      total: money('order.total', pick(wireMoney, raw, 'total')),
    };
  });
export const passOrderAnswerSchema = passOrderAnswerSchemaOf(CENTS);

// ---------------------------------------------------------------------------------------------
// Tabs (POST /loc/{location}/tabs and the assumed GET of one tab)

function itemOf(value: unknown, money: MoneyReader): (TabDetailItem & { productUuid: string | null }) | null {
  if (!isRecord(value)) return null;
  const id = pick(idText, value, 'id', 'itemId', 'item_id');
  if (id === undefined) return null;
  return {
    id,
    productUuid: pick(idText, value, 'productUuid', 'product_uuid') ?? null,
    name: pick(text, value, 'name', 'productName', 'product_name') ?? `Item ${id}`,
    quantity: pick(num, value, 'quantity') ?? 1,
    refundedQuantity: pick(num, value, 'refundedQuantity', 'refunded_quantity') ?? 0,
    price: money('tab.amounts', pick(wireMoney, value, 'price', 'unitPrice', 'unit_price')) ?? 0,
    status: pick(text, value, 'status') ?? null,
  };
}

function paymentOf(value: unknown, money: MoneyReader): TabDetailPayment | null {
  if (!isRecord(value)) return null;
  const id = pick(idText, value, 'id', 'paymentId', 'payment_id');
  if (id === undefined) return null;
  return {
    id,
    amount: money('tab.amounts', pick(wireMoney, value, 'amount')) ?? 0,
    tip: money('tab.amounts', pick(wireMoney, value, 'tip')) ?? 0,
    refundable: money('tab.amounts', pick(wireMoney, value, 'refundableAmount', 'refundable_amount', 'refundable')),
    gateway: pick(text, value, 'gateway') ?? null,
    paymentType: pick(text, value, 'paymentType', 'payment_type') ?? null,
  };
}

/** The card number is dropped here, on purpose: only the last four digits are ever kept. */
export function giftCardInfoOf(value: unknown, money: MoneyReader = CENTS): GiftCardInfo | null {
  if (!isRecord(value)) return null;
  const info: GiftCardInfo = {
    processorAccountUuid: pick(idText, value, 'processorAccountUuid', 'processor_account_uuid') ?? null,
    lastFour: pick(idText, value, 'lastFour', 'last_four') ?? null,
    balance: money('GIFT_CARD_CREATED.balance', pick(wireMoney, value, 'balance')),
    giftCardType: pick(text, value, 'giftCardType', 'gift_card_type') ?? null,
    gateway: pick(text, value, 'gateway') ?? null,
    redemptionUrl: pick(text, value, 'redemptionUrl', 'redemption_url') ?? null,
    claimUrl: pick(text, value, 'claimUrl', 'claim_url') ?? null,
    tabId: pick(idText, value, 'tabId', 'tab_id') ?? null,
    itemId: pick(idText, value, 'itemId', 'item_id') ?? null,
    orderId: pick(idText, value, 'orderId', 'order_id') ?? null,
  };
  return info.itemId || info.processorAccountUuid || info.lastFour ? info : null;
}

const present = <T>(v: T | null): v is T => v !== null;

export interface TabAnswer {
  uuid: string | null;
  id: string | null;
  status: string | null;
  items: (TabDetailItem & { productUuid: string | null })[];
  payments: TabDetailPayment[];
  /** null when the answer had no processorAccounts key (not waited for, or not supported). */
  processorAccounts: GiftCardInfo[] | null;
}

export const tabAnswerSchemaOf = (money: MoneyReader) =>
  z.unknown().transform((body): TabAnswer => {
    const outer = isRecord(body) ? body : {};
    const raw = unwrap(body, ['tab', 'data'], (r) => 'uuid' in r && ('items' in r || 'payments' in r));
    const accounts = list.parse(outer.processorAccounts ?? outer.processor_accounts ?? raw.processorAccounts);
    return {
      uuid: pick(idText, raw, 'uuid', 'tab_uuid', 'tabUuid') ?? null,
      id: pick(idText, raw, 'id', 'tab_id', 'tabId') ?? null,
      status: pick(text, raw, 'status') ?? null,
      items: (list.parse(raw.items) ?? []).map((v) => itemOf(v, money)).filter(present),
      payments: (list.parse(raw.payments) ?? []).map((v) => paymentOf(v, money)).filter(present),
      processorAccounts: accounts ? accounts.map((v) => giftCardInfoOf(v, money)).filter(present) : null,
    };
  });
export const tabAnswerSchema = tabAnswerSchemaOf(CENTS);

// ---------------------------------------------------------------------------------------------
// Refund answer

// An empty answer (204, or 202 while the refund is processed) is taken as accepted, the event
// bringing the amounts; an answer with a body must show the refund, or it is not read as one.
export const refundAnswerSchemaOf = (money: MoneyReader) =>
  z.unknown().transform((body, ctx) => {
    const raw = unwrap(body, ['refund', 'data'], (r) => 'refundType' in r || 'refundPaymentId' in r);
    const answer = {
      refundPaymentId: pick(idText, raw, 'refundPaymentId', 'refund_payment_id', 'id') ?? null,
      amount: money('refund answer amount', pick(wireMoney, raw, 'amount', 'refundAmount', 'refund_amount')),
      refundType: pick(text, raw, 'refundType', 'refund_type') ?? null,
    };
    const empty = body === null || body === undefined || (isRecord(body) && Object.keys(body).length === 0);
    if (!empty && answer.refundPaymentId === null && answer.amount === null && answer.refundType === null) {
      ctx.issues.push({
        code: 'custom',
        input: body,
        message: 'no refund in the answer (looked for a refund id, amount or type, bare or under refund or data)',
      });
      return z.NEVER;
    }
    return answer;
  });
export const refundAnswerSchema = refundAnswerSchemaOf(CENTS);

// ---------------------------------------------------------------------------------------------
// Catalog (assumed route GET /loc/{location}/catalog)

function productOf(value: unknown, money: MoneyReader): CatalogProduct | null {
  if (!isRecord(value)) return null;
  const uuid = pick(idText, value, 'uuid', 'product_uuid', 'productUuid');
  if (uuid === undefined) return null;
  const card = value.giftCard ?? value.gift_card;
  return {
    uuid,
    name: pick(text, value, 'name', 'productName') ?? uuid,
    // A key named in cents is cents whatever the connection's unit.
    price:
      money('catalog.price', pick(wireMoney, value, 'price')) ?? pick(num, value, 'priceCents', 'price_cents') ?? null,
    category: pick(text, value, 'categoryName', 'category', 'category_name') ?? null,
    giftCard: isRecord(card)
      ? { giftCardType: pick(text, card, 'giftCardType', 'type') ?? null, gateway: pick(text, card, 'gateway') ?? null }
      : null,
  };
}

function spotOf(value: unknown): CatalogSpot | null {
  if (!isRecord(value)) return null;
  const uuid = pick(idText, value, 'uuid', 'spot_uuid', 'spotUuid');
  if (uuid === undefined) return null;
  return {
    uuid,
    name: pick(text, value, 'name') ?? uuid,
    zone: pick(text, value, 'zoneName', 'zone', 'zone_name') ?? null,
  };
}

export const catalogAnswerSchemaOf = (money: MoneyReader) =>
  z.unknown().transform((body) => {
    const raw = unwrap(body, ['data', 'catalog'], (r) => 'products' in r);
    return {
      products: (list.parse(raw.products ?? raw.items) ?? []).map((v) => productOf(v, money)).filter(present),
      spots: (list.parse(raw.spots) ?? []).map(spotOf).filter(present),
    };
  });
export const catalogAnswerSchema = catalogAnswerSchemaOf(CENTS);
