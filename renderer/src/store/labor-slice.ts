// The labor kiosk's state as last pushed by main (board, outbox counts, roster cards, settings).
// Who is standing at the kiosk right now is screen state, kept in the kiosk's components.
import type { StateCreator } from 'zustand';
import type { LaborView } from '../../../shared/labor';
import type { AppState } from './index';

export interface LaborSlice {
  labor: LaborView | null;
  setLabor(view: LaborView): void;
}

export const createLaborSlice: StateCreator<AppState, [], [], LaborSlice> = (set) => ({
  labor: null,
  setLabor: (labor) => set({ labor }),
});
