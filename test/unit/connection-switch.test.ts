// Switching between the embedded sandbox and a real service, with the
// real core, the real sandbox over HTTP and real files.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp, type App } from '../../electron/host/create-app';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { startSandbox, DEMO_ACCESS_ID, DEMO_ACCESS_SECRET } from '../../electron/sandbox';
import type { ServiceClient } from '../../electron/core/api/service-client';
import type { WebhookSettingsView } from '../../shared/webhooks';
import { tempDirs, signInManager } from '../support';

const cleanups: (() => Promise<void> | void)[] = [];
const dirs = tempDirs('venue-switch-');
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
  dirs.removeAll();
});

async function app(): Promise<App> {
  const dir = dirs.make();
  const a = await createApp({ dataDir: dir, runtime: 'headless', secrets: new MemorySecretStore() });
  cleanups.push(() => a.stop());
  await a.start();
  await signInManager(a.handlers);
  return a;
}

async function realService() {
  const s = await startSandbox();
  cleanups.push(() => s.close());
  return s;
}

describe('switching the connection', () => {
  it('two overlapping saves end on the last one, with one live client and one sandbox (bug C)', async () => {
    const service = await realService();
    const a = await app();
    const clients: ServiceClient[] = [];
    a.connection.events.on('client', (c) => clients.push(c));
    const firstSandbox = a.sandbox();
    expect(firstSandbox).not.toBeNull();

    // Remote then back to the sandbox, without waiting in between: the second must not race the first.
    const remote = a.handlers.saveConnection({
      mode: 'remote',
      baseUrl: service.baseUrl,
      accessId: DEMO_ACCESS_ID,
      accessSecret: DEMO_ACCESS_SECRET,
    });
    const back = a.handlers.saveConnection({ mode: 'sandbox' });
    await Promise.all([remote, back]);

    const status = a.connection.status();
    expect(status.settings.mode).toBe('sandbox');
    expect(a.sandbox()).not.toBeNull();
    expect(status.settings.baseUrl).toBe(a.sandbox()!.baseUrl);
    // Every client but the current one was disposed: none keeps refreshing tokens behind our back.
    const live = clients.filter((c) => !Reflect.get(c, 'disposed'));
    expect(live).toEqual([a.connection.api()]);
    await vi.waitFor(() => expect(a.connection.status().integrationToken.state).toBe('valid'), { timeout: 5000 });
  });

  it('two overlapping saves to the sandbox start it once', async () => {
    const service = await realService();
    const a = await app();
    await a.handlers.saveConnection({
      mode: 'remote',
      baseUrl: service.baseUrl,
      accessId: DEMO_ACCESS_ID,
      accessSecret: DEMO_ACCESS_SECRET,
    });
    expect(a.sandbox()).toBeNull();
    const started: string[] = [];
    a.connection.events.on('client', () => started.push(a.sandbox()?.baseUrl ?? 'none'));
    await Promise.all([a.handlers.saveConnection({ mode: 'sandbox' }), a.handlers.saveConnection({ mode: 'sandbox' })]);
    expect(started).toHaveLength(2);
    expect(new Set(started).size).toBe(1);
    expect(started[0]).toBe(a.sandbox()!.baseUrl);
  });

  it('pushes the webhook settings when switching sandbox ↔ real service, not only the status (bug A)', async () => {
    const service = await realService();
    const a = await app();
    const pushed: WebhookSettingsView[] = [];
    a.events.on('webhookSettings', (s) => pushed.push(s));
    await vi.waitFor(
      () => expect(a.handlers.getWebhookState()).resolves.toMatchObject({ settings: { sandboxRegistered: true } }),
      { timeout: 5000 },
    );

    await a.handlers.saveConnection({
      mode: 'remote',
      baseUrl: service.baseUrl,
      accessId: DEMO_ACCESS_ID,
      accessSecret: DEMO_ACCESS_SECRET,
    });
    await vi.waitFor(() => expect(pushed.at(-1)?.sandboxRegistered).toBe(false), { timeout: 5000 });
    expect(pushed.at(-1)).toEqual((await a.handlers.getWebhookState()).settings);

    await a.handlers.saveConnection({ mode: 'sandbox' });
    await vi.waitFor(() => expect(pushed.at(-1)?.sandboxRegistered).toBe(true), { timeout: 5000 });
    expect(pushed.at(-1)).toEqual((await a.handlers.getWebhookState()).settings);
  });
});
