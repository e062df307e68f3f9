// "This device is the venue hub", chosen in Settings and kept in the data folder, so the Electron
// app (which has no command line a manager would use) starts as the hub, like `npm run host --
// --hub`. It takes effect at the next start: the hub's certificate, server and announcements are
// started by the process that owns the network ports, before any screen connects.
import { z } from 'zod';
import type { HubModeView } from '../../../shared/hub';
import type { DamageSink } from '../storage/data-health';
import { loadJsonFile, saveJsonFile } from '../storage/json-file';

const FILE = 'hub-mode.json';
const fileSchema = z.object({ version: z.literal(1), hub: z.boolean() });

export function hubModeSaved(dataDir: string, damage?: DamageSink): boolean {
  return loadJsonFile(dataDir, FILE, fileSchema, () => ({ version: 1 as const, hub: false }), {
    damage,
    label: 'The venue hub setting',
  }).value.hub;
}

export function saveHubMode(dataDir: string, hub: boolean): void {
  saveJsonFile(dataDir, FILE, { version: 1, hub });
}

export function hubModeView(dataDir: string, running: boolean): HubModeView {
  const startsAsHub = hubModeSaved(dataDir);
  return { startsAsHub, running, restartNeeded: startsAsHub !== running };
}
