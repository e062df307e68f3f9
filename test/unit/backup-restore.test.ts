// Backups of a running hub and their restores, in this process over the contract: the files a
// backup takes (every file a hub writes has a rule), no secret in clear, a wrong passphrase or a
// damaged file refused before anything is written, the first start's "Restore a backup", a
// manager-only backup, and the daily backups kept to their number.
import { existsSync, readdirSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../electron/host/create-app';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { classify } from '../../electron/core/backup/venue-files';
import { BackupService, DAILY } from '../../electron/core/backup/backup-service';
import { restoreBackup } from '../../electron/core/backup/restore-backup';
import { WEBHOOK_SECRET_KEY } from '../../electron/core/webhook-listener/listener-settings';
import { isAppError } from '../../shared/app-error';
import { signInManager, tempDirs, waitUntil } from '../support';
import { copyFixture } from './data-v1-kit';

const dirs = tempDirs('venue-backup-');
const undo: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (undo.length) await undo.pop()!();
  dirs.removeAll();
});

const PASSPHRASE = 'a long walk on the harbour';

async function open(
  dataDir: string,
  secrets = new MemorySecretStore(),
  extra: Parameters<typeof createApp>[0] extends infer O ? Partial<O> : never = {},
): Promise<App> {
  const app = await createApp({
    dataDir,
    runtime: 'headless',
    secrets,
    labor: { scryptN: 1024 },
    hub: { when: 'always', host: '127.0.0.1', port: 0, mdns: false },
    dailyBackups: false,
    backupKdfN: 1024,
    ...extra,
  });
  await app.start();
  undo.push(() => app.stop());
  return app;
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** A hub that has run: release 0.1.0's venue hub opened by this build, with a webhook secret kept. */
async function runningHub(): Promise<{ app: App; dataDir: string; secrets: MemorySecretStore }> {
  const dataDir = dirs.make();
  copyFixture('venue/hub', dataDir);
  const secrets = new MemorySecretStore();
  await secrets.set(WEBHOOK_SECRET_KEY, 'whsec-kept-in-the-store-0123456789');
  return { app: await open(dataDir, secrets), dataDir, secrets };
}

describe('a backup', () => {
  it('has a rule for every file a hub writes, and holds no secret in clear', async () => {
    const { app, dataDir } = await runningHub();
    await signInManager(app.handlers);
    const made = await app.handlers.backupMake({ passphrase: PASSPHRASE });
    for (const path of files(dataDir)) {
      const rel = relative(dataDir, path).split('\\').join('/');
      if (rel.startsWith('backups/')) continue;
      expect(classify(rel).kind, rel).not.toBe('foreign');
    }
    const text = gunzipSync(readFileSync(made.path)).toString('latin1');
    const key = /-----BEGIN (?:EC )?PRIVATE KEY-----\n([^\n]+)/.exec(
      readFileSync(join(dataDir, 'hub', 'hub-identity.pem'), 'utf8'),
    )!;
    expect(text).not.toContain(key[1]);
    expect(text).not.toContain('PRIVATE KEY');
    expect(text).not.toContain('whsec-kept-in-the-store');
    expect(made).toMatchObject({ secrets: 'sealed', leftOutSentence: null, hubFingerprint: app.hub!.fingerprint });
  });

  it('seals a group of venues’ credential and leaves its leaf node’s store to it', () => {
    expect(classify('group/join.json').kind).toBe('sealed');
    expect(classify('group/published.json').kind).toBe('copy');
    for (const path of ['group/leaf-store', 'group/leaf.conf', 'group/ca.pem'])
      expect(classify(path).kind).toBe('skip');
  });

  it('is refused by a wrong passphrase or when damaged, before anything is written', async () => {
    const { app } = await runningHub();
    await signInManager(app.handlers);
    const made = await app.handlers.backupMake({ passphrase: PASSPHRASE });
    const target = join(dirs.make(), 'venue');
    const wrong = await restoreBackup({ file: made.path, dataDir: target, passphrase: 'not the passphrase' }).catch(
      (e: unknown) => e,
    );
    expect(isAppError(wrong, 'invalid') && wrong.data.field).toBe('passphrase');
    expect(existsSync(target) || existsSync(`${target}.restore`)).toBe(false);

    const cut = join(dirs.make(), 'cut.venue-backup');
    writeFileSync(cut, readFileSync(made.path));
    truncateSync(cut, Math.floor(statSync(cut).size * 0.8));
    const damaged = await restoreBackup({ file: cut, dataDir: target, passphrase: PASSPHRASE }).catch(
      (e: unknown) => e,
    );
    expect(isAppError(damaged, 'data-damaged')).toBe(true);
    expect(existsSync(target)).toBe(false);
  });

  it('is a manager’s to make', async () => {
    const { app } = await runningHub();
    // No manager signed in on this screen: refused, as every setting is.
    const refused = await app.handlers.backupMake({ passphrase: null }).catch((e: unknown) => e);
    expect(isAppError(refused, 'pin-required')).toBe(true);
    await signInManager(app.handlers);
    await expect(app.handlers.backupMake({ passphrase: null })).resolves.toMatchObject({ secrets: 'left-out' });
  });

  it('left without the secrets, says what a restore of it cannot bring back', async () => {
    const { app } = await runningHub();
    await signInManager(app.handlers);
    const made = await app.handlers.backupMake({ passphrase: null });
    expect(made.secrets).toBe('left-out');
    expect(made.leftOutSentence).toContain('pair again');
    const text = gunzipSync(readFileSync(made.path)).toString('latin1');
    expect(text).not.toContain('PRIVATE KEY');
  });
});

describe('the first start’s "Restore a backup"', () => {
  it('rebuilds the venue, secrets and hub identity included, at the next start', async () => {
    const { app, secrets } = await runningHub();
    await signInManager(app.handlers);
    const made = await app.handlers.backupMake({ passphrase: PASSPHRASE });
    const devices = app.hub!.devices().map((d) => d.id);

    const newDir = dirs.make();
    const mine = new MemorySecretStore();
    const fresh = await open(newDir, mine, { hub: undefined });
    expect((await fresh.handlers.setupView()).needed).toBe(true);
    expect(await fresh.handlers.backupInspect(made.path)).toMatchObject({ secrets: 'sealed', files: made.files });
    const done = await fresh.handlers.backupRestore({ file: made.path, passphrase: PASSPHRASE, withoutSecrets: false });
    expect(done).toMatchObject({ secretsRestored: true, hubIdentityRestored: true, canRestart: false });
    expect(await mine.get(WEBHOOK_SECRET_KEY)).toBe(await secrets.get(WEBHOOK_SECRET_KEY));
    // Not under the running app: it is switched in when the app starts again.
    expect(existsSync(join(newDir, 'hub', 'devices.json'))).toBe(false);
    await fresh.stop();
    undo.pop();

    const again = await open(newDir, mine);
    expect(again.hub!.fingerprint).toBe(app.hub!.fingerprint);
    expect(again.hub!.devices().map((d) => d.id)).toEqual(devices);
    expect((await again.handlers.setupView()).needed).toBe(false);
    // Once the venue is in use, a restore is for the app stopped, never over it from a screen.
    const refused = await again.handlers
      .backupRestore({ file: made.path, passphrase: PASSPHRASE, withoutSecrets: false })
      .catch((e: unknown) => e);
    expect(isAppError(refused)).toBe(true);
  });
});

describe('daily backups', () => {
  it('one a day, on its own timer, the newest few kept', async () => {
    const dataDir = dirs.make();
    copyFixture('venue/hub', dataDir);
    const app = await open(dataDir, new MemorySecretStore(), {
      dailyBackups: { firstCheckMs: 0, checkEveryMs: 60_000, keep: 3 },
    });
    await waitUntil(() => app.backups.view().files.length === 1, 20_000);
    expect(app.backups.view().files[0]).toMatchObject({ daily: true });
    expect(app.backups.view().nextDailyAt).not.toBeNull();

    let clock = Date.now();
    const service = new BackupService({
      dataDir,
      secrets: new MemorySecretStore(),
      logPosition: () => null,
      now: () => clock,
      daily: { keep: 3 },
    });
    for (let day = 0; day < 5; day++) {
      clock += DAILY.dayMs;
      expect(await service.daily()).not.toBeNull();
      // The same day again: nothing new.
      expect(await service.daily()).toBeNull();
    }
    const kept = service.view().files.filter((f) => f.daily);
    expect(kept).toHaveLength(3);
    expect(kept[0].at).toBe(clock);
  });
});
