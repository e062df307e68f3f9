// The renderer's WebSocket bridge, run in Node: a global WebSocket that sends the Origin of the
// host's own page, as a browser would. Once `finish()` is called the bridge's reconnects get a
// socket that never opens, so none outlives the host (it stays installed: a reconnect may still be
// due after the file's last test).
import WebSocket from 'ws';

/** `host`, when given, is the Host header the page sends (its own), whatever address the bytes go to. */
export function installPageWebSocket(origin: () => string, host?: () => string): { finish(): void } {
  let finished = false;
  (globalThis as { WebSocket?: unknown }).WebSocket = class extends WebSocket {
    constructor(url: string) {
      if (finished) return { readyState: WebSocket.CLOSED, send() {}, close() {} } as unknown as WebSocket;
      super(url, { headers: { Origin: origin(), ...(host ? { Host: host() } : {}) } });
      this.on('error', () => {});
    }
  };
  return { finish: () => void (finished = true) };
}
