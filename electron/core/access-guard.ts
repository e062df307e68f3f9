// The core's check of who may make each request (the table is `channelAccess` in the contract).
// createCore wraps its handlers with it, so every transport that runs the core (Electron IPC, the
// host's WebSocket, tests) goes through the same check and a new channel cannot skip it.
import type { IpcChannel, IpcHandlers } from '../../shared/contract';
import { channelAccess } from '../../shared/contract/access';
import { AppError } from '../../shared/app-error';

export interface Authority {
  kiosk: boolean;
  requireStaff(token: string): void;
  requireManager(token: string): void;
  /** A manager is signed in on this kiosk right now. */
  managerSignedIn(): boolean;
}

export const KIOSK_SETTINGS_REFUSED =
  'This is a kiosk: a manager must sign in with a manager PIN on this kiosk before connection, webhook or tunnel settings can change';

export function checkAccess(authority: Authority, channel: IpcChannel, args: unknown[]): void {
  const access = channelAccess[channel];
  const token = typeof args[0] === 'string' ? args[0] : '';
  switch (access) {
    case 'anyone':
    case 'approval': // the manager PIN is checked by the request itself, which records who approved
      return;
    case 'staff':
      return authority.requireStaff(token);
    case 'manager':
      return authority.requireManager(token);
    case 'settings':
      if (authority.kiosk && !authority.managerSignedIn())
        throw new AppError('pin-required', KIOSK_SETTINGS_REFUSED, { role: 'manager' });
      return;
  }
}

export function guardHandlers(handlers: IpcHandlers, authority: Authority): IpcHandlers {
  const guarded: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const channel of Object.keys(handlers) as IpcChannel[]) {
    const handler = handlers[channel] as (...args: unknown[]) => Promise<unknown>;
    guarded[channel] = async (...args) => {
      checkAccess(authority, channel, args);
      return handler(...args);
    };
  }
  return guarded as unknown as IpcHandlers;
}
