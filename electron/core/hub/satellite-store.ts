// A satellite's pairing, kept in its own data folder (satellite.json, readable by this user only):
// the hub's address, its pinned certificate, and this device's credential and role.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { loadJsonFile, saveJsonFile } from '../storage/json-file';
import type { DamageSink } from '../storage/data-health';
import type { SatellitePairing } from './hub-client';
import { DEVICE_ROLES } from '../../../shared/hub';

const FILE = 'satellite.json';

const pairingSchema = z.object({
  url: z.string().min(1),
  certPem: z.string().min(1),
  fingerprint: z.string().min(1),
  deviceId: z.string().min(1),
  credential: z.string().min(1),
  role: z.enum(DEVICE_ROLES),
  name: z.string().min(1),
});
const fileSchema = z.object({ version: z.literal(1), pairing: pairingSchema.nullable() });

export function loadPairing(dataDir: string, damage?: DamageSink): SatellitePairing | null {
  if (!existsSync(join(dataDir, FILE))) return null;
  return loadJsonFile(dataDir, FILE, fileSchema, () => ({ version: 1 as const, pairing: null }), {
    damage,
    label: "This satellite's pairing with the hub",
    severity: 'error',
    consequence: 'this device must pair with the hub again',
  }).value.pairing;
}

export function savePairing(dataDir: string, pairing: SatellitePairing): void {
  // saveJsonFile writes with mode 0600: the credential is this device's key to the hub.
  saveJsonFile(dataDir, FILE, { version: 1, pairing });
}
