// Runtime validation of the schedule requests' arguments (main side only): the same schemas the
// stored file uses, so a shift or rule accepted here always reads back after a restart.
import { z } from 'zod';
import { scheduleRulesSchema, scheduledShiftSchema } from '../schemas/labor-schedule';

const token = z.string().min(16).max(128);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');

export const scheduleArgSchemas = {
  scheduleWeek: z.tuple([token, day]),
  scheduleRange: z.tuple([token, day, day]).refine(([, from, to]) => from <= to, 'fromDay must not be after toDay'),
  scheduleSaveShift: z.tuple([token, scheduledShiftSchema.omit({ locationUuid: true })]),
  scheduleRemoveShift: z.tuple([token, z.string().min(1).max(128), day]),
  scheduleSaveRules: z.tuple([token, scheduleRulesSchema, day]),
  // About 5 000 lines of shifts: a venue's year.
  scheduleImport: z.tuple([token, z.string().max(500_000)]),
  scheduleCopyLastWeek: z.tuple([token, day]),
};
