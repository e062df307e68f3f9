// The open-tabs projection as it was before it became incremental: every read derives every tab from
// all the facts. The incremental projection must give exactly this board after any sequence of events.
import type { AcceptedEvent, OpenTab, OpenTabItem } from '../../shared/webhooks';
import { orderAliases, tabTotal } from '../../electron/core/tabs/open-tabs-projection';
import { eventWire } from '../../shared/money-units';

type Rank = readonly [number, string];

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

interface ItemRef {
  orderId: string;
  itemId: string;
}

function rankOf(event: AcceptedEvent): Rank {
  const ms = Date.parse(event.createdAt);
  return [Number.isFinite(ms) ? ms : 0, event.dedupeKey];
}

function later(a: Rank, b: Rank): boolean {
  return a[0] !== b[0] ? a[0] > b[0] : a[1] > b[1];
}

/** Sets `key` to `fact` unless a later fact is already there. */
function keepLatest<T extends Ranked>(map: Map<string, T>, key: string, fact: T): void {
  const current = map.get(key);
  if (current === undefined || later(fact.rank, current.rank)) map.set(key, fact);
}

/** The earlier of two ISO timestamps (by instant, then text), so "first close" is order independent. */
function earlier(a: string | undefined, b: string): string {
  if (a === undefined) return b;
  const da = Date.parse(a);
  const db = Date.parse(b);
  if (da !== db) return da < db ? a : b;
  return a < b ? a : b;
}

const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export class ReferenceOpenTabs {
  readonly name = 'open-tabs-reference';
  private readonly tabs = new Map<string, TabFact>();
  private readonly openedAt = new Map<string, string>();
  private readonly closedAt = new Map<string, string>();
  private readonly locations = new Map<string, Ranked & { locationUuid: string }>();
  private readonly added = new Map<string, ItemFact>();
  private readonly removed = new Map<string, ItemFact>();
  private readonly voids = new Map<string, ItemRef>();
  private readonly comps = new Map<string, ItemRef>();
  private readonly orderTabs = new Map<string, Ranked & { tabUuid: string }>();
  private readonly orderTotals = new Map<string, Ranked & { total: number; aliases: string[] }>();
  private readonly refunds = new Map<string, RefundFact>();
  private cached: OpenTab[] | null = null;

  apply(event: AcceptedEvent): void {
    const rank = rankOf(event);
    const touch = (tabUuid: string) => {
      if (event.locationUuid) keepLatest(this.locations, tabUuid, { rank, locationUuid: event.locationUuid });
    };
    const linkOrder = (orderId: string, tabUuid: string) => keepLatest(this.orderTabs, orderId, { rank, tabUuid });
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
        keepLatest(event.type === 'ITEM_ADDED' ? this.added : this.removed, event.targetUuid as string, fact);
        linkOrder(d.orderId, d.tabUuid);
        touch(d.tabUuid);
        break;
      }
      case 'ITEM_VOIDED':
      case 'ITEM_COMPED': {
        const ref = { orderId: event.data.orderId, itemId: event.targetId as string };
        (event.type === 'ITEM_VOIDED' ? this.voids : this.comps).set(`${ref.orderId}\u0000${ref.itemId}`, ref);
        break;
      }
      case 'ORDER_PLACED':
        keepLatest(this.orderTotals, event.targetUuid as string, {
          rank,
          total: eventWire(event.data.total),
          aliases: orderAliases(event.data),
        });
        linkOrder(event.targetUuid as string, event.data.tabUuid);
        touch(event.data.tabUuid);
        break;
      case 'PAYMENT_REFUNDED': {
        const d = event.data;
        keepLatest(this.refunds, d.refundPaymentId, {
          rank,
          tabUuid: d.tabUuid,
          paymentId: event.targetId,
          amount: eventWire(d.refundAmount),
          refundType: d.refundType,
        });
        touch(d.tabUuid);
        break;
      }
      default:
        return;
    }
    this.cached = null;
  }

  /** Every tab seen, closed ones included (closedAt set), ordered by openedAt then UUID. */
  board(): OpenTab[] {
    if (this.cached === null) this.cached = this.derive();
    return structuredClone(this.cached);
  }

  private derive(): OpenTab[] {
    const lines = new Map<string, Map<string, OpenTabItem>>();
    const tabLines = (tabUuid: string) => {
      let m = lines.get(tabUuid);
      if (!m) lines.set(tabUuid, (m = new Map()));
      return m;
    };
    const itemById = new Map<string, OpenTabItem>();
    for (const uuid of new Set([...this.added.keys(), ...this.removed.keys()])) {
      const fact = (this.added.get(uuid) ?? this.removed.get(uuid)) as ItemFact;
      const item: OpenTabItem = {
        key: uuid,
        name: fact.name,
        quantity: fact.quantity,
        price: fact.price,
        voided: false,
        comped: false,
        removed: this.removed.has(uuid),
      };
      tabLines(fact.tabUuid).set(uuid, item);
      const ids = new Set([uuid, ...(this.added.get(uuid)?.ids ?? []), ...(this.removed.get(uuid)?.ids ?? [])]);
      // Ties between UUIDs claiming one ID go to the smallest UUID, whatever the order seen.
      for (const id of ids) if (!itemById.has(id) || byKey(uuid, itemById.get(id)!.key) < 0) itemById.set(id, item);
    }
    const mark = (refs: Map<string, ItemRef>, flag: 'voided' | 'comped') => {
      for (const ref of refs.values()) {
        const known = itemById.get(ref.itemId);
        if (known) {
          known[flag] = true;
          continue;
        }
        const tabUuid = this.orderTabs.get(ref.orderId)?.tabUuid;
        if (tabUuid === undefined) continue; // Shown once its order is linked to a tab.
        const key = `id:${ref.itemId}`;
        const m = tabLines(tabUuid);
        const line = m.get(key) ?? {
          key,
          name: null,
          quantity: 0,
          price: 0,
          voided: false,
          comped: false,
          removed: false,
        };
        line[flag] = true;
        m.set(key, line);
      }
    };
    mark(this.voids, 'voided');
    mark(this.comps, 'comped');

    const refundsByTab = new Map<string, OpenTab['refunds']>();
    for (const [refundPaymentId, r] of [...this.refunds].sort((a, b) => byKey(a[0], b[0]))) {
      const list = refundsByTab.get(r.tabUuid) ?? [];
      list.push({ paymentId: r.paymentId, refundPaymentId, amount: r.amount, refundType: r.refundType });
      refundsByTab.set(r.tabUuid, list);
    }

    const placedByTab = new Map<string, string[]>();
    for (const [orderId, o] of this.orderTabs) {
      if (!this.orderTotals.has(orderId)) continue;
      placedByTab.set(o.tabUuid, [...(placedByTab.get(o.tabUuid) ?? []), orderId]);
    }
    const uuids = new Set([...this.tabs.keys(), ...this.closedAt.keys(), ...lines.keys(), ...refundsByTab.keys()]);
    const board: OpenTab[] = [];
    for (const uuid of uuids) {
      const items = [...(lines.get(uuid)?.values() ?? [])].sort((a, b) => byKey(a.key, b.key));
      // ORDER_PLACED totals (taxes and fees included) less items gone since; unplaced orders' items.
      const placed = (placedByTab.get(uuid) ?? []).sort(byKey).map((orderId) => ({
        orderId,
        total: this.orderTotals.get(orderId)!.total,
        aliases: this.orderTotals.get(orderId)!.aliases,
      }));
      // The join rule itself is shared (tabTotal); what this reference checks is which facts feed it.
      const total = tabTotal(
        items.map((i) => ({
          orderId: (this.added.get(i.key) ?? this.removed.get(i.key))?.orderId,
          amount: i.price * i.quantity,
          gone: i.removed || i.voided || i.comped,
        })),
        placed,
      );
      const tab = this.tabs.get(uuid);
      board.push({
        uuid,
        name: tab?.name ?? null,
        spotName: tab?.spotName ?? null,
        locationUuid: this.locations.get(uuid)?.locationUuid ?? null,
        items,
        total,
        openedAt: this.openedAt.get(uuid) ?? null,
        closedAt: this.closedAt.get(uuid) ?? null,
        refunds: refundsByTab.get(uuid) ?? [],
      });
    }
    return board.sort((a, b) => byKey(a.openedAt ?? '', b.openedAt ?? '') || byKey(a.uuid, b.uuid));
  }
}
