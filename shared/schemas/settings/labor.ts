// The kiosk's settings, validated once: the contract's argument schema and the stored file both use
// these, so a value the bridge accepts is always a value the file reads back after a restart.
import { z } from 'zod';
import { LABOR_SETTINGS_LIMITS, type LimitedSetting } from '../../labor-settings-limits';

function limited(key: LimitedSetting) {
  return z.number().int().min(LABOR_SETTINGS_LIMITS[key].min).max(LABOR_SETTINGS_LIMITS[key].max);
}

export const laborSettingsSchema = z.strictObject({
  breakDueAfterMinutes: limited('breakDueAfterMinutes'),
  breakLongAfterMinutes: limited('breakLongAfterMinutes'),
  overtimeAfterMinutes: limited('overtimeAfterMinutes'),
  overtimeWarningMinutes: limited('overtimeWarningMinutes'),
  idleSeconds: limited('idleSeconds'),
  nameTapNeedsPin: z.boolean(),
  fiscalDayStartHour: limited('fiscalDayStartHour'),
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
