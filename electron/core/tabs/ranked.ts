// Order-independent "latest wins" for projections: two facts about the same thing are ranked by
// (createdAt, dedupeKey), so whichever order deliveries arrive in, the same one is kept.
import type { AcceptedEvent } from '../../../shared/webhooks';

export type Rank = readonly [number, string];

export function rankOf(event: AcceptedEvent): Rank {
  const ms = Date.parse(event.createdAt);
  // The key only breaks ties between events of the same millisecond: 16 hex digits of it do that as
  // well as 64 (a clash is a 1-in-2^64 chance) and keep the projections' checkpoints a third smaller.
  return [Number.isFinite(ms) ? ms : 0, event.dedupeKey.slice(0, 16)];
}

export function isLater(a: Rank, b: Rank): boolean {
  return a[0] !== b[0] ? a[0] > b[0] : a[1] > b[1];
}
