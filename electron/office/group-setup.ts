// `npm run office -- setup` and `-- add-venue`: head office's folder, and one venue's group file.
// Setup makes the CA, the leaf listeners' certificate, the credentials and each server's config.
// Adding a venue makes its credential and its group file (what the venue's manager joins with),
// and rewrites the configs; running servers pick the new user up on a reload, and the venue's
// stream is added to GROUP's sources the next time the office starts (or at once: addSources).
// Head office keeps only the bcrypt hash of a venue's password: the group file is the one place
// it is whole, so adding a venue again makes it a new one (the old file stops working).
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { VENUE_ID_PATTERN } from '../../shared/group';
import type { GroupJoin } from '../core/group/group-join';
import { freeLoopbackPort } from '../core/group/free-loopback-port';
import { hashPasswordNow } from '../core/group/password-hash';
import { hqConfig, venueUser } from './hq-config';
import { loadOfficeConfig, officePaths, saveOfficeConfig, type OfficeConfig } from './office-config';
import { makeGroupCa, makeServerCert } from './pki';

const secret = () => randomBytes(24).toString('base64url');

export interface SetupOptions {
  group: string;
  /** 1 server, or 3 for a cluster that survives losing one. */
  nodes: number;
  host?: string;
  bind?: string;
  httpPort?: number;
  databaseUrl?: string | null;
  /** Fixed ports from this one on (4 per server); absent: free ones now. */
  basePort?: number;
}

export async function setupOffice(dir: string, options: SetupOptions): Promise<OfficeConfig> {
  const host = options.host ?? '127.0.0.1';
  const nodes = [];
  for (let i = 1; i <= options.nodes; i++) {
    const at = (k: number) => (options.basePort ? options.basePort + (i - 1) * 3 + k : freeLoopbackPort());
    nodes.push({ name: `hq${i}`, clientPort: await at(0), clusterPort: await at(1), leafPort: await at(2) });
  }
  const adminPassword = secret();
  const officePassword = secret();
  const config: OfficeConfig = {
    v: 1,
    group: options.group,
    host,
    bind: options.bind ?? '127.0.0.1',
    nodes,
    adminPassword,
    officePassword,
    // Nobody signs in as the system user: its password is made and only its hash kept.
    hashes: {
      admin: hashPasswordNow(adminPassword),
      office: hashPasswordNow(officePassword),
      system: hashPasswordNow(secret()),
    },
    venues: [],
    httpPort: options.httpPort ?? 4280,
    databaseUrl: options.databaseUrl ?? null,
  };
  const paths = officePaths(dir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const ca = await makeGroupCa(options.group);
  const leaf = await makeServerCert(ca, [...new Set([host, 'localhost', '127.0.0.1'])]);
  writeFileSync(paths.ca, ca.cert, { mode: 0o600 });
  writeFileSync(paths.caKey, ca.key, { mode: 0o600 });
  writeFileSync(paths.leafCert, leaf.cert, { mode: 0o600 });
  writeFileSync(paths.leafKey, leaf.key, { mode: 0o600 });
  saveOfficeConfig(dir, config);
  writeNodeConfigs(dir, config);
  return config;
}

export function writeNodeConfigs(dir: string, config: OfficeConfig): void {
  const paths = officePaths(dir);
  for (const node of config.nodes) {
    mkdirSync(paths.nodeStore(node.name), { recursive: true, mode: 0o700 });
    const text = hqConfig({
      office: config,
      node,
      storeDir: paths.nodeStore(node.name),
      certFile: paths.leafCert,
      keyFile: paths.leafKey,
    });
    writeFileSync(paths.nodeConfig(node.name), text, { mode: 0o600 });
  }
}

/** A venue's credential and group file (returned, and written under venues/). */
export function addVenue(dir: string, venueId: string, name: string): { join: GroupJoin; file: string } {
  if (!VENUE_ID_PATTERN.test(venueId))
    throw new Error('A venue id is lowercase letters, digits and dashes (up to 32), starting with a letter or digit');
  const config = loadOfficeConfig(dir);
  const password = secret();
  const venue = { venueId, name, passwordHash: hashPasswordNow(password) };
  const at = config.venues.findIndex((v) => v.venueId === venueId);
  if (at < 0) config.venues.push(venue);
  else config.venues[at] = venue;
  saveOfficeConfig(dir, config);
  writeNodeConfigs(dir, config);
  const paths = officePaths(dir);
  const join: GroupJoin = {
    kind: 'venue-group-join',
    v: 1,
    group: config.group,
    venueId,
    venueName: venue.name,
    leafUrls: config.nodes.map((n) => `tls://${config.host}:${n.leafPort}`),
    user: venueUser(venueId),
    password,
    ca: readFileSync(paths.ca, 'utf8'),
  };
  const file = paths.joinFile(venueId);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${JSON.stringify(join, null, 2)}\n`, { mode: 0o600 });
  return { join, file };
}
