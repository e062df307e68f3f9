// The kiosk's own settings: which location it punches at and the alert limits. Kept in the core's
// data folder so a restart (or a kiosk rebooting at 3 a.m.) keeps them.
import { z } from 'zod';
import { DEFAULT_LABOR_SETTINGS, type KioskLocation, type LaborSettings } from '../../../shared/labor';
import { kioskLocationSchema, laborSettingsSchema } from '../../../shared/schemas/settings/labor';
import { loadJsonFile, saveJsonFile } from '../storage/json-file';
import type { DamageSink } from '../storage/data-health';

const FILE = 'labor-settings.json';

// One schema per setting, shared with the contract (shared/schemas/settings/labor.ts).
export { laborSettingsSchema, kioskLocationSchema } from '../../../shared/schemas/settings/labor';

const fileSchema = z.object({
  version: z.literal(1),
  location: kioskLocationSchema.nullable(),
  settings: laborSettingsSchema,
  // Added after version 1 shipped: a file without it is a workstation that never entered kiosk view.
  kioskView: z.boolean().optional(),
  // Set once a staff list has existed here: a missing one is then an error, never a first run.
  rosterSeen: z.boolean().optional(),
});

export interface StoredLaborSettings {
  location: KioskLocation | null;
  settings: LaborSettings;
  /** A workstation showing the kiosk alone; the core treats it as a kiosk until a manager leaves. */
  kioskView: boolean;
  /** A staff list has existed on this kiosk (so a missing one is damage, not a first run). */
  rosterSeen?: boolean;
}

export function loadLaborSettings(dir: string, log?: (line: string) => void, damage?: DamageSink): StoredLaborSettings {
  const loaded = loadJsonFile(
    dir,
    FILE,
    fileSchema,
    () => ({ version: 1 as const, location: null, settings: { ...DEFAULT_LABOR_SETTINGS } }),
    {
      damage,
      label: 'The kiosk settings',
      consequence: "the kiosk's location and limits must be set again",
    },
  );
  if (loaded.problem) log?.(loaded.problem.message);
  const { location, settings, kioskView, rosterSeen } = loaded.value;
  return { location, settings, kioskView: kioskView ?? false, ...(rosterSeen ? { rosterSeen: true } : {}) };
}

export function saveLaborSettings(dir: string, value: StoredLaborSettings): void {
  saveJsonFile(dir, FILE, { version: 1, ...value });
}
