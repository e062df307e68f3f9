// What labor is measured against: each order's total and time (ORDER_PLACED) and each refunded
// tip (PAYMENT_REFUNDED refundTip), by location, read from the webhook log like the tabs board.
// The spec's events carry no tip on an order or a tab, so card tips paid cannot be read from them;
// a refund says which part of it was tip, and that is what is kept.
// The numbers are kept as they came on the wire: they become cents when read, in the unit the
// connection has decided for the spec's "number" fields (shared/money-units.ts). Keyed by the
// event's target, so a repeat or a replay counts once; older than the kept window they are dropped
// (a pay period is at most a month).
import type { AcceptedEvent } from '../../../../shared/webhooks';
import type { Projection } from '../../webhooks';

type Wire = number | string;

interface Sale {
  location: string | null;
  at: number;
  total: Wire;
}

interface RefundedTip {
  location: string | null;
  at: number;
  tip: Wire;
}

/** 62 days: two of the longest pay periods (monthly) and the days a report may look back on. */
export const SALES_KEPT_MS = 62 * 86_400_000;
const PRUNE_EVERY = 1_000;

const isWire = (v: unknown): v is Wire =>
  (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v.trim() !== '');

function timeOf(event: AcceptedEvent, created: unknown): number {
  const own = typeof created === 'string' ? Date.parse(created) : Number.NaN;
  if (Number.isFinite(own)) return own;
  const at = Date.parse(event.createdAt);
  return Number.isFinite(at) ? at : event.receivedAt;
}

export class SalesProjection implements Projection {
  readonly name = 'labor-sales';
  readonly types: ReadonlySet<string> = new Set(['ORDER_PLACED', 'PAYMENT_REFUNDED']);
  private sales = new Map<string, Sale>();
  private refunds = new Map<string, RefundedTip>();
  private applied = 0;

  constructor(private readonly now: () => number = Date.now) {}

  apply(event: AcceptedEvent): void {
    // What is older than the kept window goes now and then, so a host running for months stays small.
    if (++this.applied % PRUNE_EVERY === 0) this.prune();
    const data = (event.data ?? {}) as Record<string, unknown>;
    const key = event.targetUuid ?? event.targetId ?? event.dedupeKey;
    if (event.type === 'ORDER_PLACED' && isWire(data.total))
      this.sales.set(key, { location: event.locationUuid, at: timeOf(event, data.created), total: data.total });
    if (event.type === 'PAYMENT_REFUNDED' && isWire(data.refundTip))
      // A payment may be refunded more than once: each refund is its own event.
      this.refunds.set(`${key}|${String(data.refundPaymentId ?? event.dedupeKey)}`, {
        location: event.locationUuid,
        at: timeOf(event, undefined),
        tip: data.refundTip,
      });
  }

  /** Orders at `location` between `from` and `to` (ms), their totals as on the wire. */
  salesBetween(location: string, from: number, to: number): { at: number; total: Wire }[] {
    return [...this.sales.values()].filter((s) => s.location === location && s.at >= from && s.at < to);
  }

  refundedTipsBetween(location: string, from: number, to: number): { at: number; tip: Wire }[] {
    return [...this.refunds.values()].filter((r) => r.location === location && r.at >= from && r.at < to);
  }

  snapshot(): unknown {
    const cut = this.now() - SALES_KEPT_MS;
    return {
      sales: [...this.sales].filter(([, s]) => s.at >= cut),
      refunds: [...this.refunds].filter(([, r]) => r.at >= cut),
    };
  }

  restore(state: unknown): void {
    const s = state as { sales?: unknown; refunds?: unknown } | null;
    if (!s || !Array.isArray(s.sales) || !Array.isArray(s.refunds)) throw new Error('labor-sales: not a checkpoint');
    this.sales = new Map(s.sales as [string, Sale][]);
    this.refunds = new Map(s.refunds as [string, RefundedTip][]);
  }

  reset(): void {
    this.sales.clear();
    this.refunds.clear();
  }

  /** Forgets what is older than the kept window. */
  prune(): void {
    const cut = this.now() - SALES_KEPT_MS;
    for (const [k, s] of this.sales) if (s.at < cut) this.sales.delete(k);
    for (const [k, r] of this.refunds) if (r.at < cut) this.refunds.delete(k);
  }
}
