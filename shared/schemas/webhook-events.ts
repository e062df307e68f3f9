// zod schemas of webhook deliveries (spec 6.2, 6.4, 6.5). Two levels on purpose:
// - the envelope is strict about its documented keys: without type, createdAt and data we cannot
//   dedupe, age-check or route the event, so the listener refuses it (400);
// - each type's data is lenient: unknown keys pass through (new fields are a minor version, part 9)
//   but a documented key that is missing or of the wrong type is reported, so the listener can
//   store the event, flag it and keep it away from projections instead of making the service retry.
// Pure zod, no Node: the renderer may use these to explain a flagged event.
import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../webhooks';
import { parseJsonKeepingDigits } from '../json-digits';
import { isMoneyText } from '../money-units';

const text = z.string();
/** A documented string a service may send as null ("accept null for documented strings"). */
const label = z.string().nullable();
/** Ids: the spec types them as strings; a service may send numbers. Kept as strings. */
const id = z.union([z.string(), z.number().finite().transform(String)]);
const num = z.number().finite();
/**
 * Money a service writes as a decimal string (shared/money-units.ts MONEY_TEXT): kept as the
 * string, so its reader sees the decimal point ("13.00" is dollars; 13 alone would read as cents).
 */
export const moneyTextSchema = z
  .string()
  .refine(isMoneyText, 'expected money as a decimal string: digits, at most two decimals ("13.00", "1300")');
/**
 * An open money field of an event: a number, or a decimal string. Every such field may be
 * negative either way (a discount line, a refund written as a minus), as a number may.
 */
const money = z.union([num, moneyTextSchema], {
  error: 'expected money: a number, or a decimal string such as "13.00" or "1300"',
});
const texts = z.array(z.string());
/** Spec 6.2: optional, and in practice sometimes null (CATEGORY_UPDATED targetUuid); ids may be numbers. */
const optionalText = z
  .union([z.string(), z.number().finite().transform(String)])
  .nullable()
  .optional();

const ISO_PREFIX = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** True for an ISO 8601 date-time that Date.parse understands (so it can be age-checked). */
export function isIsoTimestamp(value: string): boolean {
  return ISO_PREFIX.test(value) && Number.isFinite(Date.parse(value));
}
const isoText = z.string().refine(isIsoTimestamp, 'expected an ISO 8601 date-time');

// ---------------------------------------------------------------------------------------------
// Envelope (6.2)

export const webhookEnvelopeSchema = z.looseObject({
  type: z.string().min(1),
  targetUuid: optionalText,
  targetId: optionalText,
  locationUuid: optionalText,
  locationName: optionalText,
  locationId: optionalText,
  createdAt: isoText,
  // A JSON object; arrays and null are not event data.
  data: z.looseObject({}),
});

export type WebhookEnvelope = z.infer<typeof webhookEnvelopeSchema>;

// ---------------------------------------------------------------------------------------------
// Data per type (6.4). looseObject keeps extra keys in the output.

const itemAdded = z.looseObject({
  orderId: id,
  productId: id,
  name: label,
  productName: label,
  categoryName: label,
  quantity: num,
  price: money,
  tags: texts,
  tabId: id,
  tabUuid: id,
});

const itemRemoved = z.looseObject({
  orderId: id,
  name: label,
  productName: label,
  quantity: num,
  price: money,
  tags: texts,
  tabId: id,
  tabUuid: id,
});

const itemVoidedOrComped = z.looseObject({ orderId: id });

// 6.4 lists name, spotName, total and openedFrom for OPEN_TAB while the 6.5 table says it has no
// data. We take the keys as optional but typed: their absence is not flagged (6.5 allows it), a
// wrong type is.
const openTab = z.looseObject({
  name: label.optional(),
  spotName: label.optional(),
  total: money.nullable().optional(),
  /** Known values SERVICE_MENU, SERVER_TAB; others are accepted (new values are a minor version). */
  openedFrom: label.optional(),
});

const noData = z.looseObject({});

const orderPlaced = z.looseObject({
  created: isoText,
  orderName: label,
  scheduled: z.boolean(),
  zoneName: label,
  spotName: label,
  zoneTags: texts,
  zoneGroupName: label,
  total: money,
  tabUuid: id,
  itemNames: texts,
  itemTags: texts,
  categoryNames: texts,
});

const paymentRefunded = z.looseObject({
  tabId: id,
  tabUuid: id,
  refundPaymentId: id,
  /** 'open' or 'itemized' today; kept open-ended. */
  refundType: text,
  refundAmount: money,
  refundSubtotal: money,
  refundTip: money,
  refundCustomerFee: money,
  itemCount: num,
  gateway: label,
  paymentType: label,
});

// "previous ID if merged": an unmerged guest may come without it, or with null.
const guestVerified = z.looseObject({ oldCustomerId: text.nullable().optional(), isFirstTime: z.boolean() });
const guestHandle = z.looseObject({ handle: text });

const categoryUpdated = z.looseObject({
  // The update that triggered it, e.g. { type: 'PRODUCT_UPDATED', ... }; its other keys are not documented.
  cause: z.looseObject({ type: text.optional() }),
});

const optionGroupEntry = z.looseObject({
  optionGroupHash: text,
  name: text,
  depth: z.number().int().min(0).max(2),
  options: z.array(z.looseObject({ optionHash: text, name: text })),
});

const optionGroupUpdated = z.looseObject({
  optionGroupUuid: text,
  optionGroupName: text,
  userId: text,
  /** created, updated or deleted today. */
  action: text,
  optionGroups: z.array(optionGroupEntry),
});

const qrScanned = z.looseObject({ type: text, targetName: label, entryPoint: label });

const giftCardCreated = z.looseObject({
  processorAccountUuid: text.nullable(),
  giftCardNumber: text.nullable(),
  lastFour: text.nullable(),
  balance: num.nullable(),
  giftCardType: text.nullable(),
  gateway: label,
  redemptionUrl: text.nullable(),
  // "present only while a transfer is unclaimed": may be absent.
  claimUrl: text.nullable().optional(),
  tabId: id,
  itemId: id.nullable(),
  orderId: id.nullable(),
  customerProfileUuid: text.nullable(),
});

export const webhookDataSchemas = {
  ITEM_ADDED: itemAdded,
  ITEM_REMOVED: itemRemoved,
  ITEM_VOIDED: itemVoidedOrComped,
  ITEM_COMPED: itemVoidedOrComped,
  OPEN_TAB: openTab,
  CLOSE_TAB: noData,
  ORDER_PLACED: orderPlaced,
  PAYMENT_REFUNDED: paymentRefunded,
  GUEST_VERIFIED: guestVerified,
  GUEST_SUBSCRIBED: guestHandle,
  GUEST_UNSUBSCRIBED: guestHandle,
  MENU_UPDATED: noData,
  PRODUCT_UPDATED: noData,
  CATEGORY_UPDATED: categoryUpdated,
  LOCATION_UPDATED: noData,
  OPTION_GROUP_UPDATED: optionGroupUpdated,
  QR_SCANNED: qrScanned,
  GIFT_CARD_CREATED: giftCardCreated,
} as const satisfies Record<WebhookEventType, z.ZodType>;

export type WebhookDataMap = { [T in WebhookEventType]: z.output<(typeof webhookDataSchemas)[T]> };

/**
 * Which envelope target each type carries (6.5). 'uuid'/'id': that one must be a string, since
 * projections key on it. CATEGORY_UPDATED: targetUuid must be null or absent. GIFT_CARD_CREATED:
 * targetUuid is null for third-party cards, so only targetId is required.
 */
export const WEBHOOK_TARGETS: Record<WebhookEventType, 'uuid' | 'id' | 'id-uuid-null'> = {
  ITEM_ADDED: 'uuid',
  ITEM_REMOVED: 'uuid',
  ITEM_VOIDED: 'id',
  ITEM_COMPED: 'id',
  OPEN_TAB: 'uuid',
  CLOSE_TAB: 'uuid',
  ORDER_PLACED: 'uuid',
  PAYMENT_REFUNDED: 'id',
  GUEST_VERIFIED: 'uuid',
  GUEST_SUBSCRIBED: 'uuid',
  GUEST_UNSUBSCRIBED: 'uuid',
  MENU_UPDATED: 'uuid',
  PRODUCT_UPDATED: 'uuid',
  CATEGORY_UPDATED: 'id-uuid-null',
  LOCATION_UPDATED: 'uuid',
  OPTION_GROUP_UPDATED: 'uuid',
  QR_SCANNED: 'id',
  GIFT_CARD_CREATED: 'id',
};

const KNOWN = new Set<string>(WEBHOOK_EVENT_TYPES);

export function isKnownEventType(type: string): type is WebhookEventType {
  return KNOWN.has(type);
}

/** The first few issues, one line, for the inspector's problem column. */
export function describeIssues(error: z.ZodError, prefix: string): string {
  const shown = error.issues
    .slice(0, 3)
    .map((i) => `${[prefix, ...i.path.map(String)].filter((p) => p !== '').join('.') || '(root)'}: ${i.message}`);
  const more = error.issues.length > 3 ? ` (+${error.issues.length - 3} more)` : '';
  return shown.join('; ') + more;
}

export type EnvelopeParse =
  | { ok: true; envelope: WebhookEnvelope }
  | { ok: false; reason: 'not-json' | 'invalid-envelope'; message: string; hint: EnvelopeHint };

/** Whatever could be read from a body that was refused, so the inspector can still show it. */
export interface EnvelopeHint {
  type: string | null;
  targetUuid: string | null;
  targetId: string | null;
  locationUuid: string | null;
  locationName: string | null;
  locationId: string | null;
  createdAt: string | null;
}

const EMPTY_HINT: EnvelopeHint = {
  type: null,
  targetUuid: null,
  targetId: null,
  locationUuid: null,
  locationName: null,
  locationId: null,
  createdAt: null,
};

/** Best-effort read of the envelope's string keys from any parsed JSON value; never throws. */
export function envelopeHint(value: unknown): EnvelopeHint {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return EMPTY_HINT;
  const record = value as Record<string, unknown>;
  const pick = (key: keyof EnvelopeHint) => {
    const v = Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
    return typeof v === 'string' ? v.slice(0, 500) : null;
  };
  return {
    type: pick('type'),
    targetUuid: pick('targetUuid'),
    targetId: pick('targetId'),
    locationUuid: pick('locationUuid'),
    locationName: pick('locationName'),
    locationId: pick('locationId'),
    createdAt: pick('createdAt'),
  };
}

const ENVELOPE_TEXTS = ['targetUuid', 'targetId', 'locationUuid', 'locationName', 'locationId'] as const;

/**
 * The envelope as parsed, when it is already exactly what the schema would return: every
 * documented text a string or null or absent (no number to convert), a non-empty type, a
 * date-time createdAt, object data. Otherwise null, and the schema decides (and explains). Every
 * delivery passes here and nearly all are plain, so the listener skips the schema's copy and
 * checks; the tests compare the two on generated envelopes.
 */
export function plainEnvelope(value: unknown): WebhookEnvelope | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  if (typeof record.type !== 'string' || record.type.length === 0) return null;
  if (typeof record.createdAt !== 'string' || !isIsoTimestamp(record.createdAt)) return null;
  const data = record.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  for (const key of ENVELOPE_TEXTS) {
    const v = record[key];
    if (v !== undefined && v !== null && typeof v !== 'string') return null;
  }
  return record as WebhookEnvelope;
}

/** Parses body text into an envelope. Never throws, whatever the text. */
export function parseEnvelope(body: string): EnvelopeParse {
  let value: unknown;
  try {
    // Ids written as numbers beyond 2^53 keep their digits (json-digits.ts).
    value = parseJsonKeepingDigits(body);
  } catch (error) {
    return {
      ok: false,
      reason: 'not-json',
      message: `body is not JSON (${(error as Error).message})`,
      hint: EMPTY_HINT,
    };
  }
  const quick = plainEnvelope(value);
  if (quick !== null) return { ok: true, envelope: quick };
  const parsed = webhookEnvelopeSchema.safeParse(value);
  if (!parsed.success) {
    return {
      ok: false,
      reason: 'invalid-envelope',
      message: `invalid envelope: ${describeIssues(parsed.error, '')}`,
      hint: envelopeHint(value),
    };
  }
  return { ok: true, envelope: parsed.data };
}

export type DataCheck =
  | { knownType: true; problem: null; type: WebhookEventType; data: WebhookDataMap[WebhookEventType] }
  | { knownType: boolean; problem: string; type: string; data: null };

/** Checks an envelope's data (and target) against its type. Unknown types are reported, not refused. */
export function checkEventData(envelope: WebhookEnvelope): DataCheck {
  const type = envelope.type;
  if (!isKnownEventType(type))
    return { knownType: false, problem: `unknown event type ${JSON.stringify(type.slice(0, 100))}`, type, data: null };
  const problems: string[] = [];
  const target = WEBHOOK_TARGETS[type];
  if (target === 'uuid' && typeof envelope.targetUuid !== 'string')
    problems.push('targetUuid: expected a string for this type');
  if (target !== 'uuid' && typeof envelope.targetId !== 'string')
    problems.push('targetId: expected a string for this type');
  if (target === 'id-uuid-null' && envelope.targetUuid != null)
    problems.push('targetUuid: expected null for this type');
  const parsed = webhookDataSchemas[type].safeParse(envelope.data);
  if (!parsed.success) problems.push(describeIssues(parsed.error, 'data'));
  if (problems.length > 0) return { knownType: true, problem: problems.join('; '), type, data: null };
  return { knownType: true, problem: null, type, data: parsed.data as WebhookDataMap[WebhookEventType] };
}
