// The one place that decides the unit of every money field on the wire. The spec fixes
// cents for a few fields only (spend_limit.amount, a refund's `amount`, GIFT_CARD_CREATED
// `balance`); every other money field is typed "number" and could be cents or decimal dollars.
// Their unit is a setting of the connection (default: cents, what the sandbox sends by default),
// and it is *detected* from the data where the data shows it: a non-integer can only be dollars.
// Inside the app every amount is integer cents; shared/money.ts formats them for people.
// Pure: the renderer uses it to say what is assumed.

export type MoneyUnit = 'cents' | 'dollars';

/** Money fields the spec fixes in cents: never converted, never used to detect. */
export const CENTS_BY_SPEC = ['spend_limit.amount', 'refund.amount', 'GIFT_CARD_CREATED.balance'] as const;

/** Money fields whose unit the spec leaves open: read and written in the connection's unit. */
export const OPEN_MONEY_FIELDS = [
  'pass.spent',
  'order.total',
  'ITEM_ADDED.price',
  'ITEM_REMOVED.price',
  'OPEN_TAB.total',
  'ORDER_PLACED.total',
  'PAYMENT_REFUNDED.refund',
  'refund answer amount',
  'tab.amounts',
  'catalog.price',
  'declared_tips',
] as const;

export type CentsField = (typeof CENTS_BY_SPEC)[number];
export type OpenMoneyField = (typeof OPEN_MONEY_FIELDS)[number];
export type MoneyField = CentsField | OpenMoneyField;

const FIXED = new Set<string>(CENTS_BY_SPEC);

export function isCentsBySpec(field: MoneyField): field is CentsField {
  return FIXED.has(field);
}

/** What the app assumes for the open fields, and why: shown in Settings. */
export interface MoneyUnitsView {
  unit: MoneyUnit;
  /** 'default': nobody chose it; 'chosen': set in Settings; 'detected': the data showed it. */
  source: 'default' | 'chosen' | 'detected';
  /** Set when source is 'detected': the value that showed it and where. */
  detected: { field: string; value: number; at: number } | null;
}

export const DEFAULT_MONEY_UNITS: MoneyUnitsView = { unit: 'cents', source: 'default', detected: null };

/** A number the data shows cannot be cents (cents are whole). */
export function showsDollars(value: number): boolean {
  return Number.isFinite(value) && !Number.isInteger(value);
}

/**
 * One wire value → integer cents. Spec-cents fields are taken as they are; open fields follow
 * `unit`, except that a fraction is always dollars (whatever the setting: cents cannot have one).
 */
export function wireToCents(value: number, field: MoneyField, unit: MoneyUnit): number {
  if (!Number.isFinite(value)) return value;
  if (isCentsBySpec(field)) return Math.round(value);
  if (unit === 'dollars' || showsDollars(value)) return Math.round(value * 100);
  return value;
}

/** Integer cents → the wire value of `field` in `unit` (12.5 for 1250 cents in dollars). */
export function centsToWire(cents: number, field: MoneyField, unit: MoneyUnit): number {
  if (isCentsBySpec(field) || unit === 'cents') return cents;
  return Math.round(cents) / 100;
}

/** The sentence Settings shows about the open money fields. */
export function describeMoneyUnits(view: MoneyUnitsView): string {
  const what = view.unit === 'cents' ? 'whole cents (1250 = $12.50)' : 'decimal dollars (12.5 = $12.50)';
  const why =
    view.source === 'detected' && view.detected
      ? `Detected: the service sent ${view.detected.value} in ${view.detected.field}, which can only be dollars.`
      : view.source === 'chosen'
        ? 'Chosen in Settings.'
        : 'Not detected yet: this is the default (the sandbox sends cents). A value with a fraction would show dollars.';
  return `Money the spec leaves open (pass spent, order totals, event prices, totals and refunds, tips) is read as ${what}. ${why} Spend limits, refund amounts and gift-card balances are cents by the spec.`;
}

/** Reads one wire value into cents (MoneyUnits.read in the core; a pure default for tests). */
export type MoneyReader = (field: MoneyField, value: number | undefined) => number | null;

/** A reader with a fixed unit that detects nothing (schemas used outside a connection). */
export function fixedUnitReader(unit: MoneyUnit = 'cents'): MoneyReader {
  return (field, value) => (value === undefined ? null : wireToCents(value, field, unit));
}
