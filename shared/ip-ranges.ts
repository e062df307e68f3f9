// Which addresses belong to a venue's own network: the private and link-local ranges a LAN uses,
// never an address the internet routes. The satellite takes only such an address for the hub it
// pairs with (typed or from a QR code), and the hub takes pairing requests only from such
// addresses on its own subnets (electron/core/hub/own-subnets.ts). Pure TypeScript: the pairing
// screen says it before anything is sent, the core decides.

/** An IPv4 or IPv6 address as its bits ('0'/'1', 32 or 128 of them); null when it is neither. */
export function ipBits(address: string): string | null {
  const text = address.replace(/^\[|\]$/g, '').split('%')[0];
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const octets = v4.slice(1).map(Number);
    if (octets.some((o) => o > 255)) return null;
    return octets.map((o) => o.toString(2).padStart(8, '0')).join('');
  }
  if (!text.includes(':')) return null;
  // An IPv4 client of a dual-stack socket: the IPv4 address it is.
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(text);
  if (mapped) return ipBits(mapped[1]);
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const fill = 8 - head.length - tail.length;
  if (halves.length === 2 ? fill < 1 : fill !== 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? fill : 0).fill('0'), ...tail];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return null;
  return groups.map((g) => parseInt(g, 16).toString(2).padStart(16, '0')).join('');
}

/** Whether `bits` lie in the network `range` ('10.0.0.0/8', 'fc00::/7'). */
function inRange(bits: string, range: string): boolean {
  const [net, prefix] = range.split('/');
  const netBits = ipBits(net)!;
  return netBits.length === bits.length && bits.slice(0, Number(prefix)) === netBits.slice(0, Number(prefix));
}

/** RFC 1918 and IPv6 unique local addresses: a LAN's own, routed nowhere else. */
export const PRIVATE_RANGES = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'] as const;
/** Link-local: a LAN without a DHCP server, or IPv6's address on every link. */
export const LINK_LOCAL_RANGES = ['169.254.0.0/16', 'fe80::/10'] as const;
/** This computer itself (tests, and a satellite on the hub's own computer). */
export const LOOPBACK_RANGES = ['127.0.0.0/8', '::1/128'] as const;

export type AddressScope = 'private' | 'link-local' | 'loopback' | 'other';

/** Where an IP address belongs; 'other' for a public one or for anything that is not an address. */
export function addressScope(address: string): AddressScope {
  const bits = ipBits(address);
  if (!bits) return 'other';
  if (LOOPBACK_RANGES.some((r) => inRange(bits, r))) return 'loopback';
  if (PRIVATE_RANGES.some((r) => inRange(bits, r))) return 'private';
  if (LINK_LOCAL_RANGES.some((r) => inRange(bits, r))) return 'link-local';
  return 'other';
}

/**
 * Whether a hub address (host:port as typed, or from a QR code) may be connected to for pairing:
 * an IP address in a private, link-local or loopback range. A name is refused too: it could lead
 * anywhere, and nothing the person sees says where.
 */
export function pairingHostAllowed(hostname: string): boolean {
  return addressScope(hostname) !== 'other';
}
