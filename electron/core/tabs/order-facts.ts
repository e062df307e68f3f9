// What a pass order out when the app stopped is decided by (requests/interrupted-pass-order.ts),
// beyond the board's totals: an order's name, which an answered order claims, and how many items
// it had. The board's projection keeps them with the order (open-tabs-projection.ts: factsOf), in
// its checkpoint too, so an order seen before a restart still has them after it.
export interface OrderFacts {
  name: string | null;
  items: number | null;
}

/** An ORDER_PLACED's facts: an empty name is none; items are the item names it lists. */
export function placedFacts(data: unknown): OrderFacts {
  const d = data as { orderName?: unknown; itemNames?: unknown };
  return {
    name: typeof d.orderName === 'string' && d.orderName !== '' ? d.orderName : null,
    items: Array.isArray(d.itemNames) ? d.itemNames.length : null,
  };
}
