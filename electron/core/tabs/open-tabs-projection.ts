// The open-tabs board, built from OPEN_TAB, ITEM_ADDED, ITEM_REMOVED, ITEM_VOIDED, ITEM_COMPED,
// ORDER_PLACED, CLOSE_TAB and PAYMENT_REFUNDED.
//
// Deliveries come late, repeated and in any order (6.3), so apply() only records facts, each
// keyed by what it is about, and board() derives the tabs from the facts. Every merge is order
// independent: where two events speak about the same thing the one with the later (createdAt,
// dedupeKey) wins, flags (removed, voided, comped, closed) are sticky, and sums run in key order.
// So the same set of events gives the same board whatever order, and applying an event twice
// changes nothing (the idempotence projections.ts asks for).
//
// Incremental: apply() also notes which tabs an event can change (a dirty set; indexes by tab,
// order and item ID say which), and a read re-derives only those tabs, each from its own facts,
// into an immutable per-tab object that is replaced, never changed. The tabs service pushes
// summary(): the open tabs and the most recently closed ones, without copying the rest.
//
// Memory: pruneClosed() forgets every fact of tabs closed longer ago than the dedupe window (the
// tabs service calls it), so a host that runs for weeks holds the open tabs and the last two
// days' closed ones, not every tab ever seen. A pruned tab leaves a tombstone (its UUID and close
// time): a later event about it (a refund days after) is left out of the board instead of
// bringing back a tab with only part of its facts. The closed count then counts the tabs closed
// within the window. Tombstones go after PRUNED_KEPT_MS, when the log no longer holds such events.
//
// Spec gaps handled here: ITEM_VOIDED/ITEM_COMPED name the item by ID (targetId) and carry only
// orderId, while ITEM_ADDED names it by UUID. A void is matched to an added item through an item
// ID the service may add to ITEM_ADDED data (`itemId` or `id`), or when the ID equals the UUID;
// otherwise it shows as its own line `id:<itemId>` on the tab its order belongs to (known from
// ITEM_ADDED/ITEM_REMOVED orderId or ORDER_PLACED). `price` is taken as the unit price.
//
// A tab's total comes from its ORDER_PLACED `total`s (they include taxes and fees, which items do
// not show): see tabTotal(). Amounts stay the numbers the service sent (a decimal string as its
// number: "13.00" is 13, its decimal point noted as evidence by event-money-evidence.ts): the tabs
// service turns them into cents in the connection's unit.
import type { AcceptedEvent, OpenTab, OpenTabItem } from '../../../shared/webhooks';
import type { Projection } from '../webhooks/projections';
import { isLater, rankOf, type Rank } from './ranked';
import { boardOrder, newestClosedFirst } from '../../../shared/board-push';
import { record } from '../webhooks/checkpoint-codec';
import {
  decodeFacts,
  decodeSets,
  decodeStrings,
  encodeFacts,
  encodeSets,
  encodeStrings,
  type FactShape,
} from './open-tabs-checkpoint';
import { StringTable } from '../string-table';
import { placedFacts, type OrderFacts } from './order-facts';
import { eventWire } from '../../../shared/money-units';

interface Ranked {
  rank: Rank;
}

interface ItemFact extends Ranked {
  tabUuid: string;
  orderId: string;
  name: string | null;
  quantity: number;
  price: number;
  /** Item IDs this UUID is also known by. */
  ids: string[];
}

interface TabFact extends Ranked {
  name: string | null;
  spotName: string | null;
}

interface RefundFact extends Ranked {
  tabUuid: string;
  paymentId: string | null;
  amount: number;
  refundType: string;
}

/** Ids an ORDER_PLACED may also carry for its order (6.4 shows none; items name orders by id). */
export function orderAliases(data: Record<string, unknown>): string[] {
  return [data.orderId, data.id]
    .filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
    .map(String);
}

/**
 * A tab's total. ORDER_PLACED `total` includes taxes and fees, so it is the truth for an order;
 * items name their order by id while ORDER_PLACED names it by uuid (6.4), so the two are joined by
 * count: when every order the items mention can have its ORDER_PLACED here, the total is the sum
 * of those totals less the items removed, voided or comped since. While some order's ORDER_PLACED
 * has not arrived (deliveries reorder), it falls back to price × quantity of the live items.
 * Lines and orders come sorted by key, so the sums do not depend on arrival order.
 */
export function tabTotal(
  lines: { orderId: string | undefined; amount: number; gone: boolean }[],
  placed: { orderId: string; total: number; aliases: string[] }[],
): number {
  const itemOrders = new Set(lines.map((l) => l.orderId).filter((o): o is string => o !== undefined));
  const names = placed.map((p) => [p.orderId, ...p.aliases]);
  const known = new Set(names.flat());
  const linked = names.filter((ids) => ids.some((id) => itemOrders.has(id))).length;
  const unlinkedItemOrders = [...itemOrders].filter((o) => !known.has(o)).length;
  let total = 0;
  if (placed.length === 0 || unlinkedItemOrders > placed.length - linked) {
    for (const l of lines) if (!l.gone) total += l.amount;
    return total;
  }
  for (const p of placed) total += p.total;
  for (const l of lines) if (l.gone) total -= l.amount;
  return total;
}

/** Sets `key` to `fact` unless a later fact is already there. */
function keepLatest<T extends Ranked>(map: Map<string, T>, key: string, fact: T): void {
  const current = map.get(key);
  if (current === undefined || isLater(fact.rank, current.rank)) map.set(key, fact);
}

/** The earlier of two ISO timestamps (by instant, then text), so "first close" is order independent. */
function earlier(a: string | undefined, b: string): string {
  if (a === undefined) return b;
  const da = Date.parse(a);
  const db = Date.parse(b);
  if (da !== db) return da < db ? a : b;
  return a < b ? a : b;
}

/** How long a pruned tab's tombstone is kept: the app's log retention (30 days) plus the retry window. */
export const PRUNED_KEPT_MS = 31 * 24 * 3_600_000;

const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** What the board shows at one location (see summary()). */
export interface TabsSummary {
  /** Open tabs in board order (openedAt, then UUID). */
  open: OpenTab[];
  /** Closed tabs, most recently closed first (closedAt descending, then UUID), at most the limit asked for. */
  closed: OpenTab[];
  /** Every closed tab at the location. */
  closedCount: number;
}

/** A tab known only from events without a location could be anywhere: it counts everywhere. */
const atLocation = (tab: OpenTab, locationUuid: string | null) =>
  locationUuid === null || tab.locationUuid === null || tab.locationUuid === locationUuid;

function copyTab(tab: OpenTab): OpenTab {
  return { ...tab, items: tab.items.map((i) => ({ ...i })), refunds: tab.refunds.map((r) => ({ ...r })) };
}

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
}

function removeFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}

/**
 * Bump when the facts' shape changes, with a step in upgradeState() from the checkpoint file's
 * version before (projection-checkpoint.ts): an older checkpoint is upgraded, never replayed away.
 * 4: the orders' names and item counts (`orderFacts`).
 */
const OPEN_TABS_FORMAT = 'open-tabs/4';
const ITEM_SHAPE: FactShape = [
  ['rank', 'rank'],
  ['tabUuid', 'str'],
  ['orderId', 'str'],
  ['name', 'str'],
  ['quantity', 'num'],
  ['price', 'num'],
  ['ids', 'strs'],
];

export class OpenTabsProjection implements Projection {
  readonly name = 'open-tabs';
  readonly types: ReadonlySet<string> = new Set([
    'OPEN_TAB',
    'CLOSE_TAB',
    'ITEM_ADDED',
    'ITEM_REMOVED',
    'ITEM_VOIDED',
    'ITEM_COMPED',
    'ORDER_PLACED',
    'PAYMENT_REFUNDED',
  ]);
  // Facts.
  private readonly tabs = new Map<string, TabFact>();
  private readonly openedAt = new Map<string, string>();
  private readonly closedAt = new Map<string, string>();
  private readonly locations = new Map<string, Ranked & { locationUuid: string }>();
  private readonly added = new Map<string, ItemFact>();
  private readonly removed = new Map<string, ItemFact>();
  private readonly orderTabs = new Map<string, Ranked & { tabUuid: string }>();
  /** order uuid → its ORDER_PLACED total (taxes and fees included). */
  private readonly orderTotals = new Map<string, Ranked & { total: number; aliases: string[] }>();
  /** order uuid → its ORDER_PLACED name and item count (-1: not given), for factsOf(). */
  private readonly orderFacts = new Map<string, Ranked & { name: string | null; items: number }>();
  private readonly refunds = new Map<string, RefundFact>();
  /** order id → item IDs voided (comped) on it. */
  private readonly voidsByOrder = new Map<string, Set<string>>();
  private readonly compsByOrder = new Map<string, Set<string>>();
  // Indexes, so a change is traced to the tabs it can alter.
  /** item ID → order ids it was voided (comped) on. */
  private readonly voidOrders = new Map<string, Set<string>>();
  private readonly compOrders = new Map<string, Set<string>>();
  /** tab → item UUIDs whose fact (ITEM_ADDED, else ITEM_REMOVED) names it. */
  private readonly itemsByTab = new Map<string, Set<string>>();
  /** item ID given in ITEM_ADDED/ITEM_REMOVED data → item UUIDs that gave it. */
  private readonly aliasClaims = new Map<string, Set<string>>();
  /** tab → order ids linked to it. */
  private readonly ordersByTab = new Map<string, Set<string>>();
  /** tab → refund payment ids on it. */
  private readonly refundsByTab = new Map<string, Set<string>>();
  // Derived views: one immutable object per tab, replaced when the tab changes.
  private readonly dirty = new Set<string>();
  private readonly views = new Map<string, OpenTab>();
  private readonly openViews = new Map<string, OpenTab>();
  /** Closed tabs, newestClosedFirst. */
  private readonly closedViews: OpenTab[] = [];
  private readonly closedByLocation = new Map<string | null, number>();
  private sortedAll: OpenTab[] | null = null;
  /** Tabs re-derived since takeChanged(); null while nobody collects them. */
  private changed: Set<string> | null = null;
  /** Tabs whose facts pruneClosed() dropped → their close time (ms): events about them are left out. */
  private readonly pruned = new Map<string, number>();

  /** The facts in a compact checkpoint (open-tabs-checkpoint.ts); views are derived again after a restore. */
  snapshot(): unknown {
    this.refresh();
    const table = new StringTable();
    const facts = Object.fromEntries(
      this.factMaps().map(([name, map, shape]) => [name, encodeFacts(map, shape, table)]),
    );
    const times = { openedAt: encodeStrings(this.openedAt, table), closedAt: encodeStrings(this.closedAt, table) };
    const sets = Object.fromEntries(this.setMaps().map(([name, map]) => [name, encodeSets(map, table)]));
    const known = [...this.views.keys()].map((uuid) => table.id(uuid));
    // Tombstones in their order (oldest close first), which pruneClosed() relies on.
    const pruned = [...this.pruned].flatMap(([uuid, closedMs]) => [table.id(uuid), closedMs]);
    return { format: OPEN_TABS_FORMAT, strings: table.strings, facts, times, sets, known, pruned };
  }

  /**
   * Replaces the state with a snapshot()'s; throws (leaving the projection empty) if it does not
   * fit. The tabs are derived on the first read, not here, so a restart is ready sooner.
   */
  restore(state: unknown): void {
    this.reset();
    try {
      const r = record(state, OPEN_TABS_FORMAT);
      if (!Array.isArray(r.strings) || !r.strings.every((v) => typeof v === 'string'))
        throw new Error('checkpoint: string table missing');
      const strings = r.strings as string[];
      const facts = (r.facts ?? {}) as Record<string, unknown>;
      const times = (r.times ?? {}) as Record<string, unknown>;
      const sets = (r.sets ?? {}) as Record<string, unknown>;
      for (const [name, map, shape] of this.factMaps()) decodeFacts(facts[name], shape, strings, map);
      decodeStrings(times.openedAt, strings, this.openedAt);
      decodeStrings(times.closedAt, strings, this.closedAt);
      for (const [name, map] of this.setMaps()) decodeSets(sets[name], strings, map);
      if (!Array.isArray(r.pruned) || r.pruned.length % 2 !== 0) throw new Error('checkpoint: pruned tabs missing');
      const pruned = r.pruned as number[];
      for (let i = 0; i < pruned.length; i += 2) {
        const uuid = strings[pruned[i]];
        if (uuid === undefined || typeof pruned[i + 1] !== 'number')
          throw new Error('checkpoint: a pruned tab is malformed');
        this.pruned.set(uuid, pruned[i + 1]);
      }
      if (!Array.isArray(r.known)) throw new Error('checkpoint: known tabs missing');
      for (const id of r.known as number[]) {
        const uuid = strings[id];
        if (uuid === undefined) throw new Error('checkpoint: a known tab is out of range');
        this.dirty.add(uuid);
      }
    } catch (error) {
      this.reset();
      throw error;
    }
  }

  /**
   * A state of an older checkpoint file, as restore() reads it now (projection-checkpoint.ts):
   * version 1 kept no order facts. The replay of the retained log after an upgrade adds those of
   * the orders whose ORDER_PLACED the log still holds; the others have none.
   */
  upgradeState(state: unknown, from: number): unknown {
    const r = state as { format?: unknown; facts?: Record<string, unknown> } | null;
    if (from >= 2 || r === null || typeof r !== 'object' || r.format !== 'open-tabs/3') return state;
    return { ...r, format: 'open-tabs/4', facts: { ...r.facts, orderFacts: [] } };
  }

  /** Forgets everything (before a restore, or when one failed and the log is replayed instead). */
  reset(): void {
    for (const [, map] of this.factMaps()) map.clear();
    for (const [, map] of this.setMaps()) map.clear();
    this.openedAt.clear();
    this.closedAt.clear();
    this.pruned.clear();
    this.dirty.clear();
    this.views.clear();
    this.openViews.clear();
    this.closedViews.length = 0;
    this.closedByLocation.clear();
    this.sortedAll = null;
    this.changed = null;
  }

  private factMaps(): [string, Map<string, object>, FactShape][] {
    const rank = ['rank', 'rank'] as const;
    return [
      ['tabs', this.tabs, [rank, ['name', 'str'], ['spotName', 'str']]],
      ['locations', this.locations, [rank, ['locationUuid', 'str']]],
      ['added', this.added, ITEM_SHAPE],
      ['removed', this.removed, ITEM_SHAPE],
      ['orderTabs', this.orderTabs, [rank, ['tabUuid', 'str']]],
      ['orderTotals', this.orderTotals, [rank, ['total', 'num'], ['aliases', 'strs']]],
      ['orderFacts', this.orderFacts, [rank, ['name', 'str'], ['items', 'num']]],
      [
        'refunds',
        this.refunds,
        [rank, ['tabUuid', 'str'], ['paymentId', 'str'], ['amount', 'num'], ['refundType', 'str']],
      ],
    ];
  }

  private setMaps(): [string, Map<string, Set<string>>][] {
    return [
      ['voidsByOrder', this.voidsByOrder],
      ['compsByOrder', this.compsByOrder],
      ['voidOrders', this.voidOrders],
      ['compOrders', this.compOrders],
      ['itemsByTab', this.itemsByTab],
      ['aliasClaims', this.aliasClaims],
      ['ordersByTab', this.ordersByTab],
      ['refundsByTab', this.refundsByTab],
    ];
  }

  apply(event: AcceptedEvent): void {
    if (this.pruned.size > 0 && this.aboutPruned(event)) return;
    const rank = rankOf(event);
    const touch = (tabUuid: string) => {
      if (event.locationUuid) keepLatest(this.locations, tabUuid, { rank, locationUuid: event.locationUuid });
      this.dirty.add(tabUuid);
    };
    switch (event.type) {
      case 'OPEN_TAB': {
        const uuid = event.targetUuid as string;
        keepLatest(this.tabs, uuid, { rank, name: event.data.name ?? null, spotName: event.data.spotName ?? null });
        this.openedAt.set(uuid, earlier(this.openedAt.get(uuid), event.createdAt));
        touch(uuid);
        break;
      }
      case 'CLOSE_TAB': {
        const uuid = event.targetUuid as string;
        this.closedAt.set(uuid, earlier(this.closedAt.get(uuid), event.createdAt));
        touch(uuid);
        break;
      }
      case 'ITEM_ADDED':
      case 'ITEM_REMOVED': {
        const d = event.data;
        const extra = d as Record<string, unknown>;
        const ids = [extra.itemId, extra.id].filter((v): v is string => typeof v === 'string');
        const fact: ItemFact = {
          rank,
          tabUuid: d.tabUuid,
          orderId: d.orderId,
          name: d.name,
          quantity: d.quantity,
          price: eventWire(d.price),
          ids,
        };
        const uuid = event.targetUuid as string;
        const tabBefore = this.itemTab(uuid);
        const aliasesBefore = this.aliases(uuid);
        keepLatest(event.type === 'ITEM_ADDED' ? this.added : this.removed, uuid, fact);
        this.itemChanged(uuid, tabBefore, aliasesBefore);
        this.linkOrder(d.orderId, d.tabUuid, rank);
        touch(d.tabUuid);
        break;
      }
      case 'ITEM_VOIDED':
      case 'ITEM_COMPED': {
        const orderId = event.data.orderId;
        const itemId = event.targetId as string;
        const voided = event.type === 'ITEM_VOIDED';
        addTo(voided ? this.voidsByOrder : this.compsByOrder, orderId, itemId);
        addTo(voided ? this.voidOrders : this.compOrders, itemId, orderId);
        this.markId(itemId);
        break;
      }
      case 'ORDER_PLACED': {
        const uuid = event.targetUuid as string;
        keepLatest(this.orderTotals, uuid, {
          rank,
          total: eventWire(event.data.total),
          aliases: orderAliases(event.data),
        });
        const facts = placedFacts(event.data);
        keepLatest(this.orderFacts, uuid, { rank, name: facts.name, items: facts.items ?? -1 });
        this.linkOrder(uuid, event.data.tabUuid, rank);
        touch(event.data.tabUuid);
        // The order's total changed for whichever tab holds the order now (a later event may have moved it).
        this.dirty.add((this.orderTabs.get(uuid) as { tabUuid: string }).tabUuid);
        break;
      }
      case 'PAYMENT_REFUNDED': {
        const d = event.data;
        const before = this.refunds.get(d.refundPaymentId)?.tabUuid;
        keepLatest(this.refunds, d.refundPaymentId, {
          rank,
          tabUuid: d.tabUuid,
          paymentId: event.targetId,
          amount: eventWire(d.refundAmount),
          refundType: d.refundType,
        });
        const after = (this.refunds.get(d.refundPaymentId) as RefundFact).tabUuid;
        if (before !== after) {
          if (before !== undefined) {
            removeFrom(this.refundsByTab, before, d.refundPaymentId);
            this.dirty.add(before);
          }
          addTo(this.refundsByTab, after, d.refundPaymentId);
        }
        touch(d.tabUuid);
        break;
      }
      default:
        return;
    }
  }

  /** Every tab seen, closed ones included (closedAt set), ordered by openedAt then UUID; a copy. */
  board(): OpenTab[] {
    this.refresh();
    if (this.sortedAll === null) this.sortedAll = [...this.views.values()].sort(boardOrder);
    return this.sortedAll.map(copyTab);
  }

  /** One tab as board() would show it (a copy), or undefined if no event made it a tab. */
  tab(uuid: string): OpenTab | undefined {
    this.refresh();
    const tab = this.views.get(uuid);
    return tab === undefined ? undefined : copyTab(tab);
  }

  /** The orders an ORDER_PLACED put on a tab: uuid and total as sent, in key order. */
  ordersOf(tabUuid: string): { uuid: string; total: number }[] {
    return [...(this.ordersByTab.get(tabUuid) ?? [])]
      .filter((id) => this.orderTotals.has(id) && this.orderTabs.get(id)?.tabUuid === tabUuid)
      .sort(byKey)
      .map((uuid) => ({ uuid, total: (this.orderTotals.get(uuid) as { total: number }).total }));
  }

  /** An order's name and item count from its ORDER_PLACED (a pass order out when the app stopped). */
  factsOf(orderUuid: string): OrderFacts | undefined {
    const fact = this.orderFacts.get(orderUuid);
    return fact && { name: fact.name, items: fact.items < 0 ? null : fact.items };
  }

  /** The tab an order is on, by the order's uuid or id (an item's `orderId`, a gift card's). */
  tabOfOrder(orderId: string): string | undefined {
    return this.orderTabs.get(orderId)?.tabUuid;
  }

  /**
   * The tabs at a location (null: everywhere) as the board shows them: open ones, the `closedLimit`
   * most recently closed, and how many are closed. Costs the tabs changed since the last read plus
   * the open ones, not every tab ever seen. The tabs returned are shared and must not be changed.
   */
  summary(locationUuid: string | null, closedLimit: number): TabsSummary {
    this.refresh();
    const open = [...this.openViews.values()].filter((t) => atLocation(t, locationUuid)).sort(boardOrder);
    return { open, closed: this.closedTop(locationUuid, closedLimit), closedCount: this.closedCount(locationUuid) };
  }

  /** The most recently closed tabs at a location: costs the limit, not every closed tab. */
  closedTop(locationUuid: string | null, limit: number): OpenTab[] {
    this.refresh();
    const closed: OpenTab[] = [];
    for (const t of this.closedViews) {
      if (closed.length >= limit) break;
      if (atLocation(t, locationUuid)) closed.push(t);
    }
    return closed;
  }

  closedCount(locationUuid: string | null): number {
    this.refresh();
    return locationUuid === null
      ? this.closedViews.length
      : (this.closedByLocation.get(locationUuid) ?? 0) + (this.closedByLocation.get(null) ?? 0);
  }

  /** Whether an open tab shows at a location (closed ones show only among the most recent). */
  static openAt(tab: OpenTab, locationUuid: string | null): boolean {
    return tab.closedAt === null && atLocation(tab, locationUuid);
  }

  /**
   * The tabs re-derived since the last call, so a board push sends only those. Collected only
   * while someone asks (startChanges), so a venue with no board on screen keeps no list.
   */
  takeChanged(): Set<string> {
    this.refresh();
    const out = this.changed ?? new Set<string>();
    this.changed = new Set();
    return out;
  }

  /** Stop collecting changed tabs (no screen shows the board); takeChanged() starts again. */
  stopChanges(): void {
    this.changed = null;
  }

  // -------------------------------------------------------------------------------------------
  // Tracing a change to the tabs it alters

  private itemTab(uuid: string): string | undefined {
    return (this.added.get(uuid) ?? this.removed.get(uuid))?.tabUuid;
  }

  /** The item IDs item `uuid` gave besides its UUID. */
  private aliases(uuid: string): Set<string> {
    return new Set([...(this.added.get(uuid)?.ids ?? []), ...(this.removed.get(uuid)?.ids ?? [])]);
  }

  private itemChanged(uuid: string, tabBefore: string | undefined, aliasesBefore: Set<string>): void {
    const tabAfter = this.itemTab(uuid) as string;
    if (tabBefore !== tabAfter) {
      if (tabBefore !== undefined) {
        removeFrom(this.itemsByTab, tabBefore, uuid);
        this.dirty.add(tabBefore);
      }
      addTo(this.itemsByTab, tabAfter, uuid);
    }
    this.dirty.add(tabAfter);
    const aliasesAfter = this.aliases(uuid);
    for (const id of aliasesBefore) if (!aliasesAfter.has(id)) removeFrom(this.aliasClaims, id, uuid);
    for (const id of aliasesAfter) if (!aliasesBefore.has(id)) addTo(this.aliasClaims, id, uuid);
    // Which item a void or comp lands on (or whether it is a line of its own) may have changed.
    for (const id of new Set([uuid, ...aliasesBefore, ...aliasesAfter])) this.markId(id);
  }

  private linkOrder(orderId: string, tabUuid: string, rank: Rank): void {
    const before = this.orderTabs.get(orderId)?.tabUuid;
    keepLatest(this.orderTabs, orderId, { rank, tabUuid });
    const after = (this.orderTabs.get(orderId) as { tabUuid: string }).tabUuid;
    if (before === after) return;
    if (before !== undefined) {
      removeFrom(this.ordersByTab, before, orderId);
      this.dirty.add(before);
    }
    addTo(this.ordersByTab, after, orderId);
    this.dirty.add(after);
  }

  /** Marks every tab a void or comp of item ID `id` can show on: its claimants' and its orders' tabs. */
  private markId(id: string): void {
    const voidOrders = this.voidOrders.get(id);
    const compOrders = this.compOrders.get(id);
    if (voidOrders === undefined && compOrders === undefined) return;
    for (const uuid of this.claimants(id)) this.dirty.add(this.itemTab(uuid) as string);
    for (const orders of [voidOrders, compOrders]) {
      for (const orderId of orders ?? []) {
        const tab = this.orderTabs.get(orderId)?.tabUuid;
        if (tab !== undefined) this.dirty.add(tab);
      }
    }
  }

  /** Items known by ID `id`: the item whose UUID it is, and those that gave it as their item ID. */
  private claimants(id: string): string[] {
    const out = [...(this.aliasClaims.get(id) ?? [])];
    if ((this.added.has(id) || this.removed.has(id)) && !out.includes(id)) out.push(id);
    return out;
  }

  /** The item a void or comp of ID `id` applies to. Ties between UUIDs go to the smallest UUID, whatever the order seen. */
  private winner(id: string): string | undefined {
    let best: string | undefined;
    for (const uuid of this.claimants(id)) if (best === undefined || byKey(uuid, best) < 0) best = uuid;
    return best;
  }

  // -------------------------------------------------------------------------------------------
  // Pruning (see the top of the file)

  /**
   * Forgets the facts of every tab closed before `cutoffMs`, and tombstones older than
   * `tombstoneCutoffMs`. Costs the tabs pruned (closed tabs are kept sorted by close time).
   * Returns how many tabs were pruned.
   */
  pruneClosed(cutoffMs: number, tombstoneCutoffMs = cutoffMs - PRUNED_KEPT_MS): number {
    this.refresh();
    let count = 0;
    // newestClosedFirst: the oldest closes are at the end.
    for (let i = this.closedViews.length - 1; i >= 0; i--) {
      const tab = this.closedViews[i];
      const closedMs = Date.parse(tab.closedAt as string);
      if (!(closedMs < cutoffMs)) break;
      this.forget(tab);
      this.pruned.set(tab.uuid, closedMs);
      count += 1;
    }
    // Insertion order is roughly close order: stop at the first young one.
    for (const [uuid, closedMs] of this.pruned) {
      if (closedMs >= tombstoneCutoffMs) break;
      this.pruned.delete(uuid);
    }
    this.refresh();
    return count;
  }

  /** How many tabs are held (derived), and how many are remembered as pruned. */
  sizes(): { tabs: number; pruned: number } {
    return { tabs: this.views.size, pruned: this.pruned.size };
  }

  /** Whether an event only speaks about a pruned tab (voids and comps name an item, not a tab: they stay). */
  private aboutPruned(event: AcceptedEvent): boolean {
    switch (event.type) {
      case 'OPEN_TAB':
      case 'CLOSE_TAB':
        return this.pruned.has(event.targetUuid as string);
      case 'ITEM_ADDED':
      case 'ITEM_REMOVED':
      case 'ORDER_PLACED':
      case 'PAYMENT_REFUNDED':
        return this.pruned.has(event.data.tabUuid);
      default:
        return false;
    }
  }

  /** Drops one closed tab's facts and every index entry that leads to them. */
  private forget(tab: OpenTab): void {
    const uuid = tab.uuid;
    const ids = new Set<string>();
    for (const itemUuid of this.itemsByTab.get(uuid) ?? []) {
      for (const id of [itemUuid, ...this.aliases(itemUuid)]) ids.add(id);
      for (const id of this.aliases(itemUuid)) removeFrom(this.aliasClaims, id, itemUuid);
      this.added.delete(itemUuid);
      this.removed.delete(itemUuid);
    }
    for (const orderId of this.ordersByTab.get(uuid) ?? []) {
      this.orderTabs.delete(orderId);
      this.orderTotals.delete(orderId);
      this.orderFacts.delete(orderId);
      for (const [byOrder, reverse] of [
        [this.voidsByOrder, this.voidOrders],
        [this.compsByOrder, this.compOrders],
      ] as const) {
        for (const itemId of byOrder.get(orderId) ?? []) {
          removeFrom(reverse, itemId, orderId);
          ids.add(itemId);
        }
        byOrder.delete(orderId);
      }
    }
    for (const refundPaymentId of this.refundsByTab.get(uuid) ?? []) this.refunds.delete(refundPaymentId);
    for (const map of [this.itemsByTab, this.ordersByTab, this.refundsByTab]) map.delete(uuid);
    this.tabs.delete(uuid);
    this.openedAt.delete(uuid);
    this.closedAt.delete(uuid);
    this.locations.delete(uuid);
    this.unlist(tab);
    this.views.delete(uuid);
    this.dirty.delete(uuid);
    this.changed?.add(uuid);
    this.sortedAll = null;
    // A void or comp of an item ID this tab shared with another tab may now land elsewhere.
    for (const id of ids) this.markId(id);
  }

  // -------------------------------------------------------------------------------------------
  // Deriving

  /** Re-derives the tabs changed since the last read. */
  private refresh(): void {
    if (this.dirty.size === 0) return;
    for (const uuid of this.dirty) this.rederive(uuid);
    this.dirty.clear();
    this.sortedAll = null;
  }

  /**
   * Derives up to `limit` of the tabs waiting (a restored checkpoint leaves every tab waiting), so
   * a start can spread that work over several turns of the event loop. True when none is left.
   */
  deriveSome(limit: number): boolean {
    let n = 0;
    for (const uuid of this.dirty) {
      if (n++ >= limit) return false;
      this.rederive(uuid);
      this.dirty.delete(uuid);
      this.sortedAll = null;
    }
    return true;
  }

  private rederive(uuid: string): void {
    this.changed?.add(uuid);
    const before = this.views.get(uuid);
    if (before !== undefined) this.unlist(before);
    const after = this.derive(uuid);
    if (after === null) {
      this.views.delete(uuid);
    } else {
      this.views.set(uuid, after);
      this.list(after);
    }
  }

  private list(tab: OpenTab): void {
    if (tab.closedAt === null) {
      this.openViews.set(tab.uuid, tab);
      return;
    }
    this.closedViews.splice(this.closedIndex(tab), 0, tab);
    this.closedByLocation.set(tab.locationUuid, (this.closedByLocation.get(tab.locationUuid) ?? 0) + 1);
  }

  private unlist(tab: OpenTab): void {
    if (tab.closedAt === null) {
      this.openViews.delete(tab.uuid);
      return;
    }
    const at = this.closedIndex(tab);
    const i = this.closedViews[at] === tab ? at : this.closedViews.indexOf(tab);
    if (i >= 0) this.closedViews.splice(i, 1);
    const count = (this.closedByLocation.get(tab.locationUuid) ?? 1) - 1;
    if (count === 0) this.closedByLocation.delete(tab.locationUuid);
    else this.closedByLocation.set(tab.locationUuid, count);
  }

  /** The first position in closedViews not before `tab`. */
  private closedIndex(tab: OpenTab): number {
    let lo = 0;
    let hi = this.closedViews.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (newestClosedFirst(this.closedViews[mid], tab) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** One tab from its facts; null while no event makes it a tab (e.g. only an ORDER_PLACED). */
  private derive(uuid: string): OpenTab | null {
    const lines = new Map<string, OpenTabItem>();
    for (const itemUuid of this.itemsByTab.get(uuid) ?? []) {
      const added = this.added.get(itemUuid);
      const removed = this.removed.get(itemUuid);
      const fact = (added ?? removed) as ItemFact;
      const item: OpenTabItem = {
        key: itemUuid,
        name: fact.name,
        quantity: fact.quantity,
        price: fact.price,
        voided: false,
        comped: false,
        removed: removed !== undefined,
      };
      for (const id of new Set([itemUuid, ...(added?.ids ?? []), ...(removed?.ids ?? [])])) {
        if ((!this.voidOrders.has(id) && !this.compOrders.has(id)) || this.winner(id) !== itemUuid) continue;
        if (this.voidOrders.has(id)) item.voided = true;
        if (this.compOrders.has(id)) item.comped = true;
      }
      lines.set(itemUuid, item);
    }
    // Voids and comps of IDs no item claims show as their own line on the tab of their order.
    const unclaimed = (byOrder: Map<string, Set<string>>, flag: 'voided' | 'comped') => {
      for (const orderId of this.ordersByTab.get(uuid) ?? []) {
        for (const itemId of byOrder.get(orderId) ?? []) {
          if (this.winner(itemId) !== undefined) continue;
          const key = `id:${itemId}`;
          const line = lines.get(key) ?? {
            key,
            name: null,
            quantity: 0,
            price: 0,
            voided: false,
            comped: false,
            removed: false,
          };
          line[flag] = true;
          lines.set(key, line);
        }
      }
    };
    unclaimed(this.voidsByOrder, 'voided');
    unclaimed(this.compsByOrder, 'comped');

    const refunds: OpenTab['refunds'] = [...(this.refundsByTab.get(uuid) ?? [])].sort(byKey).map((refundPaymentId) => {
      const r = this.refunds.get(refundPaymentId) as RefundFact;
      return { paymentId: r.paymentId, refundPaymentId, amount: r.amount, refundType: r.refundType };
    });
    const tab = this.tabs.get(uuid);
    if (tab === undefined && !this.closedAt.has(uuid) && lines.size === 0 && refunds.length === 0) return null;
    const items = [...lines.values()].sort((a, b) => byKey(a.key, b.key));
    const placed = [...(this.ordersByTab.get(uuid) ?? [])]
      .filter((orderId) => this.orderTotals.has(orderId))
      .sort(byKey)
      .map((orderId) => ({ orderId, ...(this.orderTotals.get(orderId) as { total: number; aliases: string[] }) }));
    const total = tabTotal(
      items.map((i) => ({
        orderId: (this.added.get(i.key) ?? this.removed.get(i.key))?.orderId,
        amount: i.price * i.quantity,
        gone: i.removed || i.voided || i.comped,
      })),
      placed,
    );
    return {
      uuid,
      name: tab?.name ?? null,
      spotName: tab?.spotName ?? null,
      locationUuid: this.locations.get(uuid)?.locationUuid ?? null,
      items,
      total,
      openedAt: this.openedAt.get(uuid) ?? null,
      closedAt: this.closedAt.get(uuid) ?? null,
      refunds,
    };
  }
}
