// Whether settings are open to this screen, or which manager is signed in on this device for them
// (asked of the core, which decides the same for every settings request). Null until asked.
import type { StateCreator } from 'zustand';
import type { SettingsAccess } from '../../../shared/authority';
import type { AppState } from './index';

export interface SettingsAccessSlice {
  settingsAccess: SettingsAccess | null;
  setSettingsAccess(access: SettingsAccess | null): void;
}

export const createSettingsAccessSlice: StateCreator<AppState, [], [], SettingsAccessSlice> = (set) => ({
  settingsAccess: null,
  setSettingsAccess: (settingsAccess) => set({ settingsAccess }),
});
