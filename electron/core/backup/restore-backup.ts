// Restoring a backup into a data folder: the file is read record by record and the venue rebuilt
// beside the folder (restore-switch.ts), every file fsynced; only a backup read whole, its end
// record matching every byte, reaches the commit point. The sealed part comes right after the
// manifest, so a wrong passphrase is said before anything is written.
import { closeSync, fsyncSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { appError } from '../../../shared/app-error';
import { BackupReader, BACKUP_FORMAT, BACKUP_VERSION, type RecordHeader } from './backup-file';
import { deriveKey, unseal, type Sealed } from './seal';
import { backupPathAllowed } from './venue-files';
import { beginStaging, commitStaging, finishRestore, type FinishedRestore } from './restore-switch';
import { fsyncDir } from '../storage/fsync-dir';
import { BACKED_UP_SECRETS, summaryOf, type BackupManifest } from './make-backup';
import type { BackupSummary } from '../../../shared/backup';

export interface RestoreOptions {
  file: string;
  dataDir: string;
  /** Opens the sealed secrets; null with `withoutSecrets` restores the venue without them. */
  passphrase: string | null;
  withoutSecrets?: boolean;
  /**
   * The data folder is the running app's own (the first start's "Restore a backup"): the restored
   * venue is committed now and switched in at the app's next start, before anything opens it.
   */
  inUse?: boolean;
  now?: () => number;
  /** Test hooks: after each file written, after each move of the switch. */
  onFile?: (written: number, of: number) => void;
  onMove?: () => void;
}

export interface RestoreResult {
  summary: BackupSummary;
  /** The service secrets from the sealed part, for the caller's secret store ({} when none). */
  secrets: Record<string, string>;
  /** The sealed files (the hub's key and certificate) were written. */
  sealedFiles: string[];
  /** What became of the data folder: switched now, or at the next start (`inUse`). */
  switched: FinishedRestore | 'at-next-start';
}

const manifestSchema = z.object({
  t: z.literal('backup'),
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int().min(1),
  writtenBy: z.string(),
  id: z.string().min(1),
  createdAt: z.number(),
  position: z
    .object({
      segments: z.array(z.object({ name: z.string(), bytes: z.number() })),
      lastSeq: z.number(),
      rows: z.number(),
      counters: z.record(z.string(), z.unknown()),
    })
    .nullable(),
  secrets: z.union([
    z.object({ state: z.literal('sealed'), names: z.array(z.string()), files: z.array(z.string()) }),
    z.object({ state: z.literal('left-out'), sentence: z.string(), files: z.array(z.string()) }),
  ]),
  files: z.number().int().min(0),
  hubFingerprint: z.string().nullable(),
  skipped: z.array(z.string()),
});

const sealedSchema = z.object({
  t: z.literal('sealed'),
  cipher: z.literal('aes-256-gcm'),
  kdf: z.object({ name: z.literal('scrypt'), N: z.number(), r: z.number(), p: z.number(), salt: z.string() }),
  iv: z.string(),
  tag: z.string(),
  size: z
    .number()
    .int()
    .min(0)
    .max(16 * 1024 * 1024),
});

const fileSchema = z.object({ t: z.literal('file'), path: z.string(), size: z.number().int().min(0) });

const sealedPlainSchema = z.object({
  secrets: z.record(z.string(), z.string()),
  files: z.record(z.string(), z.string()),
});

/** The manifest of a backup file (its first record), without reading the rest. */
export async function inspectBackup(file: string): Promise<BackupSummary> {
  const reader = BackupReader.open(file);
  try {
    return summaryOf(await readManifest(reader, file));
  } finally {
    reader.close();
  }
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const now = options.now ?? Date.now;
  const reader = BackupReader.open(options.file);
  try {
    const manifest = await readManifest(reader, options.file);
    let opened: z.infer<typeof sealedPlainSchema> | null = null;
    if (manifest.secrets.state === 'sealed') {
      const header = sealedSchema.safeParse(await reader.next());
      if (!header.success) throw unreadable(options.file, 'its sealed part is missing');
      const bytes = await reader.bodyBytes(header.data.size);
      if (!options.withoutSecrets) {
        if (options.passphrase === null)
          throw appError(
            'invalid',
            'This backup’s secrets are sealed with a passphrase: give it, or restore without them',
            { field: 'passphrase' },
          );
        const { key } = await deriveKey(options.passphrase, header.data.kdf);
        const plain = unseal(key, header.data as Sealed, bytes, manifest.id);
        const parsed = sealedPlainSchema.safeParse(JSON.parse(plain.toString('utf8')));
        if (!parsed.success) throw unreadable(options.file, 'its sealed part holds something else');
        opened = parsed.data;
      }
    }
    // The running app's own folder is never switched under it; an earlier committed restore of a
    // stopped app is finished first, so this one starts from the folder as the app would open it.
    if (!options.inUse) finishRestore(options.dataDir);
    const venue = beginStaging(options.dataDir);
    const dirs = new Set<string>([venue]);
    let written = 0;
    for (;;) {
      const record = await reader.next();
      if (record === null) break;
      const file = fileSchema.safeParse(record);
      if (!file.success || !backupPathAllowed(file.data.path))
        throw unreadable(options.file, `a record ${describe(record)} that is not a file of the venue`);
      const path = join(venue, file.data.path);
      ensureDir(dirname(path), dirs);
      const fd = openSync(path, 'wx', 0o600);
      try {
        await reader.body(file.data.size, (piece) => writeAll(fd, piece));
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      written += 1;
      options.onFile?.(written, manifest.files);
    }
    if (written !== manifest.files)
      throw unreadable(options.file, `${written} files where its manifest says ${manifest.files}`);
    const sealedFiles: string[] = [];
    for (const [name, base64] of Object.entries(opened?.files ?? {})) {
      if (!backupPathAllowed(name)) throw unreadable(options.file, `a sealed file ${name} that is not the venue's`);
      const path = join(venue, name);
      ensureDir(dirname(path), dirs);
      const fd = openSync(path, 'wx', 0o600);
      try {
        writeAll(fd, Buffer.from(base64, 'base64'));
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      sealedFiles.push(name);
    }
    for (const dir of [...dirs].sort((a, b) => b.length - a.length)) fsyncDir(dir);
    commitStaging(options.dataDir, now());
    const switched = options.inUse ? ('at-next-start' as const) : finishRestore(options.dataDir, options.onMove);
    const secrets = Object.fromEntries(
      Object.entries(opened?.secrets ?? {}).filter(([name]) => (BACKED_UP_SECRETS as readonly string[]).includes(name)),
    );
    return { summary: summaryOf(manifest), secrets, sealedFiles, switched };
  } finally {
    reader.close();
  }
}

async function readManifest(reader: BackupReader, file: string): Promise<BackupManifest> {
  const first = await reader.next();
  const format = (first as { format?: unknown } | null)?.format;
  if (format !== BACKUP_FORMAT) throw unreadable(file, 'it does not start as a backup of this app');
  const version = (first as { version?: unknown }).version;
  if (typeof version === 'number' && version > BACKUP_VERSION)
    throw appError(
      'cannot-read',
      `${file} was written by release ${String((first as { writtenBy?: unknown }).writtenBy)} of the app (backup format ${version}), newer than this release: update the app to restore it`,
      { what: 'backup' },
    );
  const parsed = manifestSchema.safeParse(first);
  if (!parsed.success) throw unreadable(file, `its manifest: ${parsed.error.issues[0]?.message ?? 'unreadable'}`);
  return parsed.data as BackupManifest;
}

function writeAll(fd: number, bytes: Buffer): void {
  for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at);
}

function ensureDir(dir: string, made: Set<string>): void {
  if (made.has(dir)) return;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  for (let d = dir; !made.has(d); d = dirname(d)) made.add(d);
}

function describe(record: RecordHeader): string {
  return JSON.stringify(record).slice(0, 80);
}

function unreadable(file: string, what: string) {
  return appError('cannot-read', `${file} is not a backup this app can read (${what})`, { what: 'backup' });
}
