// Runtime validation of the hub requests' arguments (main side only).
import { z } from 'zod';
import { DEVICE_ROLES, HAND_OVER_BATCH } from '../hub';
import { punchInput } from './labor-args';

const token = z.string().min(1).max(200);
const role = z.enum(DEVICE_ROLES);
const deviceId = z.string().min(1).max(100);
const ms = z.number().int().min(0).max(8_640_000_000_000);

/** A queued punch: what laborPunch accepts, who punched, when, and the proof the hub signed. */
export const forwardedPunch = punchInput.extend({
  punchId: z.uuid(),
  userId: z.string().min(1).max(128),
  capturedAt: ms,
  grant: z.string().min(1).max(200).optional(),
  offline: z.literal(true).optional(),
  nameTap: z.literal(true).optional(),
  managerToken: z.string().min(16).max(128).optional(),
});

/**
 * A handed-over punch names its id; the rest is checked one punch at a time against
 * `forwardedPunch` by the hub, so one broken punch is refused with its reason, not the whole list.
 */
const handedOverPunch = z.looseObject({ punchId: z.string().min(1).max(100) });

export const hubArgSchemas = {
  hubMode: z.tuple([]),
  hubSetMode: z.tuple([z.boolean()]),
  hubView: z.tuple([token]),
  hubOpenPairing: z.tuple([token, role]),
  hubDecidePairing: z.tuple([token, z.uuid(), z.enum(['allow', 'deny'])]),
  hubRenameDevice: z.tuple([token, deviceId, z.string().trim().min(1).max(60)]),
  hubRevokeDevice: z.tuple([token, deviceId]),
  satelliteStatus: z.tuple([]),
  satelliteFindHubs: z.tuple([]),
  satelliteCheckHub: z.tuple([z.string().trim().min(1).max(200)]),
  hubKioskRoster: z.tuple([]),
  hubForwardPunch: z.tuple([forwardedPunch]),
  hubDeviceReport: z.tuple([z.strictObject({ at: ms, waiting: z.number().int().min(0).max(10_000_000).nullable() })]),
  hubHandOverPunches: z.tuple([z.strictObject({ punches: z.array(handedOverPunch).max(HAND_OVER_BATCH) })]),
  satellitePair: z.tuple([
    z.strictObject({
      address: z.string().trim().min(1).max(200),
      code: z.string().regex(/^\d{6}$/, 'the 6-digit code the hub shows'),
      name: z.string().trim().min(1).max(60),
      fingerprint: z.string().min(1).max(200),
    }),
  ]),
};
