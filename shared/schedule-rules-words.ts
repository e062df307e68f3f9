// What the schedule rules form says about minutes that are not allowed, next to their field, in
// the same sentences as the other settings forms (shared/limit-words.ts).
import type { ErrorPayload } from './app-error';
import type { ScheduleRules } from './labor-schedule';
import { checkLimits, limitProblemIn, refusedRule, type LimitedField, type SettingProblem } from './limit-words';
import { SCHEDULE_RULES_LIMITS, type LimitedScheduleRule } from './schedule-rules-limits';

const RULES: Record<LimitedScheduleRule, LimitedField> = {
  earlyMinutes: { subject: 'The time before the start when a punch-in is on time', unit: 'minutes' },
  lateAfterMinutes: { subject: 'The time before someone shows as late', unit: 'minutes' },
  noShowAfterMinutes: { subject: 'The time before someone shows as a no-show', unit: 'minutes' },
  autoClockOutGraceMinutes: { subject: 'The time after the scheduled end before clocking out', unit: 'minutes' },
};

/** The sentence for a failed save, when it refused minutes of this form (null for anything else). */
export function scheduleRuleProblem(payload: ErrorPayload | null): SettingProblem | null {
  const rule = refusedRule(payload);
  return rule && limitProblemIn(rule, RULES, SCHEDULE_RULES_LIMITS);
}

/** The first of the rules' minutes outside the bounds the core's contract holds them to. */
export function checkScheduleRules(rules: ScheduleRules): ErrorPayload | null {
  return checkLimits(rules, SCHEDULE_RULES_LIMITS);
}
