// Bounds on the connections a port holds, so whoever can reach it cannot take all of the process's
// sockets and memory with idle or slow connections: at most so many per address and so many in
// all, and a connection that has sent nothing after a few seconds is closed. At a cap, a
// connection that has not sent its first byte yet makes room (the oldest such one): a sender with
// something to say always gets in, while idle sockets, however often they reconnect, only ever
// push each other out. Only when every connection at the cap has spoken is the new one refused.
import type { Server, Socket } from 'node:net';

export interface ConnectionLimits {
  /** Connections one address may hold open at once. */
  perAddress: number;
  /** Connections the port holds open at once, whatever their address (loopback alone is 127/8). */
  total: number;
  /** A connection that has not sent a byte this long after it was accepted is closed. */
  firstByteMs: number;
}

/**
 * The webhook listener: the service (or the tunnel and the practice venue, all from loopback)
 * sends in parallel; the service itself gives up on a delivery after 10 s.
 */
export const LISTENER_LIMITS: ConnectionLimits = { perAddress: 128, total: 1024, firstByteMs: 10_000 };
/** The venue hub: a satellite holds one WebSocket and makes the odd pairing request. */
export const HUB_LIMITS: ConnectionLimits = { perAddress: 32, total: 256, firstByteMs: 10_000 };

/** IPv4 clients of a dual-stack socket show as ::ffff:a.b.c.d: one address either way. */
function addressOf(socket: Socket): string {
  const address = socket.remoteAddress ?? '';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

/**
 * Applies `limits` to every connection `server` accepts. `bytesRead` is read rather than a 'data'
 * listener: the HTTP parser and TLS take the socket's handle over, and a listener would either
 * never fire or steal the bytes.
 */
export function capConnections(
  server: Server,
  limits: ConnectionLimits,
  refused: (address: string) => void = () => {},
): void {
  const byAddress = new Map<string, Set<Socket>>();
  // Insertion order is age order: the first silent one found is the oldest.
  const all = new Set<Socket>();
  const forget = (socket: Socket, address: string) => {
    all.delete(socket);
    const mine = byAddress.get(address);
    mine?.delete(socket);
    if (mine?.size === 0) byAddress.delete(address);
  };
  const makeRoom = (among: Set<Socket>): boolean => {
    for (const socket of among) {
      if (socket.bytesRead > 0) continue;
      forget(socket, addressOf(socket));
      socket.destroy();
      return true;
    }
    return false;
  };
  server.on('connection', (socket: Socket) => {
    const address = addressOf(socket);
    const mine = byAddress.get(address);
    const full =
      ((mine?.size ?? 0) >= limits.perAddress && !makeRoom(mine!)) || (all.size >= limits.total && !makeRoom(all));
    if (full) {
      socket.destroy();
      refused(address);
      return;
    }
    all.add(socket);
    // Read again: making room may have emptied and dropped this address's set.
    const now = byAddress.get(address);
    if (now) now.add(socket);
    else byAddress.set(address, new Set([socket]));
    const silent = setTimeout(() => {
      if (socket.bytesRead === 0) socket.destroy();
    }, limits.firstByteMs);
    silent.unref();
    socket.once('close', () => {
      clearTimeout(silent);
      forget(socket, address);
    });
  });
}
