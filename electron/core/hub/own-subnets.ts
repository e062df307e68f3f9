// Pairing is for devices in the venue: a pairing attempt must come from one of the networks the
// hub itself sits on (or this computer), never from beyond a router.
import { isIPv4, isIPv6 } from 'node:net';
import { networkInterfaces } from 'node:os';

export interface InterfaceAddress {
  address: string;
  cidr: string | null;
  internal: boolean;
}

/** The hub's own addresses, with their prefixes. */
export function ownAddresses(): InterfaceAddress[] {
  return Object.values(networkInterfaces()).flatMap((list) =>
    (list ?? []).map((a) => ({ address: a.address, cidr: a.cidr, internal: a.internal })),
  );
}

/** Whether `remote` is this computer or on a subnet one of `own` addresses belongs to. */
export function onOwnSubnet(remote: string | undefined, own: InterfaceAddress[] = ownAddresses()): boolean {
  if (!remote) return false;
  const address = remote.startsWith('::ffff:') && isIPv4(remote.slice(7)) ? remote.slice(7) : remote;
  if (address === '::1' || address.startsWith('127.')) return true;
  const bits = toBits(address);
  if (!bits) return false;
  return own.some((a) => {
    if (!a.cidr) return false;
    const [net, prefix] = a.cidr.split('/');
    const netBits = toBits(net);
    const length = Number(prefix);
    return netBits !== null && netBits.length === bits.length && bits.slice(0, length) === netBits.slice(0, length);
  });
}

function toBits(address: string): string | null {
  if (isIPv4(address))
    return address
      .split('.')
      .map((o) => Number(o).toString(2).padStart(8, '0'))
      .join('');
  if (!isIPv6(address)) return null;
  const clean = address.split('%')[0];
  const [head, tail = ''] = clean.split('::');
  const h = head ? head.split(':') : [];
  const t = clean.includes('::') && tail ? tail.split(':') : [];
  if (h.some((g) => g.includes('.')) || t.some((g) => g.includes('.'))) return null;
  const groups = clean.includes('::') ? [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t] : h;
  if (groups.length !== 8) return null;
  return groups
    .map((g) =>
      parseInt(g || '0', 16)
        .toString(2)
        .padStart(16, '0'),
    )
    .join('');
}
