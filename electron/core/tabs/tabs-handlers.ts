// The tabs part of the contract, implemented on the TabsService.
import type { TabsRequests } from '../../../shared/contract/tabs';
import type { TabsService } from './tabs-service';

type Handlers = { [K in keyof TabsRequests]: (...args: TabsRequests[K]['args']) => Promise<TabsRequests[K]['result']> };

export function tabsHandlers(tabs: TabsService): Handlers {
  return {
    tabsView: async () => tabs.snapshot(),
    tabsSetLocation: async (location) => tabs.setLocation(location),
    tabsSaveSettings: async (patch) => tabs.saveSettings(patch),
    tabsSetMoneyUnit: async (unit) => tabs.setMoneyUnit(unit),
    tabsCatalog: () => tabs.catalog(),
    passLookup: (xPassId) => tabs.lookupPass(xPassId),
    passOrder: (xPassId, lines) => tabs.orderOnPass(xPassId, lines),
    giftCardSell: (input) => tabs.sellGiftCards(input),
    giftCardCheckAgain: (saleId) => tabs.checkGiftCardsAgain(saleId),
    tabDetails: (tabUuid) => tabs.tabDetails(tabUuid),
    tabRefund: (tabUuid, input) => tabs.refund(tabUuid, input),
    tabsDismissNotices: async (keys) => tabs.dismissNotices(keys),
  };
}
