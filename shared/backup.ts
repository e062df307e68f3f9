// Backups of the venue: one file with everything the hub (or a computer on its own) keeps, its
// secrets sealed with a passphrase or left out, made by a manager or by the app once a day.

/** What a backup holds of the webhook event log: every event up to `lastSeq`, and the counts then. */
export interface BackupEvents {
  lastSeq: number;
  rows: number;
}

/** A backup file's own description (its first record), as a screen shows it before a restore. */
export interface BackupSummary {
  /** Epoch ms when the backup's moment was taken. */
  createdAt: number;
  /** The release of the app that wrote it. */
  writtenBy: string;
  /** Null when the event log was not open while the backup was made (its files were taken whole). */
  events: BackupEvents | null;
  /** `sealed`: the service secrets and the hub's key are in it, opened only with the passphrase. */
  secrets: 'sealed' | 'left-out';
  /** Said when they were left out: what a restore of it cannot bring back. */
  leftOutSentence: string | null;
  /** Files of the venue in it. */
  files: number;
  /** The hub certificate's fingerprint when the backup is of a venue hub. */
  hubFingerprint: string | null;
}

export interface BackupMade extends BackupSummary {
  /** Where it was written, on the computer that made it. */
  path: string;
  /** Its size on disk. */
  bytes: number;
}

export interface BackupFileEntry {
  name: string;
  path: string;
  /** Epoch ms it was written. */
  at: number;
  bytes: number;
  /** Made by the app's daily run (the oldest of these are removed past `keep`), not by a person. */
  daily: boolean;
}

/** The Settings card: where backups go, how many daily ones are kept, and the latest. */
export interface BackupView {
  folder: string;
  keep: number;
  /** Daily backups carry the secrets sealed with a passphrase a manager set, or leave them out. */
  dailySealed: boolean;
  /** Newest first. */
  files: BackupFileEntry[];
  /** When the next daily backup is due (epoch ms), or null when the app makes none in this run. */
  nextDailyAt: number | null;
  /** Why the last daily backup failed, while it has not succeeded since. */
  dailyProblem: string | null;
}

/** What a restore did; the venue opens at the app's next start. */
export interface RestoreDone extends BackupSummary {
  /** The secrets went back into this computer's secret store (`restored`), or were not in it. */
  secretsRestored: boolean;
  /** The hub's key and certificate came back: its paired devices take it back without pairing. */
  hubIdentityRestored: boolean;
  /** This app starts itself again (Electron); the headless host is started again by whoever runs it. */
  canRestart: boolean;
}
