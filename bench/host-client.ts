// The headless host's WebSocket from Node, as the renderer uses it: {id, channel, args} out,
// {id, ok, result | error} back. Push events are only counted. The Origin header is the host's own, as
// a page it served would send.
import WebSocket from 'ws';
import type { IpcHandlers } from '../shared/contract';

type Channel = keyof IpcHandlers;
type Result<C extends Channel> = Awaited<ReturnType<IpcHandlers[C]>>;

export class HostClient {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  /** Push events seen, by name (the whole-app soak counts board pushes). */
  readonly pushes = new Map<string, number>();

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as {
        id?: number;
        ok?: boolean;
        result?: unknown;
        error?: { message: string };
        event?: string;
      };
      if (typeof message.event === 'string') this.pushes.set(message.event, (this.pushes.get(message.event) ?? 0) + 1);
      if (typeof message.id !== 'number') return;
      const waiter = this.pending.get(message.id);
      if (!waiter) return;
      this.pending.delete(message.id);
      if (message.ok) waiter.resolve(message.result);
      else waiter.reject(new Error(message.error?.message ?? 'request failed'));
    });
    // A host that went away fails the calls in flight rather than leaving the bench waiting.
    ws.on('close', () => {
      for (const waiter of this.pending.values()) waiter.reject(new Error('the host closed the WebSocket'));
      this.pending.clear();
    });
  }

  /** `hostUrl` as the host prints it: http://127.0.0.1:PORT/?token=… */
  static async connect(hostUrl: string): Promise<HostClient> {
    const url = new URL(hostUrl);
    const ws = new WebSocket(`ws://${url.host}/ws?token=${url.searchParams.get('token') ?? ''}`, {
      origin: `http://${url.host}`,
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new HostClient(ws);
  }

  call<C extends Channel>(channel: C, ...args: Parameters<IpcHandlers[C]>): Promise<Result<C>> {
    const id = this.nextId++;
    return new Promise<Result<C>>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.ws.send(JSON.stringify({ id, channel, args }));
    });
  }

  close(): void {
    this.ws.close();
  }
}
