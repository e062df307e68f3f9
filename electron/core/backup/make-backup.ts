// Making a backup: the secrets read first (the secret store answers asynchronously), then every
// file of the venue taken in one synchronous pass (venue-files.ts), then written out as one file
// (backup-file.ts) while the app goes on: the event log's segments are read from descriptors
// opened in that pass, only up to the position the log reported in it.
import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import { BackupWriter, BACKUP_FORMAT, BACKUP_VERSION } from './backup-file';
import { seal, type SealKey } from './seal';
import { releaseSnapshot, takeSnapshot } from './venue-files';
import type { LogPosition } from '../webhooks/event-log';
import type { SecretStore } from '../secrets/secret-store';
import { ACCESS_SECRET_KEY, ACCESS_SECRET_URL_KEY } from '../connection/secret-binding';
import { WEBHOOK_HEADERS_KEY, WEBHOOK_SECRET_KEY } from '../webhook-listener/listener-settings';
import { REFRESH_TOKEN_SECRET } from '../api/user-session';
import { APP_VERSION } from '../storage/data-format';
import { certificateFingerprint } from '../hub/hub-certificate';
import type { BackupMade, BackupSummary } from '../../../shared/backup';

/** The secret store's entries a backup carries (sealed): the service's access, the webhook's, the sign-in. */
export const BACKED_UP_SECRETS = [
  ACCESS_SECRET_KEY,
  ACCESS_SECRET_URL_KEY,
  WEBHOOK_SECRET_KEY,
  WEBHOOK_HEADERS_KEY,
  REFRESH_TOKEN_SECRET,
] as const;

/** The first record of every backup. */
export interface BackupManifest {
  t: 'backup';
  format: string;
  version: number;
  writtenBy: string;
  id: string;
  createdAt: number;
  position: LogPosition | null;
  secrets:
    { state: 'sealed'; names: string[]; files: string[] } | { state: 'left-out'; sentence: string; files: string[] };
  files: number;
  hubFingerprint: string | null;
  /** The app's files not in the backup, by path: none of them is the venue's to carry. */
  skipped: string[];
}

export interface BackupSource {
  dataDir: string;
  /** The running core's secret store; null for a data folder at rest (the host keeps none on disk). */
  secrets: SecretStore | null;
  /** The running event log's position; null when no log is open in this process. */
  logPosition: () => LogPosition | null;
}

export interface MakeBackupOptions {
  file: string;
  /** Seal the secrets with this key; null: leave them out, and say so. */
  key: SealKey | null;
  now?: () => number;
  /** Awaited between the snapshot and the writing (a test lets more events land there). */
  afterSnapshot?: () => Promise<void> | void;
}

export async function makeBackup(source: BackupSource, options: MakeBackupOptions): Promise<BackupMade> {
  const now = options.now ?? Date.now;
  const secrets: Record<string, string> = {};
  if (source.secrets)
    for (const name of BACKED_UP_SECRETS) {
      const value = await source.secrets.get(name);
      if (value !== null) secrets[name] = value;
    }
  const snapshot = takeSnapshot(source.dataDir, source.logPosition());
  let writer: BackupWriter | null = null;
  try {
    await options.afterSnapshot?.();
    const identity = snapshot.sealed.find((f) => f.path === 'hub/hub-identity.pem' || f.path === 'hub/hub-cert.pem');
    const manifest: BackupManifest = {
      t: 'backup',
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      writtenBy: APP_VERSION,
      id: randomUUID(),
      createdAt: now(),
      position: snapshot.position,
      secrets: options.key
        ? { state: 'sealed', names: Object.keys(secrets), files: snapshot.sealed.map((f) => f.path) }
        : {
            state: 'left-out',
            sentence: leftOutSentence(Object.keys(secrets).length > 0, identity !== undefined),
            files: snapshot.sealed.map((f) => f.path),
          },
      files: snapshot.files.length + snapshot.segments.length,
      hubFingerprint: identity ? fingerprintOf(identity.bytes) : null,
      skipped: snapshot.skipped,
    };
    writer = BackupWriter.open(options.file);
    await writer.record({ ...manifest });
    if (options.key) {
      const plain = Buffer.from(
        JSON.stringify({
          secrets,
          files: Object.fromEntries(snapshot.sealed.map((f) => [f.path, f.bytes.toString('base64')])),
        }),
        'utf8',
      );
      const { sealed, bytes } = seal(options.key, plain, manifest.id);
      await writer.record({ t: 'sealed', ...sealed }, bytes);
    }
    for (const file of snapshot.files) await writer.record({ t: 'file', path: file.path }, file.bytes);
    for (const segment of snapshot.segments)
      await writer.recordFromFd({ t: 'file', path: segment.path }, segment.fd, segment.size);
    await writer.finish();
    writer = null;
    return { ...summaryOf(manifest), path: options.file, bytes: statSync(options.file).size };
  } finally {
    writer?.abort();
    releaseSnapshot(snapshot);
  }
}

/** What a screen says of a backup, from its manifest. */
export function summaryOf(manifest: BackupManifest): BackupSummary {
  return {
    createdAt: manifest.createdAt,
    writtenBy: manifest.writtenBy,
    events: manifest.position ? { lastSeq: manifest.position.lastSeq, rows: manifest.position.rows } : null,
    secrets: manifest.secrets.state,
    leftOutSentence: manifest.secrets.state === 'left-out' ? manifest.secrets.sentence : null,
    files: manifest.files,
    hubFingerprint: manifest.hubFingerprint,
  };
}

function leftOutSentence(serviceSecrets: boolean, hubKey: boolean): string {
  const parts = [
    serviceSecrets ? 'the service secrets (access secret, webhook secret, sign-in)' : null,
    hubKey ? "the venue hub's key" : null,
  ].filter((p) => p !== null);
  if (parts.length === 0)
    return 'No secret was kept on this computer when the backup was made, so none is in it: a restore asks for the service secrets in Settings as a new install does.';
  const hub = hubKey
    ? ' A hub restored from it has a new identity: every paired device says "this hub’s identity changed: pair again" and keeps its queued punches until it is paired anew.'
    : '';
  return `This backup leaves out ${parts.join(' and ')}: after a restore, enter the service secrets again in Settings.${hub}`;
}

function fingerprintOf(pem: Buffer): string | null {
  const cert = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(pem.toString('utf8'))?.[0];
  try {
    return cert ? certificateFingerprint(cert) : null;
  } catch {
    return null;
  }
}
