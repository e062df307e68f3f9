// The backup part of the IPC contract: a manager makes a backup and chooses how the daily ones
// seal their secrets (Settings); the first start restores one (shared/backup.ts).
import type { BackupMade, BackupSummary, BackupView, RestoreDone } from '../backup';

export interface BackupRequests {
  /** Settings: where backups go, the daily ones kept, the latest files. */
  backupView: { args: []; result: BackupView };
  /** Settings (a manager): a backup now, into the backups folder; the secrets sealed with `passphrase`, or left out (null). */
  backupMake: { args: [input: { passphrase: string | null }]; result: BackupMade };
  /**
   * Settings: the daily backups' folder (null: the data folder's `backups`) and whether they seal the
   * secrets with a passphrase (a string), leave them out (null), or keep what they do (absent).
   */
  backupSaveSettings: {
    args: [input: { folder: string | null; dailyPassphrase?: string | null }];
    result: BackupView;
  };
  /** First start: what a backup file on this computer holds, before restoring it. */
  backupInspect: { args: [file: string]; result: BackupSummary };
  /** First start: rebuild the venue from a backup file; it opens at the app's next start. */
  backupRestore: {
    args: [input: { file: string; passphrase: string | null; withoutSecrets: boolean }];
    result: RestoreDone;
  };
}

export type BackupEvents = Record<never, never>;

export const backupChannelKeys: Record<keyof BackupRequests, true> = {
  backupView: true,
  backupMake: true,
  backupSaveSettings: true,
  backupInspect: true,
  backupRestore: true,
};

export const backupEventKeys: Record<keyof BackupEvents, true> = {};
