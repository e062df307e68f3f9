// Exposes exactly the IPC contract to the renderer as window.venue: one function per request and
// one `on` for push events. ipcRenderer itself never crosses the bridge. A failed request rejects
// with its error payload as a plain object, the one form the context bridge copies whole.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  IPC_PREFIX,
  ipcChannels,
  type IpcEventMap,
  type IpcEventName,
  type IpcHandlers,
  type VenueApi,
} from '../../shared/contract';
import { settleOutcome } from '../../shared/ipc-outcome';

const calls = Object.fromEntries(
  ipcChannels.map((channel) => [
    channel,
    // Rejects with the plain error payload; the renderer's bridge rebuilds the AppError from it.
    async (...args: unknown[]) => settleOutcome(await ipcRenderer.invoke(IPC_PREFIX + channel, ...args)),
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
