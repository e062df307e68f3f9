// The one place tab features raise webhook events. The sender (world.webhooks) is fire-and-forget
// and never throws; the try/catch only keeps a sender bug from failing the request that caused it,
// since the state change has already been committed by the time events go out.
import type { WebhookEmitInput, WebhookEventType } from '../webhooks/types';
import type { SandboxWorld } from '../world';

export type TabEventInput = WebhookEmitInput & { type: WebhookEventType };

export function emitEvent(world: SandboxWorld, event: TabEventInput): void {
  try {
    world.webhooks.emit(event);
  } catch (err) {
    console.error('[sandbox] webhook emit failed:', err);
  }
}
