// The practice venue on disk: what a venue built up in the sandbox (integrations and their
// subscriptions, tokens, consents, shifts, tabs, gift cards, the clock's offset) survives a switch
// to a real service and back, and a restart. Written with v8 serialisation (Maps included) to a
// temp file (0600: it holds the practice venue's secrets and tokens), fsynced and renamed over
// the old one, the folder fsynced too, so a crash mid-write leaves the previous state and a write
// that returned survives a power cut. Work in
// flight (webhook deliveries and retries, gift cards still being issued, route faults) is not kept.
// The file says its version and the release that wrote it: one of another, older version is kept
// aside and the venue starts from the seed; one of a newer version is left exactly as it is, and
// the run keeps its venue in memory only (startSandbox), so nothing of this release overwrites it.
import {
  existsSync,
  readFileSync,
  renameSync,
  writeFileSync,
  mkdirSync,
  openSync,
  fsyncSync,
  closeSync,
  fchmodSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { SandboxWorld } from './world';
import { errorMessage } from '../../shared/errors';
import packageJson from '../../package.json' with { type: 'json' };

/** This build's release, kept beside the practice venue's version. */
const APP_VERSION: string = packageJson.version;

const VERSION = 1;

export interface WorldFile {
  version: number;
  /** The release that wrote it (absent in files of releases before versions were kept). */
  writtenBy?: string;
  port: number;
  clockOffsetMs: number;
  world: Pick<
    SandboxWorld,
    | 'locations'
    | 'users'
    | 'roles'
    | 'staff'
    | 'categories'
    | 'products'
    | 'zones'
    | 'spots'
    | 'passes'
    | 'integrations'
    | 'codes'
    | 'consents'
  >;
  tokens: { access: SandboxWorld['tokens']['access']; refresh: SandboxWorld['tokens']['refresh'] };
  labor: ReturnType<SandboxWorld['labor']['exportState']>;
  tabs: {
    maps: Pick<SandboxWorld['tabs'], 'tabs' | 'orders' | 'items' | 'payments' | 'refunds' | 'giftCards' | 'passTabs'>;
    guestSeq: number;
    counters: ReturnType<SandboxWorld['tabs']['counterState']>;
  };
}

export function captureWorld(world: SandboxWorld, port: number): WorldFile {
  const w = world;
  const t = w.tabs;
  return {
    version: VERSION,
    writtenBy: APP_VERSION,
    port,
    clockOffsetMs: w.clock.offsetMs,
    world: {
      locations: w.locations,
      users: w.users,
      roles: w.roles,
      staff: w.staff,
      categories: w.categories,
      products: w.products,
      zones: w.zones,
      spots: w.spots,
      passes: w.passes,
      integrations: w.integrations,
      codes: w.codes,
      consents: w.consents,
    },
    tokens: { access: w.tokens.access, refresh: w.tokens.refresh },
    labor: w.labor.exportState(),
    tabs: {
      maps: {
        tabs: t.tabs,
        orders: t.orders,
        items: t.items,
        payments: t.payments,
        refunds: t.refunds,
        giftCards: t.giftCards,
        passTabs: t.passTabs,
      },
      guestSeq: t.guestSeq,
      counters: t.counterState(),
    },
  };
}

export function restoreWorld(world: SandboxWorld, file: WorldFile): void {
  Object.assign(world, file.world);
  world.clock.resetOffset();
  if (file.clockOffsetMs > 0) world.clock.advanceMs(file.clockOffsetMs);
  world.tokens.access.clear();
  world.tokens.refresh.clear();
  for (const [k, v] of file.tokens.access) world.tokens.access.set(k, v);
  for (const [k, v] of file.tokens.refresh) world.tokens.refresh.set(k, v);
  world.labor.importState(file.labor);
  Object.assign(world.tabs, file.tabs.maps);
  world.tabs.guestSeq = file.tabs.guestSeq;
  world.tabs.restoreCounters(file.tabs.counters);
}

export interface WorldFileRead {
  file: WorldFile | null;
  problem: string | null;
  keptAs: string | null;
  /** A newer release wrote it: left as it is, and never to be written by this run. */
  newer?: true;
}

/** The saved practice venue, or null when there is none or it cannot be read (then: the seed). */
export function readWorldFile(path: string): WorldFileRead {
  if (!existsSync(path)) return { file: null, problem: null, keptAs: null };
  try {
    const file = deserialize(readFileSync(path)) as WorldFile;
    if (typeof file?.version === 'number' && file.version > VERSION) {
      const by = typeof file.writtenBy === 'string' ? `release ${file.writtenBy}` : 'a newer release';
      return {
        file: null,
        problem: `The practice venue: written by ${by} of the app (format version ${file.version}), newer than this release (${APP_VERSION}). It is left exactly as it is; until the app is updated, the practice venue starts from the demo venue each time and keeps no change.`,
        keptAs: null,
        newer: true,
      };
    }
    if (file?.version !== VERSION) {
      // Kept aside too: the next save would otherwise overwrite it.
      const aside = `${path}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(path, aside);
      return {
        file: null,
        problem: `The practice venue in ${path} is from another version; kept it as ${aside} and started from the seed`,
        keptAs: aside,
      };
    }
    return { file, problem: null, keptAs: null };
  } catch (error) {
    let aside: string | null = `${path}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    try {
      renameSync(path, aside);
    } catch {
      // keep going on the seed; the unreadable file stays where it is
      aside = null;
    }
    return {
      file: null,
      problem: `The practice venue could not be read (${errorMessage(error)}); ${aside ? `kept it as ${aside} and ` : ''}started from the seed`,
      keptAs: aside,
    };
  }
}

export function writeWorldFile(path: string, file: WorldFile): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temp = `${path}.tmp`;
  const fd = openSync(temp, 'w', 0o600);
  try {
    // A temp file left by a crash keeps its mode through 'w': set it again.
    fchmodSync(fd, 0o600);
    writeFileSync(fd, serialize(file));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, path);
  syncFolder(dirname(path));
}

/** Makes the rename durable where the platform can (Windows cannot open a folder for fsync). */
function syncFolder(dir: string): void {
  let fd: number | null = null;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // best effort
  } finally {
    if (fd !== null) closeSync(fd);
  }
}
