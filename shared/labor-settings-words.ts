// What the kiosk settings form says about a value that is not allowed, next to its field: each
// limited setting as the subject of a sentence in its unit; the sentences and the check before
// sending are shared with the other settings forms (shared/limit-words.ts).
import type { ArgumentRule, ErrorPayload } from './app-error';
import type { LaborSettings } from './labor';
import { LABOR_SETTINGS_LIMITS, type LimitedSetting } from './labor-settings-limits';
import { checkLimits, limitProblemIn, refusedRule, type LimitedField, type SettingProblem } from './limit-words';

export type { SettingProblem } from './limit-words';

const SETTINGS: Record<LimitedSetting, LimitedField> = {
  breakDueAfterMinutes: { subject: 'The time on shift before a break is due', unit: 'minutes' },
  breakLongAfterMinutes: { subject: 'A long break', unit: 'minutes' },
  overtimeAfterMinutes: { subject: 'The time before overtime', unit: 'minutes' },
  overtimeWarningMinutes: { subject: 'The warning before overtime', unit: 'minutes' },
  idleSeconds: { subject: 'The time before the kiosk goes back to the PIN pad', unit: 'seconds' },
  fiscalDayStartHour: { subject: 'The hour the business day starts', unit: 'hour' },
};

/** The sentence for a refused setting, or null when the refusal names no setting of this form. */
export function settingProblemOf(rule: ArgumentRule): SettingProblem | null {
  const key = rule.path[0];
  if (key === 'businessDayEnd') return { key, text: 'The business day end must be a time, like 04:00.' };
  return limitProblemIn(rule, SETTINGS, LABOR_SETTINGS_LIMITS);
}

/** The sentence for a failed save, when it is a refused setting of this form. */
export function settingProblem(payload: ErrorPayload | null): SettingProblem | null {
  const rule = refusedRule(payload);
  return rule && settingProblemOf(rule);
}

/** The first setting outside the bounds the core's contract holds it to, as the core would refuse it. */
export function checkSettings(s: LaborSettings): ErrorPayload | null {
  return checkLimits(s, LABOR_SETTINGS_LIMITS);
}
