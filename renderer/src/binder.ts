// The one module that listens to main: it subscribes to every push event of the contract, loads
// the initial snapshot (again after the host comes back) and returns one unsubscribe.
// The handler table is typed by the contract, so a new event cannot be forgotten here.
import type { IpcEventMap, VenueApi } from '../../shared/contract';
import type { Bridge } from './bridge/get-api';
import type { AppStore } from './store';
import { errorMessage } from '../../shared/errors';

type EventHandlers = { [E in keyof IpcEventMap]: (payload: IpcEventMap[E]) => void };

export function bindToMain(bridge: Bridge, store: AppStore): () => void {
  const { api } = bridge;
  const state = () => store.getState();
  const handlers: EventHandlers = {
    connection: (payload) => state().setConnection(payload),
    locations: (payload) => state().setLocations(payload),
    webhookStatus: (payload) => state().setListener(payload),
    webhookCounters: (payload) => state().setCounters(payload),
    webhookEvents: (payload) => state().addEvents(payload),
    tunnel: (payload) => state().setTunnel(payload),
    webhookSettings: (payload) => state().setWebhookSettings(payload),
    labor: (payload) => state().setLabor(payload),
    tabsSettings: (payload) => state().setTabsSettings(payload),
    tabsBoard: (payload) => state().applyBoardPush(payload),
    tabsGiftCards: (payload) => state().setGiftCards(payload),
    tabsNotices: (payload) => state().setNotices(payload),
    dataHealth: (payload) => state().setDataHealth(payload),
    hubDevices: (payload) => state().setHubDevices(payload),
    satellite: (payload) => {
      const wasConnected = state().satellite?.link === 'connected';
      state().setSatellite(payload);
      // The hub came back: what it holds may have moved on while this satellite was cut off.
      if (payload.link === 'connected' && !wasConnected) void loadSnapshot(api, store);
    },
  };
  const offs = (Object.keys(handlers) as (keyof IpcEventMap)[]).map((event) =>
    api.on(event, handlers[event] as (payload: unknown) => void),
  );
  offs.push(
    bridge.onState((bridgeState) => {
      state().setBridge(bridgeState);
      if (bridgeState === 'open') void loadSnapshot(api, store);
    }),
  );
  return () => offs.forEach((off) => off());
}

async function loadSnapshot(api: VenueApi, store: AppStore): Promise<void> {
  try {
    const satellite = await api.satelliteStatus();
    store.getState().setSatellite(satellite);
    // A kiosk-role satellite may not read the hub's webhook settings: it only needs its own screen.
    const kioskDevice = satellite.mode === 'satellite' && satellite.role === 'kiosk';
    const [snapshot, webhooks] = await Promise.all([api.getSnapshot(), kioskDevice ? null : api.getWebhookState()]);
    store.getState().applyConnectionSnapshot(snapshot);
    if (webhooks) store.getState().applyWebhookState(webhooks);
    if (snapshot.labor) store.getState().setLabor(snapshot.labor);
    if (snapshot.tabs) store.getState().applyTabsSnapshot(snapshot.tabs);
    if (snapshot.dataHealth) store.getState().setDataHealth(snapshot.dataHealth);
    store.getState().setSnapshotError(null);
    store.getState().setLoaded(true);
  } catch (error) {
    store.getState().setSnapshotError(errorMessage(error));
  }
}
