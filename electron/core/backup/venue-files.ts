// Which files of a data folder a backup takes, and how. Named by rule rather than listed one by
// one, so a store added later is backed up unless it is one of the kinds left out here on
// purpose; test/unit/backup-files.test.ts runs a hub and finds none of its files unclassified.
// The Electron app's data folder is also Chromium's (its caches, local storage, window state):
// only the app's own folders and its JSON and log files at the top are the venue's.
import { closeSync, fstatSync, lstatSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LogPosition } from '../webhooks/event-log';
import { appError } from '../../../shared/app-error';

export type FileClass =
  /** Copied as it is at the backup's moment. */
  | { kind: 'copy' }
  /** A secret: sealed with the manager's passphrase, or left out. */
  | { kind: 'sealed' }
  /** An event log segment: copied up to the log's last committed line. */
  | { kind: 'segment' }
  /** The app's, but not the venue's to carry to another computer (why: for the docs and tests). */
  | { kind: 'skip'; why: string }
  /** Not the app's: Electron's and Chromium's own files in the same folder. */
  | { kind: 'foreign' };

/** The app's folders at the top of the data folder; everything in them is the venue's unless skipped. */
const OWN_DIRS = new Set(['hub', 'tabs', 'requests', 'webhooks', 'practice-venue', 'group']);
/** The app's files at the top: its JSON documents and logs. */
const OWN_FILE = /\.(json|jsonl|log)$/;
const SEGMENT = /^webhooks\/webhook-log\/seg-\d{8,}\.jsonl$/;
const SECRETS = new Set([
  'hub/hub-identity.pem',
  'hub/hub-key.pem',
  'hub/hub-cert.pem',
  'satellite.json',
  // The venue's credential in its group of venues (group-join.ts).
  'group/join.json',
]);

/** The daily backups' folder inside the data folder, when no other was chosen. */
export const BACKUPS_DIR = 'backups';
export const BACKUPS_SETTINGS = 'backups.json';

const SKIPPED: Record<string, string> = {
  'secrets.json': "sealed to this computer's keychain: the backup takes the secrets from the app's secret store",
  'host-control.json': "a running host's loopback port and control secret",
  'labor-outbox.lock': "a running process's lock",
  'data-health.json': "this computer's notices about its own files",
  'window-state.json': "this computer's window size",
  [BACKUPS_SETTINGS]: "this computer's backup folder, and the key its daily backups are sealed with",
  [BACKUPS_DIR]: 'the backups themselves',
  'webhooks/webhook-log-index': 'derived from the event log, rebuilt at the first start',
  // The group's leaf node: its store is another process's, written while the backup reads; the
  // config and CA are written again from join.json at every start (the config names the credential).
  'group/leaf-store': "the group's leaf node's own store, written by its own process",
  'group/leaf.conf': 'written again from join.json at every start',
  'group/ca.pem': 'written again from join.json at every start',
};

/** How a path of the data folder (relative, `/`-separated) is backed up. */
export function classify(path: string): FileClass {
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (SKIPPED[path]) return { kind: 'skip', why: SKIPPED[path] };
  if (name.endsWith('.tmp')) return { kind: 'skip', why: 'a write in progress' };
  if (/\.damaged-/.test(name)) return { kind: 'skip', why: 'damaged bytes stay with the computer that found them' };
  if (/\.v\d+-\d{4}-/.test(name)) return { kind: 'skip', why: 'an upgraded file as it was, kept on this computer' };
  if (SECRETS.has(path)) return { kind: 'sealed' };
  if (SEGMENT.test(path)) return { kind: 'segment' };
  const top = path.split('/')[0];
  if (OWN_DIRS.has(top)) return { kind: 'copy' };
  if (!path.includes('/') && OWN_FILE.test(name)) return { kind: 'copy' };
  return { kind: 'foreign' };
}

/**
 * What a restore moves aside and replaces at the top of a data folder: every entry of the app's,
 * except this computer's own (its backups and their settings, the keychain's secrets, its window).
 */
export function replacedByRestore(name: string): boolean {
  if (classify(name).kind === 'foreign') return false;
  return ![BACKUPS_DIR, BACKUPS_SETTINGS, 'secrets.json', 'window-state.json', 'host-control.json'].includes(name);
}

/** A path a backup may name: relative, no `..`, plain characters, and one the app backs up. */
export function backupPathAllowed(path: string): boolean {
  if (!/^[A-Za-z0-9][A-Za-z0-9._+-]*(\/[A-Za-z0-9][A-Za-z0-9._+-]*)*$/.test(path)) return false;
  if (path.split('/').some((part) => part === '..' || part === '.')) return false;
  const kind = classify(path).kind;
  return kind === 'copy' || kind === 'sealed' || kind === 'segment';
}

export interface Snapshot {
  /** Read whole at the moment of the snapshot. */
  files: { path: string; bytes: Buffer }[];
  sealed: { path: string; bytes: Buffer }[];
  /** Opened at the moment (retention may remove the file afterwards; the open descriptor keeps it). */
  segments: { path: string; fd: number; size: number }[];
  /** The running log's position, or null when no log was open in this process (the files were at rest). */
  position: LogPosition | null;
  /** The app's files left out, with why (for the manifest). */
  skipped: string[];
}

/**
 * Everything a backup takes, read in one synchronous pass. Every store of the core writes
 * synchronously (temp file and rename, or an fsynced append) except the event log's segments, so
 * no write falls inside this pass; the segments are cut at the position the log reported in the
 * same pass, because the log appends in groups between turns of the event loop.
 */
export function takeSnapshot(dataDir: string, position: LogPosition | null): Snapshot {
  const snapshot: Snapshot = { files: [], sealed: [], segments: [], position, skipped: [] };
  const committed = new Map(position?.segments.map((s) => [`webhooks/webhook-log/${s.name}`, s.bytes]) ?? []);
  try {
    visit(dataDir, '', snapshot, committed);
    if (position)
      for (const path of committed.keys())
        if (!snapshot.segments.some((s) => s.path === path))
          throw appError('data-damaged', `the event log's segment ${path} is missing from the data folder`, {
            file: path,
          });
  } catch (error) {
    releaseSnapshot(snapshot);
    throw error;
  }
  snapshot.segments.sort((a, b) => a.path.localeCompare(b.path));
  return snapshot;
}

function visit(dataDir: string, prefix: string, snapshot: Snapshot, committed: Map<string, number>): void {
  let names: string[];
  try {
    names = readdirSync(join(dataDir, prefix)).sort();
  } catch (error) {
    if (prefix === '' && (error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const name of names) {
    const path = prefix ? `${prefix}/${name}` : name;
    const full = join(dataDir, path);
    const stat = lstatSync(full);
    if (stat.isSymbolicLink()) continue;
    const kind = classify(path);
    if (kind.kind === 'foreign') continue;
    if (kind.kind === 'skip') {
      snapshot.skipped.push(path);
      continue;
    }
    if (stat.isDirectory()) {
      visit(dataDir, path, snapshot, committed);
      continue;
    }
    if (!stat.isFile()) continue;
    if (kind.kind === 'segment') {
      const size = snapshot.position ? committed.get(path) : undefined;
      // A segment the running log has not listed (opened but holding no committed line yet, or
      // retired) is not part of this moment.
      if (snapshot.position && size === undefined) continue;
      const fd = openSync(full, 'r');
      snapshot.segments.push({ path, fd, size: size ?? fstatSync(fd).size });
      continue;
    }
    const bytes = readFileSync(full);
    if (kind.kind === 'sealed') snapshot.sealed.push({ path, bytes });
    else snapshot.files.push({ path, bytes });
  }
}

export function releaseSnapshot(snapshot: Snapshot): void {
  for (const segment of snapshot.segments.splice(0)) closeSync(segment.fd);
}
