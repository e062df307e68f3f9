// Money as people read and type it. Amounts travel as integer cents; people see and type dollars.
// One formatter and one parser, so "$12.50" means the same thing on every screen. Which fields are
// cents and which are dollars on the wire is decided elsewhere (the service schemas): this file only
// turns cents into words and typed words into cents.

const USD: Intl.NumberFormatOptions = { style: 'currency', currency: 'USD' };
const usd = new Map<string, Intl.NumberFormat>([['en-US', new Intl.NumberFormat('en-US', USD)]]);

/**
 * Cents as "$12.50" ("-$3.00" when negative); "—" when there is no amount. `locale` is the
 * language the reader reads (a Spanish kiosk passes es-US); the currency stays the venue's.
 */
export function formatMoney(cents: number | null | undefined, locale = 'en-US'): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '—';
  let f = usd.get(locale);
  if (!f) usd.set(locale, (f = new Intl.NumberFormat(locale, USD)));
  return f.format(Math.round(cents) / 100);
}

/** Cents as "12.50", for a form field a person will edit (no sign of currency, no grouping). */
export function centsToInput(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '';
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export type MoneyProblem = 'empty' | 'not-a-number' | 'negative' | 'zero' | 'too-precise' | 'too-large';

export type MoneyParse = { ok: true; cents: number } | { ok: false; problem: MoneyProblem; message: string };

export interface MoneyRules {
  /** Zero is a valid answer (a tip of $0.00); otherwise "zero" is a problem. */
  allowZero?: boolean;
  /** Largest accepted amount in cents. */
  maxCents?: number;
}

const MESSAGES: Record<MoneyProblem, string> = {
  empty: 'Type an amount in dollars, for example 5.00.',
  'not-a-number': 'That is not an amount: type dollars and cents, for example 5.00.',
  negative: 'The amount cannot be negative.',
  zero: 'The amount must be more than $0.00.',
  'too-precise': 'Use at most two digits after the point (cents).',
  'too-large': 'That amount is too large.',
};

/** "12", "12.5", "$1,012.50" → cents; otherwise what is wrong, in a sentence for the field. */
export function parseDollars(text: string, rules: MoneyRules = {}): MoneyParse {
  const cleaned = text.replace(/[$,\s]/g, '');
  const fail = (problem: MoneyProblem, message = MESSAGES[problem]): MoneyParse => ({ ok: false, problem, message });
  if (cleaned === '') return fail('empty');
  if (/^[-−]/.test(cleaned) && /^[-−]\d*(\.\d*)?$/.test(cleaned) && /\d/.test(cleaned)) return fail('negative');
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(cleaned)) return fail('not-a-number');
  const [, fraction = ''] = cleaned.split('.');
  if (fraction.length > 2) return fail('too-precise');
  const cents = Math.round(Number(cleaned) * 100);
  if (!Number.isSafeInteger(cents)) return fail('too-large');
  if (cents === 0 && !rules.allowZero) return fail('zero');
  if (rules.maxCents !== undefined && cents > rules.maxCents)
    return fail('too-large', `The most you can enter here is ${formatMoney(rules.maxCents)}.`);
  return { ok: true, cents };
}

/** Cents, or null when the text is not a usable amount (for callers that only need yes/no). */
export function parseMoney(text: string, rules: MoneyRules = { allowZero: true }): number | null {
  const r = parseDollars(text, rules);
  return r.ok ? r.cents : null;
}
