// The one place tab features raise webhook events. The sender (world.webhooks) is fire-and-forget
// and never throws; the try/catch only keeps a sender bug from failing the request that caused it,
// since the state change has already been committed by the time events go out.
import type { WebhookEmitInput, WebhookEventType } from '../webhooks/types';
import type { SandboxWorld } from '../world';
import { moneyOut } from './money-reading';

export type TabEventInput = WebhookEmitInput & { type: WebhookEventType };

export function emitEvent(world: SandboxWorld, event: TabEventInput): void {
  try {
    // Event money (price, total, refund*) is a "number" in its family's unit; GIFT_CARD_CREATED balance stays cents.
    world.webhooks.emit({
      ...event,
      data: event.type === 'GIFT_CARD_CREATED' ? event.data : moneyOut(world, event.data, 'numbers'),
    });
  } catch (err) {
    console.error('[sandbox] webhook emit failed:', err);
  }
}
