// Head office's folder, made by `npm run office -- setup`: the group's CA and the leaf listeners'
// certificate, the servers' ports, the admin and office credentials, and each venue's credential.
// It is private to the user running head office (0700/0600). It holds the admin and office
// passwords this office signs in with, and of every other credential only its bcrypt hash: a
// venue's password is in that venue's group file and nowhere else.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { VENUE_ID_PATTERN } from '../../shared/group';
import { hashPasswordNow } from '../core/group/password-hash';

export const OFFICE_FILE = 'office.json';

const nodeSchema = z.object({
  name: z.string(),
  clientPort: z.number().int(),
  clusterPort: z.number().int(),
  leafPort: z.number().int(),
});

const officeSchema = z.object({
  v: z.literal(1),
  group: z.string().min(1),
  /** Where venues reach the leaf listeners (a host name or IP of this office). */
  host: z.string().min(1),
  /** Where the servers bind: loopback unless venues come from elsewhere. */
  bind: z.string().min(1),
  nodes: z.array(nodeSchema).min(1),
  adminPassword: z.string().min(16),
  officePassword: z.string().min(16),
  /** What the servers' configs hold: bcrypt hashes of the admin, office and system passwords. */
  hashes: z.object({ admin: z.string(), office: z.string(), system: z.string() }),
  venues: z.array(
    z.object({ venueId: z.string().regex(VENUE_ID_PATTERN), name: z.string(), passwordHash: z.string() }),
  ),
  /** The office page's port, and its database: a postgres:// URL, or null for embedded PGlite. */
  httpPort: z.number().int(),
  databaseUrl: z.string().nullable(),
});

export type OfficeConfig = z.infer<typeof officeSchema>;
export type OfficeNode = z.infer<typeof nodeSchema>;

export function loadOfficeConfig(dir: string): OfficeConfig {
  const path = join(dir, OFFICE_FILE);
  if (!existsSync(path)) throw new Error(`No head office here (${path}): run \`npm run office -- setup\` first`);
  const raw = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  const upgraded = withHashes(raw);
  const config = officeSchema.parse(upgraded ?? raw);
  if (upgraded) saveOfficeConfig(dir, config);
  return config;
}

/**
 * An office.json written before passwords were hashed (the same v1): each venue's password and
 * the system password become bcrypt hashes and leave the file; null when there is nothing to do.
 */
function withHashes(raw: Record<string, unknown>): Record<string, unknown> | null {
  const venues = Array.isArray(raw.venues) ? (raw.venues as Record<string, unknown>[]) : [];
  const plain = venues.some((v) => typeof v.password === 'string') || !raw.hashes;
  if (!plain) return null;
  const { systemPassword, ...rest } = raw;
  const hash = (secret: unknown) => hashPasswordNow(typeof secret === 'string' ? secret : '');
  return {
    ...rest,
    hashes: (raw.hashes as object | undefined) ?? {
      admin: hash(raw.adminPassword),
      office: hash(raw.officePassword),
      system: hash(systemPassword),
    },
    venues: venues.map(({ password, ...v }) =>
      typeof v.passwordHash === 'string' ? v : { ...v, passwordHash: hash(password) },
    ),
  };
}

export function saveOfficeConfig(dir: string, config: OfficeConfig): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, OFFICE_FILE);
  writeFileSync(`${path}.tmp`, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  renameSync(`${path}.tmp`, path);
}

export const officePaths = (dir: string) => ({
  ca: join(dir, 'ca.pem'),
  caKey: join(dir, 'ca-key.pem'),
  leafCert: join(dir, 'leaf.pem'),
  leafKey: join(dir, 'leaf-key.pem'),
  nodeConfig: (name: string) => join(dir, `${name}.conf`),
  nodeStore: (name: string) => join(dir, 'store', name),
  database: join(dir, 'db'),
  joinFile: (venueId: string) => join(dir, 'venues', `${venueId}.group.json`),
});
