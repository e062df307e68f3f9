// Saves of the webhook settings that overlap (a double click, two screens) run one after another:
// the last one wins, and exactly one listener and one event-log writer are left. Real sockets,
// the embedded sandbox delivering over real HTTP, real files.
import { readdirSync, readlinkSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { freePort, signInManager, waitUntil } from '../support';
import { testCores } from '../support/test-cores';

const HARBOUR = '1c000000-0000-4000-8000-000000000001';
const cores = testCores('venue-listener-saves-');

/** Whether something accepts a TCP connection on 127.0.0.1:port right now. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** This process's open files whose path starts with `prefix` (Linux's /proc; elsewhere none are seen). */
function openFilesUnder(prefix: string): string[] {
  let fds: string[];
  try {
    fds = readdirSync('/proc/self/fd');
  } catch {
    return [];
  }
  return fds
    .map((fd) => {
      try {
        return readlinkSync(join('/proc/self/fd', fd));
      } catch {
        return '';
      }
    })
    .filter((target) => target.startsWith(prefix));
}

it('overlapping saves leave one listener, on the last port, and one event-log writer', async () => {
  const dataDir = cores.dir();
  const c = await cores.start({ dataDir });
  await signInManager(c.handlers);
  await c.handlers.subscribeLocations([HARBOUR], 'integration');
  const ports = [await freePort(), await freePort(), await freePort()];
  const last = ports[ports.length - 1];

  const states = await Promise.all(ports.map((port) => c.handlers.saveWebhookSettings({ port })));
  expect(states[states.length - 1].status).toMatchObject({
    state: 'listening',
    url: `http://127.0.0.1:${last}/webhooks`,
  });
  expect(c.webhooks.status().url).toBe(`http://127.0.0.1:${last}/webhooks`);
  expect(await Promise.all(ports.map(listening))).toEqual([false, false, true]);

  // A delivery lands once, through the one writer.
  await waitUntil(() => c.webhooks.state().settings.sandboxRegistered);
  await c.handlers.triggerSandboxEvent({ type: 'MENU_UPDATED' });
  await waitUntil(() => c.webhooks.counters().verified === 1);
  expect((await c.handlers.listEvents({}, 0, 10)).total).toBe(1);

  // Stopped, nothing of a listener is left: no port answers and no log file (nor its index
  // beside it, webhooks-index) is held open.
  await c.webhooks.stop();
  expect(await Promise.all(ports.map(listening))).toEqual([false, false, false]);
  expect(openFilesUnder(join(dataDir, 'webhooks'))).toEqual([]);
});
