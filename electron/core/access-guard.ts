// The core's check of who may make each request (the table is `channelAccess` in the contract).
// createCore wraps its handlers with it, so every transport that runs the core (Electron IPC, the
// host's WebSocket, the hub's TLS link, tests) goes through the same check and a new channel cannot
// skip it. The decision reads one caller context: the device the transport named (its role from
// pairing, or this computer's own screen) and the session the request presents on that device.
import type { IpcChannel, IpcHandlers } from '../../shared/contract';
import { channelAccess } from '../../shared/contract/access';
import { AppError } from '../../shared/app-error';
import { deviceMayCall, deviceRefusal } from '../../shared/contract/device-access';
import { currentCaller, type Caller, type CallerContext, type CallerSession } from './caller';

export interface Authority {
  /** This computer's own screen is locked down (started as a kiosk, or in kiosk view). */
  kiosk: boolean;
  /** The live session behind a token on the calling device, if any. */
  session(token: string): CallerSession | null;
  requireStaff(token: string): void;
  requireManager(token: string): void;
  /** A manager is signed in on this device right now. */
  managerSignedIn(deviceId: string): boolean;
}

export const KIOSK_SETTINGS_REFUSED =
  'This is a kiosk: a manager must sign in with a manager PIN on this kiosk before connection, webhook or tunnel settings can change';
export const DEVICE_ONLY = 'Only a paired device asks this over its own link to the venue hub, never a screen';
export const KIOSK_DEVICE_ONLY = 'Only a kiosk device keeps punching without the hub';
export const REVOKED_KIOSK_ONLY = 'Only a revoked kiosk device hands over the punches it still holds';
export const REVOKED_DEVICE = 'This device was revoked by a manager on the venue hub';
export const DEVICE_SETTINGS_REFUSED =
  'A manager must sign in with a manager PIN on this device before connection, webhook or tunnel settings can change';

/** The caller with the person its first argument's session names on its device (null when none). */
export function callerContext(authority: Authority, args: unknown[], caller: Caller = currentCaller()): CallerContext {
  const token = typeof args[0] === 'string' ? args[0] : '';
  return { ...caller, session: token ? authority.session(token) : null };
}

export function checkAccess(authority: Authority, channel: IpcChannel, args: unknown[]): CallerContext {
  const context = callerContext(authority, args);
  if (context.deviceRole !== 'local' && !deviceMayCall(context.deviceRole, channel))
    throw new AppError('forbidden', deviceRefusal(context.deviceRole, channel), { by: 'venue' });
  // A revoked device may hand over what it still holds, and nothing else.
  if (context.revoked && channelAccess[channel] !== 'revoked-kiosk')
    throw new AppError('forbidden', REVOKED_DEVICE, { by: 'venue' });
  const token = typeof args[0] === 'string' ? args[0] : '';
  switch (channelAccess[channel]) {
    case 'revoked-kiosk':
      if (context.deviceRole !== 'kiosk' || !context.revoked)
        throw new AppError('forbidden', REVOKED_KIOSK_ONLY, { by: 'venue' });
      return context;
    case 'anyone':
    case 'approval': // the manager PIN is checked by the request itself, which records who approved
      return context;
    case 'staff':
      authority.requireStaff(token);
      return context;
    case 'manager':
      authority.requireManager(token);
      return context;
    case 'device':
      if (context.deviceRole === 'local') throw new AppError('forbidden', DEVICE_ONLY, { by: 'venue' });
      return context;
    case 'kiosk-device':
      if (context.deviceRole !== 'kiosk') throw new AppError('forbidden', KIOSK_DEVICE_ONLY, { by: 'venue' });
      return context;
    case 'settings':
      // Another device always needs a manager signed in on it, whatever its role; this computer's
      // own window is trusted on a desktop run and needs one once it is locked down as a kiosk.
      if (context.deviceRole !== 'local' || authority.kiosk) {
        if (!authority.managerSignedIn(context.deviceId))
          throw new AppError(
            'pin-required',
            context.deviceRole === 'local' ? KIOSK_SETTINGS_REFUSED : DEVICE_SETTINGS_REFUSED,
            { role: 'manager' },
          );
      }
      return context;
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
