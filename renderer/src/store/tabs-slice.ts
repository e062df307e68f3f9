// Passes, gift cards, the tabs board and notices as last pushed by main. The board and the cards
// are derived in the core (from the webhook log and saved sales); the renderer only shows them.
import type { StateCreator } from 'zustand';
import type { BoardView, GiftCardsView, NoticesView, TabsSettingsView, TabsSnapshot } from '../../../shared/tabs';
import type { AppState } from './index';
import { applyBoardPush, type BoardPush } from '../../../shared/board-push';

export interface TabsSlice {
  tabsSettings: TabsSettingsView | null;
  board: BoardView | null;
  /** The version of `board` the core's next partial push builds on (null: from the snapshot, none yet). */
  boardVersion: number | null;
  /** A partial push did not follow the board held: the screen asks for a whole one. */
  boardResync: boolean;
  giftCards: GiftCardsView | null;
  notices: NoticesView | null;
  setTabsSettings(settings: TabsSettingsView): void;
  applyBoardPush(push: BoardPush): void;
  boardResynced(): void;
  setGiftCards(giftCards: GiftCardsView): void;
  setNotices(notices: NoticesView): void;
  applyTabsSnapshot(snapshot: TabsSnapshot): void;
}

export const createTabsSlice: StateCreator<AppState, [], [], TabsSlice> = (set) => ({
  tabsSettings: null,
  board: null,
  boardVersion: null,
  boardResync: false,
  giftCards: null,
  notices: null,
  setTabsSettings: (tabsSettings) => set({ tabsSettings }),
  applyBoardPush: (push) =>
    set((s) => {
      const held = s.board && s.boardVersion !== null ? { board: s.board, version: s.boardVersion } : null;
      const next = applyBoardPush(held, push);
      return next === 'resync'
        ? { boardResync: true }
        : { board: next.board, boardVersion: next.version, boardResync: false };
    }),
  boardResynced: () => set({ boardResync: false }),
  setGiftCards: (giftCards) => set({ giftCards }),
  setNotices: (notices) => set({ notices }),
  applyTabsSnapshot: (s) =>
    set({ tabsSettings: s.settings, board: s.board, boardVersion: null, giftCards: s.giftCards, notices: s.notices }),
});
