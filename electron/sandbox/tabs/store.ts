// TabStore: the tabs, orders, items, payments, refunds and gift cards of one sandbox world.
// It only holds state and timers; the rules live in the sibling modules (place-order, refund, …).
import { TimerSet } from '../timer-set';
import type { Spot, TabPass } from '../model';
import type { GiftCardRecord, ItemRecord, OrderRecord, PaymentRecord, RefundRecord, TabRecord } from './types';

/** Real-time gift-card issuance delays. Survives reset(): tests set it once (e.g. to 0). */
export interface GiftCardTiming {
  minDelayMs: number;
  maxDelayMs: number;
  /** How long a waitForProcessorAccounts answer waits before answering with what exists. */
  waitCapMs: number;
}

/** Set through POST /_sandbox/gift-cards/faults; cleared by reset() like the route faults. */
export type GiftCardFault = { mode: 'slow'; delayMs: number } | { mode: 'never-issue' };

export const DEFAULT_GIFT_CARD_TIMING: GiftCardTiming = { minDelayMs: 300, maxDelayMs: 800, waitCapMs: 10_000 };

/** Fixed UUIDs of the tabs the seeded passes order onto, in SEED_PASSES order. */
export const passTabUuid = (n: number) => `7b000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export interface TabSeed {
  passes: TabPass[];
  spots: Spot[];
  nowMs: number;
}

export class TabStore {
  tabs = new Map<string, TabRecord>();
  orders = new Map<string, OrderRecord>();
  /** By item id (void/comp/remove and refunds name items by id). */
  items = new Map<string, ItemRecord>();
  payments = new Map<string, PaymentRecord>();
  refunds = new Map<string, RefundRecord>();
  /** By item id. */
  giftCards = new Map<string, GiftCardRecord>();
  /** x_pass_id → the tab its orders go on. */
  passTabs = new Map<string, string>();

  giftCardTiming: GiftCardTiming = { ...DEFAULT_GIFT_CARD_TIMING };
  giftCardFault: GiftCardFault | null = null;

  /** Guest simulation counter: drives its deterministic choices. */
  guestSeq = 0;
  /** The running "live venue" loop of POST /_sandbox/guests/auto, if any. */
  guestAuto: { timer: NodeJS.Timeout; intervalMs: number; locationUuid: string } | null = null;

  private counters = { tab: 8000, order: 9000, item: 20000, payment: 30000 };
  private readonly timers = new TimerSet();
  private changeListeners = new Set<() => void>();

  /** The id counters, for the practice venue's file on disk (world-state.ts). */
  counterState(): Record<'tab' | 'order' | 'item' | 'payment', number> {
    return { ...this.counters };
  }

  restoreCounters(counters: Record<'tab' | 'order' | 'item' | 'payment', number>): void {
    this.counters = { ...counters };
  }

  nextId(kind: keyof TabStore['counters']): string {
    this.counters[kind] += 1;
    return String(this.counters[kind]);
  }

  /** Empties everything, cancels pending issuance and guest timers, and re-creates the pass tabs. */
  reset(seed: TabSeed): void {
    this.dispose();
    this.tabs = new Map();
    this.orders = new Map();
    this.items = new Map();
    this.payments = new Map();
    this.refunds = new Map();
    this.giftCards = new Map();
    this.passTabs = new Map();
    this.giftCardFault = null;
    this.guestSeq = 0;
    this.guestAuto = null;
    this.counters = { tab: 8000, order: 9000, item: 20000, payment: 30000 };
    // Each pass orders onto one open tab, seated at the first spot of its location.
    seed.passes.forEach((pass, i) => {
      const spotUuid = seed.spots.find((sp) => sp.locationUuid === pass.locationUuid)?.uuid ?? '';
      const tab: TabRecord = {
        uuid: passTabUuid(i + 1),
        id: this.nextId('tab'),
        locationUuid: pass.locationUuid,
        spotUuid,
        name: pass.name,
        status: 'OPEN',
        openedFrom: 'SERVICE_MENU',
        xPassId: pass.xPassId,
        customerProfileUuid: null,
        orderUuids: [],
        itemIds: [],
        paymentIds: [],
        createdAtMs: seed.nowMs,
        closedAtMs: null,
      };
      this.tabs.set(tab.uuid, tab);
      this.passTabs.set(pass.xPassId, tab.uuid);
    });
    // Wake waiters so a request parked on waitForProcessorAccounts answers instead of hanging.
    this.notifyChange();
  }

  /** Stops issuance and guest timers (the world calls it when the server closes). */
  dispose(): void {
    this.timers.clearAll();
    this.guestAuto = null;
  }

  /** A real-time timer that reset() cancels and that never keeps the process alive. */
  setTimer(ms: number, fn: () => void, repeat = false): NodeJS.Timeout {
    return repeat ? this.timers.every(ms, fn) : this.timers.later(ms, fn);
  }

  clearTimer(t: NodeJS.Timeout): void {
    this.timers.clear(t);
  }

  /** Called whenever a gift card is issued (or the store reset). */
  onChange(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  notifyChange(): void {
    for (const l of [...this.changeListeners]) l();
  }
}
