// The contract over the headless host's WebSocket: the same VenueApi the preload gives inside
// Electron. Calls made while the socket is down wait for it (up to a limit) instead of failing
// at once, and the socket reconnects by itself, so a host restart is a blip, not a dead screen.
// What a call that waited too long or lost its socket answers is the shared request client's rule
// (shared/request-client.ts): a call given up is never sent later, a sent one fails as its socket
// closes.
import {
  ipcChannels,
  type IpcEventMap,
  type IpcEventName,
  type IpcHandlers,
  type VenueApi,
} from '../../../shared/contract';
import { fromErrorPayload } from '../../../shared/app-error';
import { RequestClient } from '../../../shared/request-client';

export type BridgeState = 'connecting' | 'open' | 'closed' | 'unreachable';

const CALL_TIMEOUT_MS = 30_000;

export interface WsBridgeOptions {
  /** How long a call may wait, for the socket and then for its answer (tests shorten it). */
  callTimeoutMs?: number;
}

export interface WsBridge {
  api: VenueApi;
  onState(listener: (state: BridgeState) => void): () => void;
}

export function createWsBridge(url: string, options: WsBridgeOptions = {}): WsBridge {
  const callTimeoutMs = options.callTimeoutMs ?? CALL_TIMEOUT_MS;
  let socket: WebSocket | null = null;
  let retryMs = 250;
  let state: BridgeState = 'connecting';
  const eventListeners = new Map<string, Set<(payload: unknown) => void>>();
  const stateListeners = new Set<(state: BridgeState) => void>();
  const client = new RequestClient({
    transport: {
      isOpen: () => socket !== null && socket.readyState === WebSocket.OPEN,
      send: (frame) => socket!.send(frame),
    },
    peer: 'the app host',
    whileDown: 'queue',
  });

  const setState = (next: BridgeState) => {
    state = next;
    stateListeners.forEach((listener) => listener(next));
  };

  const connect = () => {
    setState('connecting');
    const ws = new WebSocket(url);
    socket = ws;
    let opened = false;
    ws.onopen = () => {
      opened = true;
      retryMs = 250;
      setState('open');
      client.opened();
    };
    ws.onmessage = (message) => handleMessage(String(message.data));
    ws.onclose = () => {
      socket = null;
      // Before the state is told: a screen that reacts to 'closed' finds its calls settled.
      client.closed();
      // A refused token and a host that is down look alike from here; keep retrying and let
      // the screen say both possibilities.
      setState(opened ? 'closed' : 'unreachable');
      setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, 5000);
    };
  };

  const handleMessage = (raw: string) => {
    let message: { event?: unknown; payload?: unknown };
    try {
      message = JSON.parse(raw) as typeof message;
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null) return;
    if (typeof message.event === 'string') {
      eventListeners.get(message.event)?.forEach((listener) => listener(message.payload));
      return;
    }
    client.message(message);
  };

  const call = async (channel: string, args: unknown[]) => {
    const outcome = await client.call(channel, args, callTimeoutMs);
    if (!outcome.ok) throw fromErrorPayload(outcome.error);
    return outcome.result;
  };

  const calls = Object.fromEntries(
    ipcChannels.map((channel) => [channel, (...args: unknown[]) => call(channel, args)]),
  );

  const api = {
    ...(calls as unknown as IpcHandlers),
    on<E extends IpcEventName>(event: E, listener: (payload: IpcEventMap[E]) => void): () => void {
      let set = eventListeners.get(event);
      if (!set) eventListeners.set(event, (set = new Set()));
      const wrapped = listener as (payload: unknown) => void;
      set.add(wrapped);
      return () => set.delete(wrapped);
    },
  } satisfies VenueApi;

  connect();
  return {
    api,
    onState(listener) {
      stateListeners.add(listener);
      listener(state);
      return () => stateListeners.delete(listener);
    },
  };
}
