// A backup's or a restore's failure as a manager reads it, by its kind: the passphrase, a file that
// is not a backup or was cut short, a file that is not there; anything else in every screen's words.
import type { ErrorPayload } from '../../../../shared/app-error';
import { staffWords, type StaffWords } from '../../../../shared/errors';
import type { BackupSummary } from '../../../../shared/backup';

export function backupProblemWords(problem: ErrorPayload | null, fallback: string | null): StaffWords | null {
  if (!problem) return fallback ? { text: fallback, detail: null } : null;
  const detail = problem.message || null;
  // Only the kinds a backup or a restore says in its own words; every other is worded as everywhere.
  if (problem.kind === 'invalid' && problem.data.field === 'passphrase')
    return {
      text: problem.message.startsWith('A backup passphrase')
        ? 'Choose a passphrase of at least 10 characters: the backup may travel on a USB stick.'
        : 'That passphrase does not open this backup’s secrets. Type it again, or restore without the secrets.',
      detail,
    };
  if (problem.kind === 'invalid' && problem.data.field === 'folder')
    return { text: 'Choose a full folder path outside the data folder, for example a USB drive.', detail };
  if (problem.kind === 'cannot-read' && problem.data.what === 'backup')
    return {
      text: 'This file is not a Venue Companion backup this release can read (or a newer release made it).',
      detail,
    };
  if (problem.kind === 'data-damaged')
    return { text: 'This backup file is damaged or was cut short: nothing was restored from it.', detail };
  if (problem.kind === 'not-found' && problem.data.what === 'backup')
    return { text: 'There is no file at that path on this computer.', detail };
  if (problem.kind === 'conflict' && problem.data.what === 'restore')
    return {
      text: 'A backup is restored on the first start of a new install. To restore over this venue, stop the app and run npm run host -- --restore FILE.',
      detail,
    };
  return staffWords(problem);
}

/** "Events up to #1 234 (1 200 kept); secrets sealed" for one backup. */
export function backupFacts(summary: BackupSummary): string {
  const events = !summary.events
    ? 'the webhook event log as it lay on disk'
    : summary.events.lastSeq === 0
      ? 'no webhook event yet'
      : `webhook events up to #${summary.events.lastSeq.toLocaleString('en-US')}`;
  const secrets = summary.secrets === 'sealed' ? 'secrets sealed with a passphrase' : 'secrets left out';
  return `${summary.files} files, ${events}; ${secrets}`;
}

export function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
