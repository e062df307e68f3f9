// Push events reach every connected window of the headless host, turned into JSON once per push
// however many windows are open, and stop for a window once it closes.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import { startHost } from '../../electron/host/host';
import { TypedEmitter } from '../../electron/core/typed-emitter';
import type { IpcEventMap, IpcHandlers } from '../../shared/contract';
import type { WebhookCounters } from '../../shared/webhooks';
import { tempDirs, waitUntil } from '../support';

const dirs = tempDirs('venue-broadcast-');
const dir = dirs.make();
afterAll(() => dirs.removeAll());

describe('host push events', () => {
  it('sends one JSON text of a push to every open window, and none to a closed one', async () => {
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>t</title>');
    const events = new TypedEmitter<IpcEventMap>();
    const host = await startHost({ rendererDir: dir, handlers: {} as IpcHandlers, events, token: 'run-token' });
    const origin = `http://127.0.0.1:${host.port}`;
    const open = () =>
      new Promise<{ ws: WebSocket; got: unknown[] }>((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${host.port}/ws?token=run-token`, { headers: { Origin: origin } });
        const got: unknown[] = [];
        ws.on('message', (data) => got.push(JSON.parse(String(data))));
        ws.once('open', () => resolve({ ws, got }));
        ws.once('error', reject);
      });
    try {
      const windows = [await open(), await open(), await open()];
      let stringified = 0;
      const counters = { received: 1, verified: 1, unsigned: 0, rejected: 0, duplicate: 0, stale: 0, flagged: 0 };
      // toJSON runs once per JSON.stringify of the push: the count says how often it was serialised.
      const payload = { toJSON: () => (stringified++, counters) } as unknown as WebhookCounters;
      events.emit('webhookCounters', payload);
      await Promise.all(windows.map(({ got }) => waitUntil(() => got.length === 1)));
      expect(stringified).toBe(1);
      for (const { got } of windows) expect(got).toEqual([{ event: 'webhookCounters', payload: counters }]);

      const closed = new Promise((resolve) => windows[0].ws.once('close', resolve));
      windows[0].ws.close();
      await closed;
      await waitUntil(() => true);
      events.emit('webhookCounters', { ...counters, received: 2 });
      await Promise.all(windows.slice(1).map(({ got }) => waitUntil(() => got.length === 2)));
      expect(windows[0].got).toHaveLength(1);
      for (const { ws } of windows.slice(1)) ws.close();
    } finally {
      await host.close();
    }
  });
});
