// Running this device as the venue hub, the same way from the headless host (`--hub`) and from
// the Electron app ("This device is the venue hub" in Settings): the TLS server satellites reach,
// the kiosk punch relay, the address shown for pairing, and the announcement on the LAN.
import { hostname, networkInterfaces } from 'node:os';
import type { AppCore } from '../core/app-core';
import type { HubService } from '../core/hub/hub-service';
import { startHubServer } from '../core/hub/hub-server';
import { advertiseHub } from '../core/hub/hub-discovery';

export const DEFAULT_HUB_PORT = 47800;

export interface VenueHubOptions {
  hub: HubService;
  core: AppCore;
  dataDir: string;
  /** Address to listen on (default every interface: satellites are on the LAN). */
  host?: string;
  port?: number;
  /** Announce the hub over mDNS (default true). */
  mdns?: boolean;
  log: (line: string) => void;
}

export interface RunningVenueHub {
  port: number;
  close(): Promise<void>;
}

export async function startVenueHub(options: VenueHubOptions): Promise<RunningVenueHub> {
  const { hub, core } = options;
  const server = await startHubServer({
    hub,
    dispatch: core.dispatch,
    events: core.events,
    host: options.host ?? '0.0.0.0',
    port: options.port ?? DEFAULT_HUB_PORT,
    log: options.log,
  });
  hub.address = `${lanAddress(options.host)}:${server.port}`;
  options.log(`Venue hub: satellites pair at port ${server.port}; certificate fingerprint ${hub.fingerprint}`);
  // Announced on the LAN so satellites can find it (`--find-hubs`); pairing still pins the certificate.
  const unadvertise =
    options.mdns === false
      ? null
      : advertiseHub({ name: `Venue hub ${hostname()}`, port: server.port, fingerprint: hub.fingerprint });
  return {
    port: server.port,
    close: async () => {
      await unadvertise?.();
      await server.close();
      core.relay?.close();
    },
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
