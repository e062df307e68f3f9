// The kiosk's settings, validated once: the contract's argument schema and the stored file both use
// these, so a value the bridge accepts is always a value the file reads back after a restart.
import { z } from 'zod';

export const laborSettingsSchema = z.strictObject({
  breakDueAfterMinutes: z
    .number()
    .int()
    .min(15)
    .max(24 * 60),
  breakLongAfterMinutes: z
    .number()
    .int()
    .min(1)
    .max(12 * 60),
  overtimeAfterMinutes: z
    .number()
    .int()
    .min(60)
    .max(24 * 60),
  overtimeWarningMinutes: z
    .number()
    .int()
    .min(0)
    .max(12 * 60),
  idleSeconds: z.number().int().min(5).max(600),
  nameTapNeedsPin: z.boolean(),
  fiscalDayStartHour: z.number().int().min(0).max(23),
  // A file or caller from before these existed gets the defaults (shared/labor.ts).
  overtimePreset: z.enum(['us-federal', 'california']).default('us-federal'),
  breakPreset: z.enum(['none', 'california']).default('none'),
  blockEarlyBreakEnd: z.boolean().default(false),
  businessDayEnd: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time HH:MM')
    .nullable()
    .default(null),
  kioskLanguage: z.enum(['en', 'es']).default('en'),
  printSlip: z.boolean().default(false),
});

// Not strict: a location read from the service may carry more fields; only these three are kept.
export const kioskLocationSchema = z.object({
  uuid: z.string().min(1).max(128),
  name: z.string().max(200),
  timezone: z.string().max(64).nullable(),
});
