// Issue 11: the practice venue survives a switch to a real service and back, and a restart; it can
// be reset on purpose; Settings → Test connection tries the form's values and answers in words.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tempDirs } from '../support';
import { writeFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createApp, type App } from '../../electron/host/create-app';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { startSandbox, DEMO_ACCESS_ID, DEMO_ACCESS_SECRET, SEED_LOCATIONS, SEED_ROLES } from '../../electron/sandbox';
import type { NewLaborEntry } from '../../electron/sandbox/labor/labor-book';

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
  it('tries the values typed in the form without saving them, and says so either way', async () => {
    const service = await realService();
    const a = await app(tempDir());

    const good = await a.handlers.testConnection({
      mode: 'remote',
      baseUrl: service.baseUrl,
      accessId: DEMO_ACCESS_ID,
      accessSecret: DEMO_ACCESS_SECRET,
    });
    expect(good.test).toEqual({
      ok: true,
      message: expect.stringMatching(/^Connected: .*accepted these credentials\. Nothing was saved/),
    });
    // Still on the practice venue: nothing was saved.
    expect(a.connection.status().settings.mode).toBe('sandbox');
    expect(good.settings.mode).toBe('sandbox');

    const wrong = await a.handlers.testConnection({
      mode: 'remote',
      baseUrl: service.baseUrl,
      accessId: DEMO_ACCESS_ID,
      accessSecret: 'wrong',
    });
    expect(wrong.test.ok).toBe(false);
    expect(wrong.test.message).toMatch(/^Not connected: .*rejected the access id or secret/);

    const unreachable = await a.handlers.testConnection({
      mode: 'remote',
      baseUrl: 'http://127.0.0.1:9',
      accessId: 'a',
      accessSecret: 'b',
    });
    expect(unreachable.test).toMatchObject({ ok: false, message: expect.stringMatching(/Could not reach/) });

    const malformed = await a.handlers.testConnection({
      mode: 'remote',
      baseUrl: 'not a url',
      accessId: 'a',
      accessSecret: 'b',
    });
    expect(malformed.test).toMatchObject({ ok: false, message: expect.stringMatching(/not a web address/) });

    const noSecret = await a.handlers.testConnection({
      mode: 'remote',
      baseUrl: service.baseUrl,
      accessId: DEMO_ACCESS_ID,
    });
    expect(noSecret.test).toEqual({ ok: false, message: 'Enter the API access secret to test the connection.' });

    const sandbox = await a.handlers.testConnection({ mode: 'sandbox' });
    expect(sandbox.test).toMatchObject({ ok: true, message: expect.stringMatching(/practice venue accepted/) });
  });
});

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
