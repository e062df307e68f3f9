// The connection settings and their failure modes, with the real sandbox and real files.
import { afterEach, describe, expect, it } from 'vitest';
import { tempDirs, signInManager } from '../support';
import { readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { createApp, type App } from '../../electron/host/create-app';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { startSandbox, DEMO_ACCESS_ID, DEMO_ACCESS_SECRET, type RunningSandbox } from '../../electron/sandbox';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const dirs = tempDirs('venue-conn-');
function tempDir(): string {
  if (!cleanups.includes(dirs.removeAll)) cleanups.push(dirs.removeAll);
  return dirs.make();
}

async function core(dataDir: string, secrets = new MemorySecretStore()): Promise<App> {
  const c = await createApp({ dataDir, runtime: 'headless', secrets });
  cleanups.push(() => c.stop());
  await c.start();
  await signInManager(c.handlers);
  return c;
}

async function remote(): Promise<RunningSandbox> {
  const s = await startSandbox();
  cleanups.push(() => s.close());
  return s;
}

async function until<T>(read: () => T, ok: (v: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('connection service', () => {
  it('starts on the embedded sandbox and gets an integration token', async () => {
    const c = await core(tempDir());
    const status = await until(
      () => c.connection.status(),
      (s) => s.integrationToken.state === 'valid',
    );
    expect(status.settings.mode).toBe('sandbox');
    expect(status.settings.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(status.integrationToken.state).toBe('valid');
  });

  it('switches to a real service, keeps the secret out of the settings file, and remembers the choice', async () => {
    const dir = tempDir();
    const secrets = new MemorySecretStore();
    const service = await remote();
    const c = await core(dir, secrets);
    const status = await c.handlers.saveConnection({
      mode: 'remote',
      baseUrl: `${service.baseUrl}/`,
      accessId: DEMO_ACCESS_ID,
      accessSecret: DEMO_ACCESS_SECRET,
    });
    expect(status.settings.baseUrl).toBe(service.baseUrl);
    expect(c.sandbox()).toBeNull();
    const tested = await c.handlers.testConnection();
    expect(tested.test).toEqual({ ok: true, service: 'remote', baseUrl: service.baseUrl, credentials: 'saved' });
    expect(tested.integrationToken.state).toBe('valid');
    const file = readFileSync(join(dir, 'settings.json'), 'utf8');
    expect(file).not.toContain(DEMO_ACCESS_SECRET);
    expect(JSON.parse(file)).toMatchObject({ mode: 'remote', remoteAccessId: DEMO_ACCESS_ID });

    await c.stop();
    const again = await core(dir, secrets);
    expect(again.connection.status().settings).toMatchObject({
      mode: 'remote',
      baseUrl: service.baseUrl,
      hasSecret: true,
    });
  });

  it('refuses incomplete or malformed remote settings with a sentence', async () => {
    const c = await core(tempDir());
    await expect(
      c.handlers.saveConnection({ mode: 'remote', baseUrl: 'not a url', accessId: 'a', accessSecret: 'b' }),
    ).rejects.toThrow(/not a web address/);
    await expect(
      c.handlers.saveConnection({ mode: 'remote', baseUrl: 'ftp://x.example', accessId: 'a', accessSecret: 'b' }),
    ).rejects.toThrow(/https:\/\//);
    await expect(
      c.handlers.saveConnection({ mode: 'remote', baseUrl: 'https://x.example', accessId: '', accessSecret: 'b' }),
    ).rejects.toThrow(/access id is required/);
    await expect(
      c.handlers.saveConnection({ mode: 'remote', baseUrl: 'https://x.example', accessId: 'a' }),
    ).rejects.toThrow(/secret is required/);
    // Nothing was half-saved: still on the sandbox.
    expect(c.connection.status().settings.mode).toBe('sandbox');
  });

  it('reports wrong credentials and an unreachable service without crashing', async () => {
    const service = await remote();
    const c = await core(tempDir());
    await c.handlers.saveConnection({
      mode: 'remote',
      baseUrl: service.baseUrl,
      accessId: DEMO_ACCESS_ID,
      accessSecret: 'wrong',
    });
    expect((await c.handlers.testConnection()).test).toMatchObject({
      ok: false,
      problem: { kind: 'not-signed-in', message: expect.stringMatching(/rejected the access id or secret \(400\)/) },
    });
    expect(c.connection.status().integrationToken.state).toBe('error');
    await c.handlers.saveConnection({
      mode: 'remote',
      baseUrl: 'http://127.0.0.1:9',
      accessId: 'a',
      accessSecret: 'b',
    });
    expect((await c.handlers.testConnection()).test).toMatchObject({
      ok: false,
      baseUrl: 'http://127.0.0.1:9',
      problem: { kind: 'unreachable', message: expect.stringMatching(/Could not reach http:\/\/127\.0\.0\.1:9/) },
    });
    const view = await c.handlers.listLocations('integration');
    // The kind travels with it, so the screens word it by kind, never by this message.
    expect(view.error).toMatchObject({ kind: 'unreachable', message: expect.stringMatching(/Could not reach/) });
  });

  it('keeps a corrupt settings file aside and starts on defaults', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'settings.json'), '{"version": 1, "mode": "rem');
    const c = await core(dir);
    const status = c.connection.status();
    expect(status.settings.mode).toBe('sandbox');
    expect(status.message ?? '').toMatch(/settings\.json could not be read/);
    const kept = readdirSync(dir).filter((f) => f.startsWith('settings.json.damaged-'));
    expect(kept).toHaveLength(1);
    expect(readFileSync(join(dir, kept[0]), 'utf8')).toContain('"mode": "rem');
    expect(existsSync(join(dir, 'settings.json'))).toBe(false);
  });

  it('lists and subscribes locations as the integration, all or none', async () => {
    const c = await core(tempDir());
    const view = await c.handlers.listLocations('integration');
    expect(view.locations.length).toBe(2);
    await expect(
      c.handlers.subscribeLocations([view.locations[0].uuid, '1c000000-0000-4000-8000-000000000003'], 'integration'),
    ).rejects.toThrow(/403/);
    const unchanged = await c.handlers.listLocations('integration');
    expect(unchanged.locations.every((l) => !l.subscribed)).toBe(true);
    const after = await c.handlers.subscribeLocations([view.locations[0].uuid], 'integration');
    expect(after.locations.find((l) => l.uuid === view.locations[0].uuid)?.subscribed).toBe(true);
  });
});
