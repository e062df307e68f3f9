// Webhook listener status, counters, tunnel, and the inspector's live view of the event log.
// The log itself stays in main (it can hold 100 000 events); the renderer keeps only the rows on
// screen and re-reads them when new ones are stored.
import type { StateCreator } from 'zustand';
import type {
  EventFilter,
  ListenerStatus,
  StoredRows,
  TunnelStatus,
  WebhookCounters,
  WebhookSettingsView,
  WebhookState,
} from '../../../shared/webhooks';
import type { AppState } from './index';

export interface WebhooksSlice {
  listener: ListenerStatus | null;
  counters: WebhookCounters | null;
  tunnel: TunnelStatus | null;
  webhookSettings: WebhookSettingsView | null;
  filter: EventFilter;
  /** Bumped whenever new rows are stored, so the list re-reads the window on screen. */
  eventsVersion: number;
  selectedSeq: number | null;
  applyWebhookState(state: WebhookState): void;
  setListener(status: ListenerStatus): void;
  setWebhookSettings(settings: WebhookSettingsView): void;
  setCounters(counters: WebhookCounters): void;
  setTunnel(tunnel: TunnelStatus): void;
  addEvents(stored: StoredRows): void;
  setFilter(filter: EventFilter): void;
  selectEvent(seq: number | null): void;
}

export const createWebhooksSlice: StateCreator<AppState, [], [], WebhooksSlice> = (set) => ({
  listener: null,
  counters: null,
  tunnel: null,
  webhookSettings: null,
  filter: {},
  eventsVersion: 0,
  selectedSeq: null,
  applyWebhookState: (state) =>
    set({ listener: state.status, counters: state.counters, tunnel: state.tunnel, webhookSettings: state.settings }),
  setListener: (listener) => set({ listener }),
  setWebhookSettings: (webhookSettings) => set({ webhookSettings }),
  setCounters: (counters) => set({ counters }),
  setTunnel: (tunnel) => set({ tunnel }),
  addEvents: (stored) => {
    if (stored.seqs.length > 0) set((state) => ({ eventsVersion: state.eventsVersion + 1 }));
  },
  setFilter: (filter) => set({ filter }),
  selectEvent: (selectedSeq) => set({ selectedSeq }),
});
