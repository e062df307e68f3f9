// A bound on how many connections one address may hold open at once, so whoever can reach a port
// cannot hold all of the process's sockets and memory with idle or slow connections. Past the
// cap, a new connection from that address is closed at once; everyone else is unaffected.
import type { Server } from 'node:net';
import type { Socket } from 'node:net';

/** The webhook listener: the service (or the tunnel and the practice venue, all from loopback) sends in parallel. */
export const LISTENER_CONNECTIONS_PER_ADDRESS = 128;
/** The venue hub: a satellite holds one WebSocket and makes the odd pairing request. */
export const HUB_CONNECTIONS_PER_ADDRESS = 32;

/** IPv4 clients of a dual-stack socket show as ::ffff:a.b.c.d: one address either way. */
function addressOf(socket: Socket): string {
  const address = socket.remoteAddress ?? '';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

export function capConnectionsPerAddress(
  server: Server,
  max: number,
  refused: (address: string) => void = () => {},
): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = addressOf(socket);
    const count = open.get(address) ?? 0;
    if (count >= max) {
      socket.destroy();
      refused(address);
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
