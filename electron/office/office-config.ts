// Head office's folder, made by `npm run office -- setup`: the group's CA and the leaf listeners'
// certificate, the servers' ports, the admin and office credentials, and each venue's credential.
// It is private to the user running head office (0700/0600): the credentials are in it.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { VENUE_ID_PATTERN } from '../../shared/group';

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
  systemPassword: z.string().min(16),
  venues: z.array(z.object({ venueId: z.string().regex(VENUE_ID_PATTERN), name: z.string(), password: z.string() })),
  /** The office page's port, and its database: a postgres:// URL, or null for embedded PGlite. */
  httpPort: z.number().int(),
  databaseUrl: z.string().nullable(),
});

export type OfficeConfig = z.infer<typeof officeSchema>;
export type OfficeNode = z.infer<typeof nodeSchema>;

export function loadOfficeConfig(dir: string): OfficeConfig {
  const path = join(dir, OFFICE_FILE);
  if (!existsSync(path)) throw new Error(`No head office here (${path}): run \`npm run office -- setup\` first`);
  return officeSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
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
