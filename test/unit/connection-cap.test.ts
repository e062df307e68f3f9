// The bounds every port of the app puts on its connections (electron/core/net/connection-cap.ts),
// on a plain TCP server on loopback: the total cap holds across addresses (all of 127/8 is this
// computer, so one process can spread over many), and a connection that has spoken is never the
// one that makes room.
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { capConnections } from '../../electron/core/net/connection-cap';

const undo: (() => void)[] = [];
afterEach(() => {
  while (undo.length) undo.pop()!();
});

async function echoServer(limits: { perAddress: number; total: number; firstByteMs: number }): Promise<number> {
  const server: Server = createServer((socket) => {
    socket.on('error', () => {});
    socket.on('data', (chunk) => socket.write(chunk));
  });
  capConnections(server, limits);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  undo.push(() => void server.close());
  return (server.address() as { port: number }).port;
}

/** Connects from `from`; 'spoken' once its byte came back, 'closed' if the server closed it first. */
function dial(
  port: number,
  from: string,
  speak: boolean,
): Promise<{ socket: Socket; state: 'open' | 'spoken' | 'closed' }> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: from });
    undo.push(() => void socket.destroy());
    socket.on('error', () => {});
    socket.once('close', () => resolve({ socket, state: 'closed' }));
    socket.once('connect', () => (speak ? socket.write('x') : resolve({ socket, state: 'open' })));
    socket.once('data', () => resolve({ socket, state: 'spoken' }));
  });
}

const runsOnLinux = process.platform === 'linux';

describe('connection cap', () => {
  it.runIf(runsOnLinux)(
    'holds the total across addresses: past it a new one is refused while all have spoken',
    async () => {
      const port = await echoServer({ perAddress: 4, total: 6, firstByteMs: 10_000 });
      const states: string[] = [];
      for (const from of ['127.0.0.1', '127.0.0.2', '127.0.0.3'])
        for (let n = 0; n < 2; n++) states.push((await dial(port, from, true)).state);
      expect(states).toEqual(Array(6).fill('spoken'));
      expect((await dial(port, '127.0.0.4', true)).state).toBe('closed');
    },
  );

  it.runIf(runsOnLinux)('at the total, the oldest silent connection makes room, from any address', async () => {
    const port = await echoServer({ perAddress: 4, total: 3, firstByteMs: 10_000 });
    const silent = await dial(port, '127.0.0.2', false);
    const closed = new Promise<void>((resolve) => silent.socket.once('close', () => resolve()));
    expect((await dial(port, '127.0.0.3', true)).state).toBe('spoken');
    expect((await dial(port, '127.0.0.3', true)).state).toBe('spoken');
    expect((await dial(port, '127.0.0.4', true)).state).toBe('spoken');
    await closed;
  });
});
