// Everything the app keeps is for this user of this computer only: data folders 0700, files 0600
// (the practice venue holds its secrets and tokens, the event log holds what senders sent). New
// files get that from the process's umask; what is already there is checked at every start, made
// private where it is not, and said plainly as a data-health notice. Windows has no such modes
// (its folders under the user's profile are private already), so nothing is checked there.
import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DamageSink } from './data-health';

/** Folders and files made from now on in this process are private to its user. */
export function makeWritesPrivate(): void {
  if (process.platform === 'win32') return;
  try {
    process.umask(0o077);
  } catch {
    // Not allowed in a worker thread; the start check below still makes the files private.
  }
}

/** Checks the data folder's modes, tightening any that let others in; how many were wrong. */
export function checkPrivateModes(dataDir: string, damage: DamageSink | undefined): number {
  if (process.platform === 'win32') return 0;
  const wrong: string[] = [];
  const failed: string[] = [];
  const visit = (path: string, depth: number) => {
    let stat;
    try {
      stat = lstatSync(path);
    } catch {
      return;
    }
    if (stat.isSymbolicLink()) return;
    const want = stat.isDirectory() ? 0o700 : 0o600;
    if ((stat.mode & 0o077) !== 0) {
      wrong.push(path);
      try {
        chmodSync(path, stat.mode & want);
      } catch {
        failed.push(path);
      }
    }
    if (stat.isDirectory() && depth < 4) {
      let names: string[] = [];
      try {
        names = readdirSync(path);
      } catch {
        // unreadable: its own mode was reported above if wrong
      }
      for (const name of names) visit(join(path, name), depth + 1);
    }
  };
  visit(dataDir, 0);
  if (wrong.length === 0) return 0;
  const list = wrong.slice(0, 5).join(', ') + (wrong.length > 5 ? `, and ${wrong.length - 5} more` : '');
  damage?.({
    key: 'permissions',
    severity: failed.length > 0 ? 'error' : 'warning',
    path: dataDir,
    keptAs: null,
    count: wrong.length,
    sentence:
      failed.length > 0
        ? `${failed.length} of the app's files or folders on this computer can be read by other users of it and could not be made private. Ask whoever looks after this computer to fix their permissions.`
        : `${wrong.length} of the app's files or folders on this computer could be read by other users of it; they were made private to this user.`,
    detail: `modes wider than 0700 (folders) / 0600 (files): ${list}${failed.length > 0 ? `; could not change: ${failed.slice(0, 5).join(', ')}` : ''}`,
  });
  return wrong.length;
}
