// Runtime validation of the labor requests' arguments (main side only).
import { z } from 'zod';
import { requestId } from './request-id';
import { kioskLocationSchema, laborSettingsSchema } from '../schemas/settings/labor';
import { LABOR_SORT_KEYS } from '../labor';

const token = z.string().min(16).max(128);
const id = z.string().min(1).max(128);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');
const pin = z.string().regex(/^\d{4,8}$/, '4 to 8 digits');
const ms = z.number().int().min(0).max(8_640_000_000_000);
const role = z.strictObject({ role: z.string().min(1).max(64), roleUuid: z.string().min(1).max(128).nullable() });
const location = kioskLocationSchema;

/** A punch as a kiosk screen asks for it; a kiosk device forwards the same fields to the hub. */
export const punchInput = z.strictObject({
  punchId: z.uuid().optional(),
  action: z.enum(['punch-in', 'break-start', 'break-end', 'punch-out']),
  role: role.optional(),
  declaredTipsCents: z.number().int().min(0).max(10_000_000).optional(),
  breakKind: z.enum(['meal', 'rest']).optional(),
  breakPaid: z.boolean().optional(),
  attestation: z.enum(['yes', 'no']).optional(),
  note: z.string().max(500).optional(),
  tipsCardCents: z.number().int().min(0).max(10_000_000).optional(),
});

// The same schemas the stored file uses: a value accepted here always reads back after a restart.
const settings = laborSettingsSchema;

export const laborArgSchemas = {
  laborView: z.tuple([]),
  laborLocations: z.tuple([]),
  laborSetLocation: z.tuple([token.nullable(), location]),
  laborIdentify: z.tuple([z.union([z.strictObject({ pin }), z.strictObject({ userId: id, pin: pin.optional() })])]),
  laborSetupManager: z.tuple([z.strictObject({ userId: id, name: z.string().trim().min(1).max(100), pin })]),
  laborEndSession: z.tuple([token]),
  laborPunch: z.tuple([token, punchInput.extend({ managerToken: token.optional() })]),
  laborRefreshBoard: z.tuple([]),
  laborSyncNow: z.tuple([]),
  laborTimesheet: z.tuple([
    token,
    z
      .strictObject({
        fromDay: day,
        toDay: day,
        role: z.string().min(1).max(128).optional(),
        userId: id.optional(),
        sortBy: z.enum(LABOR_SORT_KEYS),
        sortDir: z.enum(['asc', 'desc']),
      })
      .refine((q) => q.fromDay <= q.toDay, 'fromDay must not be after toDay'),
  ]),
  laborEditEntry: z.tuple([
    token,
    id,
    z.strictObject({
      // An empty reason reaches the core, which refuses it by its own kind: `invalid`, or
      // `period-signed-off` on a day of a signed-off pay period (the screen says which).
      reason: z.string().max(300),
      punchIn: ms.optional(),
      punchOut: ms.nullable().optional(),
      roleUuid: id.optional(),
      punchType: z.string().min(1).max(64).optional(),
      declaredTips: z.number().int().min(0).max(10_000_000).nullable().optional(),
    }),
    requestId,
  ]),
  laborEnterKioskView: z.tuple([]),
  laborLeaveKioskView: z.tuple([token]),
  laborSaveSettings: z.tuple([token, settings]),
  laborStaff: z.tuple([token]),
  laborStaffCandidates: z.tuple([token]),
  laborSaveStaff: z.tuple([
    token,
    z.strictObject({
      userId: id,
      name: z.string().trim().min(1).max(100),
      manager: z.boolean(),
      roles: z.array(role.extend({ locationUuid: id })).max(50),
    }),
  ]),
  laborRemoveStaff: z.tuple([token, id]),
  laborSetPin: z.tuple([token, id, pin.nullable()]),
  laborOutbox: z.tuple([token]),
  laborRetryPunch: z.tuple([token, id]),
  laborDiscardPunch: z.tuple([token, id]),
};

const candidateSource = z.enum(['service', 'practice-venue', 'roster']);
const staffRole = z.strictObject({ role: z.string(), roleUuid: z.string().nullable() });

/** The reply of laborStaffCandidates, as a satellite or test may check what a core answered. */
export const staffCandidatesReply = z.strictObject({
  serviceDays: z.number().int().min(0),
  candidates: z.array(
    z.strictObject({
      userId: z.string().min(1),
      name: z.string().min(1).nullable(),
      roles: z.array(staffRole),
      sources: z.array(candidateSource).min(1),
      onRoster: z.boolean(),
    }),
  ),
  roles: z.array(staffRole),
  unread: z.array(z.strictObject({ source: candidateSource, sentence: z.string(), detail: z.string().nullable() })),
});
