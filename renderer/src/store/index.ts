// One store built from slices (zustand's slices pattern): each feature owns its slice file,
// and this is the only place they are joined.
import { create } from 'zustand';
import { createConnectionSlice, type ConnectionSlice } from './connection-slice';
import { createShellSlice, type ShellSlice } from './shell-slice';

export type AppState = ConnectionSlice & ShellSlice;

export const useAppStore = create<AppState>()((...a) => ({
  ...createConnectionSlice(...a),
  ...createShellSlice(...a),
}));

export type AppStore = typeof useAppStore;
