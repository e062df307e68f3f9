// Issue 11: the practice venue survives a switch to a real service and back, and a restart; it can
// be reset on purpose; Settings → Test connection tries the form's values and answers with the outcome's kind.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionTest } from '../../shared/domain';
import { freePort, signInManager, tempDirs } from '../support';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createControlClient } from '../../electron/sandbox/control-client';
import { writeFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createApp, type App } from '../../electron/host/create-app';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { startSandbox, DEMO_ACCESS_ID, DEMO_ACCESS_SECRET, SEED_LOCATIONS, SEED_ROLES } from '../../electron/sandbox';
import type { NewLaborEntry } from '../../electron/sandbox/labor/labor-book';

// A renderer file, loaded by path: the node project's type check does not take in the renderer's.
const SETTINGS = '../../renderer/src/features/settings';
const { connectionTestWords } = (await import(`${SETTINGS}/connection-test-words`)) as {
  connectionTestWords(test: ConnectionTest): { ok: boolean; text: string; detail: string | null };
};

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const dirs = tempDirs('venue-practice-');
function tempDir(): string {
  if (!cleanups.includes(dirs.removeAll)) cleanups.push(dirs.removeAll);
  return dirs.make();
}

async function app(dataDir: string, secrets = new MemorySecretStore()): Promise<App> {
  const a = await createApp({ dataDir, runtime: 'headless', secrets });
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

// What the app is told; a service whose list does not show subscriptions (the other reading) is
// asked through the sandbox's control API instead, which is what these tests are about anyway.
const subscribed = async (a: App): Promise<boolean | undefined> => {
  const shown = (await a.handlers.listLocations('integration')).locations.find(
    (l) => l.uuid === SEED_LOCATIONS.harbour,
  )?.subscribed;
  if (shown !== null) return shown;
  const res = await fetch(`${a.sandbox()!.baseUrl}/_sandbox/integrations/${DEMO_ACCESS_ID}`);
  return ((await res.json()) as { subscribedLocationUuids: string[] }).subscribedLocationUuids.includes(
    SEED_LOCATIONS.harbour,
  );
};

describe('the practice venue', () => {
  it('keeps its subscriptions and shifts across a switch to a real service and back, on the same port', async () => {
    const service = await realService();
    const a = await app(tempDir());
    await a.handlers.subscribeLocations([SEED_LOCATIONS.harbour], 'integration');
    const before = a.sandbox()!;
    const shifts = before.world.labor.all().length;
    before.world.labor.add(sampleEntry());
    const port = before.port;

    await a.handlers.saveConnection({
      mode: 'remote',
      baseUrl: service.baseUrl,
      accessId: DEMO_ACCESS_ID,
      accessSecret: DEMO_ACCESS_SECRET,
    });
    expect(a.sandbox()).toBeNull();
    await a.handlers.saveConnection({ mode: 'sandbox' });

    expect(a.sandbox()!.port).toBe(port);
    expect(await subscribed(a)).toBe(true);
    expect(a.sandbox()!.world.labor.all()).toHaveLength(shifts + 1);
  });

  it('survives a restart of the app, and Reset practice venue starts it over', async () => {
    const dir = tempDir();
    const secrets = new MemorySecretStore();
    const first = await app(dir, secrets);
    await first.handlers.subscribeLocations([SEED_LOCATIONS.harbour], 'integration');
    await first.stop();

    const again = await app(dir, secrets);
    expect(await subscribed(again)).toBe(true);

    await again.handlers.resetPracticeVenue();
    expect(await subscribed(again)).toBe(false);
    // The app reconnected and registered its listener on the fresh venue.
    await vi.waitFor(
      async () => expect((await again.handlers.getWebhookState()).settings.sandboxRegistered).toBe(true),
      { timeout: 5000 },
    );
    await vi.waitFor(() => expect(again.connection.status().integrationToken.state).toBe('valid'), { timeout: 5000 });
  });

  it('starts from the seed, with a sentence, when the saved venue cannot be read', async () => {
    const dir = tempDir();
    const lines: string[] = [];
    const first = await app(dir);
    await first.stop();
    writeFileSync(join(dir, 'practice-venue', 'venue.v8'), 'not a venue');
    const a = await createApp({
      dataDir: dir,
      runtime: 'headless',
      secrets: new MemorySecretStore(),
      log: (l) => lines.push(l),
    });
    cleanups.push(() => a.stop());
    await a.start();
    expect(await subscribed(a)).toBe(false);
    expect(lines.join('\n')).toMatch(/practice venue could not be read/);
    expect(readdirSync(join(dir, 'practice-venue')).some((f) => f.includes('.damaged-'))).toBe(true);
  });

  it('refuses Reset practice venue on a real service, in words', async () => {
    const service = await realService();
    const a = await app(tempDir());
    await a.handlers.saveConnection({
      mode: 'remote',
      baseUrl: service.baseUrl,
      accessId: DEMO_ACCESS_ID,
      accessSecret: DEMO_ACCESS_SECRET,
    });
    await expect(a.handlers.resetPracticeVenue()).rejects.toThrow(/practice venue is not in use/);
  });
});

describe('Settings → Test connection', () => {
  it('tries the values typed in the form without saving them, and answers with the outcome and its kind', async () => {
    const service = await realService();
    const a = await app(tempDir());
    const remote = (secret?: string, baseUrl = service.baseUrl) => ({
      mode: 'remote' as const,
      baseUrl,
      accessId: DEMO_ACCESS_ID,
      ...(secret === undefined ? {} : { accessSecret: secret }),
    });

    const good = await a.handlers.testConnection(remote(DEMO_ACCESS_SECRET));
    expect(good.test).toEqual({ ok: true, service: 'remote', baseUrl: service.baseUrl, credentials: 'typed' });
    // Still on the practice venue: nothing was saved.
    expect(a.connection.status().settings.mode).toBe('sandbox');
    expect(good.settings.mode).toBe('sandbox');
    expect(connectionTestWords(good.test).text).toMatch(/^Connected: .*accepted these credentials\. Nothing was saved/);

    // Wrong credentials: the service's 400 at the token request.
    const wrong = await a.handlers.testConnection(remote('wrong'));
    expect(wrong.test).toMatchObject({ ok: false, baseUrl: service.baseUrl, problem: { kind: 'not-signed-in' } });
    expect(connectionTestWords(wrong.test).text).toMatch(/^Not connected: .*rejected the access id or secret/);

    // A closed port on this computer: nothing answers.
    const closed = `http://127.0.0.1:${await freePort()}`;
    const unreachable = await a.handlers.testConnection({
      mode: 'remote',
      baseUrl: closed,
      accessId: 'a',
      accessSecret: 'b',
    });
    expect(unreachable.test).toMatchObject({ ok: false, baseUrl: closed, problem: { kind: 'unreachable', data: {} } });
    expect(connectionTestWords(unreachable.test).text).toBe(
      `Not connected: nothing answered at ${closed}. Check the address, and that the service is running.`,
    );

    // Too many requests, with the wait the service asked for.
    await createControlClient(service.baseUrl).addFault({ route: '* /oauth/token', mode: 'status429', retryAfterS: 7 });
    const busy = await a.handlers.testConnection(remote(DEMO_ACCESS_SECRET));
    expect(busy.test).toMatchObject({ ok: false, problem: { kind: 'rate-limited', data: { retryAfterMs: 7000 } } });
    expect(connectionTestWords(busy.test).text).toMatch(/busy \(too many requests\)\. Try again in 7 seconds\.$/);

    // An answer that is not a token: the app cannot read it, and says which request.
    const odd = await strangeService(200, '{"hello":"world"}');
    const unreadable = await a.handlers.testConnection(remote(DEMO_ACCESS_SECRET, odd));
    expect(unreadable.test).toMatchObject({
      ok: false,
      problem: { kind: 'cannot-read', data: { what: expect.stringMatching(/oauth\/token/) } },
    });
    expect(connectionTestWords(unreadable.test).text).toMatch(/cannot read/);

    // 403: the credentials are known but not allowed.
    const refusing = await strangeService(403, '{"error":"access_denied"}');
    const forbidden = await a.handlers.testConnection(remote(DEMO_ACCESS_SECRET, refusing));
    expect(forbidden.test).toMatchObject({ ok: false, problem: { kind: 'forbidden', data: { by: 'service' } } });
    expect(connectionTestWords(forbidden.test).text).toMatch(/does not allow this app in/);

    const malformed = await a.handlers.testConnection({
      mode: 'remote',
      baseUrl: 'not a url',
      accessId: 'a',
      accessSecret: 'b',
    });
    expect(malformed.test).toMatchObject({ ok: false, problem: { kind: 'invalid', data: { field: 'baseUrl' } } });
    expect(connectionTestWords(malformed.test).text).toMatch(/not a web address/);

    const noSecret = await a.handlers.testConnection(remote());
    expect(noSecret.test).toMatchObject({ ok: false, problem: { kind: 'invalid', data: { field: 'accessSecret' } } });
    expect(connectionTestWords(noSecret.test).text).toBe('Enter the API access secret to test the connection.');

    const sandbox = await a.handlers.testConnection({ mode: 'sandbox' });
    expect(sandbox.test).toEqual({
      ok: true,
      service: 'practice-venue',
      baseUrl: a.sandbox()!.baseUrl,
      credentials: 'typed',
    });
    expect(connectionTestWords(sandbox.test).text).toMatch(/^Connected: The practice venue accepted/);

    // The saved connection, tested without values: the same outcome, never a throw.
    const saved = await a.handlers.testConnection();
    expect(saved.test).toMatchObject({ ok: true, service: 'practice-venue', credentials: 'saved' });
  });
});

/** A loopback server that answers every request with `status` and `body`: a service this app cannot use. */
async function strangeService(status: number, body: string): Promise<string> {
  const server = createServer((_req, res) => res.writeHead(status, { 'content-type': 'application/json' }).end(body));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function sampleEntry(): NewLaborEntry {
  const now = Date.now();
  return {
    locationUuid: SEED_LOCATIONS.harbour,
    shiftUuid: null,
    punchType: 'shift',
    userId: '1001',
    role: 'bartender',
    roleUuid: SEED_ROLES.bartender,
    punchInMs: now - 3_600_000,
    punchOutMs: null,
    declaredTips: null,
    createdMs: now,
  } as NewLaborEntry;
}
