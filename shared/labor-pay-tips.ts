// Tip-outs and tip pools by role, one business day at a time, in integer cents. Pure.
//
// Order of the rules, as venues run them: tip-outs first (a server gives the bar 3 % of sales),
// then pools (everyone in the pool's roles puts in what they hold and it is split by hours
// worked). Every split uses the largest remainder, so the cents given always equal the cents
// received: a pool of $100.00 among three is 33.34 + 33.33 + 33.33, never 99.99.
import type { TipPersonTotal, TipRules, TipShift } from './labor-pay';

/** A shift as the tip rules need it: who, which role, how long, what was declared and how. */
export type TipInput = Pick<
  TipShift,
  'shiftUuid' | 'userId' | 'name' | 'role' | 'day' | 'minutes' | 'declaredCents' | 'cashCents' | 'cardCents'
>;

/** `total` split by `weights` in whole cents that add up to `total` (equal shares when all weights are 0). */
export function splitByWeight(total: number, weights: number[]): number[] {
  if (weights.length === 0) return [];
  const sign = total < 0 ? -1 : 1;
  const whole = Math.abs(Math.round(total));
  const sum = weights.reduce((n, w) => n + Math.max(0, w), 0);
  const w = sum > 0 ? weights.map((x) => Math.max(0, x)) : weights.map(() => 1);
  const wSum = sum > 0 ? sum : weights.length;
  const exact = w.map((x) => (whole * x) / wSum);
  const out = exact.map(Math.floor);
  let left = whole - out.reduce((n, x) => n + x, 0);
  // The largest remainders get a cent each; ties go to the earlier row (a stable, documented order).
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    out[i] += 1;
    left -= 1;
  }
  return out.map((x) => sign * x);
}

const same = (a: string | null, b: string) => (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Applies the rules to the shifts of each day. `salesByDay`: the day's sales in cents, or null
 * when they are not known (a tip-out on sales is then not applied, and `salesUnknown` is set).
 */
export function applyTipRules(
  inputs: TipInput[],
  rules: TipRules,
  salesByDay: Map<string, number> | null,
): { shifts: TipShift[]; salesSkipped: boolean } {
  const shifts: TipShift[] = inputs.map((s) => ({
    ...s,
    tipOutGivenCents: 0,
    tipOutReceivedCents: 0,
    poolNetCents: 0,
    finalCents: s.declaredCents,
    pool: null,
  }));
  let salesSkipped = false;
  const days = [...new Set(shifts.map((s) => s.day))].sort();
  for (const day of days) {
    const ofDay = shifts.filter((s) => s.day === day);
    for (const rule of rules.tipOuts) {
      const givers = ofDay.filter((s) => same(s.role, rule.fromRole));
      const takers = ofDay.filter((s) => same(s.role, rule.toRole));
      if (givers.length === 0 || takers.length === 0) continue;
      let given: number[];
      if (rule.base === 'tips') {
        given = givers.map((g) => Math.round((g.declaredCents * rule.percent) / 100));
      } else {
        const sales = salesByDay?.get(day);
        if (salesByDay === null || sales === undefined) {
          if (salesByDay === null) salesSkipped = true;
          continue;
        }
        // The events name no server: the role's tip-out on the day's sales, shared by hours.
        const roleTotal = Math.round((sales * rule.percent) / 100);
        given = splitByWeight(
          roleTotal,
          givers.map((g) => g.minutes),
        );
      }
      givers.forEach((g, i) => {
        g.tipOutGivenCents += given[i];
        g.finalCents -= given[i];
      });
      const received = splitByWeight(
        given.reduce((n, x) => n + x, 0),
        takers.map((t) => t.minutes),
      );
      takers.forEach((t, i) => {
        t.tipOutReceivedCents += received[i];
        t.finalCents += received[i];
      });
    }
    const pooled = new Set<TipShift>();
    for (const pool of rules.pools) {
      const members = ofDay.filter((s) => !pooled.has(s) && pool.roles.some((r) => same(s.role, r)));
      if (members.length === 0) continue;
      const pot = members.reduce((n, s) => n + s.finalCents, 0);
      const shares = splitByWeight(
        pot,
        members.map((m) => m.minutes),
      );
      members.forEach((m, i) => {
        pooled.add(m);
        m.poolNetCents = shares[i] - m.finalCents;
        m.finalCents = shares[i];
        m.pool = pool.name;
      });
    }
  }
  return { shifts, salesSkipped };
}

/** Each person's tips over the shifts given; a declared amount without a split counts as cash. */
export function tipTotals(shifts: TipShift[]): TipPersonTotal[] {
  const byUser = new Map<string, TipPersonTotal>();
  for (const s of shifts) {
    let t = byUser.get(s.userId);
    if (!t)
      byUser.set(
        s.userId,
        (t = {
          userId: s.userId,
          name: s.name,
          declaredCents: 0,
          cashCents: 0,
          cardCents: 0,
          unsplitCents: 0,
          finalCents: 0,
        }),
      );
    t.declaredCents += s.declaredCents;
    if (s.cashCents === null || s.cardCents === null) t.unsplitCents += s.declaredCents;
    else {
      t.cashCents += s.cashCents;
      t.cardCents += s.cardCents;
    }
    t.finalCents += s.finalCents;
  }
  return [...byUser.values()].sort((a, b) => a.name.localeCompare(b.name));
}
