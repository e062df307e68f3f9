// `npm run host` as a kiosk script would run it: a real child process, every option given once as
// a flag and once as an environment variable, checked through what the process really does (the
// port it serves on, the data folder it writes, the service it talks to, the webhook listener).
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, type CliProcess } from '../support';
import { hostCall, hostCliSuite } from '../support/host-cli-suite';
import { signBody } from '../../electron/core/webhooks/signature';

const suite = hostCliSuite('venue-host-cli-', 'host cli');
const run = suite.run;

async function ready(p: CliProcess): Promise<URL> {
  await p.printed((out) => out.includes('\n'));
  const lines = p.out().trim().split('\n');
  expect(lines).toHaveLength(1);
  const m = /^Venue Companion \(headless\) ready at (http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]+)$/.exec(lines[0]);
  expect(m, lines[0]).not.toBeNull();
  return new URL(m![1]);
}

/** Signs in as the browser does: the printed address's launch token (good once) for the cookie. */
const cookies = new Map<string, Promise<string>>();
function cookieFor(url: URL): Promise<string> {
  let cookie = cookies.get(url.href);
  if (!cookie) {
    cookie = fetch(url, { redirect: 'manual' }).then((res) => (res.headers.get('set-cookie') ?? '').split(';')[0]);
    cookies.set(url.href, cookie);
  }
  return cookie;
}

async function call(url: URL, channel: string): Promise<any> {
  return hostCall({ url, cookie: await cookieFor(url) }, channel);
}

function envelope(type: string) {
  return JSON.stringify({
    type,
    targetUuid: 'loc-1',
    locationUuid: 'loc-1',
    createdAt: new Date().toISOString(),
    data: {},
  });
}

async function deliver(port: number, body: string, secret: string | null): Promise<number> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (secret !== null) headers['x-service-signature'] = signBody(body, secret);
  const res = await fetch(`http://127.0.0.1:${port}/webhooks`, { method: 'POST', headers, body });
  await res.arrayBuffer();
  return res.status;
}

async function checkRun(
  p: CliProcess,
  expected: { port: number; webhookPort: number; dataDir: string; secret: string },
) {
  try {
    const url = await ready(p);
    expect(Number(url.port)).toBe(expected.port);
    expect((await fetch(url.origin)).status).toBe(200);

    const snapshot = await call(url, 'getSnapshot');
    expect(snapshot.result).toMatchObject({ runtime: 'headless', dataDir: expected.dataDir });
    expect(snapshot.result.connection.settings).toMatchObject({
      mode: 'remote',
      baseUrl: suite.sandbox.baseUrl,
      hasSecret: true,
    });
    expect(existsSync(join(expected.dataDir, 'webhooks'))).toBe(true);

    const webhooks = await call(url, 'getWebhookState');
    expect(webhooks.result.status).toMatchObject({
      state: 'listening',
      url: `http://127.0.0.1:${expected.webhookPort}/webhooks`,
      signatureRequired: true,
    });
    expect(await deliver(expected.webhookPort, envelope('MENU_UPDATED'), null)).toBe(401);
    expect(await deliver(expected.webhookPort, envelope('MENU_UPDATED'), 'not-the-secret')).toBe(401);
    expect(await deliver(expected.webhookPort, envelope('LOCATION_UPDATED'), expected.secret)).toBe(200);
    // The provisioned secret is a secret: not in the data folder's settings, not on the console.
    expect(p.out() + p.err()).not.toContain(expected.secret);

    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
  } finally {
    p.child.kill('SIGKILL');
  }
}

describe('npm run host', () => {
  it('takes every option as a flag, and as an environment variable', async () => {
    const [port1, hook1, port2, hook2, port3, hook3] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    const flagsDir = join(suite.dir, 'flags-data');
    const envDir = join(suite.dir, 'env-data');
    const plainDir = join(suite.dir, 'plain-flag-data');
    const secretFile = join(suite.dir, 'webhook-secret.txt');
    writeFileSync(secretFile, 'file-secret-123\n');
    const flags = run([
      '--port',
      String(port1),
      '--data-dir',
      flagsDir,
      '--service-url',
      suite.sandbox.baseUrl,
      '--webhook-port',
      String(hook1),
      '--webhook-secret-file',
      secretFile,
    ]);
    // The secret as a plain flag still works, with a warning: it shows in the process list.
    const plainFlag = run([
      '--port',
      String(port3),
      '--data-dir',
      plainDir,
      '--service-url',
      suite.sandbox.baseUrl,
      '--webhook-port',
      String(hook3),
      '--webhook-secret',
      'flag-secret-789',
    ]);
    const fromEnv = run([], {
      VENUE_PORT: String(port2),
      VENUE_DATA_DIR: envDir,
      VENUE_SERVICE_URL: suite.sandbox.baseUrl,
      VENUE_WEBHOOK_PORT: String(hook2),
      VENUE_WEBHOOK_SECRET: 'env-secret-456',
    });
    await Promise.all([
      checkRun(flags, { port: port1, webhookPort: hook1, dataDir: flagsDir, secret: 'file-secret-123' }),
      checkRun(fromEnv, { port: port2, webhookPort: hook2, dataDir: envDir, secret: 'env-secret-456' }),
      checkRun(plainFlag, { port: port3, webhookPort: hook3, dataDir: plainDir, secret: 'flag-secret-789' }),
    ]);
    expect(plainFlag.err()).toMatch(/--webhook-secret is visible to every local user/);
    expect(flags.err()).not.toMatch(/Warning/);
  }, 60_000);

  it.concurrent.each([
    [['--port', 'eighty'], /--port must be a port number/],
    [['--webhook-port', '70000'], /--webhook-port must be a port number/],
    [['--service-url', 'ftp://example.com'], /--service-url must be an http\(s\) URL/],
    [['--no-such-flag'], /Unknown option/],
    [['--webhook-secret-file', '/no/such/secret-file'], /--webhook-secret-file \/no\/such\/secret-file cannot be read/],
  ])(
    'refuses %j with a sentence and exit code 2, printing no ready line',
    async (args, message) => {
      const p = run(args as string[]);
      expect(await p.exited).toBe(2);
      expect(p.err()).toMatch(message);
      expect(p.out()).toBe('');
    },
    // Five hosts load TypeScript at once before each refuses; this bound only catches a hang.
    5 * 60_000,
  );
});
