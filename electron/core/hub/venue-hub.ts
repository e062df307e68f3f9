// Running this device as the venue hub: the TLS server satellites reach (a transport of the core,
// like the host's WebSocket and Electron IPC), the address shown for pairing, and the announcement
// on the LAN. The core starts it when its options ask for a hub (app-core.ts).
import { hostname, networkInterfaces } from 'node:os';
import type { IpcEventMap } from '../../../shared/contract';
import type { Dispatch } from '../ipc-dispatch';
import type { TypedEmitter } from '../typed-emitter';
import type { HubService } from './hub-service';
import { startHubServer } from './hub-server';
import { advertiseHub } from './hub-discovery';
import type { ConnectionLimits } from '../net/connection-cap';

export const DEFAULT_HUB_PORT = 47800;

/** How this device serves as the hub; the core opens the hub's state and starts the server. */
export interface HubOptions {
  /** 'always': this run is the hub (`--hub`); 'if-saved': when "This device is the venue hub" is saved. */
  when: 'always' | 'if-saved';
  /** Address to listen on (default every interface: satellites are on the LAN). */
  host?: string;
  /** Default DEFAULT_HUB_PORT; 0 picks a free one. */
  port?: number;
  /** Announce the hub over mDNS (default true; tests and benches pass false). */
  mdns?: boolean;
  /** Whether a pairing attempt's address is on the hub's own networks (tests pass their own). */
  onOwnSubnet?: (remote: string | undefined) => boolean;
  /** Bounds on open connections (HUB_LIMITS unless given; tests make them small). */
  connectionLimits?: Partial<ConnectionLimits>;
}

export interface VenueHubOptions extends Omit<HubOptions, 'when'> {
  hub: HubService;
  dispatch: Dispatch;
  events: TypedEmitter<IpcEventMap>;
  log: (line: string) => void;
}

export interface RunningVenueHub {
  port: number;
  close(): Promise<void>;
}

export async function startVenueHub(options: VenueHubOptions): Promise<RunningVenueHub> {
  const { hub } = options;
  const server = await startHubServer({
    hub,
    dispatch: options.dispatch,
    events: options.events,
    host: options.host ?? '0.0.0.0',
    port: options.port ?? DEFAULT_HUB_PORT,
    log: options.log,
    onOwnSubnet: options.onOwnSubnet,
    connectionLimits: options.connectionLimits,
  });
  hub.address = `${lanAddress(options.host)}:${server.port}`;
  options.log(`Venue hub: satellites pair at port ${server.port}; certificate fingerprint ${hub.fingerprint}`);
  // Announced on the LAN so satellites can find it (`--find-hubs`); pairing still pins the certificate.
  const unadvertise =
    options.mdns === false
      ? null
      : advertiseHub({ name: `Venue hub ${hostname()}`, port: server.port, fingerprint: hub.fingerprint });
  // Once: the core's stop closes it again after a caller (a test) already did.
  let closing: Promise<void> | null = null;
  return {
    port: server.port,
    close: () =>
      (closing ??= (async () => {
        await unadvertise?.();
        await server.close();
      })()),
  };
}

/** The address satellites should type: the bound one, else this computer's first LAN address. */
export function lanAddress(bound: string | undefined): string {
  if (bound && bound !== '0.0.0.0') return bound;
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return '127.0.0.1';
}
