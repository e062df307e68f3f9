// 8. Backup and restore of a venue: the composed app in this process (core, embedded practice
// venue, hub identity, listener) with its event log filled over HTTP by signed deliveries
// (autocannon, 50 connections), then a manager's backup with the secrets sealed (scrypt at the
// shipped cost included), its size, a restore into a new folder (as `--restore` does it), and the
// first start of the core on the restored folder. The baselines are what the same bytes cost
// without the backup: a plain recursive copy of the data folder, and its size on disk.
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type App } from '../electron/host/create-app';
import { MemorySecretStore } from '../electron/core/secrets/secret-store';
import { restoreBackup } from '../electron/core/backup/restore-backup';
import { BENCH_SECRET, deliveryRequests, restartNumbering } from './envelopes';
import { runLoad } from './load';
import { makeRow, type Row, type RowTemplate } from './report';
import type { SectionContext } from './run';
import { median, wallNow } from './stats';
import { freeLoopbackPort as freePort } from '../electron/core/group/free-loopback-port';

export const BACKUP_ROWS = {
  make: {
    key: 'backup.make',
    label: 'a manager’s backup of the running venue (secrets sealed, scrypt included), to one file',
    unit: 'ms',
    baselineOf: 'a plain recursive copy of the same data folder (not one file, not one moment)',
  },
  size: {
    key: 'backup.size',
    label: 'the backup file’s size',
    unit: 'MB',
    baselineOf: 'the venue’s files in the data folder (event log segments, checkpoint, stores)',
  },
  restore: {
    key: 'backup.restore',
    label: 'restore into a new folder (read, check, unseal, write and fsync every file, switch in)',
    unit: 'ms',
    baselineOf: 'a plain recursive copy of the data folder',
  },
  firstStart: {
    key: 'backup.first_start',
    label: 'the core’s first start on the restored folder (no sidecars: the log is scanned once)',
    unit: 'ms',
    baselineOf: 'the core started again on the source folder (sidecars and checkpoint there)',
  },
} satisfies Record<string, RowTemplate>;

const PASSPHRASE = 'bench passphrase, long enough';

async function venue(dataDir: string, webhookPort?: number): Promise<App> {
  const app = await createApp({
    dataDir,
    runtime: 'headless',
    secrets: new MemorySecretStore(),
    hub: { when: 'always', host: '127.0.0.1', port: 0, mdns: false },
    webhook: { port: webhookPort, secret: BENCH_SECRET },
    dailyBackups: false,
  });
  await app.start();
  return app;
}

function bytesIn(dir: string, skip: (name: string) => boolean): number {
  let total = 0;
  for (const name of readdirSync(dir)) {
    if (skip(name)) continue;
    const path = join(dir, name);
    const stat = statSync(path);
    total += stat.isDirectory() ? bytesIn(path, () => false) : stat.size;
  }
  return total;
}

async function timed<T>(work: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const t0 = wallNow();
  const value = await work();
  return { ms: wallNow() - t0, value };
}

export async function benchBackup(context: SectionContext): Promise<Row[]> {
  const { events, reps } = context.profile.backup;
  const root = mkdtempSync(join(tmpdir(), 'venue-bench-backup-'));
  const dataDir = join(root, 'venue');
  let app: App | null = null;
  try {
    app = await venue(dataDir, await freePort());
    restartNumbering();
    const listener = app.webhooks.status().url!;
    const { requests } = deliveryRequests(new URL(listener).pathname, events);
    const filled = await runLoad(listener, requests, events, 50);
    if (filled.ok2xx !== events)
      throw new Error(`${events - filled.ok2xx} of ${events} deliveries were not answered 2xx`);
    context.log(`backup: ${events} events in the log (${Math.round(filled.rps)} events/s)`);

    const makes: number[] = [];
    const copies: number[] = [];
    let file = '';
    for (let rep = 0; rep < reps; rep++) {
      const made = await timed(() => app!.backups.make(PASSPHRASE, join(root, `backup-${rep}.venue-backup`)));
      makes.push(made.ms);
      file = made.value.path;
      if (made.value.events?.rows !== events) throw new Error(`the backup holds ${made.value.events?.rows} events`);
      const copy = join(root, `copy-${rep}`);
      copies.push((await timed(() => cpSync(dataDir, copy, { recursive: true }))).ms);
      rmSync(copy, { recursive: true, force: true });
    }
    const size = statSync(file).size;
    const folderBytes = bytesIn(dataDir, (name) => name === 'backups');
    await app.stop();
    app = null;

    const restores: number[] = [];
    const restoredCopies: number[] = [];
    let restored = '';
    for (let rep = 0; rep < reps; rep++) {
      restored = join(root, `restored-${rep}`);
      restores.push((await timed(() => restoreBackup({ file, dataDir: restored, passphrase: PASSPHRASE }))).ms);
      const copy = join(root, `copy-${rep}`);
      restoredCopies.push((await timed(() => cpSync(dataDir, copy, { recursive: true }))).ms);
      rmSync(copy, { recursive: true, force: true });
    }
    const first = await timed(() => venue(restored));
    const rows = first.value.webhooks.logPosition()?.rows;
    await first.value.stop();
    if (rows !== events) throw new Error(`the restored venue holds ${rows} events, not ${events}`);
    const again = await timed(() => venue(dataDir));
    await again.value.stop();

    const note = `${events.toLocaleString('en-US')} events; median of ${reps}`;
    return [
      makeRow({ ...BACKUP_ROWS.make, value: median(makes), baseline: median(copies), runs: makes, note }),
      makeRow({ ...BACKUP_ROWS.size, value: size / 1_048_576, baseline: folderBytes / 1_048_576, note }),
      makeRow({
        ...BACKUP_ROWS.restore,
        value: median(restores),
        baseline: median(restoredCopies),
        runs: restores,
        note,
      }),
      makeRow({ ...BACKUP_ROWS.firstStart, value: first.ms, baseline: again.ms, note }),
    ];
  } finally {
    await app?.stop();
    rmSync(root, { recursive: true, force: true });
  }
}
