// Deliveries from the embedded sandbox over real HTTP: signatures labelled `sha256=` or two at once
// (a secret being rotated) are taken, and deliveries the listener refuses become the core's view
// the screens show (refusedDeliveries): its cause, how many, until one is taken again.
import { afterEach, describe, expect, it } from 'vitest';
import { tempDirs, waitUntil, signInManager } from '../support';
import { createApp, type App } from '../../electron/host/create-app';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import type { SignatureForm } from '../../electron/sandbox/readings';

const HARBOUR = '1c000000-0000-4000-8000-000000000001';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const dirs = tempDirs('venue-refused-wh-');

async function core(): Promise<App> {
  if (!cleanups.includes(dirs.removeAll)) cleanups.push(dirs.removeAll);
  const c = await createApp({ dataDir: dirs.make(), runtime: 'headless', secrets: new MemorySecretStore() });
  cleanups.push(() => c.stop());
  await c.start();
  await signInManager(c.handlers);
  await c.handlers.subscribeLocations([HARBOUR], 'integration');
  return c;
}

/** As if the secret were changed on the service's dashboard only. */
function dashboardSecret(c: App, secret: string): void {
  for (const endpoint of c.sandbox()!.world.webhooks.endpoints.list()) endpoint.secret = secret;
}

describe.each<SignatureForm>(['sha256-prefix', 'rotating-comma', 'rotating-space'])(
  'a signature header written %s',
  (form) => {
    it('is verified and the event taken', async () => {
      const c = await core();
      c.sandbox()!.world.readings.signatureForm = form;
      await c.handlers.triggerSandboxEvent({ type: 'OPEN_TAB' });
      await waitUntil(() => c.webhooks.counters().received === 1);
      expect(c.webhooks.counters()).toMatchObject({ verified: 1, rejected: 0 });
      expect(await c.handlers.refusedDeliveries()).toBeNull();
    });
  },
);

describe('refused deliveries, as the screens are told', () => {
  it('names a secret that differs from the dashboard’s, counts them, and clears once one is taken', async () => {
    const c = await core();
    expect(await c.handlers.refusedDeliveries()).toBeNull();
    dashboardSecret(c, 'rotated-on-the-dashboard');
    await c.handlers.triggerSandboxEvent({ type: 'OPEN_TAB' });
    await c.handlers.triggerSandboxEvent({ type: 'CLOSE_TAB' });
    await waitUntil(() => c.webhooks.counters().rejected === 2);
    const refused = await c.handlers.refusedDeliveries();
    expect(refused).toMatchObject({ cause: 'signature-mismatch', count: 2, more: false, lastTakenAt: null });
    expect(refused!.reason).toMatch(/signature does not match/);

    // The secret shown on the dashboard copied into Settings → Webhooks: the next one is taken.
    await c.handlers.saveWebhookSettings({ secret: 'rotated-on-the-dashboard' });
    dashboardSecret(c, 'rotated-on-the-dashboard');
    await c.handlers.triggerSandboxEvent({ type: 'OPEN_TAB' });
    await waitUntil(() => c.webhooks.counters().verified === 1);
    expect(await c.handlers.refusedDeliveries()).toBeNull();
  });

  it('names a custom header the deliveries lack', async () => {
    const c = await core();
    await c.handlers.saveWebhookSettings({ customHeaders: { 'X-Venue-Key': 'only-here' } });
    for (const endpoint of c.sandbox()!.world.webhooks.endpoints.list()) endpoint.customHeaders = {};
    await c.handlers.triggerSandboxEvent({ type: 'OPEN_TAB' });
    await waitUntil(() => c.webhooks.counters().rejected === 1);
    expect(await c.handlers.refusedDeliveries()).toMatchObject({ cause: 'custom-header', count: 1 });
  });
});
