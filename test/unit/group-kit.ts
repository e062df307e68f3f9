// Shared by the group tests: a head office on loopback (its own temp folder, 1 or 3 nats-servers,
// PGlite, the office page's server on a free port), venues added with their group files, and hubs
// (whole cores on the embedded practice venue) joined with those files. Each venue's leaf link may
// go through TCP relays, so a test can cut it the way a venue's internet goes down.
import { readFileSync, writeFileSync } from 'node:fs';
import { vi } from 'vitest';
import { addVenue, setupOffice } from '../../electron/office/group-setup';
import { startOffice, type RunningOffice } from '../../electron/office/office';
import { saveGroupJoin } from '../../electron/core/group/group-join';
import { officeView } from '../../electron/office/office-views';
import type { OfficeView } from '../../shared/group';
import { tcpRelay, type TcpRelay } from '../support';
import { startCore, type TestCore } from './tabs-kit';
import { HARBOUR } from './labor-test-constants';

export interface Venue {
  venueId: string;
  joinText: string;
  relays: TcpRelay[];
}

/** Sets up head office in `dir` with `venueIds`; relayed venues reach its leaf ports through relays. */
export async function groupSetup(
  dir: string,
  nodes: number,
  venueIds: string[],
  relayed: string[] = [],
): Promise<Venue[]> {
  await setupOffice(dir, { group: 'Test group', nodes, httpPort: 0 });
  const venues: Venue[] = [];
  for (const venueId of venueIds) {
    const { join, file } = addVenue(dir, venueId, `Venue ${venueId.toUpperCase()}`);
    const relays: TcpRelay[] = [];
    if (relayed.includes(venueId)) {
      for (const url of join.leafUrls) relays.push(await tcpRelay(Number(url.split(':').at(-1))));
      join.leafUrls = relays.map((r) => `tls://127.0.0.1:${r.port}`);
      writeFileSync(file, JSON.stringify(join));
    }
    venues.push({ venueId, joinText: readFileSync(file, 'utf8'), relays });
  }
  return venues;
}

export function startTestOffice(dir: string): Promise<RunningOffice> {
  return startOffice({ dir, httpPort: 0, log: () => {} });
}

/** A hub on the practice venue, joined to the group, its heartbeat every `statusEveryMs`. */
export async function startHub(dataDir: string, venue: Venue, statusEveryMs = 60_000): Promise<TestCore> {
  saveGroupJoin(dataDir, venue.joinText);
  const t = await startCore({ dataDir, group: { statusEveryMs }, labor: { scryptN: 1024, boardRefreshMs: 0 } });
  await t.core.handlers.laborSetLocation(null, HARBOUR);
  return t;
}

export function view(office: RunningOffice, venues: string[] = [], day: string | null = null): Promise<OfficeView> {
  return officeView(office.store, { venues, day }, { applied: 0, lagMs: null });
}

/** Resolves once `check` resolves without throwing (polling), as vi.waitFor does. */
export function eventually<T>(check: () => Promise<T> | T, timeout = 20_000): Promise<T> {
  return vi.waitFor(check, { timeout, interval: 100 });
}

export async function countOf(office: RunningOffice, sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await office.store.query<{ n: string }>(sql, params);
  return Number(row?.n ?? 0);
}
