// The access secret is bound to the address it was typed for: a new base URL (in Settings, in
// "Test connection", or written into settings.json) never receives the stored secret, and a
// service on another computer must be https://. A canary secret is looked for in every byte a
// stranger's server receives.
import { createServer, type Server } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../electron/host/create-app';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { startSandbox, DEMO_ACCESS_ID, DEMO_ACCESS_SECRET } from '../../electron/sandbox';
import { tempDirs, signInManager } from '../support';

const dirs = tempDirs('venue-bind-');
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
  dirs.removeAll();
});

/** A stranger's server on this computer: records every byte it is sent, answers 401. */
async function stranger(): Promise<{ url: string; received: () => string }> {
  let seen = '';
  const server: Server = createServer((req, res) => {
    seen += `${req.method} ${req.url} ${JSON.stringify(req.headers)}\n`;
    req.on('data', (chunk: Buffer) => (seen += chunk.toString('utf8')));
    req.on('end', () => res.writeHead(401, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, received: () => seen };
}

async function core(dataDir: string, secrets: MemorySecretStore): Promise<App> {
  const c = await createApp({ dataDir, runtime: 'headless', secrets });
  cleanups.push(() => c.stop());
  await c.start();
  await signInManager(c.handlers);
  return c;
}

describe('the access secret is bound to its base URL', () => {
  it('needs the secret typed again for a new address, and never sends the stored one there', async () => {
    const service = await startSandbox();
    cleanups.push(() => service.close());
    const evil = await stranger();
    const secrets = new MemorySecretStore();
    const c = await core(dirs.make(), secrets);
    await c.handlers.saveConnection({
      mode: 'remote',
      baseUrl: service.baseUrl,
      accessId: DEMO_ACCESS_ID,
      accessSecret: DEMO_ACCESS_SECRET,
    });
    expect(c.connection.status().settings.hasSecret).toBe(true);

    await expect(c.handlers.saveConnection({ mode: 'remote', baseUrl: evil.url })).rejects.toThrow(
      /type the API access secret again.*only ever sent to/,
    );
    const tried = await c.handlers.testConnection({ mode: 'remote', baseUrl: evil.url, accessId: DEMO_ACCESS_ID });
    expect(tried.test).toMatchObject({
      ok: false,
      problem: {
        kind: 'invalid',
        data: { field: 'accessSecret' },
        message: expect.stringMatching(/type the API access secret again/),
      },
    });
    // Same address, secret left blank: still the stored one (nothing to retype).
    await c.handlers.saveConnection({ mode: 'remote', baseUrl: `${service.baseUrl}/` });
    expect(c.connection.status().settings.baseUrl).toBe(service.baseUrl);
    expect(evil.received()).not.toContain(DEMO_ACCESS_SECRET);
    expect(evil.received()).toBe('');

    // Typed again for the new address: only now does it go there (and is bound to it).
    await c.handlers.saveConnection({
      mode: 'remote',
      baseUrl: evil.url,
      accessId: DEMO_ACCESS_ID,
      accessSecret: 'typed-for-the-new-one',
    });
    await expect.poll(() => evil.received()).toContain('typed-for-the-new-one');
    expect(evil.received()).not.toContain(DEMO_ACCESS_SECRET);
  });

  it('does not send the stored secret to an address written into settings.json', async () => {
    const service = await startSandbox();
    cleanups.push(() => service.close());
    const evil = await stranger();
    const dataDir = dirs.make();
    const secrets = new MemorySecretStore();
    const first = await core(dataDir, secrets);
    await first.handlers.saveConnection({
      mode: 'remote',
      baseUrl: service.baseUrl,
      accessId: DEMO_ACCESS_ID,
      accessSecret: DEMO_ACCESS_SECRET,
    });
    await first.stop();
    const path = join(dataDir, 'settings.json');
    writeFileSync(path, readFileSync(path, 'utf8').replace(service.baseUrl, evil.url));

    const again = await core(dataDir, secrets);
    expect(again.connection.status().message).toMatch(/type the API access secret again/);
    expect(again.connection.status().settings.hasSecret).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(evil.received()).toBe('');
  });

  it('refuses plain http:// for a service on another computer, in words', async () => {
    const c = await core(dirs.make(), new MemorySecretStore());
    await expect(
      c.handlers.saveConnection({
        mode: 'remote',
        baseUrl: 'http://service.example.com',
        accessId: 'a',
        accessSecret: 'b',
      }),
    ).rejects.toThrow(/another computer must use an address starting with https:\/\/.*https:\/\/service\.example\.com/);
    await expect(
      c.handlers.saveConnection({
        mode: 'remote',
        baseUrl: 'http://192.168.1.20:8080',
        accessId: 'a',
        accessSecret: 'b',
      }),
    ).rejects.toThrow(/https:\/\//);
    const tried = await c.handlers.testConnection({
      mode: 'remote',
      baseUrl: 'http://10.0.0.5',
      accessId: 'a',
      accessSecret: 'b',
    });
    expect(tried.test).toMatchObject({
      ok: false,
      problem: { kind: 'invalid', data: { field: 'baseUrl' }, message: expect.stringMatching(/https:\/\//) },
    });
  });
});
