// What the board's projection leaves out of an ORDER_PLACED, for a pass order the app stopped with
// while it was out (requests/interrupted-pass-order.ts): the order's name, which an answered order
// claims, and how many items it had. In memory only, the newest MAX_KEPT: an order known only from
// a checkpoint has no facts, and the check then treats it as possibly another request's.
import type { AcceptedEvent } from '../../../shared/webhooks';

export interface OrderFacts {
  name: string | null;
  items: number | null;
}

const MAX_KEPT = 5_000;

export class OrderFactsSeen {
  private readonly facts = new Map<string, OrderFacts>();

  note(event: AcceptedEvent): void {
    if (event.type !== 'ORDER_PLACED' || !event.targetUuid) return;
    const data = event.data as { orderName?: unknown; itemNames?: unknown };
    this.facts.delete(event.targetUuid);
    this.facts.set(event.targetUuid, {
      name: typeof data.orderName === 'string' && data.orderName !== '' ? data.orderName : null,
      items: Array.isArray(data.itemNames) ? data.itemNames.length : null,
    });
    if (this.facts.size > MAX_KEPT) this.facts.delete(this.facts.keys().next().value as string);
  }

  get(orderUuid: string): OrderFacts | undefined {
    return this.facts.get(orderUuid);
  }
}
