// The one file head office hands a venue's manager (`npm run office -- add-venue`): which venue
// this hub is in the group, where head office takes leaf connections, the venue's own credential
// (the server lets it publish under its own subjects only) and the group's CA to check head
// office's TLS certificate with. The hub keeps it in its data folder, private to this user.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { VENUE_ID_PATTERN } from '../../../shared/group';

export const GROUP_DIR = 'group';
export const JOIN_FILE = 'join.json';

const joinSchema = z.object({
  kind: z.literal('venue-group-join'),
  v: z.literal(1),
  group: z.string().min(1),
  venueId: z.string().regex(VENUE_ID_PATTERN),
  venueName: z.string().min(1),
  /** tls://host:port of each head-office node's leaf listener. */
  leafUrls: z.array(z.string().regex(/^tls:\/\/[^\s/@]+:\d+$/)).min(1),
  user: z.string().min(1),
  password: z.string().min(16),
  /** PEM of the group's CA: head office's leaf certificates are checked against it alone. */
  ca: z.string().includes('BEGIN CERTIFICATE'),
});

export type GroupJoin = z.infer<typeof joinSchema>;

export function parseGroupJoin(text: string): GroupJoin {
  const parsed = joinSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`Not a venue's group file: ${parsed.error.issues[0]?.message ?? 'unreadable'}`);
  return parsed.data;
}

export function groupDir(dataDir: string): string {
  return join(dataDir, GROUP_DIR);
}

/** The venue's group file, or null when this hub is not in a group (it then works as it always did). */
export function loadGroupJoin(dataDir: string): GroupJoin | null {
  const path = join(groupDir(dataDir), JOIN_FILE);
  if (!existsSync(path)) return null;
  return parseGroupJoin(readFileSync(path, 'utf8'));
}

/** Joins this hub to the group: the file is checked, then kept (0600) for the next start. */
export function saveGroupJoin(dataDir: string, text: string): GroupJoin {
  const join_ = parseGroupJoin(text);
  mkdirSync(groupDir(dataDir), { recursive: true, mode: 0o700 });
  writeFileSync(join(groupDir(dataDir), JOIN_FILE), `${JSON.stringify(join_, null, 2)}\n`, { mode: 0o600 });
  return join_;
}
