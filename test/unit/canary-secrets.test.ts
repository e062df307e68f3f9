// Canary secrets: every secret the app is given (the API access secret, a wrong one, the webhook
// signature secret, a custom header's value, the tunnel authtoken, a manager PIN) is a unique
// string, the app is used and made to fail with them, and then every byte of the data folder
// (damaged copies included) and every log line is searched for them. The count must be 0.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../electron/host/create-app';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { signBody } from '../../electron/core/webhooks/signature';
import { startSandbox } from '../../electron/sandbox';
import { tempDirs, signInManager } from '../support';
import { HARBOUR } from './labor-test-constants';
import { deliver, envelope } from './webhook-fixtures';
import { newRequestId as rid } from '../../shared/request-id';

const dirs = tempDirs('venue-canary-');
afterAll(() => dirs.removeAll());

const CANARIES = {
  accessSecret: 'canary-access-7f3a9c1e5b',
  wrongAccessSecret: 'canary-wrong-2d8e4a6c0f',
  webhookSecret: 'canary-whsec-9b1d3f5a7c',
  customHeader: 'canary-header-4e6a8c0b2d',
  tunnelToken: 'canary-ngrok-1a3c5e7b9d',
  managerPin: '58203917',
};

function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? allFiles(path) : [path];
  });
}

describe('canary secrets', () => {
  it('never appear in the data folder or the log', async () => {
    const service = await startSandbox({ accessId: 'canary-id', accessSecret: CANARIES.accessSecret });
    const dataDir = dirs.make();
    const logs: string[] = [];
    const app = await createApp({
      dataDir,
      runtime: 'headless',
      secrets: new MemorySecretStore(),
      labor: { scryptN: 1024, boardRefreshMs: 0 },
      log: (line) => logs.push(line),
      tunnelConnector: async ({ authtoken }) => {
        if (authtoken !== CANARIES.tunnelToken) throw new Error('unexpected token');
        return { url: () => 'https://canary.ngrok.test', close: async () => {} };
      },
    });
    try {
      await app.start();
      await signInManager(app.handlers);
      // A wrong secret first (its refusal is logged and shown), then the right one.
      await app.handlers.saveConnection({
        mode: 'remote',
        baseUrl: service.baseUrl,
        accessId: 'canary-id',
        accessSecret: CANARIES.wrongAccessSecret,
      });
      logs.push(JSON.stringify((await app.handlers.testConnection()).test));
      await app.handlers
        .testConnection({
          mode: 'remote',
          baseUrl: service.baseUrl,
          accessId: 'canary-id',
          accessSecret: CANARIES.wrongAccessSecret,
        })
        .then((r) => logs.push(JSON.stringify(r.test)));
      await app.handlers.saveConnection({
        mode: 'remote',
        baseUrl: service.baseUrl,
        accessId: 'canary-id',
        accessSecret: CANARIES.accessSecret,
      });
      await app.handlers.testConnection();

      await app.handlers.saveWebhookSettings({
        secret: CANARIES.webhookSecret,
        customHeaders: { 'X-Canary': CANARIES.customHeader },
      });
      await app.handlers.startTunnel(CANARIES.tunnelToken);
      const url = app.webhooks.status().url!;
      const body = JSON.stringify(
        envelope(
          'OPEN_TAB',
          { targetUuid: 'tab-canary', data: { name: 'T', spotName: 'S', total: 1, openedFrom: 'SERVER_TAB' } },
          new Date().toISOString(),
        ),
      );
      expect((await deliver(url, body, CANARIES.webhookSecret, { 'X-Canary': CANARIES.customHeader })).status).toBe(
        200,
      );
      expect((await deliver(url, body, 'not-it', { 'X-Canary': CANARIES.customHeader })).status).toBe(401);
      expect((await deliver(url, body, CANARIES.webhookSecret, { 'X-Canary': 'wrong' })).status).toBe(401);
      // The stored events keep the signature header the service sent (a hash), never the secret.
      expect(signBody(body, CANARIES.webhookSecret)).not.toContain(CANARIES.webhookSecret);

      await app.handlers.laborSetLocation(null, HARBOUR);
      // On a real service the practice venue's PINs are gone: the first manager's PIN is the canary.
      const manager = await app.handlers.laborSetupManager({
        userId: '2001',
        name: 'Alex Manager',
        pin: CANARIES.managerPin,
      });
      await app.handlers.laborEndSession(manager.token);
      await app.handlers.laborIdentify({ pin: CANARIES.managerPin });
      await app.handlers.laborIdentify({ pin: '11112222' }).catch((error: unknown) => logs.push(String(error)));
      await app.handlers
        .tabRefund('no-such-tab', { amount: 100, managerPin: CANARIES.managerPin }, rid())
        .catch((error: unknown) => logs.push(String(error)));
      await app.handlers.stopTunnel();
    } finally {
      await app.stop();
      await service.close();
    }

    const files = allFiles(dataDir);
    const haystacks = [...files.map((f) => readFileSync(f).toString('latin1')), ...logs];
    const counts = Object.fromEntries(
      Object.entries(CANARIES).map(([name, canary]) => [
        name,
        haystacks.reduce((n, text) => n + text.split(canary).length - 1, 0),
      ]),
    );
    expect(files.some((f) => f.endsWith('.jsonl'))).toBe(true); // the event log was searched too
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    console.log(
      `[figure] canary secrets: ${Object.keys(CANARIES).length} canaries, ${files.length} files and ${logs.length} log lines searched, ${total} occurrences ${JSON.stringify(counts)}`,
    );
    expect(files.length).toBeGreaterThan(5);
    expect(logs.length).toBeGreaterThan(0);
    expect(counts).toEqual(Object.fromEntries(Object.keys(CANARIES).map((k) => [k, 0])));
  }, 60_000);
});
