// mDNS that stays inside this process: every socket made from one link hears what any of them
// sends, as sockets on one multicast group would, and nothing reaches the machine's network.
import { EventEmitter } from 'node:events';
import type { DiscoveryTransport } from '../../electron/core/hub/hub-discovery';

class MemorySocket extends EventEmitter {
  constructor(private readonly peers: Set<MemorySocket>) {
    super();
  }

  bind(_port: number, _address: string | undefined, done: () => void): void {
    this.peers.add(this);
    setImmediate(() => {
      this.emit('listening');
      done();
    });
  }

  send(message: Buffer, offset: number, length: number, port: number, _address: string, done?: () => void): void {
    const copy = Buffer.from(message.subarray(offset, offset + length));
    for (const peer of this.peers)
      setImmediate(() => peer.emit('message', copy, { address: '127.0.0.1', family: 'IPv4', port, size: length }));
    setImmediate(() => done?.());
  }

  address(): { address: string; port: number } {
    return { address: '127.0.0.1', port: 5353 };
  }

  close(done?: () => void): void {
    this.peers.delete(this);
    setImmediate(() => done?.());
  }
}

/** One in-memory link: call `transport()` for each hub or finder that should hear the others. */
export function memoryMdns(): { transport(): DiscoveryTransport } {
  const peers = new Set<MemorySocket>();
  return { transport: () => ({ socket: new MemorySocket(peers), multicast: false }) };
}
