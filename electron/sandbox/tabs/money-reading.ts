// The sandbox's money readings (readings.moneySent / moneyAnswers / moneyNumbers): the store keeps
// integer cents; each family of open money goes out (or comes in) as cents or decimal dollars on its
// own ($13.00 spent is 13, a $12.50 price is 12.5): amounts sent in, REST answers, and the fields the
// spec types only "number" (spent, tips, event prices and totals). Spend limits, the refund
// request's `amount` and gift-card `balance` are cents by the spec and never change. The control
// API (/_sandbox) stays in cents, so tests compare the app's cents with the store's truth.
import { z } from 'zod';
import type { SandboxWorld } from '../world';

/** Keys of tab, order, item, payment and refund answers and event data that hold open money. */
const OPEN_MONEY_KEYS = new Set([
  'price',
  'total',
  'paid',
  'amount',
  'tip',
  'customerFee',
  'refundedAmount',
  'refundableAmount',
  'subtotal',
  'refundAmount',
  'refundSubtotal',
  'refundTip',
  'refundCustomerFee',
  'spent',
]);
/** Subtrees whose money the spec fixes in cents (or that are not money at all). */
const CENTS_SUBTREES = new Set(['spend_limit', 'processorAccounts', 'giftCard']);

/** 'answers': REST answers; 'numbers': event data, spent and tips (the spec's "number" fields). */
export type MoneyOutFamily = 'answers' | 'numbers';

const unitOf = (world: SandboxWorld, family: MoneyOutFamily | 'sent') =>
  family === 'sent'
    ? world.readings.moneySent
    : family === 'answers'
      ? world.readings.moneyAnswers
      : world.readings.moneyNumbers;

/**
 * Whole cents as the family's wire value: 13 for 1300 in dollars, or under `moneyText: 'string'`
 * the decimal string a service writes ("13.00" in dollars, "1300" in cents).
 */
export function centsOut(world: SandboxWorld, family: MoneyOutFamily, cents: number): number | string {
  return wireOf(cents, unitOf(world, family) === 'dollars', world.readings.moneyText === 'string');
}

function wireOf(cents: number, dollars: boolean, text: boolean): number | string {
  if (!text) return dollars ? cents / 100 : cents;
  return dollars ? (cents / 100).toFixed(2) : String(cents);
}

/**
 * A copy of `value` with every open money field in the family's unit (deep; arrays and objects),
 * as decimal strings under `moneyText: 'string'` (REST answers and webhook event data alike).
 */
export function moneyOut<T>(world: SandboxWorld, value: T, family: MoneyOutFamily = 'answers'): T {
  const dollars = unitOf(world, family) === 'dollars';
  const text = world.readings.moneyText === 'string';
  if (!dollars && !text) return value;
  return convert(value, (cents) => wireOf(cents, dollars, text)) as T;
}

function convert(value: unknown, wire: (cents: number) => number | string): unknown {
  if (Array.isArray(value)) return value.map((v) => convert(v, wire));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (CENTS_SUBTREES.has(key)) out[key] = v;
    else if (OPEN_MONEY_KEYS.has(key) && typeof v === 'number') out[key] = wire(v);
    else out[key] = convert(v, wire);
  }
  return out;
}

/**
 * An open money amount as a request gives it: whole cents (default), or dollars with at most two
 * decimals (the other reading). Read into cents; a cents reading refuses a fraction.
 */
export function moneyInSchema(world: SandboxWorld, max = 100_000_000, family: 'sent' | 'numbers' = 'sent') {
  if (unitOf(world, family) !== 'dollars') return z.number().int().min(0).max(max);
  return z
    .number()
    .min(0)
    .max(max / 100)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'at most two decimals (dollars and cents)')
    .transform((n) => Math.round(n * 100));
}
