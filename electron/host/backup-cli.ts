// `npm run host -- --backup FILE` and `--restore FILE`. A backup of a folder a host is running on
// is made by that host's core (host-control.ts), so it is one moment of the running venue; a
// folder at rest is read as it lies. A restore needs the app stopped on that folder. The
// passphrase comes from --passphrase-file or VENUE_BACKUP_PASSPHRASE (never the command line,
// which every local user can read); --no-secrets leaves the secrets out (backup) or behind
// (restore), and each says so.
import { existsSync, lstatSync, readFileSync, readlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { errorMessage } from '../../shared/errors';
import type { BackupMade, BackupSummary } from '../../shared/backup';
import { makeBackup } from '../core/backup/make-backup';
import { restoreBackup, type RestoreResult } from '../core/backup/restore-backup';
import { checkPassphrase, deriveKey } from '../core/backup/seal';
import { hostRunning, requestBackup } from './host-control';

export interface PassphraseFlags {
  passphraseFile?: string;
  noSecrets?: boolean;
  fromEnv?: string;
}

/** The passphrase to seal or open the secrets with; null: without them. A sentence when neither was said. */
export function passphraseOf(flags: PassphraseFlags, verb: 'backup' | 'restore'): string | null {
  const given = flags.passphraseFile !== undefined || (flags.fromEnv ?? '') !== '';
  if (flags.noSecrets && given) throw new Error('Give a passphrase or --no-secrets, not both');
  if (flags.noSecrets) return null;
  if (flags.passphraseFile !== undefined) {
    let text: string;
    try {
      text = readFileSync(resolve(flags.passphraseFile), 'utf8');
    } catch (error) {
      throw new Error(`--passphrase-file ${flags.passphraseFile} cannot be read: ${errorMessage(error)}`);
    }
    return text.replace(/\r?\n$/, '');
  }
  if (flags.fromEnv) return flags.fromEnv;
  throw new Error(
    verb === 'backup'
      ? 'A backup seals the service secrets and the hub’s key with a passphrase: give it with --passphrase-file FILE (or VENUE_BACKUP_PASSPHRASE), or leave them out with --no-secrets'
      : 'Give the backup’s passphrase with --passphrase-file FILE (or VENUE_BACKUP_PASSPHRASE), or restore without its secrets with --no-secrets',
  );
}

export async function backupCommand(dataDir: string, file: string, passphrase: string | null): Promise<BackupMade> {
  if (passphrase !== null) checkPassphrase(passphrase);
  const target = resolve(file);
  const asked = await requestBackup(dataDir, { file: target, passphrase });
  if (asked.running) {
    if (!asked.ok) throw new Error(asked.reason);
    return asked.made as BackupMade;
  }
  refuseWhileElectronRuns(dataDir, 'make the backup from Settings → Backups on its screen');
  if (!existsSync(dataDir)) throw new Error(`There is no data folder at ${dataDir}`);
  const key = passphrase === null ? null : await deriveKey(passphrase);
  // Nothing runs on the folder: every file is taken as it lies (a log's torn last line included,
  // which the restored folder's first start cuts off as this one's would).
  return makeBackup({ dataDir, secrets: null, logPosition: () => null }, { file: target, key });
}

export async function restoreCommand(
  dataDir: string,
  file: string,
  passphrase: string | null,
  fault: string | undefined,
): Promise<RestoreResult> {
  const host = hostRunning(dataDir);
  if (host) throw new Error(`A host (process ${host.pid}) runs on ${dataDir}: stop it before restoring into it`);
  refuseWhileElectronRuns(dataDir, 'quit it before restoring into its folder');
  let moves = 0;
  return restoreBackup({
    file: resolve(file),
    dataDir,
    passphrase,
    withoutSecrets: passphrase === null,
    // VENUE_FAULT_KILL_IN_RESTORE: the kill -9 the restore must survive, at a moment no timing from
    // outside can hit: halfway through writing the files, or after the first move of the switch.
    onFile: (written, of) => {
      if (fault === 'build' && written >= Math.ceil(of / 2)) process.kill(process.pid, 'SIGKILL');
    },
    onMove: () => {
      moves += 1;
      if (fault === 'switch' && moves === 1) process.kill(process.pid, 'SIGKILL');
    },
  });
}

export function backupLines(made: BackupMade): string[] {
  return [`Backup written: ${made.path} (${made.bytes} bytes, ${made.files} files)`, ...summaryLines(made)];
}

export function restoreLines(dataDir: string, result: RestoreResult): string[] {
  const switched = result.switched;
  const aside =
    typeof switched === 'object' && switched.state === 'switched' && switched.aside
      ? [`What the folder held before is kept in ${switched.aside}.`]
      : [];
  const secrets = Object.keys(result.secrets).length;
  const hub = result.sealedFiles.some((f) => f.startsWith('hub/'))
    ? [
        "The hub's key and certificate are back: its paired devices take it back without pairing (tell each its new address if it moved).",
      ]
    : [];
  return [
    `Restored into ${dataDir}`,
    ...summaryLines(result.summary),
    ...hub,
    ...(secrets > 0
      ? [
          `The backup's ${secrets} service secret(s) are not kept by the headless host, which holds secrets in memory only: give them again as before (VENUE_ACCESS_SECRET, --webhook-secret-file), or in Settings.`,
        ]
      : []),
    ...aside,
  ];
}

function summaryLines(summary: BackupSummary): string[] {
  const events = summary.events
    ? `Webhook events up to #${summary.events.lastSeq} (${summary.events.rows} kept)`
    : 'Webhook event log taken as it lay on disk';
  return [
    `Made ${new Date(summary.createdAt).toISOString()} by release ${summary.writtenBy}. ${events}.`,
    summary.secrets === 'sealed'
      ? 'Secrets: sealed with the passphrase.'
      : `Secrets: left out. ${summary.leftOutSentence ?? ''}`.trim(),
  ];
}

/** The Electron app on this folder holds Chromium's lock (SingletonLock → host-pid). */
function refuseWhileElectronRuns(dataDir: string, instead: string): void {
  const lock = join(dataDir, 'SingletonLock');
  let target: string;
  try {
    if (!lstatSync(lock).isSymbolicLink()) return;
    target = readlinkSync(lock);
  } catch {
    return;
  }
  const pid = Number(/-(\d+)$/.exec(target)?.[1]);
  if (!Number.isInteger(pid)) return;
  try {
    process.kill(pid, 0);
  } catch {
    return;
  }
  throw new Error(`The Venue Companion app (process ${pid}) runs on ${dataDir}: ${instead}`);
}
