// The first start's choice (shared/setup.ts), kept in `device-setup.json`. The roots read it before
// composing: the hub (its own `hub-mode.json`, written here too), a device that joins a hub, or a
// computer on its own, opened as a kiosk when that is what it is for.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { SETUP_PURPOSES, SETUP_ROLES, type SetupChoice } from '../../../shared/setup';
import type { DamageSink } from '../storage/data-health';
import { loadJsonFile, saveJsonFile } from '../storage/json-file';
import { saveHubMode } from '../hub/hub-mode';

export const DEVICE_SETUP_FILE = 'device-setup.json';

const fileSchema = z.object({
  version: z.literal(1),
  choice: z
    .object({
      venue: z.enum(['practice', 'service']),
      role: z.enum(SETUP_ROLES),
      purpose: z.enum(SETUP_PURPOSES).nullable(),
    })
    .nullable(),
  /** A command line's flags answered the question for their run (`--hub`): no first start, no lasting choice. */
  implied: z.boolean().optional(),
});

/** Files that mean this data folder was used before the guided setup existed: no first start then. */
const EARLIER_USE = ['settings.json', 'labor-staff.json', 'hub-mode.json', 'satellite.json'];

/** The choice a person made (on the first-start screen or with `--setup`); null when none was. */
export function loadDeviceSetup(dataDir: string, damage?: DamageSink): SetupChoice | null {
  const file = loadJsonFile(dataDir, DEVICE_SETUP_FILE, fileSchema, () => ({ version: 1 as const, choice: null }), {
    damage,
    label: 'What this computer is for',
    consequence: 'the first-start setup is offered again',
  }).value;
  return file.implied ? null : file.choice;
}

/** Keeps the choice; the hub's own switch (Settings → Venue hub) follows it. */
export function saveDeviceSetup(dataDir: string, choice: SetupChoice): void {
  saveJsonFile(dataDir, DEVICE_SETUP_FILE, { version: 1, choice });
  if (choice.role === 'hub') saveHubMode(dataDir, true);
  else if (existsSync(join(dataDir, 'hub-mode.json'))) saveHubMode(dataDir, false);
}

/** A command line said what this run is: no first start, and nothing kept for later runs. */
export function markSetupImplied(dataDir: string): void {
  if (!existsSync(join(dataDir, DEVICE_SETUP_FILE)))
    saveJsonFile(dataDir, DEVICE_SETUP_FILE, { version: 1, choice: null, implied: true });
}

/** A first start: nothing chosen, and nothing in the folder from an earlier run. */
export function setupNeeded(dataDir: string): boolean {
  if (existsSync(join(dataDir, DEVICE_SETUP_FILE))) return false;
  return !EARLIER_USE.some((name) => existsSync(join(dataDir, name)));
}
