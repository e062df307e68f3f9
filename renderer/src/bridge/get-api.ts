// Picks the transport: inside Electron the preload has put the contract on window.venue; in a
// browser served by the headless host we speak the same contract over its WebSocket, using the
// per-run token from the address the host printed.
import type { VenueApi } from '../../../shared/contract';
import { ipcChannels } from '../../../shared/contract';
import { rebuildError } from '../../../shared/ipc-outcome';
import { createWsBridge, type BridgeState } from './ws-bridge';

declare global {
  interface Window {
    venue?: VenueApi;
  }
}

export interface Bridge {
  api: VenueApi;
  runtime: 'electron' | 'headless';
  onState(listener: (state: BridgeState) => void): () => void;
}

const TOKEN_KEY = 'venue-host-token';

export function getBridge(): Bridge {
  if (window.venue) {
    return {
      api: rebuildingErrors(window.venue),
      runtime: 'electron',
      onState: (listener) => (listener('open'), () => {}),
    };
  }
  const params = new URLSearchParams(window.location.search);
  const token = params.get('token') ?? sessionStorage.getItem(TOKEN_KEY) ?? '';
  if (token) sessionStorage.setItem(TOKEN_KEY, token);
  // Keep the token out of the address bar (and out of screenshots and shoulder-surfing).
  if (params.has('token')) window.history.replaceState(null, '', window.location.pathname);
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  // The host normally traded the address token for an HttpOnly cookie before this page loaded;
  // the WebSocket upgrade then carries the cookie and no token appears anywhere in the page.
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  const bridge = createWsBridge(`${scheme}://${window.location.host}/ws${query}`);
  return { api: bridge.api, runtime: 'headless', onState: bridge.onState };
}

/** The preload's calls, each failure rebuilt as the AppError it was (the preload rejects with its payload). */
function rebuildingErrors(venue: VenueApi): VenueApi {
  const calls = Object.fromEntries(
    ipcChannels.map((channel) => [
      channel,
      (...args: unknown[]) =>
        (venue[channel] as (...a: unknown[]) => Promise<unknown>)(...args).catch((reason: unknown) => {
          throw rebuildError(reason);
        }),
    ]),
  );
  return { ...(calls as unknown as VenueApi), on: venue.on.bind(venue) };
}
