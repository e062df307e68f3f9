// The core's push events to every connected window: one subscription per event for the whole
// host, each payload turned into JSON once and the same text sent to every socket. A board push
// with 50 tabs is tens of kilobytes; stringifying it again for each window was paid per window
// per push, 20 times a second under load.
import type { WebSocket } from 'ws';
import { ipcEventNames, type IpcEventMap } from '../../shared/contract';
import type { TypedEmitter } from '../core/typed-emitter';

export class EventBroadcast {
  private readonly sockets = new Set<WebSocket>();
  private readonly unsubscribers: (() => void)[];

  constructor(events: TypedEmitter<IpcEventMap>) {
    this.unsubscribers = ipcEventNames.map((name) => events.on(name, (payload) => this.send(name, payload)));
  }

  /** Sends every push to `ws` until it closes. */
  add(ws: WebSocket): void {
    this.sockets.add(ws);
    ws.on('close', () => this.sockets.delete(ws));
  }

  close(): void {
    for (const off of this.unsubscribers) off();
    this.sockets.clear();
  }

  private send(event: string, payload: unknown): void {
    let text: string | null = null;
    for (const ws of this.sockets) {
      if (ws.readyState !== ws.OPEN) continue;
      text ??= JSON.stringify({ event, payload });
      ws.send(text, ignore);
    }
  }
}

function ignore(): void {}
