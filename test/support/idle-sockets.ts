// Sockets that connect and never send a byte, as a local process holding a port's connections
// would: each one the server closes connects again at once, until stop().
import { connect, type Socket } from 'node:net';

export interface IdleSockets {
  /** Resolves once `count` connections have opened. */
  ready: Promise<void>;
  /** How many times one was closed by the server and connected again. */
  reconnects(): number;
  stop(): void;
}

export function idleSockets(port: number, count: number, host = '127.0.0.1'): IdleSockets {
  let stopped = false;
  let reconnects = 0;
  let connected = 0;
  const sockets = new Set<Socket>();
  let allOpen!: () => void;
  const ready = new Promise<void>((resolve) => (allOpen = resolve));
  const one = () => {
    const socket = connect(port, host);
    sockets.add(socket);
    socket.on('error', () => {});
    socket.once('connect', () => {
      if (connected < count && ++connected === count) allOpen();
    });
    socket.once('close', () => {
      sockets.delete(socket);
      if (stopped) return;
      reconnects += 1;
      one();
    });
  };
  for (let n = 0; n < count; n++) one();
  return {
    ready,
    reconnects: () => reconnects,
    stop: () => {
      stopped = true;
      for (const socket of sockets) socket.destroy();
    },
  };
}
