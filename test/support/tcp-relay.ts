// A TCP relay on 127.0.0.1 in front of `port`, for cutting a link the way networks do: `cut()`
// closes the connections open at that moment (a dropped link the far side hears about), `drop()`
// silently stops carrying their bytes and refuses new ones (a Wi-Fi drop nobody hears about) until
// `restore()`. New connections after a cut go through.
import { connect, createServer, type Socket } from 'node:net';

export interface TcpRelay {
  port: number;
  /** Connections carried so far (each reconnect counts). */
  connections(): number;
  cut(): void;
  drop(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function tcpRelay(port: number): Promise<TcpRelay> {
  const open = new Set<{ dropped: boolean; end(): void }>();
  const sockets: Socket[] = [];
  let down = false;
  let carried = 0;
  const server = createServer((client) => {
    if (down) return void client.destroy();
    carried++;
    const upstream = connect(port, '127.0.0.1');
    sockets.push(client, upstream);
    const state = { dropped: false, end: () => (client.destroy(), upstream.destroy(), open.delete(state)) };
    open.add(state);
    client.on('data', (d) => !state.dropped && upstream.write(d));
    upstream.on('data', (d) => !state.dropped && client.write(d));
    client.on('error', state.end).on('close', () => !state.dropped && state.end());
    upstream.on('error', state.end).on('close', () => !state.dropped && state.end());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    port: (server.address() as { port: number }).port,
    connections: () => carried,
    cut: () => [...open].forEach((s) => s.end()),
    drop: () => {
      down = true;
      open.forEach((s) => (s.dropped = true));
    },
    restore: () => (down = false),
    close: () => new Promise<void>((r) => (sockets.forEach((s) => s.destroy()), server.close(() => r()))),
  };
}
