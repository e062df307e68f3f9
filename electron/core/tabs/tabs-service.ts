// The tabs feature's core: the chosen location, tab passes, gift-card sales, the tabs
// board and notices. Three projections read the webhook log (open tabs, gift cards, notices); the
// receiver replays the retained log into them at start, which is what keeps the board and the
// issued cards across restarts. Sales and settings live in <dataDir>/tabs. The service is reached
// only through `api()` at call time (the client is rebuilt when settings change).
import { join } from 'node:path';
import type { DamageSink } from '../storage/data-health';
import type {
  BoardTab,
  BoardView,
  CatalogView,
  GiftCardSale,
  GiftCardSaleInput,
  GiftCardsView,
  NoticesView,
  OrderLineInput,
  PassOrderOutcome,
  PassView,
  RefundApprover,
  RefundInput,
  RefundOutcome,
  RequestedRefund,
  TabDetails,
  TabsLocation,
  TabsSettingsView,
  TabsSnapshot,
} from '../../../shared/tabs';
import { CLOSED_ON_BOARD } from '../../../shared/tabs';
import type { AcceptedEvent } from '../../../shared/webhooks';
import { isServiceError } from '../api/errors';
import type { ServiceClient } from '../api/service-client';
import { TypedEmitter } from '../typed-emitter';
import type { Projection } from '../webhooks';
import { OpenTabsProjection } from './open-tabs-projection';
import { boardTabOf, boardViewOf } from './board-view';
import { BoardPusher } from './board-pusher';
import type { BoardPush } from '../../../shared/board-push';
import { DismissedNotices } from './dismissed-notices';
import { GiftCardProjection } from './gift-card-projection';
import { GiftCardSales } from './gift-card-sales';
import { sellGiftCards } from './gift-card-seller';
import { deriveGiftCards } from './gift-card-view';
import { NoticesProjection } from './notices-projection';
import { orderOnPass } from './pass-orders';
import { loadTabDetails, refund } from './refunds';
import { readCatalog, readPass, readTab } from './tabs-api';
import {
  DEFAULT_OPEN_TOO_LONG_MINUTES,
  loadTabsSettings,
  saveTabsSettings,
  type StoredTabsSettings,
} from './tabs-settings-store';
import type { MoneyFamily, MoneyUnit } from '../../../shared/money-units';
import { MoneyUnits } from '../money/money-units';
import { boardMoneyInCents, tabsInCents } from './board-money';
import { eventMoneyEvidence, saleMoneyEvidence } from './event-money-evidence';
import type { OpenTab } from '../../../shared/webhooks';
import { errorPayloadOf } from '../api/app-error-of';
import { appError } from '../../../shared/app-error';

export interface TabsServiceOptions {
  dataDir: string;
  api: () => ServiceClient;
  now?: () => number;
  /** Pushes after events are batched this long (a burst of 50 events is one push). */
  pushDelayMs?: number;
  log?: (line: string) => void;
  /** The connection's money unit (one per core); a private one in the data dir when not given. */
  money?: MoneyUnits;
  /** Where unreadable files in the data folder are reported (the data-health notices). */
  damage?: DamageSink;
  /** Closed tabs are forgotten this long after closing: the log's dedupe window (48 h). */
  closedTabsKeptMs?: number;
}

/** How often closed tabs past the window are pruned: memory, not timing, is what this is for. */
const PRUNE_EVERY_MS = 10 * 60_000;

export interface TabsServiceEvents {
  tabsSettings: TabsSettingsView;
  tabsBoard: BoardPush;
  tabsGiftCards: GiftCardsView;
  tabsNotices: NoticesView;
}

/** Parts pushed whole after a short batch; the board has its own pusher. */
type Part = Exclude<keyof TabsServiceEvents, 'tabsBoard'>;

const NOTICES_SHOWN = 200;
/** Tabs derived per turn of the event loop while warming up after a restore (a few ms each turn). */
const WARM_TABS_PER_TURN = 500;

export class TabsService {
  readonly events = new TypedEmitter<TabsServiceEvents>();
  readonly openTabs = new OpenTabsProjection();
  readonly giftCardEvents = new GiftCardProjection();
  readonly notices = new NoticesProjection();
  private readonly dir: string;
  private readonly now: () => number;
  /** Gift-card sales made here (persisted); the property tests derive views from it. */
  readonly sales: GiftCardSales;
  private readonly dismissed: DismissedNotices;
  /** Decides the unit of every money field read from or sent to the service (shared/money-units.ts). */
  readonly money: MoneyUnits;
  private settings: StoredTabsSettings;
  private readonly requested = new Map<string, RequestedRefund[]>();
  /** For a refund whose outcome is unknown: the tab's refunds the board knew when it was asked. */
  private readonly knownBefore = new WeakMap<RequestedRefund, Set<string>>();
  private readonly dirty = new Set<Part>();
  private pushTimer: ReturnType<typeof setTimeout> | null = null;
  private lateTimer: ReturnType<typeof setTimeout> | null = null;
  private pruneTimer: ReturnType<typeof setInterval> | null = null;
  private stopped = false;
  /** Sends the board only to screens that show it, and only what changed (board-pusher.ts). */
  readonly board: BoardPusher;

  constructor(private readonly options: TabsServiceOptions) {
    this.dir = join(options.dataDir, 'tabs');
    this.now = options.now ?? Date.now;
    this.settings = loadTabsSettings(this.dir, options.log, options.damage);
    this.sales = new GiftCardSales(this.dir, options.log, options.damage);
    this.dismissed = new DismissedNotices(this.dir, options.log, options.damage);
    this.money = options.money ?? new MoneyUnits(this.dir, this.now, options.log, options.damage);
    this.board = new BoardPusher({
      openTabs: this.openTabs,
      full: () => this.boardView(),
      boardTabs: (tabs) => this.boardTabs(tabs),
      location: () => this.settings.location?.uuid ?? null,
      emit: (push) => this.events.emit('tabsBoard', push),
      now: this.now,
      pushDelayMs: options.pushDelayMs ?? 50,
    });
    // A change of unit (chosen or detected) changes every amount shown.
    this.money.onChange(() => {
      this.schedule('tabsSettings');
      this.board.everything();
    });
  }

  /** How money crosses the wire for the tab routes (MoneyUnits as a codec). */
  private get codec() {
    return {
      read: (field: Parameters<MoneyUnits['read']>[0], value: number | string | undefined) =>
        this.money.read(field, value),
      write: (field: Parameters<MoneyUnits['write']>[0], cents: number) => this.money.write(field, cents),
      units: this.money,
    };
  }

  /** For webhookService.addProjection, before it starts: each one marks its part for a push. */
  projections(): Projection[] {
    type Checkpointed = Projection & Required<Pick<Projection, 'types' | 'snapshot' | 'restore' | 'reset'>>;
    // `whole`: the state was replaced at once (a checkpoint restored, or emptied for a replay).
    // The wrapper filters by the inner projection's own types and lists none itself, so the board's
    // money evidence below still sees every event.
    const watched = (inner: Checkpointed, changed: () => void, whole = changed): Projection => ({
      name: inner.name,
      apply: (event: AcceptedEvent) => {
        if (!inner.types.has(event.type)) return;
        inner.apply(event);
        changed();
      },
      snapshot: () => inner.snapshot(),
      ...(inner.upgradeState
        ? { upgradeState: (state: unknown, from: number) => inner.upgradeState!(state, from) }
        : {}),
      restore: (state) => {
        try {
          inner.restore(state);
        } finally {
          whole();
        }
      },
      reset: () => {
        inner.reset();
        whole();
      },
    });
    const part = (name: Part) => () => this.schedule(name);
    const board = watched(
      this.openTabs,
      () => this.board.changed(),
      () => this.board.everything(),
    );
    // Board events are also evidence for the money units (event-money-evidence.ts).
    const evidence = eventMoneyEvidence(this.money, this.sales, this.requested);
    return [
      {
        ...board,
        apply: (event: AcceptedEvent) => {
          evidence(event);
          board.apply(event);
        },
      },
      watched(this.giftCardEvents, part('tabsGiftCards')),
      watched(this.notices, part('tabsNotices')),
    ];
  }

  async start(): Promise<void> {
    this.stopped = false;
    // After a checkpoint restore every tab waits to be derived: spread that over the next turns of
    // the event loop, so the app answers at once; a screen that asks sooner gets it done right away.
    const warm = () => {
      if (this.stopped) return;
      if (this.openTabs.deriveSome(WARM_TABS_PER_TURN)) this.pruneClosedTabs();
      else setImmediate(warm);
    };
    warm();
    this.pruneTimer ??= setInterval(() => this.pruneClosedTabs(), PRUNE_EVERY_MS);
    this.pruneTimer.unref?.();
    // Pending cards may have turned late while the app was closed.
    this.schedule('tabsGiftCards');
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.pushTimer) clearTimeout(this.pushTimer);
    if (this.lateTimer) clearTimeout(this.lateTimer);
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    this.pushTimer = this.lateTimer = this.pruneTimer = null;
    this.board.stop();
  }

  /**
   * Forgets closed tabs past the dedupe window (open-tabs-projection.ts: pruneClosed): a delivery
   * that old is no longer recognised as a repeat anyway, and their facts are most of the memory a
   * long-running host holds. Screens showing the board get the removals in the next push.
   */
  pruneClosedTabs(): number {
    const pruned = this.openTabs.pruneClosed(this.now() - (this.options.closedTabsKeptMs ?? 48 * 3_600_000));
    if (pruned > 0) {
      this.board.changed();
      this.options.log?.(
        `tabs: forgot ${pruned} tab(s) closed more than ${Math.round((this.options.closedTabsKeptMs ?? 48 * 3_600_000) / 3_600_000)} h ago`,
      );
    }
    return pruned;
  }

  snapshot(): TabsSnapshot {
    return {
      settings: this.settingsView(),
      board: this.boardView(),
      giftCards: this.giftCardsView(),
      notices: this.noticesView(),
    };
  }

  settingsView(): TabsSettingsView {
    return {
      location: this.settings.location,
      giftCardLateSeconds: this.settings.giftCardLateSeconds,
      openTooLongMinutes: this.settings.openTooLongMinutes ?? DEFAULT_OPEN_TOO_LONG_MINUTES,
      walkInSpot: this.settings.walkInSpot ?? null,
      money: this.money.current(),
    };
  }

  boardView(): BoardView {
    const labels = this.labels();
    const at = this.settings.location?.uuid ?? null;
    // Only the tabs changed since the last push are derived again; the board holds the open tabs
    // and the CLOSED_ON_BOARD most recently closed, not a copy of every tab ever seen.
    // The projection keeps the wire numbers; they become cents here, in the connection's unit.
    return boardViewOf(boardMoneyInCents(this.openTabs.summary(at, CLOSED_ON_BOARD), this.money), at, {
      labels,
      requested: this.requested,
    });
  }

  /** A screen shows the board (renewed every few seconds) and has drawn version `seen`. */
  watchBoard(watcherId: string, seen: number | null): null {
    this.board.watch(watcherId, seen);
    return null;
  }

  unwatchBoard(watcherId: string): null {
    this.board.unwatch(watcherId);
    return null;
  }

  private boardTabs(tabs: OpenTab[]): BoardTab[] {
    const extras = { labels: this.labels(), requested: this.requested };
    return tabsInCents(tabs, this.money).map((tab) => boardTabOf(tab, extras));
  }

  private labels(): Map<string, string> {
    return new Map(Object.entries(this.settings.passTabs).map(([tab, pass]) => [tab, `Pass ${pass}`]));
  }

  giftCardsView(): GiftCardsView {
    const derived = deriveGiftCards(
      this.sales.list(),
      this.giftCardEvents.all(),
      this.now(),
      this.settings.giftCardLateSeconds,
    );
    this.armLateTimer(derived.nextLateAt);
    return derived.view;
  }

  noticesView(): NoticesView {
    const at = this.settings.location?.uuid ?? null;
    const all = this.notices.list().filter((n) => at === null || n.locationUuid === null || n.locationUuid === at);
    const visible = all.filter((n) => !this.dismissed.has(n.key));
    return { notices: visible.slice(0, NOTICES_SHOWN), dismissed: all.length - visible.length };
  }

  setLocation(location: TabsLocation): TabsSettingsView {
    // A walk-in spot belongs to its location: another location starts without one.
    const moved = location.uuid !== this.settings.location?.uuid;
    this.save(moved ? { location, walkInSpot: null } : { location });
    this.schedule('tabsNotices');
    if (moved) this.board.everything();
    return this.settingsView();
  }

  saveSettings(patch: {
    giftCardLateSeconds?: number;
    openTooLongMinutes?: number;
    walkInSpot?: { uuid: string; name: string } | null;
  }): TabsSettingsView {
    if (patch.giftCardLateSeconds !== undefined) this.save({ giftCardLateSeconds: patch.giftCardLateSeconds });
    if (patch.openTooLongMinutes !== undefined) this.save({ openTooLongMinutes: patch.openTooLongMinutes });
    if (patch.walkInSpot !== undefined) this.save({ walkInSpot: patch.walkInSpot });
    this.schedule('tabsSettings');
    this.schedule('tabsGiftCards');
    return this.settingsView();
  }

  /** Settings: one money family's unit, chosen or confirmed by a manager. */
  setMoneyUnit(family: MoneyFamily, unit: MoneyUnit): TabsSettingsView {
    this.money.choose(family, unit);
    return this.settingsView();
  }

  async catalog(): Promise<CatalogView> {
    const location = this.settings.location;
    if (!location) return { available: false, locationUuid: null, problem: null };
    try {
      const { products, spots } = await readCatalog(this.options.api(), location.uuid, this.codec);
      return { available: true, locationUuid: location.uuid, products, spots };
    } catch (error) {
      // The spec has no catalog route: the screens fall back to typed product ids and prices.
      return { available: false, locationUuid: location.uuid, problem: errorPayloadOf(error) };
    }
  }

  async lookupPass(xPassId: string): Promise<PassView> {
    const location = this.requireLocation();
    const pass = await readPass(this.options.api(), location.uuid, xPassId, this.now(), this.codec);
    this.rememberPassTab(pass);
    return pass;
  }

  /** The tab of a pass as the latest read of it said (tabs are kept in the order seen), or null. */
  passTabOf(xPassId: string): string | null {
    const found = Object.entries(this.settings.passTabs).filter(([, pass]) => pass === xPassId);
    return found.at(-1)?.[0] ?? null;
  }

  async orderOnPass(xPassId: string, lines: OrderLineInput[]): Promise<PassOrderOutcome> {
    const location = this.requireLocation();
    // A typed price goes out in the unit of amounts sent in: not decided, it could be taken a
    // hundred times over. Catalog-priced lines carry no money of their own and always go.
    if (lines.some((l) => l.price !== undefined)) this.money.requireDecided('sent');
    const outcome = await orderOnPass(this.options.api(), location.uuid, xPassId, lines, this.now, this.codec);
    if (outcome.pass) this.rememberPassTab(outcome.pass);
    return outcome;
  }

  async sellGiftCards(input: GiftCardSaleInput, saleId?: string): Promise<GiftCardSale> {
    // The same press again (its request id is the sale's id): this sale as it stands, never a second sale.
    if (saleId && this.sales.get(saleId)) return this.saleView(saleId);
    const location = this.requireLocation();
    const sale = await sellGiftCards(
      this.options.api(),
      location,
      input,
      this.sales,
      this.now,
      () => this.schedule('tabsGiftCards'),
      this.codec,
      saleId,
    );
    if (sale.tabUuid) saleMoneyEvidence(this.money, sale, this.openTabs.tab(sale.tabUuid));
    return this.saleView(sale.id);
  }

  /**
   * The view of a sale just written. Only the oldest of the kept sales drop off, never the one just
   * written, so a missing view is a bug in this file, not something a screen tells apart.
   */
  private saleView(id: string): GiftCardSale {
    const view = this.giftCardsView().sales.find((s) => s.id === id);
    if (!view) throw new Error(`Gift-card sale ${id} has no view`);
    return view;
  }

  /**
   * Reads a sale's tab again and takes the cards the answer lists: a card issued while this
   * location was not subscribed never comes as an event. Only a read, so it can never sell twice.
   */
  async checkGiftCardsAgain(saleId: string): Promise<GiftCardSale> {
    let sale = this.sales.get(saleId);
    if (!sale) throw appError('not-found', 'That sale is no longer on this workstation.', { what: 'gift card sale' });
    // Settled by its cards after a restart: made. Its tab is read when the board has learnt its uuid
    // since; otherwise the sale as its cards show it is the answer.
    if (!sale.tabUuid && sale.state === 'done' && sale.tabId !== null) {
      const tabUuid = this.tabUuidOfCards(sale.tabId);
      if (!tabUuid) return this.saleView(sale.id);
      sale = this.sales.update(sale.id, { tabUuid }) ?? sale;
    }
    if (!sale.tabUuid)
      throw appError(
        'conflict',
        'The service never confirmed this sale, so there is no tab to check. Do not sell again: ask a manager to look for the tab.',
        { what: 'gift card sale' },
      );
    let answer: Awaited<ReturnType<typeof readTab>>;
    try {
      answer = await readTab(this.options.api(), sale.locationUuid, sale.tabUuid, this.codec);
    } catch (error) {
      // A service without a route to read one tab (the spec lists none): say so, sell nothing.
      if (!isServiceError(error) || error.status === null || ![404, 405, 501].includes(error.status)) throw error;
      this.sales.update(sale.id, {
        message:
          'This service has no route to read a tab, so the app cannot look for the cards itself: they show when their GIFT_CARD_CREATED events arrive (the location must be subscribed). Do not sell again.',
      });
      this.schedule('tabsGiftCards');
      return this.saleView(sale.id);
    }
    const known = new Set(sale.answerCards.map((c) => c.processorAccountUuid ?? `${c.itemId}:${c.lastFour}`));
    const fresh = (answer.processorAccounts ?? []).filter(
      (c) => !known.has(c.processorAccountUuid ?? `${c.itemId}:${c.lastFour}`),
    );
    const found = fresh.length > 0;
    this.sales.update(sale.id, {
      answerCards: [...sale.answerCards, ...fresh],
      message: found
        ? null
        : answer.processorAccounts === null
          ? 'The service cannot list this tab’s cards yet; they will show when their events arrive.'
          : 'Checked again: the service has not issued these cards yet.',
    });
    this.schedule('tabsGiftCards');
    return this.saleView(sale.id);
  }

  /**
   * A sale the app stopped with while it was out, found by the cards the service announced for one
   * tab (requests/interrupted-gift-card-sale.ts): done, its cards matched by that tab's id.
   */
  settleSaleByCards(saleId: string, tabId: string): GiftCardSale {
    const sale = this.sales.get(saleId);
    if (!sale || sale.state !== 'unknown' || sale.tabId !== null)
      throw appError('conflict', 'That sale is not waiting for a check.', { what: 'gift card sale' });
    this.sales.update(saleId, {
      state: 'done',
      tabId,
      tabUuid: this.tabUuidOfCards(tabId),
      problem: null,
      message: 'The service issued this sale’s cards while the app was stopped. Do not sell it again.',
      answeredAt: this.now(),
    });
    this.schedule('tabsGiftCards');
    return this.saleView(saleId);
  }

  /**
   * The uuid of the tab whose cards carry `tabId`, when the board knows it: no event gives the two
   * together, but a card names its order's id and ITEM_ADDED links that id to its tab's uuid.
   */
  private tabUuidOfCards(tabId: string): string | null {
    const tabs = new Set<string>();
    for (const card of this.giftCardEvents.all()) {
      if (card.info.tabId !== tabId || !card.info.orderId) continue;
      const tabUuid = this.openTabs.tabOfOrder(card.info.orderId);
      if (tabUuid) tabs.add(tabUuid);
    }
    return tabs.size === 1 ? [...tabs][0] : null;
  }

  tabDetails(tabUuid: string): Promise<TabDetails> {
    return loadTabDetails(
      this.options.api(),
      this.locationOfTab(tabUuid),
      tabUuid,
      this.sales.byTab(tabUuid),
      this.codec,
    );
  }

  /** A refund approved by a manager's PIN (checked by the caller); who approved is kept with it and logged. */
  async refund(tabUuid: string, input: RefundInput, approvedBy?: RefundApprover): Promise<RefundOutcome> {
    // An itemised refund's amount is only in the service's answer: not decided, "$25.00" would be
    // confirmed as $0.25. An open refund's `amount` is cents by the spec and its answer decides the
    // unit of answers, so it goes.
    if (input.items) this.money.requireDecided('answers');
    const before = this.openTabs.tab(tabUuid)?.refunds.map((r) => r.refundPaymentId) ?? [];
    const result = await refund(
      this.options.api(),
      this.locationOfTab(tabUuid),
      tabUuid,
      input,
      this.now(),
      this.codec,
      approvedBy,
    );
    if (approvedBy)
      this.options.log?.(
        `tabs: refund on tab ${tabUuid} approved by ${approvedBy.name} (${approvedBy.userId}): ${result.outcome.ok ? 'accepted' : result.outcome.message}`,
      );
    if (result.requested) {
      if (result.requested.unknown) this.knownBefore.set(result.requested, new Set(before));
      this.requested.set(tabUuid, [...(this.requested.get(tabUuid) ?? []), result.requested]);
      this.board.changed(tabUuid);
    }
    return result.outcome;
  }

  /**
   * "Check again" for a refund whose outcome is unknown: a read, never a refund. The service's own
   * PAYMENT_REFUNDED events decide it when exactly one refund arrived on this tab since it was
   * asked that no other request of this workstation claims, of the amount asked (any amount for
   * items). Anything else (none yet, two candidates, events not subscribed) stays unknown.
   */
  settleUnknownRefund(tabUuid: string, input: RefundInput): RefundOutcome | null {
    const asked = (this.requested.get(tabUuid) ?? []).filter(
      (r) =>
        r.unknown === true &&
        r.paymentId === (input.paymentId ?? null) &&
        r.refundType === (input.items ? 'itemized' : 'open') &&
        (input.amount === undefined || r.amount === input.amount),
    );
    const mine = asked.at(-1);
    const before = mine && this.knownBefore.get(mine);
    if (!mine || !before) return null;
    const claimed = new Set(
      [...this.requested.values()].flat().flatMap((r) => (r.refundPaymentId ? [r.refundPaymentId] : [])),
    );
    const arrived = (this.openTabs.tab(tabUuid)?.refunds ?? []).filter(
      (r) =>
        !before.has(r.refundPaymentId) &&
        !claimed.has(r.refundPaymentId) &&
        (input.amount === undefined || r.amount === input.amount),
    );
    if (arrived.length !== 1 || asked.length !== 1) return null;
    const [found] = arrived;
    Object.assign(mine, { refundPaymentId: found.refundPaymentId, amount: found.amount, unknown: false });
    this.knownBefore.delete(mine);
    this.board.changed(tabUuid);
    return { ok: true, refundPaymentId: found.refundPaymentId, amount: found.amount, refundType: found.refundType };
  }

  dismissNotices(keys: string[]): NoticesView {
    this.dismissed.add(keys);
    this.schedule('tabsNotices');
    return this.noticesView();
  }

  private requireLocation(): TabsLocation {
    const location = this.settings.location;
    if (!location)
      throw appError('invalid', 'Choose a location first (the picker at the top of the screen)', {
        field: 'location',
      });
    return location;
  }

  /** A refund goes to the tab's own location when the events said it; else the chosen one. */
  private locationOfTab(tabUuid: string): string {
    const fromEvents = this.openTabs.tab(tabUuid)?.locationUuid;
    return fromEvents ?? this.sales.byTab(tabUuid)?.locationUuid ?? this.requireLocation().uuid;
  }

  private rememberPassTab(pass: PassView): void {
    if (!pass.tabUuid || this.settings.passTabs[pass.tabUuid] === pass.xPassId) return;
    this.save({ passTabs: { ...this.settings.passTabs, [pass.tabUuid]: pass.xPassId } });
    this.board.changed(pass.tabUuid);
  }

  private save(patch: Partial<StoredTabsSettings>): void {
    this.settings = { ...this.settings, ...patch };
    saveTabsSettings(this.dir, this.settings);
    this.events.emit('tabsSettings', this.settingsView());
  }

  private schedule(...parts: Part[]): void {
    for (const part of parts) this.dirty.add(part);
    if (this.pushTimer || this.stopped) return;
    this.pushTimer = setTimeout(() => this.flush(), this.options.pushDelayMs ?? 50);
  }

  private flush(): void {
    this.pushTimer = null;
    const parts = [...this.dirty];
    this.dirty.clear();
    for (const part of parts) {
      if (part === 'tabsGiftCards') this.events.emit('tabsGiftCards', this.giftCardsView());
      if (part === 'tabsNotices') this.events.emit('tabsNotices', this.noticesView());
      if (part === 'tabsSettings') this.events.emit('tabsSettings', this.settingsView());
    }
  }

  /** Pushes the gift cards again the moment the next pending card turns late. */
  private armLateTimer(at: number | null): void {
    if (this.lateTimer) clearTimeout(this.lateTimer);
    this.lateTimer = null;
    if (at === null || this.stopped) return;
    this.lateTimer = setTimeout(() => this.schedule('tabsGiftCards'), Math.max(0, at - this.now()) + 20);
    this.lateTimer.unref?.();
  }
}
