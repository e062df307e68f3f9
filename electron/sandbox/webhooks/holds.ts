// Deliveries held back by a delay or reorder fault. A held delivery is still 'pending'; releasing
// it makes its first attempt. Reorder batches are released shuffled, one endpoint at a time, so the
// receiver sees the shuffled order and not whatever order parallel sockets happen to land in.
import { shuffled, type DeliveryRecord } from './deliveries';
import type { TimerSet } from '../timer-set';
import type { WebhookFaultRule } from './types';

export class Holds {
  private batches = new Map<string, { records: DeliveryRecord[]; timer: NodeJS.Timeout }>();

  constructor(
    private readonly timers: TimerSet,
    private readonly send: (d: DeliveryRecord) => Promise<void>,
  ) {}

  /** Delay fault: each delivery goes out `ms` real ms from now (releaseAtMs is the sandbox-clock estimate shown). */
  hold(records: DeliveryRecord[], ms: number, releaseAtMs: number): void {
    for (const d of records) {
      d.held = true;
      d.nextAttemptMs = releaseAtMs;
      this.timers.later(ms, () => void this.release(d));
    }
  }

  /** Reorder fault: the rule's id names the batch; its last event (remaining 0) releases it. */
  addToBatch(rule: WebhookFaultRule, records: DeliveryRecord[]): void {
    let batch = this.batches.get(rule.id);
    if (!batch) {
      batch = { records: [], timer: this.timers.later(rule.delayMs, () => void this.releaseBatch(rule.id)) };
      this.batches.set(rule.id, batch);
    }
    for (const d of records) d.held = true;
    batch.records.push(...records);
    if (rule.remaining === 0) void this.releaseBatch(rule.id);
  }

  release(d: DeliveryRecord): Promise<void> {
    if (!d.held) return Promise.resolve();
    d.held = false;
    d.nextAttemptMs = null;
    return this.send(d);
  }

  /** Releases every hold now; resolves when those first attempts have ended. */
  releaseAll(held: DeliveryRecord[]): Promise<unknown> {
    const batched = new Set([...this.batches.values()].flatMap((b) => b.records));
    return Promise.all([
      ...[...this.batches.keys()].map((id) => this.releaseBatch(id)),
      ...held.filter((d) => !batched.has(d)).map((d) => this.release(d)),
    ]);
  }

  clear(): void {
    this.batches = new Map();
  }

  private async releaseBatch(id: string): Promise<void> {
    const batch = this.batches.get(id);
    if (!batch) return;
    this.batches.delete(id);
    this.timers.clear(batch.timer);
    const order = shuffled([...new Set(batch.records.map((d) => d.event.id))]);
    const rank = (d: DeliveryRecord) => order.indexOf(d.event.id);
    const byEndpoint = new Map<string, DeliveryRecord[]>();
    // Sorting is stable, so a duplicate stays right behind its original.
    for (const d of [...batch.records].sort((a, b) => rank(a) - rank(b))) {
      byEndpoint.set(d.endpointId, [...(byEndpoint.get(d.endpointId) ?? []), d]);
    }
    await Promise.all(
      [...byEndpoint.values()].map(async (list) => {
        for (const d of list) await this.release(d);
      }),
    );
  }
}
