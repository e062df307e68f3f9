// The one place that decides the unit of money on the wire. The spec fixes cents for a pass's
// spend-limit amount, a refund's `amount` and a gift card's `balance`; every other money field
// (pass `spent`, order totals, item prices, refund amounts in events, `declared_tips`) is a
// "number" of unstated unit. Those follow the connection's setting, which the data can correct
// (a fractional value can only be dollars) but never silently: the reason is kept for Settings.

/** Unit of the money fields the spec leaves open. */
export type MoneyUnit = 'cents' | 'dollars';

export const MONEY_UNITS: readonly MoneyUnit[] = ['cents', 'dollars'];

export interface MoneyUnitView {
  unit: MoneyUnit;
  /** Where the assumption comes from: the setting, the embedded sandbox, or the data seen. */
  source: 'setting' | 'sandbox' | 'detected';
  /** One sentence for Settings: what is assumed and why. */
  note: string;
}

/** A wire amount in the open unit as integer cents; null when it is not a finite number. */
export function openToCents(value: unknown, unit: MoneyUnit): number | null {
  const n = typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return null;
  // A fraction of a cent cannot be cents: whatever the setting, such a value is dollars.
  if (unit === 'dollars' || !Number.isInteger(n)) return Math.round(n * 100);
  return n;
}

/** Integer cents as the wire wants them in the open unit (dollars with at most 2 decimals). */
export function centsToOpen(cents: number, unit: MoneyUnit): number {
  return unit === 'dollars' ? Math.round(cents) / 100 : Math.round(cents);
}

/** True when a wire value shows the open unit must be dollars (it has a fraction). */
export function showsDollars(value: unknown): boolean {
  const n = typeof value === 'string' && /^-?\d+\.\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && !Number.isInteger(n);
}
