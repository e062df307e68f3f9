// The composed app: the embedded sandbox delivers to the app's own listener, over real HTTP.
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, tempDirs, waitUntil, signInManager } from '../support';
import { createApp, type App, type AppOptions } from '../../electron/host/create-app';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { WEBHOOK_EVENT_TYPES } from '../../shared/webhooks';

const HARBOUR = '1c000000-0000-4000-8000-000000000001';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const dirs = tempDirs('venue-core-wh-');
function tempDir(): string {
  if (!cleanups.includes(dirs.removeAll)) cleanups.push(dirs.removeAll);
  return dirs.make();
}

async function core(dataDir: string, extra: Partial<AppOptions> = {}): Promise<App> {
  const c = await createApp({ dataDir, runtime: 'headless', secrets: new MemorySecretStore(), ...extra });
  cleanups.push(() => c.stop());
  await c.start();
  await signInManager(c.handlers);
  return c;
}

const until = (check: () => boolean, ms = 5000) => waitUntil(check, ms);

describe('the app receiving from the embedded sandbox', () => {
  it('registers its listener with a secret, and a triggered event arrives verified', async () => {
    const c = await core(tempDir());
    expect(c.webhooks.state().settings).toMatchObject({ sandboxRegistered: true, hasSecret: true });
    const before = await c.handlers.triggerSandboxEvent({ type: 'OPEN_TAB' });
    expect(before.message).toMatch(/not sent: no endpoint is subscribed/);
    await c.handlers.subscribeLocations([HARBOUR], 'integration');
    const pushed: unknown[] = [];
    cleanups.push(c.events.on('webhookEvents', (stored) => pushed.push(stored)));
    await c.handlers.triggerSandboxEvent({ type: 'OPEN_TAB' });
    await until(() => c.webhooks.counters().verified === 1);
    const page = await c.handlers.listEvents({}, 0, 10);
    expect(page.rows[0]).toMatchObject({ type: 'OPEN_TAB', verification: 'verified', locationUuid: HARBOUR });
    // The screens are told which rows were stored (a few bytes), and read the rows they show.
    await until(() => pushed.length > 0);
    expect(pushed).toEqual([{ seqs: [page.rows[0].seq] }]);
  });

  it('round-trips each of the 18 types from the sandbox: verified, unflagged, every data key intact', async () => {
    const c = await core(tempDir());
    await c.handlers.subscribeLocations([HARBOUR], 'integration');
    const sent = new Map<string, Record<string, unknown>>();
    for (const type of WEBHOOK_EVENT_TYPES) {
      const response = await fetch(`${c.sandbox()!.baseUrl}/_sandbox/webhooks/trigger`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ type }),
      });
      const body = (await response.json()) as { envelope: { data: Record<string, unknown> } };
      expect(response.status, type).toBe(200);
      sent.set(type, body.envelope.data);
    }
    await until(() => c.webhooks.counters().verified === WEBHOOK_EVENT_TYPES.length);
    const page = await c.handlers.listEvents({}, 0, 50);
    expect(page.total).toBe(WEBHOOK_EVENT_TYPES.length);
    for (const row of page.rows) {
      expect(row, row.type).toMatchObject({ verification: 'verified', knownType: true, problem: null });
      const detail = await c.handlers.getEvent(row.seq);
      const received = JSON.parse(detail!.rawBody) as { data: Record<string, unknown> };
      expect(received.data, row.type).toEqual(sent.get(row.type));
    }
  });

  it('shows a forged delivery as rejected and never applies it', async () => {
    const c = await core(tempDir());
    await c.handlers.subscribeLocations([HARBOUR], 'integration');
    await c.handlers.triggerSandboxEvent({ type: 'OPEN_TAB', forge: true });
    await until(() => c.webhooks.counters().rejected === 1);
    const [row] = (await c.handlers.listEvents({ verification: 'rejected' }, 0, 10)).rows;
    const detail = await c.handlers.getEvent(row.seq);
    expect(detail?.signature.result).toBe('mismatch');
    expect((await c.handlers.replayEvent(row.seq)).applied).toBe(false);
  });

  it('follows a changed header prefix on both sides', async () => {
    const c = await core(tempDir());
    await c.handlers.saveConnection({ mode: 'sandbox', headerPrefix: 'Acme' });
    await until(() => c.webhooks.state().settings.sandboxRegistered);
    await c.handlers.subscribeLocations([HARBOUR], 'integration');
    await c.handlers.triggerSandboxEvent({ type: 'MENU_UPDATED' });
    await until(() => c.webhooks.counters().verified === 1);
    const [row] = (await c.handlers.listEvents({}, 0, 1)).rows;
    const detail = await c.handlers.getEvent(row.seq);
    expect(Object.keys(detail!.headers).map((h) => h.toLowerCase())).toContain('x-acme-signature');
  });

  it('keeps the event log across a restart and honours a forced port and secret', async () => {
    const dir = tempDir();
    const port = await freePort();
    const first = await core(dir, { webhook: { port, secret: 'provisioned-secret' } });
    expect(first.webhooks.status().url).toBe(`http://127.0.0.1:${port}/webhooks`);
    await first.handlers.subscribeLocations([HARBOUR], 'integration');
    await first.handlers.triggerSandboxEvent({ type: 'LOCATION_UPDATED' });
    await until(() => first.webhooks.counters().verified === 1);
    await first.stop();
    const second = await core(dir, { webhook: { port, secret: 'provisioned-secret' } });
    expect(second.webhooks.counters()).toMatchObject({ received: 1, verified: 1 });
    expect((await second.handlers.listEvents({ type: 'LOCATION_UPDATED' }, 0, 5)).total).toBe(1);
  });

  it('moves the listener to a new port and path, demands a custom header, and the sandbox follows', async () => {
    const dir = tempDir();
    const c = await core(dir);
    await c.handlers.subscribeLocations([HARBOUR], 'integration');
    const port = await freePort();
    const state = await c.handlers.saveWebhookSettings({
      port,
      path: '/hooks/venue',
      customHeaders: { Authorization: 'Bearer venue-cred' },
    });
    expect(state.status.url).toBe(`http://127.0.0.1:${port}/hooks/venue`);
    expect(state.settings).toMatchObject({
      host: '127.0.0.1',
      port,
      path: '/hooks/venue',
      customHeaderNames: ['Authorization'],
    });
    // A stranger without the header is refused; the sandbox, registered with it, still gets through.
    const stranger = await fetch(state.status.url!, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(stranger.status).toBe(401);
    await c.handlers.triggerSandboxEvent({ type: 'MENU_UPDATED' });
    await until(() => c.webhooks.counters().verified === 1);
    const [row] = (await c.handlers.listEvents({ verification: 'verified' }, 0, 1)).rows;
    expect(
      (await c.handlers.getEvent(row.seq))!.headers.authorization ??
        (await c.handlers.getEvent(row.seq))!.headers.Authorization,
    ).toBe('[redacted]');
    await c.stop();
    const again = await core(dir);
    expect(again.webhooks.state().settings).toMatchObject({ port, path: '/hooks/venue' });
  });

  it('says clearly when the tunnel cannot start, and stops cleanly', async () => {
    const c = await core(tempDir(), {
      tunnelConnector: async ({ authtoken }) => {
        if (authtoken === 'bad') throw new Error('failed to authenticate: ERR_NGROK_105');
        return { url: () => 'https://example.ngrok.test', close: async () => {} };
      },
    });
    expect((await c.handlers.startTunnel('bad')).message).toMatch(/refused the authtoken/);
    const online = await c.handlers.startTunnel('good');
    expect(online).toMatchObject({ state: 'online', publicUrl: 'https://example.ngrok.test/webhooks' });
    expect((await c.handlers.stopTunnel()).state).toBe('off');
  });

  it('a running tunnel follows the listener to its new port and path', async () => {
    const opened: { port: number; closed: boolean }[] = [];
    const c = await core(tempDir(), {
      tunnelConnector: async ({ port }) => {
        const tunnel = { port, closed: false };
        opened.push(tunnel);
        return { url: () => `https://t${opened.length}.ngrok.test`, close: async () => void (tunnel.closed = true) };
      },
    });
    const first = Number(new URL(c.webhooks.status().url!).port);
    expect(await c.handlers.startTunnel('good')).toMatchObject({ state: 'online' });
    expect(opened).toEqual([{ port: first, closed: false }]);

    const port = await freePort();
    await c.handlers.saveWebhookSettings({ port });
    expect(Number(new URL(c.webhooks.status().url!).port)).toBe(port);
    // The old tunnel is closed and a new one forwards to the new port, with the same authtoken.
    expect(opened).toEqual([
      { port: first, closed: true },
      { port, closed: false },
    ]);
    expect(c.webhooks.tunnel.status()).toMatchObject({ state: 'online', publicUrl: 'https://t2.ngrok.test/webhooks' });

    // A new path alone keeps the tunnel and changes its public address.
    await c.handlers.saveWebhookSettings({ path: '/hooks/venue' });
    expect(opened).toHaveLength(2);
    expect(c.webhooks.tunnel.status()).toMatchObject({
      state: 'online',
      publicUrl: 'https://t2.ngrok.test/hooks/venue',
    });
    await c.handlers.stopTunnel();
    expect(opened[1].closed).toBe(true);
  });
});
