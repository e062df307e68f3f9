// Data-health notices as last pushed by the core (files of the data folder it could not read).
import type { StateCreator } from 'zustand';
import type { DataHealthView } from '../../../shared/data-health';
import type { AppState } from './index';

export interface DataHealthSlice {
  dataHealth: DataHealthView | null;
  setDataHealth(view: DataHealthView): void;
}

export const createDataHealthSlice: StateCreator<AppState, [], [], DataHealthSlice> = (set) => ({
  dataHealth: null,
  setDataHealth: (dataHealth) => set({ dataHealth }),
});
