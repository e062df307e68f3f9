// One delivery = one event to one endpoint, with every attempt it took. A duplicate fault adds a
// second delivery of the same event (same body) so each copy retries on its own, as a real
// at-least-once sender's copies would.
import type { AttemptRecord, DeliveryStatus, WebhookEvent } from './types';

export interface DeliveryRecord {
  id: string;
  event: WebhookEvent;
  endpointId: string;
  accessId: string;
  url: string;
  forged: boolean;
  duplicate: boolean;
  status: DeliveryStatus;
  attempts: AttemptRecord[];
  createdAtMs: number;
  firstAttemptMs: number | null;
  /** Sandbox ms of the next scheduled attempt (retrying), or the expected release of a delay hold. */
  nextAttemptMs: number | null;
  /** Held back by a delay or reorder fault; flush releases it. */
  held: boolean;
  inFlight: boolean;
  /** Why it failed without an attempt (e.g. its endpoint was removed). */
  note: string | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function deliveryView(d: DeliveryRecord) {
  const last = d.attempts.at(-1) ?? null;
  return {
    id: d.id,
    eventId: d.event.id,
    endpointId: d.endpointId,
    accessId: d.accessId,
    url: d.url,
    type: d.event.type,
    locationUuid: d.event.locationUuid,
    status: d.status,
    attempts: d.attempts.length,
    createdAt: iso(d.createdAtMs),
    nextAttemptAt: d.status === 'delivered' || d.status === 'failed' ? null : iso(d.nextAttemptMs),
    lastAttemptAt: iso(last?.atMs ?? null),
    lastResponseStatus: last?.responseStatus ?? null,
    lastError: d.note ?? last?.error ?? null,
    duplicate: d.duplicate,
    forged: d.forged,
    held: d.held,
    history: d.attempts.map((a) => ({
      attempt: a.attempt,
      at: iso(a.atMs),
      responseStatus: a.responseStatus,
      error: a.error,
    })),
    /** The exact bytes every attempt of this delivery sends. */
    body: d.event.body,
  };
}

export type DeliveryView = ReturnType<typeof deliveryView>;

/** Fisher–Yates, retried so a batch of two or more really comes out in a different order. */
export function shuffled<T>(items: T[], random: () => number = Math.random): T[] {
  if (items.length < 2) return [...items];
  for (let tries = 0; tries < 20; tries++) {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    if (out.some((x, i) => x !== items[i])) return out;
  }
  return [...items].reverse();
}
