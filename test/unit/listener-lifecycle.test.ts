// A stopped webhook listener stops listening to connection changes, so stop/start pairs never
// leave one more listener re-registering with the sandbox.
import { afterEach, expect, it } from 'vitest';
import { createApp, type App } from '../../electron/host/create-app';
import { tempDirs } from '../support';

let app: App | null = null;
const dirs = tempDirs('venue-listener-');
afterEach(async () => {
  await app?.stop();
  dirs.removeAll();
});

it('a stopped webhook listener stops listening to connection changes; a restart adds exactly one listener', async () => {
  app = await createApp({ dataDir: dirs.make(), runtime: 'headless' });
  await app.start();
  const started = app.connection.events.listenerCount('client');
  await app.webhooks.stop();
  expect(app.connection.events.listenerCount('client')).toBe(started - 1);
  await app.webhooks.start();
  await app.webhooks.stop();
  await app.webhooks.start();
  expect(app.connection.events.listenerCount('client')).toBe(started);
});
