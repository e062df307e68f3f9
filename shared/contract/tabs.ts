// The tabs feature's part of the IPC contract: the chosen location, the catalog, tab
// passes, gift-card sales, the live tabs board with refunds, and notices of other events.
import type {
  CatalogView,
  GiftCardSale,
  GiftCardSaleInput,
  GiftCardsView,
  NoticesView,
  OrderLineInput,
  PassOrderOutcome,
  PassView,
  RefundInput,
  RefundOutcome,
  TabDetails,
  TabsLocation,
  TabsSettingsView,
  TabsSnapshot,
} from '../tabs';
import type { BoardPush } from '../board-push';

export interface TabsRequests {
  /** Settings, board, gift cards and notices in one read. */
  tabsView: { args: []; result: TabsSnapshot };
  /** Choose the location the Passes, Gift cards and Tabs screens act at (kept across restarts). */
  tabsSetLocation: { args: [location: TabsLocation]; result: TabsSettingsView };
  /** Change when a pending gift card counts as late, when an open tab is flagged, or the walk-in spot. */
  tabsSaveSettings: {
    args: [
      patch: {
        giftCardLateSeconds?: number;
        openTooLongMinutes?: number;
        walkInSpot?: { uuid: string; name: string } | null;
      },
    ];
    result: TabsSettingsView;
  };
  /** One money family's unit (cents or dollars), chosen or confirmed in Settings or from the service check. */
  tabsSetMoneyUnit: {
    args: [family: 'sent' | 'answers' | 'numbers', unit: 'cents' | 'dollars'];
    result: TabsSettingsView;
  };
  /** Products and spots at the chosen location, or why they cannot be listed (then lines are typed). */
  tabsCatalog: { args: []; result: CatalogView };
  /** GET a tab pass: limit, mode, spent. */
  passLookup: { args: [xPassId: string]; result: PassView };
  /** Place an order on a pass, then read spent again; a limit rejection carries the service's alert. */
  passOrder: { args: [xPassId: string, lines: OrderLineInput[], requestId: string]; result: PassOrderOutcome };
  /** Sell gift cards: open, pay and close a tab at a spot, waiting for the cards or not. */
  giftCardSell: { args: [input: GiftCardSaleInput, requestId: string]; result: GiftCardSale };
  /** Read a sale's tab again for cards the events never brought (a late card); never sells again. */
  giftCardCheckAgain: { args: [saleId: string]; result: GiftCardSale };
  /** Item and payment ids of a tab, for the refund form. */
  tabDetails: { args: [tabUuid: string]; result: TabDetails };
  /** Refund one payment of a tab: an amount, or items with quantities and reasons. */
  tabRefund: { args: [tabUuid: string, input: RefundInput, requestId: string]; result: RefundOutcome };
  /** This screen shows the board (renew within 30 s) and has drawn version `seen` (null: send it whole). */
  tabsWatchBoard: { args: [watcherId: string, seen: number | null]; result: null };
  /** This screen no longer shows the board. */
  tabsUnwatchBoard: { args: [watcherId: string]; result: null };
  /** Hide notices (kept hidden across restarts). */
  tabsDismissNotices: { args: [keys: string[]]; result: NoticesView };
}

export interface TabsEvents {
  /** The chosen location or the late threshold changed. */
  tabsSettings: TabsSettingsView;
  /** The tabs board changed: whole when a screen starts watching, then only the tabs that changed. */
  tabsBoard: BoardPush;
  /** A sale changed, a card was issued, or a pending one turned late. */
  tabsGiftCards: GiftCardsView;
  /** Notices arrived or were dismissed. */
  tabsNotices: NoticesView;
}

/** Runtime list of this part's requests (a Record, so the compiler insists every request is listed). */
export const tabsChannelKeys: Record<keyof TabsRequests, true> = {
  tabsView: true,
  tabsSetLocation: true,
  tabsSaveSettings: true,
  tabsSetMoneyUnit: true,
  tabsCatalog: true,
  passLookup: true,
  passOrder: true,
  giftCardSell: true,
  giftCardCheckAgain: true,
  tabDetails: true,
  tabRefund: true,
  tabsWatchBoard: true,
  tabsUnwatchBoard: true,
  tabsDismissNotices: true,
};

/** Runtime list of this part's events. */
export const tabsEventKeys: Record<keyof TabsEvents, true> = {
  tabsSettings: true,
  tabsBoard: true,
  tabsGiftCards: true,
  tabsNotices: true,
};
