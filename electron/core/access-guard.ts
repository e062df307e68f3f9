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
  /** A manager is signed in on this device right now (asking counts as using the session). */
  managerSignedIn(deviceId: string): boolean;
  /** No manager has a PIN yet (and the staff list is readable): a fresh install's first steps. */
  noManagerPin(): boolean;
  /** This run's first start (setup-handlers.ts). */
  firstStart(): { needed: boolean; restartPending: boolean };
  /**
   * A setting that was never made, which anyone at this computer may make once, as a kiosk's first
   * location is: the till's location while none is chosen (changing it needs a manager).
   */
  firstChoiceOpen?(channel: IpcChannel): boolean;
}

/** What the guided first start asks of the core: the venue's connection, the choice, the restart. */
const FIRST_START_CHANNELS: ReadonlySet<IpcChannel> = new Set<IpcChannel>([
  'saveConnection',
  'setupChoose',
  'setupRestart',
  'backupInspect',
  'backupRestore',
]);

export const KIOSK_SETTINGS_REFUSED =
  'This is a kiosk: a manager must sign in with a manager PIN on this kiosk before connection, webhook or tunnel settings can change';
export const LOCAL_SETTINGS_REFUSED =
  'A manager must sign in with a manager PIN on this computer before settings can change';
export const DEVICE_ONLY = 'Only a paired device asks this over its own link to the venue hub, never a screen';
export const LOCAL_SCREEN_ONLY = "Only this computer's own screen may do this, never a paired device";
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
    case 'local-screen':
      if (context.deviceRole !== 'local') throw new AppError('forbidden', LOCAL_SCREEN_ONLY, { by: 'venue' });
      return context;
    case 'kiosk-device':
      if (context.deviceRole !== 'kiosk') throw new AppError('forbidden', KIOSK_DEVICE_ONLY, { by: 'venue' });
      return context;
    case 'settings':
      if (authority.managerSignedIn(context.deviceId) || openToLocalScreen(authority, channel, context)) return context;
      throw new AppError('pin-required', settingsRefusal(authority, context), { role: 'manager' });
  }
}

/**
 * Settings need a manager signed in on the device that asks, whatever its role. This computer's own
 * screen (never a paired device, never in kiosk mode) is spared only where nobody could sign in as
 * a manager yet: the first start's own requests while it is open (the practice venue's manager
 * exists before anyone was told its PIN), and every setting while no manager has a PIN.
 */
function openToLocalScreen(authority: Authority, channel: IpcChannel, context: CallerContext): boolean {
  if (context.deviceRole !== 'local' || authority.kiosk) return false;
  if (authority.noManagerPin() || authority.firstChoiceOpen?.(channel) === true) return true;
  if (!FIRST_START_CHANNELS.has(channel)) return false;
  const firstStart = authority.firstStart();
  return firstStart.needed || (channel === 'setupRestart' && firstStart.restartPending);
}

function settingsRefusal(authority: Authority, context: CallerContext): string {
  if (context.deviceRole !== 'local') return DEVICE_SETTINGS_REFUSED;
  return authority.kiosk ? KIOSK_SETTINGS_REFUSED : LOCAL_SETTINGS_REFUSED;
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
