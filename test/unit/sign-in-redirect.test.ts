// Issue 9 §3 sign-in: a consent page that refuses the redirect URL fails the sign-in at once, in
// words that say what to register; the redirect URL is shown for the dashboard; subscribing uses
// the signed-in user's token.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServiceClient } from '../../electron/core/api/service-client';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { createApp, type App } from '../../electron/host/create-app';
import { answerConsent } from '../../electron/sandbox/consent-driver';
import { startSandbox, DEMO_ACCESS_ID, DEMO_ACCESS_SECRET, SEED_LOCATIONS, SEED_USERS } from '../../electron/sandbox';
import { tempDirs, signInManager } from '../support';

const cleanups: (() => Promise<void> | void)[] = [];
const dirs = tempDirs('venue-signin-');
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
  dirs.removeAll();
});

async function app(extra: { defaultRedirectPort?: number } = {}): Promise<App> {
  const dir = dirs.make();
  const a = await createApp({ dataDir: dir, runtime: 'headless', secrets: new MemorySecretStore(), ...extra });
  cleanups.push(() => a.stop());
  await a.start();
  await signInManager(a.handlers);
  return a;
}

describe('sign-in redirect', () => {
  it('fails at once, saying what to register, when the consent page refuses the redirect URL', async () => {
    const service = await startSandbox();
    cleanups.push(() => service.close());
    // No beforeAuthorize: like a real service, nobody registered this redirect URL.
    const client = new ServiceClient({
      baseUrl: service.baseUrl,
      accessId: DEMO_ACCESS_ID,
      accessSecret: DEMO_ACCESS_SECRET,
      secrets: new MemorySecretStore(),
    });
    cleanups.push(() => client.dispose());
    const statuses: string[] = [];
    client.on('signIn', (s) => statuses.push(s.state === 'failed' ? `failed: ${s.message}` : s.state));
    const started = Date.now();
    await expect(client.user.start()).rejects.toThrow(
      /refused this app \(400\).*Register http:\/\/127\.0\.0\.1:\d+\/callback exactly as a redirect URL.*not registered for this integration/,
    );
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(statuses.at(-1)).toMatch(/^failed: The service's sign-in page refused/);
    expect(client.user.signInStatus()).toMatchObject({
      state: 'failed',
      problem: { kind: 'invalid', data: { field: 'redirect_url' } },
    });
  });

  it('shows the fixed redirect URL to register, and none while the port is 0', async () => {
    const fixed = await app({ defaultRedirectPort: 47_699 });
    expect(fixed.connection.status().settings).toMatchObject({
      redirectPort: 47_699,
      redirectUrl: 'http://127.0.0.1:47699/callback',
    });
    const any = await app();
    expect(any.connection.status().settings).toMatchObject({ redirectPort: 0, redirectUrl: null });
  });

  it('subscribes with the signed-in user token, so a location the user cannot reach is refused', async () => {
    const a = await app();
    const { authorizeUrl } = await a.handlers.startUserSignIn();
    const consent = await answerConsent(authorizeUrl, { decision: 'allow', userId: SEED_USERS.sam });
    expect(consent.location).toBeTruthy();
    await fetch(consent.location!);
    await vi.waitFor(() => expect(a.connection.status().user?.token.state).toBe('valid'), { timeout: 5000 });

    // Sam reaches Harbour only: even with the integration's list on screen, Garden is refused.
    await expect(a.handlers.subscribeLocations([SEED_LOCATIONS.garden], 'integration')).rejects.toThrow(/403/);
    const view = await a.handlers.subscribeLocations([SEED_LOCATIONS.harbour], 'integration');
    expect(view.as).toBe('integration');
    expect(view.locations.find((l) => l.uuid === SEED_LOCATIONS.harbour)?.subscribed).toBe(true);
  });
});
