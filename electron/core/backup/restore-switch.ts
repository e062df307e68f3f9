// A restore is built beside the data folder and switched in as one step, so whatever stops it
// (kill -9, power) leaves the old venue or the whole restored one, never half:
//
//   <data>.restore/venue/       the restored folder, built and fsynced file by file
//   <data>.restore/switch.json  written (fsynced) only once the build is whole: the commit point
//   <data>.before-restore-<time>/  where the data folder's own entries go, kept, never deleted
//
// Before the commit point a restore that stopped is abandoned: the next start (or restore) removes
// the half-built folder, and the data folder is as it was. After it, the switch is finished by
// whoever comes next: the restore itself, or every start of the app (finishRestore in the roots,
// before anything opens the folder). Into a folder that does not exist yet (a new computer) the
// switch is one rename. Into one that holds a venue, the app's entries are moved aside and the
// restored ones moved in one by one; each move is repeated safely, so a switch cut short is
// finished from where it stopped, and no start ever opens the folder between the two.
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  rmdirSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { replacedByRestore } from './venue-files';
import { damagedStamp } from '../storage/damaged-copy';
import { fsyncDir } from '../storage/fsync-dir';

interface SwitchJournal {
  version: 1;
  /** Every entry of the restored folder, as built. */
  entries: string[];
  /** Where the data folder's own entries go. */
  aside: string;
}

export function stagingOf(dataDir: string): { root: string; venue: string; journal: string } {
  const root = `${dataDir}.restore`;
  return { root, venue: join(root, 'venue'), journal: join(root, 'switch.json') };
}

/** A fresh, empty staging folder (a half-built one from a stopped restore is removed first). */
export function beginStaging(dataDir: string): string {
  const staging = stagingOf(dataDir);
  rmSync(staging.root, { recursive: true, force: true });
  mkdirSync(staging.venue, { recursive: true, mode: 0o700 });
  return staging.venue;
}

/** The commit point: from here on the restored folder replaces the data folder. */
export function commitStaging(dataDir: string, now: number): void {
  const staging = stagingOf(dataDir);
  const journal: SwitchJournal = {
    version: 1,
    entries: readdirSync(staging.venue).sort(),
    aside: `${dataDir}.before-restore-${damagedStamp(now)}`,
  };
  const temp = `${staging.journal}.tmp`;
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeSync(fd, JSON.stringify(journal));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, staging.journal);
  fsyncDir(staging.root);
}

export type FinishedRestore =
  | { state: 'none' }
  /** A restore stopped before its commit point: its half-built folder was removed. */
  | { state: 'abandoned' }
  /** A committed restore was switched in now; the data folder's own entries went to `aside` (null: it had none). */
  | { state: 'switched'; aside: string | null };

/**
 * Run by every start before the data folder is opened, and by every restore before it begins.
 * `onMove` is called after each move of the switch (tests stop the process there).
 */
export function finishRestore(dataDir: string, onMove?: () => void): FinishedRestore {
  const staging = stagingOf(dataDir);
  if (!existsSync(staging.root)) return { state: 'none' };
  let journal: SwitchJournal | null;
  try {
    journal = JSON.parse(readFileSync(staging.journal, 'utf8')) as SwitchJournal;
  } catch {
    journal = null;
  }
  if (!journal || !Array.isArray(journal.entries) || typeof journal.aside !== 'string') {
    rmSync(staging.root, { recursive: true, force: true });
    return { state: 'abandoned' };
  }
  const aside = switchIn(dataDir, staging.venue, journal, onMove);
  rmSync(staging.journal, { force: true });
  rmSync(staging.root, { recursive: true, force: true });
  fsyncDir(dirname(dataDir));
  return { state: 'switched', aside };
}

function switchIn(dataDir: string, venue: string, journal: SwitchJournal, onMove?: () => void): string | null {
  const remaining = existsSync(venue) ? readdirSync(venue) : [];
  if (!existsSync(dataDir)) {
    // A new computer: one rename, and the data folder exists whole or not at all.
    renameSync(venue, dataDir);
    fsyncDir(dirname(dataDir));
    return null;
  }
  const movedIn = new Set(journal.entries.filter((name) => !remaining.includes(name)));
  let movedAside = existsSync(journal.aside);
  for (const name of readdirSync(dataDir)) {
    if (!replacedByRestore(name) || movedIn.has(name)) continue;
    if (!movedAside) mkdirSync(journal.aside, { recursive: true, mode: 0o700 });
    movedAside = true;
    renameSync(join(dataDir, name), freeName(journal.aside, name));
    onMove?.();
  }
  for (const name of remaining) {
    renameSync(join(venue, name), join(dataDir, name));
    onMove?.();
  }
  fsyncDir(dataDir);
  if (!movedAside) return null;
  fsyncDir(journal.aside);
  if (readdirSync(journal.aside).length === 0) {
    rmdirSync(journal.aside);
    return null;
  }
  return journal.aside;
}

/** `name` in `dir`, or with a number after it when a name is taken (a switch finished twice). */
function freeName(dir: string, name: string): string {
  let candidate = join(dir, name);
  for (let n = 2; existsSync(candidate); n++) candidate = join(dir, `${basename(name)}.${n}`);
  return candidate;
}
