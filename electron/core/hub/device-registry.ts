// The hub's paired devices, kept in the data folder (hub/devices.json). A device proves itself
// with the credential it got at pairing; only a SHA-256 of it is stored, so a copy of this file
// lets nobody connect. (The credential is 32 random bytes, so a plain hash is enough: nothing to
// guess, unlike a PIN.)
import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import type { DeviceRole } from '../../../shared/hub';
import { loadJsonFile, saveJsonFile } from '../storage/json-file';
import type { DamageSink } from '../storage/data-health';
import { DEVICE_ROLES } from '../../../shared/hub';
import { appError } from '../../../shared/app-error';

const deviceSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  role: z.enum(DEVICE_ROLES),
  credentialHash: z.string().regex(/^[0-9a-f]{64}$/),
  pairedAt: z.number(),
  lastSeenAt: z.number().nullable(),
  revokedAt: z.number().nullable(),
});
const fileSchema = z.object({ version: z.literal(1), devices: z.array(deviceSchema) });

export type DeviceRecord = z.infer<typeof deviceSchema>;

export type Authentication =
  { ok: true; device: DeviceRecord } | { ok: false; reason: 'unknown' | 'revoked'; device?: DeviceRecord };

const FILE = 'devices.json';

export class DeviceRegistry {
  private devices: DeviceRecord[];
  private readonly dir: string;

  constructor(
    dataDir: string,
    private readonly now: () => number = Date.now,
    damage?: DamageSink,
  ) {
    this.dir = join(dataDir, 'hub');
    this.devices = loadJsonFile(this.dir, FILE, fileSchema, () => ({ version: 1 as const, devices: [] }), {
      now,
      damage,
      label: 'The list of paired devices',
      severity: 'error',
      consequence: 'every satellite must pair again',
    }).value.devices;
  }

  list(): DeviceRecord[] {
    return this.devices.map((d) => ({ ...d }));
  }

  /** A new device and its credential: the credential is returned once and never stored. */
  issue(name: string, role: DeviceRole): { device: DeviceRecord; credential: string } {
    const credential = randomBytes(32).toString('base64url');
    const device: DeviceRecord = {
      id: `dev_${randomBytes(6).toString('hex')}`,
      name: cleanName(name),
      role,
      credentialHash: hashCredential(credential),
      pairedAt: this.now(),
      lastSeenAt: null,
      revokedAt: null,
    };
    this.devices.push(device);
    this.save();
    return { device: { ...device }, credential };
  }

  authenticate(credential: string): Authentication {
    if (!credential) return { ok: false, reason: 'unknown' };
    const hash = hashCredential(credential);
    const device = this.devices.find((d) => d.credentialHash === hash);
    if (!device) return { ok: false, reason: 'unknown' };
    if (device.revokedAt !== null) return { ok: false, reason: 'revoked', device: { ...device } };
    return { ok: true, device: { ...device } };
  }

  get(id: string): DeviceRecord | null {
    const device = this.devices.find((d) => d.id === id);
    return device ? { ...device } : null;
  }

  rename(id: string, name: string): DeviceRecord {
    const device = this.find(id);
    device.name = cleanName(name);
    this.save();
    return { ...device };
  }

  revoke(id: string): DeviceRecord {
    const device = this.find(id);
    if (device.revokedAt === null) {
      device.revokedAt = this.now();
      this.save();
    }
    return { ...device };
  }

  /** Last seen, in memory; written with `flush` (on connect and disconnect), not on every request. */
  touch(id: string): void {
    const device = this.devices.find((d) => d.id === id);
    if (device) device.lastSeenAt = this.now();
  }

  flush(): void {
    this.save();
  }

  private find(id: string): DeviceRecord {
    const device = this.devices.find((d) => d.id === id);
    if (!device) throw appError('not-found', 'That device is not paired with this hub', { what: 'device' });
    return device;
  }

  private save(): void {
    saveJsonFile(this.dir, FILE, { version: 1, devices: this.devices });
  }
}

export function hashCredential(credential: string): string {
  return createHash('sha256').update(credential).digest('hex');
}

export function cleanName(name: string): string {
  // Names reach every manager's screen: one line, printable, short.
  const cleaned = name
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 60);
  if (!cleaned) throw appError('invalid', 'Give the device a name', { field: 'name' });
  return cleaned;
}
