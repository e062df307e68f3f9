// Who is asking: the device a request came from and, through the session it presents, the person.
// Every transport names the device before the one dispatcher runs (Electron IPC and the host's
// loopback WebSocket are this computer's own screen; the hub's TLS link is the paired device it
// authenticated), and the dispatcher runs the handler inside that caller. Sessions, PIN lockouts,
// "a manager is signed in here" and the access table read it from there, so nothing one device
// does (a sign-in, wrong PINs) speaks for another.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { DeviceRole } from '../../shared/hub';

/** The device role of this computer's own screen (the hub's, or a single computer's). */
export type CallerRole = DeviceRole | 'local';

export interface Caller {
  deviceId: string;
  deviceRole: CallerRole;
  /**
   * A device a manager revoked. Only the hub's hand-over route names one (its TLS link is refused),
   * and the access table lets it hand over the punches it still holds and nothing else.
   */
  revoked?: true;
}

/** The person behind a request, resolved from the session token it carries on its device. */
export interface CallerSession {
  userId: string;
  manager: boolean;
}

/** The whole context the access decision reads. */
export interface CallerContext extends Caller {
  session: CallerSession | null;
}

export const LOCAL_DEVICE_ID = 'local';
export const LOCAL_CALLER: Caller = Object.freeze({ deviceId: LOCAL_DEVICE_ID, deviceRole: 'local' as const });

const current = new AsyncLocalStorage<Caller>();

/**
 * The caller of the request being handled. Work started outside any request (timers, pushes, a
 * test calling the core's handlers directly) is this computer's own screen.
 */
export function currentCaller(): Caller {
  return current.getStore() ?? LOCAL_CALLER;
}

/** Runs `work` (and everything it awaits) as `caller`. */
export function runAsCaller<T>(caller: Caller, work: () => T): T {
  return current.run(caller, work);
}
