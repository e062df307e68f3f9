// Order-independent "latest wins" for projections: two facts about the same thing are ranked by
// (createdAt, dedupeKey), so whichever order deliveries arrive in, the same one is kept.
import type { AcceptedEvent } from '../../../shared/webhooks';

export type Rank = readonly [number, string];

export function rankOf(event: AcceptedEvent): Rank {
  const ms = Date.parse(event.createdAt);
  return [Number.isFinite(ms) ? ms : 0, event.dedupeKey];
}

export function isLater(a: Rank, b: Rank): boolean {
  return a[0] !== b[0] ? a[0] > b[0] : a[1] > b[1];
}
