// Pairing is for devices in the venue: a pairing attempt must come from one of the networks the
// hub itself sits on (or this computer), never from beyond a router. An interface's subnet is not
// taken whole whatever its size: only private ranges count (an interface with a public address is
// not the venue's LAN), an IPv4 subnet wider than a /16 (a VPN's 10.0.0.0/8) counts only as the
// /24 around the hub's own address, and an IPv6 one only as its /64. IPv6 link-local addresses
// are refused: every interface, a VPN's or a container bridge's as much as the venue's, has its
// fe80::/64, and the address a request comes from does not say which link it crossed.
import { networkInterfaces } from 'node:os';
import { addressScope, ipBits } from '../../../shared/ip-ranges';

export interface InterfaceAddress {
  address: string;
  cidr: string | null;
  internal: boolean;
}

/** The widest IPv4 subnet taken whole: a /16, 65 536 addresses. */
export const WIDEST_IPV4_PREFIX = 16;
/** What a wider IPv4 subnet counts as: the /24 around the hub's own address. */
export const NARROWED_IPV4_PREFIX = 24;
/** The widest IPv6 subnet taken: a /64, as a LAN has. */
export const WIDEST_IPV6_PREFIX = 64;

/** The hub's own addresses, with their prefixes. */
export function ownAddresses(): InterfaceAddress[] {
  return Object.values(networkInterfaces()).flatMap((list) =>
    (list ?? []).map((a) => ({ address: a.address, cidr: a.cidr, internal: a.internal })),
  );
}

/** Whether `remote` is this computer, or in a private range on a subnet one of `own` addresses belongs to. */
export function onOwnSubnet(remote: string | undefined, own: InterfaceAddress[] = ownAddresses()): boolean {
  if (!remote) return false;
  const scope = addressScope(remote);
  if (scope === 'loopback') return true;
  const bits = ipBits(remote);
  if (!bits || !venueScope(remote, bits)) return false;
  return own.some((a) => {
    if (a.internal || !a.cidr) return false;
    const mine = ipBits(a.address);
    if (!mine || mine.length !== bits.length || !venueScope(a.address, mine)) return false;
    const prefix = takenPrefix(mine.length, Number(a.cidr.split('/')[1]));
    return bits.slice(0, prefix) === mine.slice(0, prefix);
  });
}

/** Private ranges, and IPv4's link-local range (a LAN without a DHCP server). */
function venueScope(address: string, bits: string): boolean {
  const scope = addressScope(address);
  return scope === 'private' || (scope === 'link-local' && bits.length === 32);
}

function takenPrefix(length: number, prefix: number): number {
  if (!Number.isInteger(prefix)) return length;
  if (length === 32) return prefix < WIDEST_IPV4_PREFIX ? NARROWED_IPV4_PREFIX : prefix;
  return Math.max(prefix, WIDEST_IPV6_PREFIX);
}
