// The hub's publishes to its leaf node, in the order the hub made them. A window of publishes is
// in flight at once (one connection keeps them in order); when any fails, the whole window from the
// first failure is sent again after a pause. A repeat is harmless: each message carries the id the
// hub accepted the write under (Nats-Msg-Id), and the venue's stream drops a repeat within its
// duplicate window. `sent` runs once per message, after the stream acknowledged it.
import type { JetStreamClient } from '@nats-io/jetstream';
import { headers } from '@nats-io/transport-node';

export interface Outgoing {
  subject: string;
  msgId: string;
  payload: unknown;
  /** After the stream has it (the published log notes it, so a restart does not send it again). */
  sent?: () => void;
  /** When the hub heard it (set on push): travels as Hub-At, so the office can tell its lag. */
  heardAt?: number;
}

const WINDOW = 64;
const RETRY_MIN_MS = 200;
const RETRY_MAX_MS = 5_000;
/** Past this many waiting, the oldest go (the hub's own files keep them; a restart re-reads them). */
export const QUEUE_MAX = 200_000;

export class PublishQueue {
  private readonly waiting: Outgoing[] = [];
  private running = false;
  private stopped = false;
  private pause = RETRY_MIN_MS;
  private timer: NodeJS.Timeout | null = null;
  private idleWaiters: (() => void)[] = [];
  published = 0;
  failures = 0;
  dropped = 0;
  lastError: string | null = null;

  constructor(
    private readonly js: () => JetStreamClient | null,
    private readonly log: (line: string) => void = () => {},
  ) {}

  get length(): number {
    return this.waiting.length;
  }

  push(message: Outgoing): void {
    if (this.stopped) return;
    this.waiting.push({ ...message, heardAt: message.heardAt ?? Date.now() });
    if (this.waiting.length > QUEUE_MAX) {
      this.waiting.shift();
      this.dropped += 1;
    }
    this.kick();
  }

  kick(): void {
    if (this.running || this.timer || this.stopped) return;
    this.running = true;
    void this.drain().finally(() => {
      this.running = false;
      if (this.waiting.length === 0) for (const w of this.idleWaiters.splice(0)) w();
    });
  }

  /** Resolves once nothing waits (tests and a clean stop). */
  idle(): Promise<void> {
    if (this.waiting.length === 0 && !this.running) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const w of this.idleWaiters.splice(0)) w();
  }

  private async drain(): Promise<void> {
    while (this.waiting.length > 0 && !this.stopped) {
      const js = this.js();
      if (!js) return this.retryLater('no connection to the leaf node');
      const batch = this.waiting.slice(0, WINDOW);
      const results = await Promise.allSettled(
        batch.map((m) => {
          const h = headers();
          h.set('Hub-At', String(m.heardAt));
          return js.publish(m.subject, JSON.stringify(m.payload), {
            msgID: m.msgId,
            headers: h,
            timeout: 5_000,
            retries: 0,
          });
        }),
      );
      const firstFailure = results.findIndex((r) => r.status === 'rejected');
      const done = firstFailure < 0 ? batch.length : firstFailure;
      for (const m of this.waiting.splice(0, done)) m.sent?.();
      this.published += done;
      if (firstFailure >= 0) {
        const reason = (results[firstFailure] as PromiseRejectedResult).reason;
        return this.retryLater(reason instanceof Error ? reason.message : String(reason));
      }
      this.pause = RETRY_MIN_MS;
    }
  }

  private retryLater(why: string): void {
    this.failures += 1;
    if (this.lastError !== why) this.log(`group: publishing waits (${why})`);
    this.lastError = why;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.kick();
    }, this.pause);
    this.pause = Math.min(this.pause * 2, RETRY_MAX_MS);
  }
}
