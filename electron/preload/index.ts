// Exposes exactly the IPC contract to the renderer as window.venue: one function per request and
// one `on` for push events. ipcRenderer itself never crosses the bridge.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  IPC_PREFIX,
  ipcChannels,
  type IpcEventMap,
  type IpcEventName,
  type IpcHandlers,
  type VenueApi,
} from '../../shared/contract';
import type { DispatchOutcome } from '../core/ipc-dispatch';

const calls = Object.fromEntries(
  ipcChannels.map((channel) => [
    channel,
    async (...args: unknown[]) => {
      const outcome = (await ipcRenderer.invoke(IPC_PREFIX + channel, ...args)) as DispatchOutcome;
      if (!outcome.ok) throw new Error(outcome.error.message);
      return outcome.result;
    },
  ]),
) as unknown as IpcHandlers;

const api = {
  ...calls,
  on<E extends IpcEventName>(event: E, listener: (payload: IpcEventMap[E]) => void): () => void {
    const wrapped = (_event: IpcRendererEvent, name: string, payload: unknown) => {
      if (name === event) listener(payload as IpcEventMap[E]);
    };
    ipcRenderer.on(IPC_PREFIX + 'event', wrapped);
    return () => {
      ipcRenderer.removeListener(IPC_PREFIX + 'event', wrapped);
    };
  },
} satisfies VenueApi;

contextBridge.exposeInMainWorld('venue', api);
