// The schedule's schemas: the stored file's (electron/core/labor/schedule/schedule-store.ts) and the
// contract's (shared/contract/schedule-args.ts) are these same ones. Main side only (zod).
import { z } from 'zod';
import { SCHEDULE_RULES_LIMITS, type LimitedScheduleRule } from '../schedule-rules-limits';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time HH:MM (24-hour)');

export const scheduledShiftSchema = z.strictObject({
  id: z.string().min(1).max(128),
  userId: z.string().min(1).max(128),
  role: z.string().min(1).max(64),
  locationUuid: z.string().min(1).max(128),
  day,
  start: clock,
  end: clock,
});

function minutes(key: LimitedScheduleRule) {
  return z.number().int().min(SCHEDULE_RULES_LIMITS[key].min).max(SCHEDULE_RULES_LIMITS[key].max);
}

export const scheduleRulesSchema = z.strictObject({
  earlyPunch: z.enum(['off', 'block', 'manager']),
  earlyMinutes: minutes('earlyMinutes'),
  lateAfterMinutes: minutes('lateAfterMinutes'),
  noShowAfterMinutes: minutes('noShowAfterMinutes'),
  autoClockOutGraceMinutes: minutes('autoClockOutGraceMinutes').nullable(),
});
