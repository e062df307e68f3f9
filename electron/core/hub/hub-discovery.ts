// Finding the venue hub on the LAN without typing its address: the hub announces itself over mDNS
// (bonjour-service) as `_venue-hub._tcp` with its certificate fingerprint; a satellite lists what
// it hears. The announcement is only a hint: pairing still checks the code and pins the
// certificate, so a look-alike announcement gets nothing.
import { Bonjour } from 'bonjour-service';
import type { FoundHub } from '../../../shared/hub';

export const HUB_SERVICE_TYPE = 'venue-hub';

export type { FoundHub };

/**
 * Where announcements travel, handed to multicast-dns: the LAN's mDNS when absent. Tests pass a
 * `socket` of their own so that nothing leaves the process.
 */
export interface DiscoveryTransport {
  socket?: unknown;
  multicast?: boolean;
}

function openBonjour(transport: DiscoveryTransport | undefined): Bonjour {
  // bonjour-service hands its options to multicast-dns, whose `socket` option its types do not name.
  return new Bonjour((transport ?? {}) as ConstructorParameters<typeof Bonjour>[0], () => {});
}

export function advertiseHub(
  options: { name: string; port: number; fingerprint: string },
  transport?: DiscoveryTransport,
): () => Promise<void> {
  const bonjour = openBonjour(transport);
  // The fingerprint is public (both screens show it); it lets a person pick the right hub.
  bonjour.publish({ name: options.name, type: HUB_SERVICE_TYPE, port: options.port, txt: { fp: options.fingerprint } });
  return () => new Promise((resolve) => bonjour.unpublishAll(() => bonjour.destroy(() => resolve())));
}

export async function findHubs(timeoutMs = 3000, transport?: DiscoveryTransport): Promise<FoundHub[]> {
  const bonjour = openBonjour(transport);
  const found = new Map<string, FoundHub>();
  const browser = bonjour.find({ type: HUB_SERVICE_TYPE }, (service) => {
    const host = service.addresses?.find((a) => /^\d+\.\d+\.\d+\.\d+$/.test(a)) ?? service.host;
    const address = `${host}:${service.port}`;
    const txt = (service.txt ?? {}) as Record<string, unknown>;
    found.set(address, { name: service.name, address, fingerprint: typeof txt.fp === 'string' ? txt.fp : null });
  });
  await new Promise((resolve) => setTimeout(resolve, timeoutMs));
  browser.stop();
  await new Promise<void>((resolve) => bonjour.destroy(() => resolve()));
  return [...found.values()];
}

/**
 * Listens for the hub with this certificate fingerprint: `heard` gets each announcement's
 * `host:port` addresses, the one it came from first (the hub's own address on this LAN), then the
 * addresses it names. Only a hint: the satellite follows an address only once the certificate
 * presented there is the pinned one (host/refind-hub.ts). Returns the function that stops it.
 */
export function watchHubAddresses(
  fingerprint: string,
  heard: (addresses: string[]) => void,
  transport?: DiscoveryTransport,
): () => Promise<void> {
  const bonjour = openBonjour(transport);
  const browser = bonjour.find({ type: HUB_SERVICE_TYPE }, (service) => {
    const txt = (service.txt ?? {}) as Record<string, unknown>;
    if (txt.fp !== fingerprint) return;
    const hosts = [service.referer?.address, ...(service.addresses ?? [])].filter(
      (h): h is string => typeof h === 'string' && h.length > 0,
    );
    const port = service.port;
    heard([...new Set(hosts)].map((h) => (h.includes(':') ? `[${h}]:${port}` : `${h}:${port}`)));
  });
  return () => {
    browser.stop();
    return new Promise<void>((resolve) => bonjour.destroy(() => resolve()));
  };
}
