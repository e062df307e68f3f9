// Guests ordering from their phones (openedFrom SERVICE_MENU), so a manager watching the app sees
// a live venue. Choices come from a counter, not a random source, so a test that resets the world
// and simulates gets the same products, quantities and spots every time.
import type { SandboxWorld } from '../world';
import { emitEvent, type TabEventInput } from './emit';
import { openTabEvent } from './event-data';
import type { OrderLine } from './lines';
import { openTab, orderEvents, placeOrder, settleAndClose } from './tab-ops';
import type { TabRecord } from './types';

export interface SimulateInput {
  locationUuid: string;
  /** New guest tabs, each opened with one order. */
  tabs: number;
  /** Further orders, spread over the location's open guest tabs (one is opened if there is none). */
  orders: number;
  /** Which of the tabs opened by this call are paid and closed at the end: 'some' = every third guest. */
  close: 'none' | 'some' | 'all';
  /** Put one gift card in each new tab's first order (issued, but delivered to nobody). */
  giftCards: boolean;
}

export interface SimulateResult {
  opened: string[];
  orders: string[];
  closed: string[];
}

const guestUuid = (n: number) => `9c000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function pickLines(world: SandboxWorld, locationUuid: string, seq: number, withGiftCard: boolean): OrderLine[] {
  const catalog = world.products.filter((p) => p.locationUuid === locationUuid);
  const menu = catalog.filter((p) => p.giftCard === null);
  const lines: OrderLine[] = [];
  const count = 1 + (seq % 3);
  for (let k = 0; k < count && menu.length > 0; k++) {
    const product = menu[(seq * 5 + k * 3) % menu.length];
    lines.push({ product, quantity: 1 + ((seq + k) % 2), price: product.priceCents, note: null });
  }
  const card = withGiftCard ? catalog.find((p) => p.giftCard !== null) : undefined;
  if (card) lines.push({ product: card, quantity: 1, price: card.priceCents, note: null });
  return lines;
}

function openGuestTab(world: SandboxWorld, locationUuid: string, events: TabEventInput[]): TabRecord {
  const seq = ++world.tabs.guestSeq;
  const spots = world.spots.filter((s) => s.locationUuid === locationUuid);
  const tab = openTab(world, {
    locationUuid,
    spotUuid: spots[seq % spots.length].uuid,
    name: `Guest ${seq}`,
    openedFrom: 'SERVICE_MENU',
    customerProfileUuid: guestUuid(seq),
  });
  events.push(openTabEvent(world, world.tabs, tab));
  return tab;
}

export function openGuestTabs(world: SandboxWorld, locationUuid: string): TabRecord[] {
  return [...world.tabs.tabs.values()].filter(
    (t) =>
      t.locationUuid === locationUuid && t.status === 'OPEN' && t.openedFrom === 'SERVICE_MENU' && t.xPassId === null,
  );
}

/** The caller checks that the location has spots. */
export function simulateGuests(world: SandboxWorld, input: SimulateInput): SimulateResult {
  const result: SimulateResult = { opened: [], orders: [], closed: [] };
  const events: TabEventInput[] = [];
  const order = (tab: TabRecord, giftCard: boolean) => {
    const seq = ++world.tabs.guestSeq;
    const placed = placeOrder(world, tab, pickLines(world, tab.locationUuid, seq, giftCard), {
      source: { kind: 'guest' },
    });
    result.orders.push(placed.uuid);
    events.push(...orderEvents(world, placed));
  };
  const opened: TabRecord[] = [];
  for (let i = 0; i < input.tabs; i++) {
    const tab = openGuestTab(world, input.locationUuid, events);
    opened.push(tab);
    order(tab, input.giftCards);
  }
  for (let i = 0; i < input.orders; i++) {
    let open = openGuestTabs(world, input.locationUuid);
    if (open.length === 0) {
      opened.push(openGuestTab(world, input.locationUuid, events));
      open = openGuestTabs(world, input.locationUuid);
    }
    order(open[i % open.length], false);
  }
  result.opened = opened.map((t) => t.uuid);
  for (const tab of opened) {
    const guestNo = Number(tab.name.replace('Guest ', ''));
    if (input.close === 'all' || (input.close === 'some' && guestNo % 3 === 0)) {
      events.push(...settleAndClose(world, tab));
      result.closed.push(tab.uuid);
    }
  }
  for (const e of events) emitEvent(world, e);
  return result;
}

/** One step of the automatic "live venue": open, order, or let the longest-open guest leave. */
export function guestTick(world: SandboxWorld, locationUuid: string): void {
  const step = world.tabs.guestSeq % 3;
  const open = openGuestTabs(world, locationUuid);
  if (step === 2 && open.length > 3) {
    const events = settleAndClose(world, open[0]);
    for (const e of events) emitEvent(world, e);
    return;
  }
  simulateGuests(world, {
    locationUuid,
    tabs: step === 0 || open.length === 0 ? 1 : 0,
    orders: step === 0 ? 0 : 1,
    close: 'none',
    giftCards: false,
  });
}
