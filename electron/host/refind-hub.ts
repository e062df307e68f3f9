// A paired satellite whose hub stops answering looks for it on the LAN (mDNS, hub-discovery.ts):
// the hub that moved (a new DHCP lease, a new computer restored from its backup) announces itself
// with the same certificate fingerprint. An address heard is followed only when the certificate
// presented there is the one pinned at pairing, so a look-alike announcement moves nothing (and
// does not hide the real hub: every announcement heard during the look is checked); what the
// satellite sends still goes only over TLS pinned to that certificate.
import { readHubCertificate, normalizeUrl, type PinnedHub } from '../core/hub/hub-client';
import { watchHubAddresses, type DiscoveryTransport } from '../core/hub/hub-discovery';
import { pairingHostAllowed } from '../../shared/ip-ranges';

export interface Rediscovery {
  /** Where announcements travel: the LAN's mDNS when absent (tests pass an in-memory link). */
  transport?: DiscoveryTransport;
  /** How long one look listens (default 3 s). */
  listenMs?: number;
  /** Looks at most this often while the hub does not answer (default 30 s). */
  everyMs?: number;
  /**
   * No look while the hub was paired on this computer (a loopback address): a hub that moves away
   * from it is not this device's case, and tests that run hubs on loopback keep off the network.
   */
  notForLoopback?: boolean;
}

/** What the host and the Electron app use: the LAN's mDNS, every 30 s, never for a loopback hub. */
export const LAN_REDISCOVERY: Rediscovery = Object.freeze({ notForLoopback: true });

/** Whether a look is made for a hub paired at `url`. */
export function looksFor(url: string, discovery: Rediscovery): boolean {
  if (!discovery.notForLoopback) return true;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return !(host === 'localhost' || host === '::1' || host.startsWith('127.'));
}

/** The hub's address now (https://host:port), when it was heard elsewhere and presents the pin there. */
export async function refindHub(pin: PinnedHub, discovery: Rediscovery): Promise<string | null> {
  const checked = new Set<string>([pin.url]);
  let found: (url: string | null) => void = () => {};
  const result = new Promise<string | null>((resolve) => (found = resolve));
  // One address at a time, in the order heard.
  let checking = Promise.resolve();
  const stop = watchHubAddresses(
    pin.fingerprint,
    (addresses) => {
      for (const address of addresses) {
        const url = ownNetworkUrl(address);
        if (url === null || checked.has(url)) continue;
        checked.add(url);
        checking = checking.then(async () => {
          if (await presentsPin(url, pin.fingerprint)) found(url);
        });
      }
    },
    discovery.transport,
  );
  const timer = setTimeout(() => found(null), discovery.listenMs ?? 3000);
  const url = await result;
  clearTimeout(timer);
  await stop();
  return url;
}

/** The address as a hub URL, when it is on the venue's own network (as an address typed at pairing). */
function ownNetworkUrl(address: string): string | null {
  try {
    const url = normalizeUrl(address);
    return pairingHostAllowed(new URL(url).hostname.replace(/^\[|\]$/g, '')) ? url : null;
  } catch {
    return null;
  }
}

async function presentsPin(url: string, fingerprint: string): Promise<boolean> {
  try {
    return (await readHubCertificate(url, 3000)).fingerprint === fingerprint;
  } catch {
    // Nothing answers there (yet): the next address, or the next look.
    return false;
  }
}
