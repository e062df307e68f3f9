// At-least-once misbehaviour a receiver must survive (spec 6.3: "may be delivered more than once"),
// on demand: duplicate an event, hold it back, or shuffle a batch. Rules count EVENTS, not deliveries.
import type { WebhookFaultInput, WebhookFaultMode, WebhookFaultRule } from './types';

export const DEFAULT_DELAY_MS = 1000;
export const DEFAULT_REORDER_WAIT_MS = 2000;

export class WebhookFaultRegistry {
  private rules: WebhookFaultRule[] = [];
  // Not reset by clear(), so an id from before a reset never names a new rule.
  private nextId = 1;

  add(input: WebhookFaultInput): WebhookFaultRule {
    const reorder = input.mode === 'reorder';
    const rule: WebhookFaultRule = {
      id: `webhook-fault-${this.nextId++}`,
      mode: input.mode,
      remaining: input.count ?? (reorder ? 2 : 1),
      delayMs: input.delayMs ?? (reorder ? DEFAULT_REORDER_WAIT_MS : DEFAULT_DELAY_MS),
      hits: 0,
    };
    this.rules.push(rule);
    return { ...rule };
  }

  list(): WebhookFaultRule[] {
    return this.rules.map((r) => ({ ...r }));
  }

  clear(): number {
    const n = this.rules.length;
    this.rules = [];
    return n;
  }

  /** Consumes one hit of the oldest rule of this mode, if any. */
  take(mode: WebhookFaultMode): WebhookFaultRule | null {
    const idx = this.rules.findIndex((r) => r.mode === mode);
    if (idx === -1) return null;
    const rule = this.rules[idx];
    rule.hits += 1;
    if (rule.remaining !== 'always') {
      rule.remaining -= 1;
      if (rule.remaining <= 0) this.rules.splice(idx, 1);
    }
    return { ...rule };
  }
}
