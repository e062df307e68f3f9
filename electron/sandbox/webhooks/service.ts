// The webhook sender (spec 6.2–6.4), attached to the world as `world.webhooks`.
//   emit()  → one event, serialised once → one delivery per subscribed endpoint → first attempt on a
//             real setTimeout(0) (never inside the caller's stack), retries on the SANDBOX clock:
//             clock.onAdvance runs the due ones at once, a real timer catches the ones that fall due.
// Everything it schedules is tracked so reset() and dispose() leave nothing running.
import type { SandboxWorld } from '../world';
import { nextAttemptMs, DEFAULT_TIMEOUT_MS } from './backoff';
import { deliveryView, type DeliveryRecord, type DeliveryView } from './deliveries';
import { EndpointRegistry } from './endpoints';
import { deliveryHeaders, serializeEnvelope } from './envelope';
import { idsOut } from '../http/id-form';
import { WebhookFaultRegistry } from './fault-rules';
import { Holds } from './holds';
import { postOnce } from './http-post';
import { QrThrottle } from './qr-throttle';
import { MAX_OPTION_GROUP_DEPTH, optionGroupDepth, TARGET_RULES, trimOptionGroups } from './target-rules';
import { TimerSet } from '../timer-set';
import {
  WEBHOOK_EVENT_TYPES,
  type DeliveryStatus,
  type WebhookEmitInput,
  type WebhookEmitter,
  type WebhookEvent,
  type WebhookEventType,
} from './types';
import { errorMessage } from '../../../shared/errors';

export interface PublishInput extends WebhookEmitInput {
  /** Send a signature that does not verify (control API trigger, for rejection demos). */
  forge?: boolean;
}

export type PublishResult =
  { throttled: true } | { throttled: false; event: WebhookEvent; deliveries: DeliveryRecord[] };

export interface DeliveryFilter {
  endpointId?: string;
  status?: DeliveryStatus;
  eventId?: string;
}

/** Oldest finished deliveries are forgotten past this, so a long demo cannot fill memory. */
const MAX_DELIVERIES = 10_000;
const MAX_TIMER_MS = 2 ** 31 - 1;

const isEventType = (t: string): t is WebhookEventType => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(t);

export class WebhookService implements WebhookEmitter {
  /** Real ms an endpoint gets to answer (spec: 10 s). Tests shorten it; reset() keeps it. */
  timeoutMs = DEFAULT_TIMEOUT_MS;
  readonly endpoints = new EndpointRegistry();
  readonly faults = new WebhookFaultRegistry();

  private deliveries = new Map<string, DeliveryRecord>();
  private readonly throttle = new QrThrottle();
  private readonly timers = new TimerSet();
  private readonly holds = new Holds(this.timers, (d) => this.attempt(d));
  private readonly inFlight = new Set<AbortController>();
  private retryTimer: NodeJS.Timeout | null = null;
  private nextEventId = 1;
  private nextDeliveryId = 1;
  private disposed = false;
  private readonly unsubscribeClock: () => void;

  constructor(private readonly world: SandboxWorld) {
    this.unsubscribeClock = world.clock.onAdvance(() => this.runDue());
  }

  /** The in-world API: never throws, never waits. Invalid events are dropped with a warning. */
  emit(event: WebhookEmitInput): void {
    // Activity can still happen while the sandbox closes; there is nobody left to deliver for.
    if (this.disposed) return;
    try {
      this.publish(event);
    } catch (err) {
      console.warn(`[sandbox] webhook ${String(event?.type)} not sent: ${errorMessage(err)}`);
    }
  }

  /** emit() with a result, for the control API. Throws on an event the service would never send. */
  publish(input: PublishInput): PublishResult {
    if (this.disposed) throw new Error('the sandbox is closed');
    if (!isEventType(input.type)) throw new Error(`unknown event type '${input.type}'`);
    const type = input.type;
    const location = this.world.locations.get(input.locationUuid);
    if (!location) throw new Error(`unknown location '${input.locationUuid}'`);
    const rule = TARGET_RULES[type];
    // The 6.5 table decides which target keys exist; a value the type cannot carry is dropped.
    const targetUuid =
      rule.targetUuid === 'uuid' ? (input.targetUuid ?? null) : rule.targetUuid === 'null' ? null : undefined;
    const targetId = rule.targetId === 'id' ? (input.targetId ?? null) : undefined;
    let data: Record<string, unknown> = typeof input.data === 'object' && input.data !== null ? input.data : {};
    if (type === 'OPTION_GROUP_UPDATED' && optionGroupDepth(data.optionGroups) > MAX_OPTION_GROUP_DEPTH) {
      data = { ...data, optionGroups: trimOptionGroups(data.optionGroups) };
      if (optionGroupDepth(data.optionGroups) > MAX_OPTION_GROUP_DEPTH)
        throw new Error('optionGroups nest deeper than 2');
    }
    const nowMs = this.world.clock.nowMs();
    if (type === 'QR_SCANNED') {
      const customer = input.customerId ?? (typeof data.customerId === 'string' ? data.customerId : null);
      if (!this.throttle.allow(location.uuid, targetId, customer, nowMs)) return { throttled: true };
    }
    const event: WebhookEvent = {
      id: `event-${this.nextEventId++}`,
      type,
      locationUuid: location.uuid,
      targetUuid,
      targetId,
      createdAtMs: nowMs,
      body: idsOut(
        serializeEnvelope({ type, location, targetUuid, targetId, createdAtMs: nowMs, data }),
        this.world.readings.idForm,
      ),
    };
    const originals = this.recipients(type, location.uuid, input.onlyAccessId).map((endpoint) =>
      this.newDelivery(event, endpoint.id, endpoint.accessId, endpoint.url, input.forge === true, false),
    );
    const deliveries = this.schedule(originals);
    this.prune();
    return { throttled: false, event, deliveries };
  }

  /** Endpoints of integrations subscribed at the location that subscribed to the type. */
  private recipients(type: WebhookEventType, locationUuid: string, onlyAccessId: string | undefined) {
    // A gift card bought by a guest or at the POS goes to nobody (6.4): only a named buyer gets it.
    if (type === 'GIFT_CARD_CREATED' && onlyAccessId === undefined) return [];
    return [...this.world.integrations.values()]
      .filter(
        (i) =>
          i.subscribedLocationUuids.has(locationUuid) && (onlyAccessId === undefined || i.accessId === onlyAccessId),
      )
      .flatMap((i) => this.endpoints.list(i.accessId))
      .filter((e) => e.eventTypes.includes(type));
  }

  private newDelivery(
    event: WebhookEvent,
    endpointId: string,
    accessId: string,
    url: string,
    forged: boolean,
    duplicate: boolean,
  ) {
    const d: DeliveryRecord = {
      id: `delivery-${this.nextDeliveryId++}`,
      event,
      endpointId,
      accessId,
      url,
      forged,
      duplicate,
      status: 'pending',
      attempts: [],
      createdAtMs: this.world.clock.nowMs(),
      firstAttemptMs: null,
      nextAttemptMs: null,
      held: false,
      inFlight: false,
      note: null,
    };
    this.deliveries.set(d.id, d);
    return d;
  }

  /**
   * Faults count events that reach at least one endpoint; an event nobody receives uses none up.
   * Returns the deliveries including duplicates.
   */
  private schedule(records: DeliveryRecord[]): DeliveryRecord[] {
    if (records.length === 0) return records;
    if (this.faults.take('duplicate')) {
      const copies = records.map((d) => this.newDelivery(d.event, d.endpointId, d.accessId, d.url, d.forged, true));
      records = records.flatMap((d, i) => [d, copies[i]]);
    }
    const reorder = this.faults.take('reorder');
    if (reorder) {
      this.holds.addToBatch(reorder, records);
      return records;
    }
    const delay = this.faults.take('delay');
    if (delay) {
      this.holds.hold(records, delay.delayMs, this.world.clock.nowMs() + delay.delayMs);
      return records;
    }
    for (const d of records) this.timers.later(0, () => void this.attempt(d));
    return records;
  }

  private async attempt(d: DeliveryRecord): Promise<void> {
    if (this.disposed || d.inFlight || d.status === 'delivered' || d.status === 'failed') return;
    if (this.deliveries.get(d.id) !== d) return; // dropped by reset()
    const endpoint = this.endpoints.get(d.endpointId);
    if (!endpoint) return this.fail(d, 'endpoint removed');
    const atMs = this.world.clock.nowMs();
    d.inFlight = true;
    d.firstAttemptMs ??= atMs;
    const headers = deliveryHeaders({
      prefix: this.world.config.headerPrefix,
      endpoint,
      type: d.event.type,
      targetUuid: d.event.targetUuid,
      targetId: d.event.targetId,
      body: d.event.body,
      forged: d.forged,
      form: this.world.readings.signatureForm,
    });
    const controller = new AbortController();
    this.inFlight.add(controller);
    const outcome = await postOnce(endpoint.url, headers, d.event.body, this.timeoutMs, controller.signal);
    this.inFlight.delete(controller);
    if (this.disposed || this.deliveries.get(d.id) !== d) return;
    d.inFlight = false;
    d.attempts.push({ attempt: d.attempts.length + 1, atMs, responseStatus: outcome.status, error: outcome.error });
    if (outcome.status !== null && outcome.status >= 200 && outcome.status < 300) {
      d.status = 'delivered';
      d.nextAttemptMs = null;
    } else {
      d.nextAttemptMs = nextAttemptMs(d.firstAttemptMs, atMs, d.attempts.length);
      d.status = d.nextAttemptMs === null ? 'failed' : 'retrying';
    }
    this.armRetryTimer();
  }

  private fail(d: DeliveryRecord, note: string): void {
    d.status = 'failed';
    d.held = false;
    d.nextAttemptMs = null;
    d.note = note;
  }

  /** Runs every retry whose time has come on the sandbox clock. */
  private runDue(): void {
    if (this.disposed) return;
    const now = this.world.clock.nowMs();
    for (const d of this.deliveries.values()) {
      if (d.status === 'retrying' && !d.inFlight && d.nextAttemptMs !== null && d.nextAttemptMs <= now)
        void this.attempt(d);
    }
    this.armRetryTimer();
  }

  /** One real timer for the earliest retry, for when the sandbox clock gets there on its own. */
  private armRetryTimer(): void {
    if (this.retryTimer) this.timers.clear(this.retryTimer);
    this.retryTimer = null;
    if (this.disposed) return;
    let earliest = Infinity;
    for (const d of this.deliveries.values()) {
      if (d.status === 'retrying' && !d.inFlight && d.nextAttemptMs !== null)
        earliest = Math.min(earliest, d.nextAttemptMs);
    }
    if (earliest === Infinity) return;
    const wait = Math.min(Math.max(earliest - this.world.clock.nowMs(), 0), MAX_TIMER_MS);
    this.retryTimer = this.timers.later(wait, () => {
      this.retryTimer = null;
      this.runDue();
    });
  }

  /** Runs every retrying and held delivery now, whatever its schedule; resolves when those attempts end. */
  async flush(): Promise<DeliveryView[]> {
    const touched = [...this.deliveries.values()].filter((d) => !d.inFlight && (d.held || d.status === 'retrying'));
    await Promise.all([
      this.holds.releaseAll(touched.filter((d) => d.held)),
      ...touched.filter((d) => !d.held).map((d) => this.attempt(d)),
    ]);
    return touched.map(deliveryView);
  }

  listDeliveries(filter: DeliveryFilter = {}): DeliveryView[] {
    return [...this.deliveries.values()]
      .filter(
        (d) =>
          (filter.endpointId === undefined || d.endpointId === filter.endpointId) &&
          (filter.status === undefined || d.status === filter.status) &&
          (filter.eventId === undefined || d.event.id === filter.eventId),
      )
      .map(deliveryView);
  }

  /** Removes an endpoint; its unfinished deliveries fail at once (an attempt in flight fails when it ends). */
  removeEndpoint(id: string): boolean {
    if (!this.endpoints.remove(id)) return false;
    for (const d of this.deliveries.values()) {
      if (d.endpointId === id && !d.inFlight && (d.status === 'pending' || d.status === 'retrying'))
        this.fail(d, 'endpoint removed');
    }
    this.armRetryTimer();
    return true;
  }

  /** Forgets endpoints, deliveries, faults and throttles and stops everything in flight. */
  reset(): void {
    for (const c of this.inFlight) c.abort();
    this.inFlight.clear();
    this.timers.clearAll();
    this.retryTimer = null;
    this.holds.clear();
    this.deliveries = new Map();
    this.endpoints.clear();
    this.faults.clear();
    this.throttle.clear();
  }

  /** Stops all background work for good (the sandbox is closing). */
  dispose(): void {
    if (this.disposed) return;
    this.reset();
    this.disposed = true;
    this.unsubscribeClock();
  }

  private prune(): void {
    if (this.deliveries.size <= MAX_DELIVERIES) return;
    for (const [id, d] of this.deliveries) {
      if (this.deliveries.size <= MAX_DELIVERIES) break;
      if (d.status === 'delivered' || d.status === 'failed') this.deliveries.delete(id);
    }
  }
}
