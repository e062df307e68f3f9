// The contract over the headless host's WebSocket: the same VenueApi the preload gives inside
// Electron. Calls made while the socket is down wait for it (up to a limit) instead of failing
// at once, and the socket reconnects by itself, so a host restart is a blip, not a dead screen.
import {
  ipcChannels,
  type IpcEventMap,
  type IpcEventName,
  type IpcHandlers,
  type VenueApi,
} from '../../../shared/contract';
import { AppError, fromErrorPayload, readErrorPayload } from '../../../shared/app-error';

export type BridgeState = 'connecting' | 'open' | 'closed' | 'unreachable';

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

const CALL_TIMEOUT_MS = 30_000;

export interface WsBridge {
  api: VenueApi;
  onState(listener: (state: BridgeState) => void): () => void;
}

export function createWsBridge(url: string): WsBridge {
  let socket: WebSocket | null = null;
  let nextId = 1;
  let retryMs = 250;
  let state: BridgeState = 'connecting';
  const pending = new Map<number, Pending>();
  const queue: string[] = [];
  const eventListeners = new Map<string, Set<(payload: unknown) => void>>();
  const stateListeners = new Set<(state: BridgeState) => void>();

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
      while (queue.length > 0) ws.send(queue.shift()!);
    };
    ws.onmessage = (message) => handleMessage(String(message.data));
    ws.onclose = () => {
      socket = null;
      // A refused token and a host that is down look alike from here; keep retrying and let
      // the screen say both possibilities.
      setState(opened ? 'closed' : 'unreachable');
      setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, 5000);
    };
  };

  const handleMessage = (raw: string) => {
    let message: {
      id?: number;
      ok?: boolean;
      result?: unknown;
      error?: unknown;
      event?: string;
      payload?: unknown;
    };
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    if (typeof message.event === 'string') {
      eventListeners.get(message.event)?.forEach((listener) => listener(message.payload));
      return;
    }
    const entry = typeof message.id === 'number' ? pending.get(message.id) : undefined;
    if (!entry) return;
    pending.delete(message.id!);
    clearTimeout(entry.timer);
    if (message.ok) entry.resolve(message.result);
    else
      entry.reject(
        fromErrorPayload(
          readErrorPayload(message.error) ?? {
            kind: 'internal',
            data: {},
            message: 'The app host refused the request without saying why',
          },
        ),
      );
  };

  const call = (channel: string, args: unknown[]) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        // The request may have reached the host and been done: its outcome is unknown.
        reject(
          new AppError(
            'outcome-unknown',
            `No answer from the app host for ${channel} within ${CALL_TIMEOUT_MS / 1000} s`,
            { operation: channel },
          ),
        );
      }, CALL_TIMEOUT_MS);
      pending.set(id, { resolve, reject, timer });
      const frame = JSON.stringify({ id, channel, args });
      if (socket && socket.readyState === WebSocket.OPEN) socket.send(frame);
      else queue.push(frame);
    });

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
