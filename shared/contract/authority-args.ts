// Runtime validation of the authority requests' arguments (main side only).
import { z } from 'zod';
import { BULK_DECISION_MAX } from '../authority';

const token = z.string().min(1).max(200);
const uuid = z.string().regex(/^[0-9a-f-]{36}$/i, 'a punch id');
const cents = z.number().int().min(0).max(10_000_000);

export const authorityArgSchemas = {
  laborLiftLockout: z.tuple([token, z.string().min(1).max(100).nullable()]),
  hubClosePairing: z.tuple([token]),
  hubReview: z.tuple([token]),
  hubReviewDecide: z.tuple([
    token,
    uuid,
    z.union([
      z.strictObject({
        decision: z.literal('approve'),
        capturedAt: z.number().int().min(0).max(8_640_000_000_000).optional(),
        declaredTipsCents: cents.optional(),
      }),
      z.strictObject({ decision: z.literal('reject') }),
    ]),
  ]),
  hubReviewDecideMany: z.tuple([token, z.array(uuid).min(1).max(BULK_DECISION_MAX), z.enum(['approve', 'reject'])]),
  hubReviewPurgeDevice: z.tuple([token, z.string().min(1).max(100)]),
  hubSaveReviewRules: z.tuple([token, z.strictObject({ tipLimitCents: cents.nullable() })]),
  settingsAccess: z.tuple([]),
  settingsSignOut: z.tuple([]),
  laborSetRosterAside: z.tuple([]),
};
