// Runtime validation of the hub requests' arguments (main side only).
import { z } from 'zod';
import { DEVICE_ROLES } from '../hub';

const token = z.string().min(1).max(200);
const role = z.enum(DEVICE_ROLES);
const deviceId = z.string().min(1).max(100);

export const hubArgSchemas = {
  hubMode: z.tuple([]),
  hubSetMode: z.tuple([z.boolean()]),
  hubView: z.tuple([token]),
  hubOpenPairing: z.tuple([token, role]),
  hubRenameDevice: z.tuple([token, deviceId, z.string().trim().min(1).max(60)]),
  hubRevokeDevice: z.tuple([token, deviceId]),
  satelliteStatus: z.tuple([]),
  satelliteFindHubs: z.tuple([]),
  satelliteCheckHub: z.tuple([z.string().trim().min(1).max(200)]),
  satellitePair: z.tuple([
    z.strictObject({
      address: z.string().trim().min(1).max(200),
      code: z.string().regex(/^\d{6}$/, 'the 6-digit code the hub shows'),
      name: z.string().trim().min(1).max(60),
      fingerprint: z.string().min(1).max(200),
    }),
  ]),
};
