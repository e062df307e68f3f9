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
  /** A workstation showing the kiosk alone until a manager leaves it (remembered on this computer). */
  kioskView: boolean;
  setKioskView(on: boolean): void;
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
  kioskView: readKioskView(),
  setKioskView: (kioskView) => {
    writeKioskView(kioskView);
    set({ kioskView, ...(kioskView ? {} : { screen: 'kiosk' as Screen }) });
  },
  navigate: (screen) => set({ screen }),
  setBridge: (bridge) => set({ bridge }),
  setSnapshotError: (snapshotError) => set({ snapshotError }),
  setLoaded: (loaded) => set({ loaded }),
});

const KIOSK_VIEW_KEY = 'venue-companion.kiosk-view';

function readKioskView(): boolean {
  try {
    return globalThis.localStorage?.getItem(KIOSK_VIEW_KEY) === '1';
  } catch {
    return false;
  }
}

function writeKioskView(on: boolean): void {
  try {
    if (on) globalThis.localStorage?.setItem(KIOSK_VIEW_KEY, '1');
    else globalThis.localStorage?.removeItem(KIOSK_VIEW_KEY);
  } catch {
    // Storage refused (private window): the view still switches, it just is not remembered.
  }
}
