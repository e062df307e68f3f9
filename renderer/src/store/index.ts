// One store built from slices (zustand's slices pattern): each feature owns its slice file,
// and this is the only place they are joined.
import { create } from 'zustand';
import { createConnectionSlice, type ConnectionSlice } from './connection-slice';
import { createDataHealthSlice, type DataHealthSlice } from './data-health-slice';
import { createHubSlice, type HubSlice } from './hub-slice';
import { createLaborSlice, type LaborSlice } from './labor-slice';
import { createSettingsAccessSlice, type SettingsAccessSlice } from './settings-access-slice';
import { createShellSlice, type ShellSlice } from './shell-slice';
import { createTabsSlice, type TabsSlice } from './tabs-slice';
import { createWebhooksSlice, type WebhooksSlice } from './webhooks-slice';

export type AppState = ConnectionSlice &
  ShellSlice &
  WebhooksSlice &
  LaborSlice &
  TabsSlice &
  DataHealthSlice &
  HubSlice &
  SettingsAccessSlice;

export const useAppStore = create<AppState>()((...a) => ({
  ...createConnectionSlice(...a),
  ...createShellSlice(...a),
  ...createWebhooksSlice(...a),
  ...createLaborSlice(...a),
  ...createTabsSlice(...a),
  ...createDataHealthSlice(...a),
  ...createHubSlice(...a),
  ...createSettingsAccessSlice(...a),
}));

export type AppStore = typeof useAppStore;
