// The one place that decides the unit of every money field on the wire. The spec fixes
// cents for a few fields only (spend_limit.amount, a refund's `amount`, GIFT_CARD_CREATED
// `balance`); every other money field could be cents or decimal dollars, and a service may read
// them differently by family: the amounts the app sends in (payments, a line's open price), the
// amounts REST answers read back (tabs, orders, refunds, the catalog), and the fields the spec types
// only "number" (a pass's spent, declared tips, the prices and totals in webhook events). Each
// family has its own unit, decided from evidence (a fraction, or an amount the spec fixes in cents
// that the same money shows up against) or chosen by a manager; until then it is "not decided" and
// every screen that shows it says so. Inside the app every amount is integer cents; shared/money.ts
// formats them for people. Pure: the renderer uses it to say what is assumed.

export type MoneyUnit = 'cents' | 'dollars';

/** Money fields the spec fixes in cents: never converted, and the anchors evidence is read against. */
export const CENTS_BY_SPEC = ['spend_limit.amount', 'refund.amount', 'GIFT_CARD_CREATED.balance'] as const;

export const MONEY_FAMILIES = ['sent', 'answers', 'numbers'] as const;
export type MoneyFamily = (typeof MONEY_FAMILIES)[number];

/** Money fields whose unit the spec leaves open, each in its family. */
export const FAMILY_OF = {
  'payment.amount': 'sent',
  'line.price': 'sent',
  'order.total': 'answers',
  'refund answer amount': 'answers',
  'tab.amounts': 'answers',
  'catalog.price': 'answers',
  'pass.spent': 'numbers',
  declared_tips: 'numbers',
  'ITEM_ADDED.price': 'numbers',
  'ITEM_REMOVED.price': 'numbers',
  'OPEN_TAB.total': 'numbers',
  'ORDER_PLACED.total': 'numbers',
  'PAYMENT_REFUNDED.refund': 'numbers',
} as const satisfies Record<string, MoneyFamily>;

export type CentsField = (typeof CENTS_BY_SPEC)[number];
export type OpenMoneyField = keyof typeof FAMILY_OF;
export type MoneyField = CentsField | OpenMoneyField;

export const OPEN_MONEY_FIELDS = Object.keys(FAMILY_OF) as OpenMoneyField[];

const FIXED = new Set<string>(CENTS_BY_SPEC);

export function isCentsBySpec(field: MoneyField): field is CentsField {
  return FIXED.has(field);
}

export function familyOf(field: OpenMoneyField): MoneyFamily {
  return FAMILY_OF[field];
}

/** Why a family's unit is what it is: the request or field it was seen in, and what it showed. */
export interface MoneyEvidence {
  /** The field (or request) the evidence came from, e.g. 'GIFT_CARD_CREATED.balance vs tab.amounts'. */
  field: string;
  /** One sentence: what was seen and why it decides the unit. */
  saw: string;
  at: number;
}

export interface MoneyFamilyView {
  unit: MoneyUnit;
  /**
   * 'default': not decided (the app assumes cents and says so); 'detected': the data decided it;
   * 'chosen': a manager set or confirmed it in Settings.
   */
  source: 'default' | 'chosen' | 'detected';
  /** What decided it (detected), or the last evidence seen (chosen). */
  evidence: MoneyEvidence | null;
  /** Evidence that disagrees with a chosen unit: shown so the manager can look again. */
  conflict: MoneyEvidence | null;
}

export type MoneyUnitsView = Record<MoneyFamily, MoneyFamilyView>;

/**
 * The evidence `field` of a family whose unit is the practice venue's reading: the app's own
 * sandbox, so the unit is known, never guessed and nothing to confirm.
 */
export const PRACTICE_READING = 'the practice venue’s reading';

const undecided = (): MoneyFamilyView => ({ unit: 'cents', source: 'default', evidence: null, conflict: null });

export const DEFAULT_MONEY_UNITS: MoneyUnitsView = {
  sent: undecided(),
  answers: undecided(),
  numbers: undecided(),
};

export function isDecided(view: MoneyFamilyView): boolean {
  return view.source !== 'default';
}

/**
 * Money written as a decimal string, strictly: digits, at most two decimals, an optional leading
 * minus ("13.00", "1300", "-2.5"). What a webhook event's money field may be besides a number;
 * anything else there (" 13", "13.", "1e3", "13.005") is refused.
 */
export const MONEY_TEXT = /^-?\d+(\.\d{1,2})?$/;

export function isMoneyText(value: string): boolean {
  return MONEY_TEXT.test(value);
}

/**
 * An event's money field as a number in its family's unit, the form projections keep and sum:
 * "13.00" is 13, "1300" is 1300. The decimal point "13.00" showed is evidence the family is
 * dollars, noted apart (event-money-evidence.ts), since the number alone has lost it.
 */
export function eventWire(value: number | string): number {
  return typeof value === 'number' ? value : Number(value);
}

/** A money value as a decimal string ("12.50", "1250"), or null when it is not one. */
export function wireNumber(value: string): number | null {
  const text = value.trim();
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : null;
}

/**
 * A money string with a decimal point ("13.00") is written in dollars: cents are whole and a
 * service writing cents has no reason to add ".00". Read as its number alone it would be 13, which
 * a family not yet decided (assumed cents) reads as $0.13, a hundred times off.
 */
export function writesDollars(value: string): boolean {
  return /^-?\d+\.\d+$/.test(value.trim());
}

/** A number the data shows cannot be cents (cents are whole). */
export function showsDollars(value: number): boolean {
  return Number.isFinite(value) && !Number.isInteger(value);
}

/**
 * One wire value → integer cents. Spec-cents fields are taken as they are; open fields follow
 * `unit` (their family's), except that a fraction is always dollars (cents cannot have one).
 */
export function wireToCents(value: number | string, field: MoneyField, unit: MoneyUnit): number {
  if (typeof value === 'string') {
    const n = wireNumber(value);
    if (n === null) return Number.NaN;
    // "13.00" is written in dollars whatever the family's unit: cents have no decimal point.
    return isCentsBySpec(field) ? Math.round(n) : wireToCents(n, field, writesDollars(value) ? 'dollars' : unit);
  }
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

/**
 * What a wire value of a family says about its unit when the same money is known in cents (from a
 * field the spec fixes in cents): equal = cents, a hundredth = dollars, anything else (or zero) =
 * nothing.
 */
export function unitFromAnchor(wire: number, cents: number): MoneyUnit | null {
  if (!Number.isFinite(wire) || !Number.isFinite(cents) || cents === 0) return null;
  if (Math.abs(wire - cents) < 1e-9) return 'cents';
  if (Math.abs(wire * 100 - cents) < 1e-6) return 'dollars';
  return null;
}

export const FAMILY_LABEL: Record<MoneyFamily, string> = {
  sent: 'Amounts sent in (payments, open prices)',
  answers: 'Amounts read back (tabs, orders, refunds, catalog)',
  numbers: 'Open "number" fields (pass spent, tips, event prices and totals)',
};

const UNIT_WORDS: Record<MoneyUnit, string> = {
  cents: 'whole cents (1250 = $12.50)',
  dollars: 'decimal dollars (12.5 = $12.50)',
};

/** The sentence Settings shows about one family: its unit and its evidence, or that it is not decided. */
export function describeMoneyFamily(family: MoneyFamily, view: MoneyFamilyView): string {
  const head = `${FAMILY_LABEL[family]}: ${UNIT_WORDS[view.unit]}.`;
  const why =
    view.source === 'detected' && view.evidence
      ? `${view.evidence.field === PRACTICE_READING ? 'Known' : 'Seen'}: ${view.evidence.saw}`
      : view.source === 'chosen'
        ? 'Confirmed in Settings.'
        : 'Not decided yet: no answer has shown this unit. The app assumes cents until evidence decides it; confirm the unit if you know it.';
  const conflict = view.conflict ? ` But: ${view.conflict.saw}` : '';
  return `${head} ${why}${conflict}`;
}

/** The one sentence about the fields the spec fixes. */
export const CENTS_BY_SPEC_SENTENCE = 'Spend limits, refund amounts and gift-card balances are cents by the spec.';

/**
 * Reads one wire value into cents (MoneyUnits.read in the core; a pure default for tests). A
 * decimal string is given as it came ("12.50"), so its decimal point is read, not lost.
 */
export type MoneyReader = (field: MoneyField, value: number | string | undefined) => number | null;

/** A reader with a fixed unit that detects nothing (schemas used outside a connection). */
export function fixedUnitReader(unit: MoneyUnit = 'cents'): MoneyReader {
  return (field, value) => {
    if (value === undefined) return null;
    const cents = wireToCents(value, field, unit);
    return Number.isFinite(cents) ? cents : null;
  };
}

/** A reader that keeps wire values as they are: to parse first and convert once the unit is decided. */
export const WIRE_READER: MoneyReader = (_field, value) =>
  value === undefined ? null : typeof value === 'number' ? value : wireNumber(value);

/** The `what` of the conflict a money write meets while its family's unit is not decided. */
export const MONEY_UNIT_CONFLICT = 'money unit';

/** What a write that waits for a family's unit does: the sentence the refusal and the screens say. */
export const WAITS_FOR: Record<MoneyFamily, string> = {
  sent: 'an amount sent to the service (a typed price or a payment)',
  answers: 'an amount the service answers with (an itemised refund’s amount)',
  numbers: 'declared tips',
};

/** Why a money write waits, and how to let it go: one sentence, the same in the core and on screens. */
export function undecidedSentence(family: MoneyFamily): string {
  return `This service’s ${FAMILY_LABEL[family].toLowerCase()} are not known to be cents or dollars yet, so ${WAITS_FOR[family]} could be taken a hundred times over. Confirm the unit in Settings → Money units (Check this service shows the evidence).`;
}

/**
 * Cents read in a family whose unit is not decided, as people must see them: both readings, the
 * one in dollars first ("$13.00 or $0.13"), never one of them as a fact. A decided family (or no
 * view) shows the amount.
 */
export function moneyReadings(
  cents: number | null | undefined,
  view: MoneyFamilyView | null | undefined,
  format: (cents: number | null | undefined) => string,
): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents) || !view || isDecided(view))
    return format(cents);
  // Read as cents (the assumption): the other reading is a hundred times more; read as dollars
  // (a fraction decided it for this value alone), a hundred times less.
  const other = view.unit === 'cents' ? cents * 100 : cents / 100;
  if (other === cents) return format(cents);
  const [dollars, asCents] = view.unit === 'cents' ? [other, cents] : [cents, other];
  return `${format(dollars)} or ${format(asCents)}`;
}
