// Bug G (issue 14): the webhook listener subscribed to connection changes on every start and never
// unsubscribed, so each stop/start pair left one more listener re-registering with the sandbox.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createApp, type App } from '../../electron/host/create-app';

let app: App | null = null;
let dir = '';
afterEach(async () => {
  await app?.stop();
  rmSync(dir, { recursive: true, force: true });
});

it('a stopped webhook listener stops listening to connection changes; a restart adds exactly one listener', async () => {
  dir = mkdtempSync(join(tmpdir(), 'venue-listener-'));
  app = await createApp({ dataDir: dir, runtime: 'headless' });
  await app.start();
  const started = app.connection.events.listenerCount('client');
  await app.webhooks.stop();
  expect(app.connection.events.listenerCount('client')).toBe(started - 1);
  await app.webhooks.start();
  await app.webhooks.stop();
  await app.webhooks.start();
  expect(app.connection.events.listenerCount('client')).toBe(started);
});
