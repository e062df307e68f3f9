// A webhook secret wherever the listener can be reached from beyond this computer (a tunnel, an
// address other than loopback), and a signature that cannot be verified is never applied, even
// when no secret is set. The fuzz counts forged or mis-signed deliveries that were accepted.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../electron/host/create-app';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { assessDelivery } from '../../electron/core/webhooks/assess-delivery';
import { signBody } from '../../electron/core/webhooks/signature';
import { WebhookReceiver } from '../../electron/core/webhooks';
import { tempDirs, signInManager } from '../support';
import { deliver, envelope, SAMPLES } from './webhook-fixtures';

const dirs = tempDirs('venue-whsecret-');
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});
afterAll(() => dirs.removeAll());

/** A core on a real service that is not there: no practice venue, so no secret is set for us. */
async function core(dataDir = dirs.make()): Promise<App> {
  const c = await createApp({
    dataDir,
    runtime: 'headless',
    secrets: new MemorySecretStore(),
    serviceUrl: 'http://127.0.0.1:9',
    accessId: 'a',
    accessSecret: 'b',
    tunnelConnector: async () => ({ url: () => 'https://example.ngrok.test', close: async () => {} }),
  });
  cleanups.push(() => c.stop());
  await c.start();
  await signInManager(c.handlers);
  return c;
}

describe('a secret where others can reach the listener', () => {
  it('refuses a network address or a tunnel without a secret, and says why', async () => {
    const c = await core();
    expect((await c.handlers.getWebhookState()).settings.hasSecret).toBe(false);
    await expect(c.handlers.saveWebhookSettings({ host: '0.0.0.0' })).rejects.toThrow(
      /secret is required because other computers can reach the listener/,
    );
    await expect(c.handlers.startTunnel('token')).rejects.toThrow(
      /secret is required because the tunnel makes the listener reachable from the internet/,
    );
    expect((await c.handlers.getWebhookState()).settings.host).toBe('127.0.0.1');
    expect(c.webhooks.tunnel.status().state).toBe('off');

    await c.handlers.saveWebhookSettings({ secret: 'whsec-1', host: '0.0.0.0' });
    expect((await c.handlers.getWebhookState()).settings.host).toBe('0.0.0.0');
    await expect(c.handlers.saveWebhookSettings({ secret: null })).rejects.toThrow(/secret is required/);
    await c.handlers.saveWebhookSettings({ host: '127.0.0.1' });
    expect((await c.handlers.startTunnel('token')).state).toBe('online');
    await expect(c.handlers.saveWebhookSettings({ secret: null })).rejects.toThrow(
      /tunnel makes the listener reachable/,
    );
    await c.handlers.stopTunnel();
    await c.handlers.saveWebhookSettings({ secret: null });
    expect((await c.handlers.getWebhookState()).settings.hasSecret).toBe(false);
  });

  it('listens on this computer only when the saved address is the network but no secret is kept', async () => {
    const dataDir = dirs.make();
    writeFileSync(
      join(dataDir, 'webhook-settings.json'),
      JSON.stringify({ version: 1, host: '0.0.0.0', port: 0, path: '/webhooks', retentionEvents: 200_000 }),
    );
    const c = await core(dataDir);
    expect(c.webhooks.status().url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhooks$/);
  });
});

describe('a signature that cannot be verified is never applied', () => {
  it('refuses a signed delivery when no secret is set, and keeps an unsigned one without applying it', async () => {
    const receiver = new WebhookReceiver({ dataDir: dirs.make(), secret: null });
    cleanups.push(() => receiver.stop());
    const { url } = await receiver.start();
    let applied = 0;
    receiver.addProjection({ name: 'probe', apply: () => void (applied += 1) });
    const event = envelope('OPEN_TAB', SAMPLES.OPEN_TAB, new Date().toISOString());
    expect((await deliver(url!, event, 'a-secret-we-do-not-have')).status).toBe(401);
    expect((await deliver(url!, event, null, { 'X-Service-Signature': 'not-even-hex' })).status).toBe(401);
    expect(receiver.counters()).toMatchObject({ rejected: 2, unsigned: 0 });
    expect(applied).toBe(0);
    expect((await deliver(url!, event, null)).status).toBe(200);
    expect(receiver.counters()).toMatchObject({ rejected: 2, unsigned: 1 });
    // Kept for the inspector only: nothing proves who sent it.
    await new Promise((resolve) => setImmediate(resolve));
    expect(applied).toBe(0);
  });

  it('fuzz: 60 000 forged, mis-signed or signed-without-a-secret deliveries, none accepted', () => {
    const secret = 'whsec-fuzz-0123456789';
    const body = Buffer.from(JSON.stringify(envelope('OPEN_TAB', SAMPLES.OPEN_TAB, new Date().toISOString())));
    const good = signBody(body, secret);
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const hex = '0123456789abcdef';
    const forged = (i: number): string => {
      switch (i % 6) {
        case 0: // one hex digit changed
          return (
            good.slice(0, i % 64) + hex[(hex.indexOf(good[i % 64]) + 1 + (i % 15)) % 16] + good.slice((i % 64) + 1)
          );
        case 1: // random 64 hex digits
          return Array.from({ length: 64 }, () => hex[Math.floor(rand() * 16)]).join('');
        case 2: // the right signature of a different body
          return signBody(Buffer.concat([body, Buffer.from(' ')]), secret);
        case 3: // signed with a near-miss secret
          return signBody(body, `${secret}${i}`);
        case 4: // truncated, padded or uppercase-mangled
          return i % 2 ? good.slice(0, 63) : `${good}0`;
        default: // garbage
          return Array.from({ length: Math.floor(rand() * 100) }, () =>
            String.fromCharCode(32 + Math.floor(rand() * 90)),
          ).join('');
      }
    };
    let accepted = 0;
    const cases = 60_000;
    for (let i = 0; i < cases; i++) {
      const header = forged(i);
      const withSecret = assessDelivery(
        body,
        { 'x-service-signature': header },
        { secret, headerPrefix: 'Service', customHeaders: {} },
      );
      // Half the cases: the same forged header at a listener with no secret at all.
      const noSecret =
        i % 2 === 0
          ? assessDelivery(
              body,
              { 'x-service-signature': header },
              { secret: null, headerPrefix: 'Service', customHeaders: {} },
            )
          : null;
      if (withSecret.outcome === 'accepted' || noSecret?.outcome === 'accepted') accepted += 1;
    }
    console.log(
      `[figure] webhook signature fuzz: ${cases} forged or mis-signed deliveries (plus ${cases / 2} of them at a listener with no secret), ${accepted} accepted`,
    );
    expect(accepted).toBe(0);
    expect(
      assessDelivery(body, { 'x-service-signature': good }, { secret, headerPrefix: 'Service', customHeaders: {} })
        .outcome,
    ).toBe('accepted');
  });
});
