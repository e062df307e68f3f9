// The tabs part of the contract, implemented on the TabsService.
import type { HandlersOf } from '../../../shared/contract';
import type { TabsRequests } from '../../../shared/contract/tabs';
import type { RefundApprover } from '../../../shared/tabs';
import type { TabsService } from './tabs-service';

type Handlers = HandlersOf<TabsRequests>;

/** Checks a manager's PIN and says who it is (the labor roster's KioskAccess). */
export type ApproveByPin = (pin: string) => Promise<RefundApprover>;

export function tabsHandlers(tabs: TabsService, approve: ApproveByPin): Handlers {
  return {
    tabsView: async () => tabs.snapshot(),
    tabsSetLocation: async (location) => tabs.setLocation(location),
    tabsSaveSettings: async (patch) => tabs.saveSettings(patch),
    tabsSetMoneyUnit: async (family, unit) => tabs.setMoneyUnit(family, unit),
    tabsCatalog: () => tabs.catalog(),
    passLookup: (xPassId) => tabs.lookupPass(xPassId),
    passOrder: (xPassId, lines) => tabs.orderOnPass(xPassId, lines),
    giftCardSell: (input, requestId) => tabs.sellGiftCards(input, requestId),
    giftCardCheckAgain: (saleId) => tabs.checkGiftCardsAgain(saleId),
    tabDetails: (tabUuid) => tabs.tabDetails(tabUuid),
    tabRefund: async (tabUuid, input) => tabs.refund(tabUuid, input, await approve(input.managerPin)),
    tabsWatchBoard: async (watcherId, seen) => tabs.watchBoard(watcherId, seen),
    tabsUnwatchBoard: async (watcherId) => tabs.unwatchBoard(watcherId),
    tabsDismissNotices: async (keys) => tabs.dismissNotices(keys),
  };
}
