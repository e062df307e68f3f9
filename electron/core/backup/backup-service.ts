// The core's backups: a manager's, into the backups folder with the passphrase they type (or the
// secrets left out), and the app's own once a day, of which the newest few are kept. The daily
// ones cannot ask anyone for a passphrase, so a manager may give one once: only the key scrypt
// makes of it is kept, in `backups.json` on this computer (never in a backup), beside the hub's own
// key that the data folder holds in clear anyway; without one, daily backups leave the secrets out.
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { z } from 'zod';
import { appError } from '../../../shared/app-error';
import { errorMessage } from '../../../shared/errors';
import type { BackupFileEntry, BackupMade, BackupView } from '../../../shared/backup';
import { JobQueue } from '../job-queue';
import type { SecretStore } from '../secrets/secret-store';
import type { DamageSink } from '../storage/data-health';
import { damagedStamp } from '../storage/damaged-copy';
import { loadJsonFile, saveJsonFile } from '../storage/json-file';
import type { LogPosition } from '../webhooks/event-log';
import { BACKUP_EXTENSION } from './backup-file';
import { makeBackup } from './make-backup';
import { checkPassphrase, deriveKey, type SealKey } from './seal';
import { BACKUPS_DIR, BACKUPS_SETTINGS } from './venue-files';

/** When the daily backup is looked at, and how many are kept (tests make these short). */
export interface DailyTiming {
  /** After the start: the first look (a start is busy enough without a backup at once). */
  firstCheckMs: number;
  /** Then every so often: one is made when the newest daily one is `dayMs` old, or there is none. */
  checkEveryMs: number;
  dayMs: number;
  keep: number;
}

export const DAILY: DailyTiming = {
  firstCheckMs: 5 * 60_000,
  checkEveryMs: 60 * 60_000,
  dayMs: 24 * 3_600_000,
  keep: 7,
};

const DAILY_NAME = /^daily-.+\.venue-backup$/;

const settingsSchema = z.object({
  version: z.literal(1),
  folder: z.string().nullable(),
  seal: z
    .object({
      kdf: z.object({ name: z.literal('scrypt'), N: z.number(), r: z.number(), p: z.number(), salt: z.string() }),
      key: z.string(),
    })
    .nullable(),
});
type Settings = z.infer<typeof settingsSchema>;

export interface BackupServiceOptions {
  dataDir: string;
  secrets: SecretStore;
  logPosition: () => LogPosition | null;
  now?: () => number;
  log?: (line: string) => void;
  damage?: DamageSink;
  /** The daily backups' timing; false: this core makes none (a --check run). */
  daily?: Partial<DailyTiming> | false;
  /** scrypt's cost for a typed passphrase (tests lower it); the backup names it, so a restore follows. */
  kdfN?: number;
}

export class BackupService {
  private readonly queue = new JobQueue();
  private readonly timing: DailyTiming | null;
  private settings: Settings;
  private timer: NodeJS.Timeout | null = null;
  private nextAt: number | null = null;
  private problem: string | null = null;

  constructor(private readonly options: BackupServiceOptions) {
    this.timing = options.daily === false ? null : { ...DAILY, ...options.daily };
    this.settings = loadJsonFile(options.dataDir, BACKUPS_SETTINGS, settingsSchema, () => defaults(), {
      damage: options.damage,
      label: 'Where backups go',
      consequence: 'backups go to the data folder’s backups folder and daily ones leave the secrets out',
    }).value;
  }

  /** The folder backups are written to. */
  folder(): string {
    return this.settings.folder ?? join(this.options.dataDir, BACKUPS_DIR);
  }

  view(): BackupView {
    return {
      folder: this.folder(),
      keep: this.timing?.keep ?? DAILY.keep,
      dailySealed: this.settings.seal !== null,
      files: this.files(),
      nextDailyAt: this.nextAt,
      dailyProblem: this.problem,
    };
  }

  /** A backup now (a manager's), sealed with `passphrase` or with the secrets left out. */
  make(passphrase: string | null, file?: string): Promise<BackupMade> {
    if (passphrase !== null) checkPassphrase(passphrase);
    return this.queue.run(async () => {
      const key = passphrase === null ? null : await deriveKey(passphrase, { N: this.options.kdfN });
      return this.write(file ?? this.nameIn('venue'), key);
    });
  }

  saveSettings(input: { folder: string | null; dailyPassphrase?: string | null }): Promise<BackupView> {
    const folder = input.folder === null ? null : this.checkFolder(input.folder);
    if (typeof input.dailyPassphrase === 'string') checkPassphrase(input.dailyPassphrase);
    return this.queue.run(async () => {
      let seal = this.settings.seal;
      if (input.dailyPassphrase === null) seal = null;
      if (typeof input.dailyPassphrase === 'string') {
        const made = await deriveKey(input.dailyPassphrase, { N: this.options.kdfN });
        seal = { kdf: made.kdf, key: made.key.toString('base64') };
      }
      const next: Settings = { version: 1, folder, seal };
      saveJsonFile(this.options.dataDir, BACKUPS_SETTINGS, next);
      this.settings = next;
      return this.view();
    });
  }

  /** The daily backup, when one is due; the oldest daily ones past `keep` are removed after it. */
  daily(): Promise<BackupMade | null> {
    const timing = this.timing ?? DAILY;
    return this.queue.run(async () => {
      const newest = this.files().find((f) => f.daily);
      if (newest && this.now() - newest.at < timing.dayMs) return null;
      const seal = this.settings.seal;
      const key: SealKey | null = seal ? { kdf: seal.kdf, key: Buffer.from(seal.key, 'base64') } : null;
      try {
        const made = await this.write(this.nameIn('daily'), key);
        this.problem = null;
        for (const old of this.files()
          .filter((f) => f.daily)
          .slice(timing.keep))
          rmSync(old.path, { force: true });
        this.options.log?.(`backups: daily backup ${made.path} (${made.bytes} bytes)`);
        return made;
      } catch (error) {
        this.problem = errorMessage(error);
        this.options.log?.(`backups: the daily backup failed: ${this.problem}`);
        return null;
      }
    });
  }

  start(): void {
    if (!this.timing || this.timer) return;
    this.schedule(this.timing.firstCheckMs);
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.nextAt = null;
    await this.queue.idle();
  }

  private schedule(ms: number): void {
    const timing = this.timing!;
    this.nextAt = this.now() + ms;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.daily().finally(() => {
        if (this.nextAt !== null) this.schedule(timing.checkEveryMs);
      });
    }, ms);
    this.timer.unref();
  }

  private async write(file: string, key: SealKey | null): Promise<BackupMade> {
    mkdirSync(this.folder(), { recursive: true, mode: 0o700 });
    return makeBackup(
      { dataDir: this.options.dataDir, secrets: this.options.secrets, logPosition: this.options.logPosition },
      { file, key, now: this.options.now },
    );
  }

  private nameIn(kind: 'daily' | 'venue'): string {
    return join(this.folder(), `${kind}-${damagedStamp(this.now())}${BACKUP_EXTENSION}`);
  }

  private files(): BackupFileEntry[] {
    const folder = this.folder();
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      return [];
    }
    const entries: BackupFileEntry[] = [];
    for (const name of names) {
      if (!name.endsWith(BACKUP_EXTENSION)) continue;
      try {
        const stat = statSync(join(folder, name));
        entries.push({
          name,
          path: join(folder, name),
          at: stampedAt(name) ?? stat.mtimeMs,
          bytes: stat.size,
          daily: DAILY_NAME.test(name),
        });
      } catch {
        // removed meanwhile
      }
    }
    return entries.sort((a, b) => b.at - a.at || b.name.localeCompare(a.name));
  }

  /**
   * An absolute folder outside the data folder (a backup kept inside it would be backed up again),
   * or the data folder's own backups folder.
   */
  private checkFolder(folder: string): string | null {
    const given = resolve(folder);
    const inside = relative(this.options.dataDir, given);
    if (!isAbsolute(folder))
      throw appError('invalid', 'Give the backups folder as a full path, for example /mnt/usb/venue-backups', {
        field: 'folder',
      });
    if (inside === BACKUPS_DIR) return null;
    if (inside === '' || (!inside.startsWith('..') && !isAbsolute(inside)))
      throw appError('invalid', 'Keep backups outside the data folder (or in its own backups folder)', {
        field: 'folder',
      });
    return given;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}

/** The moment a backup's name gives (the app names them `<kind>-<ISO time>`), or null. */
function stampedAt(name: string): number | null {
  const m = /-(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z\.venue-backup$/.exec(name);
  if (!m) return null;
  const at = Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`);
  return Number.isFinite(at) ? at : null;
}

function defaults(): Settings {
  return { version: 1, folder: null, seal: null };
}
