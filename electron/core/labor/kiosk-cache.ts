// What a kiosk device keeps of the hub for when the hub is away: the roster's staff PIN hashes, the
// last board (with the kiosk's own queued punches laid on it) and the last snapshot, so a kiosk
// restarted during an outage still opens on its board and still takes PINs. The roster copy says
// when the kiosk last knew it to be the hub's current list (`rosterCheckedAt`, the kiosk's clock):
// offline sign-in trusts it for a while only (kiosk-sign-in.ts).
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { AppSnapshot } from '../../../shared/domain';
import type { KioskStaff } from '../../../shared/hub';
import type { LaborView } from '../../../shared/labor';
import type { DamageSink } from '../storage/data-health';
import { loadJsonFile, saveJsonFile } from '../storage/json-file';

export const KIOSK_CACHE_FILE = 'satellite-cache.json';

export interface KioskCache {
  roster: KioskStaff[];
  view: LaborView | null;
  snapshot: AppSnapshot | null;
  /** When the kiosk last knew its copy to be the hub's current list; null: never. */
  rosterCheckedAt: number | null;
}

const schema = z.object({
  version: z.literal(1),
  roster: z.array(z.any()),
  view: z.any().nullable(),
  snapshot: z.any().nullable().optional(),
  rosterCheckedAt: z.number().nullable().optional(),
});

export function loadKioskCache(dataDir: string, now: () => number, damage?: DamageSink): KioskCache {
  const cache = loadJsonFile(
    dataDir,
    KIOSK_CACHE_FILE,
    schema,
    () => ({ version: 1 as const, roster: [], view: null }),
    {
      label: "The kiosk's copy of the roster",
      damage,
      now,
    },
  ).value;
  return {
    roster: cache.roster as KioskStaff[],
    view: cache.view as LaborView | null,
    snapshot: (cache.snapshot ?? null) as AppSnapshot | null,
    // A copy written before the mark: last known good when the file was last written.
    rosterCheckedAt: cache.rosterCheckedAt !== undefined ? cache.rosterCheckedAt : writtenAt(dataDir),
  };
}

/** A copy saved without its roster's marks reads back as last known good when it was written. */
export function saveKioskCache(
  dataDir: string,
  cache: Omit<KioskCache, 'rosterCheckedAt'> & Partial<KioskCache>,
): void {
  saveJsonFile(dataDir, KIOSK_CACHE_FILE, { version: 1, ...cache });
}

function writtenAt(dataDir: string): number | null {
  try {
    return statSync(join(dataDir, KIOSK_CACHE_FILE)).mtimeMs;
  } catch {
    return null;
  }
}
