// The venue's schedule on the hub: labor-schedule.json in the data folder (backed up with the
// venue's files, venue-files.ts takes every top-level JSON). Versioned through data-format: this
// build writes version 1; a later one adds its step to SCHEDULE_FORMAT, and a file a newer release
// wrote is left untouched (json-file.ts refuses every write to it this run).
import { z } from 'zod';
import {
  DEFAULT_SCHEDULE_RULES,
  type EarlyAllowed,
  type ScheduledShift,
  type ScheduleRules,
} from '../../../../shared/labor-schedule';
import { defineFormat } from '../../storage/data-format';
import { loadJsonFile, saveJsonFile } from '../../storage/json-file';
import type { DamageSink } from '../../storage/data-health';
import { scheduleRulesSchema, scheduledShiftSchema } from '../../../../shared/schemas/labor-schedule';

export const SCHEDULE_FILE = 'labor-schedule.json';
/** Version 1: shifts, rules and the early punch-ins managers allowed. Later steps go here. */
export const SCHEDULE_FORMAT = defineFormat(SCHEDULE_FILE, []);

const earlyAllowedSchema = z.strictObject({
  userId: z.string(),
  name: z.string(),
  at: z.number(),
  minutesEarly: z.number(),
  byName: z.string(),
});

const fileSchema = z.object({
  version: z.literal(1),
  shifts: z.array(scheduledShiftSchema),
  rules: scheduleRulesSchema,
  earlyAllowed: z.array(earlyAllowedSchema),
});

export interface StoredSchedule {
  shifts: ScheduledShift[];
  rules: ScheduleRules;
  earlyAllowed: EarlyAllowed[];
}

export function loadSchedule(dir: string, log?: (line: string) => void, damage?: DamageSink): StoredSchedule {
  const loaded = loadJsonFile(
    dir,
    SCHEDULE_FILE,
    fileSchema,
    () => ({ version: 1 as const, shifts: [], rules: { ...DEFAULT_SCHEDULE_RULES }, earlyAllowed: [] }),
    {
      damage,
      label: 'The schedule',
      consequence: "the week's shifts must be entered or imported again",
      format: SCHEDULE_FORMAT,
    },
  );
  if (loaded.problem) log?.(loaded.problem.message);
  const { shifts, rules, earlyAllowed } = loaded.value;
  return { shifts, rules, earlyAllowed };
}

export function saveSchedule(dir: string, value: StoredSchedule): void {
  saveJsonFile(dir, SCHEDULE_FILE, { version: SCHEDULE_FORMAT.version, ...value }, { format: SCHEDULE_FORMAT });
}
