// The only place in main that touches ipcMain. One handler per channel of the contract, each
// checking that the call comes from our own window's top frame before the shared dispatcher
// validates the arguments.
import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { IPC_PREFIX, ipcChannels, ipcEventNames, type IpcEventMap, type IpcHandlers } from '../../../shared/contract';
import { dispatchRequest, type DispatchOutcome } from '../../core/ipc-dispatch';
import { LOCAL_CALLER } from '../../core/caller';
import type { TypedEmitter } from '../../core/typed-emitter';
import { isTrustedSender } from './trusted-sender';

export function registerIpcHandlers(handlers: IpcHandlers, trustedUrl: () => string): () => void {
  for (const channel of ipcChannels) {
    ipcMain.handle(
      IPC_PREFIX + channel,
      async (event: IpcMainInvokeEvent, ...args: unknown[]): Promise<DispatchOutcome> => {
        if (!isTrustedSender(event, trustedUrl())) {
          return {
            ok: false,
            error: {
              kind: 'untrusted-sender',
              data: {},
              message: 'Refused: the request did not come from the app window',
            },
          };
        }
        // The app's own window is this computer's own screen.
        return dispatchRequest(handlers, channel, args, LOCAL_CALLER);
      },
    );
  }
  return () => ipcChannels.forEach((channel) => ipcMain.removeHandler(IPC_PREFIX + channel));
}

/** Forwards every push event of the contract to one window; returns the unsubscribe. */
export function forwardEvents(events: TypedEmitter<IpcEventMap>, target: WebContents): () => void {
  const offs = ipcEventNames.map((name) =>
    events.on(name, (payload) => {
      if (!target.isDestroyed()) target.send(IPC_PREFIX + 'event', name, payload);
    }),
  );
  return () => offs.forEach((off) => off());
}
