// What the kiosk settings form says about a value that is not allowed, next to its field: from the
// refusal's data (the field and the rule it broke, shared/app-error.ts), the same whether the
// form caught it before sending or the core's contract refused it.
import type { ArgumentRule, ErrorPayload } from './app-error';
import type { LaborSettings } from './labor';
import { LABOR_SETTINGS_LIMITS, type LimitedSetting } from './labor-settings-limits';

type Unit = 'minutes' | 'seconds' | 'hour';

/** Each limited setting as the subject of a sentence, and the unit its limits are kept in. */
const SETTINGS: Record<LimitedSetting, { subject: string; unit: Unit }> = {
  breakDueAfterMinutes: { subject: 'The time on shift before a break is due', unit: 'minutes' },
  breakLongAfterMinutes: { subject: 'A long break', unit: 'minutes' },
  overtimeAfterMinutes: { subject: 'The time before overtime', unit: 'minutes' },
  overtimeWarningMinutes: { subject: 'The warning before overtime', unit: 'minutes' },
  idleSeconds: { subject: 'The time before the kiosk goes back to the PIN pad', unit: 'seconds' },
  fiscalDayStartHour: { subject: 'The hour the business day starts', unit: 'hour' },
};

export interface SettingProblem {
  /** The setting the sentence is about (a key of LaborSettings). */
  key: string;
  text: string;
}

function isLimited(key: string): key is LimitedSetting {
  return Object.prototype.hasOwnProperty.call(SETTINGS, key);
}

/** "1 minute", "15 minutes", "24 hours", "5 seconds". */
function amount(value: number, unit: Exclude<Unit, 'hour'>): string {
  const [n, word] =
    unit === 'minutes' && value >= 60 && value % 60 === 0 ? [value / 60, 'hour'] : [value, unit.slice(0, -1)];
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The sentence for a refused setting, or null when the refusal names no setting of this form. */
export function settingProblemOf(rule: ArgumentRule): SettingProblem | null {
  const key = rule.path[0];
  if (key === 'businessDayEnd') return { key, text: 'The business day end must be a time, like 04:00.' };
  if (typeof key !== 'string' || !isLimited(key)) return null;
  const { subject, unit } = SETTINGS[key];
  const { min, max } = LABOR_SETTINGS_LIMITS[key];
  if (unit === 'hour') return { key, text: `${subject} must be a whole hour from ${min} to ${max}.` };
  const limit = rule.limit;
  switch (rule.rule) {
    case 'too-small':
      return { key, text: `${subject} must be at least ${amount(limit ?? min, unit)}.` };
    case 'too-big':
      return { key, text: `${subject} must be at most ${amount(limit ?? max, unit)}.` };
    case 'not-whole':
      return { key, text: `${subject} must be a whole number of ${unit}.` };
    default:
      return { key, text: `${subject} must be between ${amount(min, unit)} and ${amount(max, unit)}.` };
  }
}

/** The sentence for a failed save, when it is a refused setting of this form. */
export function settingProblem(payload: ErrorPayload | null): SettingProblem | null {
  if (payload?.kind !== 'invalid' || !payload.data.rule || !Array.isArray(payload.data.rule.path)) return null;
  return settingProblemOf(payload.data.rule);
}

/**
 * The first setting outside the bounds the core's contract holds it to (the same limits), as the
 * refusal the core would send, so the form says it without a round trip.
 */
export function checkSettings(s: LaborSettings): ErrorPayload | null {
  for (const key of Object.keys(LABOR_SETTINGS_LIMITS) as LimitedSetting[]) {
    const value = s[key];
    const { min, max } = LABOR_SETTINGS_LIMITS[key];
    const rule: ArgumentRule | null = !Number.isInteger(value)
      ? { path: [key], rule: 'not-whole', limit: null }
      : value < min
        ? { path: [key], rule: 'too-small', limit: min }
        : value > max
          ? { path: [key], rule: 'too-big', limit: max }
          : null;
    if (rule)
      return { kind: 'invalid', data: { field: key, rule }, message: `Checked before saving: ${key} ${rule.rule}` };
  }
  return null;
}
