// Navigation and the bridge's own health: which screen is shown, whether the app host answers,
// and the last error that reached the user.
import type { StateCreator } from 'zustand';
import type { BridgeState } from '../bridge/ws-bridge';
import type { AppState } from './index';

export const SCREENS = ['kiosk', 'passes', 'gift-cards', 'tabs', 'events', 'settings'] as const;
export type Screen = (typeof SCREENS)[number];

export interface ShellSlice {
  screen: Screen;
  bridge: BridgeState;
  snapshotError: string | null;
  loaded: boolean;
  navigate(screen: Screen): void;
  setBridge(state: BridgeState): void;
  setSnapshotError(message: string | null): void;
  setLoaded(loaded: boolean): void;
}

export const createShellSlice: StateCreator<AppState, [], [], ShellSlice> = (set) => ({
  screen: 'settings',
  bridge: 'connecting',
  snapshotError: null,
  loaded: false,
  navigate: (screen) => set({ screen }),
  setBridge: (bridge) => set({ bridge }),
  setSnapshotError: (snapshotError) => set({ snapshotError }),
  setLoaded: (loaded) => set({ loaded }),
});
