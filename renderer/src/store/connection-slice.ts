// Connection, sign-in and locations as last pushed by main. The renderer never computes these:
// it shows what the core says.
import type { StateCreator } from 'zustand';
import type { AppSnapshot, ConnectionStatus, LocationsView } from '../../../shared/domain';
import type { AppState } from './index';

export interface ConnectionSlice {
  connection: ConnectionStatus | null;
  locations: LocationsView | null;
  dataDir: string;
  secretStorage: string;
  runtime: 'electron' | 'headless' | null;
  setConnection(connection: ConnectionStatus): void;
  setLocations(locations: LocationsView): void;
  applyConnectionSnapshot(snapshot: AppSnapshot): void;
}

export const createConnectionSlice: StateCreator<AppState, [], [], ConnectionSlice> = (set) => ({
  connection: null,
  locations: null,
  dataDir: '',
  secretStorage: '',
  runtime: null,
  setConnection: (connection) => set({ connection }),
  setLocations: (locations) => set({ locations }),
  applyConnectionSnapshot: (snapshot) =>
    set({
      connection: snapshot.connection,
      locations: snapshot.locations,
      dataDir: snapshot.dataDir,
      secretStorage: snapshot.secretStorage,
      runtime: snapshot.runtime,
    }),
});
