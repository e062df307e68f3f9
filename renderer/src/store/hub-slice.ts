// The hub's paired devices as last pushed by the core (the Devices screen re-reads the full view,
// with the pairing code, through hubView with a manager session).
import type { StateCreator } from 'zustand';
import type { HubDeviceView, SatelliteStatus } from '../../../shared/hub';
import type { AppState } from './index';

export interface HubSlice {
  hubDevices: HubDeviceView[] | null;
  setHubDevices(devices: HubDeviceView[]): void;
  satellite: SatelliteStatus | null;
  setSatellite(status: SatelliteStatus): void;
}

export const createHubSlice: StateCreator<AppState, [], [], HubSlice> = (set) => ({
  hubDevices: null,
  setHubDevices: (hubDevices) => set({ hubDevices }),
  satellite: null,
  setSatellite: (satellite) => set({ satellite }),
});
