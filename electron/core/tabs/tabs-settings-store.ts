// The tabs feature's small settings file in the core's data dir: the chosen location, when a
// pending gift card counts as late, and which tab each scanned pass orders on (a board label).
import { z } from 'zod';
import { loadJsonFile, saveJsonFile } from '../storage/json-file';
import type { DamageSink } from '../storage/data-health';
import { giftCardLateSeconds, openTooLongMinutes, tabsPlaceShape } from '../../../shared/contract/tabs-args';

const schema = z.object({
  version: z.literal(1),
  location: z.object(tabsPlaceShape).nullable(),
  giftCardLateSeconds,
  /** When the board flags an open tab (added in place: absent in older files, which read as the default). */
  openTooLongMinutes: openTooLongMinutes.optional(),
  /** The counter spot a walk-in gift-card sale uses without choosing a table (of `location`). */
  walkInSpot: z.object(tabsPlaceShape).nullable().optional(),
  /** tab uuid → x_pass_id, newest last. */
  passTabs: z.record(z.string(), z.string()),
});

export type StoredTabsSettings = z.infer<typeof schema>;

const FILE = 'settings.json';
const MAX_PASS_TABS = 200;

export const DEFAULT_LATE_SECONDS = 60;
/** Two hours: a bar tab open longer is worth a look (walked out, or never closed). */
export const DEFAULT_OPEN_TOO_LONG_MINUTES = 120;

export function loadTabsSettings(dir: string, log?: (line: string) => void, damage?: DamageSink): StoredTabsSettings {
  const loaded = loadJsonFile(
    dir,
    FILE,
    schema,
    () => ({ version: 1 as const, location: null, giftCardLateSeconds: DEFAULT_LATE_SECONDS, passTabs: {} }),
    {
      damage,
      label: 'The tabs settings',
      consequence: 'the tabs location and late-card limit must be set again',
    },
  );
  if (loaded.problem) log?.(loaded.problem.message);
  return loaded.value;
}

export function saveTabsSettings(dir: string, settings: StoredTabsSettings): void {
  const entries = Object.entries(settings.passTabs);
  const passTabs =
    entries.length > MAX_PASS_TABS ? Object.fromEntries(entries.slice(-MAX_PASS_TABS)) : settings.passTabs;
  saveJsonFile(dir, FILE, { ...settings, passTabs });
}
