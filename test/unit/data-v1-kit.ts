// The data folders release 0.1.0 wrote (test/fixtures/data-v1, made by make-data-v1.ts from that
// release's own code), copied as a venue's computer holds them, and what that release counted.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { WebhookCounters } from '../../shared/webhooks';

export const FIXTURES = join(process.cwd(), 'test', 'fixtures', 'data-v1');

export interface DataV1Manifest {
  commit: string;
  appVersion: string;
  /** When the last folder was closed: the tests' clocks run on from here. */
  stoppedAt: number;
  webhookSecret: string;
  venue: {
    people: string[];
    queued: string[];
    kioskWaiting: number;
    devices: { id: string; name: string; role: string; revokedAt: number | null }[];
    staff: { userId: string; name: string; manager: boolean; hasPin: boolean }[];
    review: { punchId: string; userId: string; status: string; reasons: string[] }[];
    forwardedLines: number;
    ledgerEntries: number;
    ledgerLines: number;
    auditLines: number;
    practiceVenue: { users: number; integrations: number; laborEntries: number };
  };
  workstation: { counters: WebhookCounters; rows: number };
}

export const manifest = JSON.parse(readFileSync(join(FIXTURES, 'manifest.json'), 'utf8')) as DataV1Manifest;

/** The demo PINs of the practice venue's staff (docs/sandbox.md). */
export const DEMO_PINS: Record<string, string> = { '2002': '1111', '2004': '2222', '2006': '3333', '2005': '4444' };

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/**
 * One fixture folder ('venue/hub', 'workstation'…) copied into `target` as the app keeps it:
 * unzipped, folders 0700 and files 0600 (git keeps no modes; the app would say it tightened them).
 */
export function copyFixture(name: string, target: string): void {
  const from = join(FIXTURES, name);
  for (const path of files(from)) {
    const zipped = path.endsWith('.gz');
    const to = join(target, relative(from, zipped ? path.slice(0, -3) : path));
    mkdirSync(dirname(to), { recursive: true, mode: 0o700 });
    const bytes = readFileSync(path);
    writeFileSync(to, zipped ? gunzipSync(bytes) : bytes, { mode: 0o600 });
  }
}

/** Every file under `dir` by its path there, with the SHA-256 of its bytes. */
export function hashes(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const path of files(dir).sort())
    out[relative(dir, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
  return out;
}

/** A clock that runs on from the moment the fixtures were made, so no retention sees them age. */
export function fixtureClock(): () => number {
  const started = Date.now();
  return () => manifest.stoppedAt + (Date.now() - started);
}
