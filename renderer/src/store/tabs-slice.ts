// Passes, gift cards, the tabs board and notices as last pushed by main. The board and the cards
// are derived in the core (from the webhook log and saved sales); the renderer only shows them.
import type { StateCreator } from 'zustand';
import type { BoardView, GiftCardsView, NoticesView, TabsSettingsView, TabsSnapshot } from '../../../shared/tabs';
import type { AppState } from './index';

export interface TabsSlice {
  tabsSettings: TabsSettingsView | null;
  board: BoardView | null;
  giftCards: GiftCardsView | null;
  notices: NoticesView | null;
  setTabsSettings(settings: TabsSettingsView): void;
  setBoard(board: BoardView): void;
  setGiftCards(giftCards: GiftCardsView): void;
  setNotices(notices: NoticesView): void;
  applyTabsSnapshot(snapshot: TabsSnapshot): void;
}

export const createTabsSlice: StateCreator<AppState, [], [], TabsSlice> = (set) => ({
  tabsSettings: null,
  board: null,
  giftCards: null,
  notices: null,
  setTabsSettings: (tabsSettings) => set({ tabsSettings }),
  setBoard: (board) => set({ board }),
  setGiftCards: (giftCards) => set({ giftCards }),
  setNotices: (notices) => set({ notices }),
  applyTabsSnapshot: (s) => set({ tabsSettings: s.settings, board: s.board, giftCards: s.giftCards, notices: s.notices }),
});
