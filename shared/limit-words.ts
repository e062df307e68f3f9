// What a settings form says about a whole number outside its bounds, next to its field: from the
// refusal's data (the field and the rule it broke, shared/app-error.ts), the same whether the form
// caught it before sending or the core's contract refused it. Each form names its fields and their
// units (shared/labor-settings-words.ts, shared/schedule-rules-words.ts); the bounds are the ones
// its contract's schema holds them to.
import type { ArgumentRule, ErrorPayload } from './app-error';

export interface Limit {
  min: number;
  max: number;
}

export type LimitUnit = 'minutes' | 'seconds' | 'hour';

/** A field as the subject of a sentence, and the unit its limits are kept in. */
export interface LimitedField {
  subject: string;
  unit: LimitUnit;
}

export interface SettingProblem {
  /** The field the sentence is about (a key of the saved value). */
  key: string;
  text: string;
}

/** "1 minute", "15 minutes", "24 hours", "5 seconds". */
function amount(value: number, unit: Exclude<LimitUnit, 'hour'>): string {
  const [n, word] =
    unit === 'minutes' && value >= 60 && value % 60 === 0 ? [value / 60, 'hour'] : [value, unit.slice(0, -1)];
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The sentence for `key`, refused by `rule`, which must lie within `limit`. */
function limitProblem(key: string, rule: ArgumentRule, field: LimitedField, limit: Limit): SettingProblem {
  const { subject, unit } = field;
  const { min, max } = limit;
  if (unit === 'hour') return { key, text: `${subject} must be a whole hour from ${min} to ${max}.` };
  switch (rule.rule) {
    case 'too-small':
      return { key, text: `${subject} must be at least ${amount(rule.limit ?? min, unit)}.` };
    case 'too-big':
      return { key, text: `${subject} must be at most ${amount(rule.limit ?? max, unit)}.` };
    case 'not-whole':
      return { key, text: `${subject} must be a whole number of ${unit}.` };
    default:
      return { key, text: `${subject} must be between ${amount(min, unit)} and ${amount(max, unit)}.` };
  }
}

/** The sentence for a refused field of `fields`, or null when the refusal names none of them. */
export function limitProblemIn<K extends string>(
  rule: ArgumentRule,
  fields: { readonly [P in K]: LimitedField },
  limits: { readonly [P in K]: Limit },
): SettingProblem | null {
  const key = rule.path[0];
  if (typeof key !== 'string' || !Object.prototype.hasOwnProperty.call(fields, key)) return null;
  return limitProblem(key, rule, fields[key as K], limits[key as K]);
}

/** The rule a refusal of the contract names, when the failure is one. */
export function refusedRule(payload: ErrorPayload | null): ArgumentRule | null {
  if (payload?.kind !== 'invalid' || !payload.data.rule || !Array.isArray(payload.data.rule.path)) return null;
  return payload.data.rule;
}

/**
 * The first of `limits`' fields whose value in `values` lies outside its bounds, as the refusal the
 * core would send, so a form says it without a round trip. An empty value (null) is not checked.
 */
export function checkLimits<K extends string>(
  values: NoInfer<{ readonly [P in K]: number | null }>,
  limits: { readonly [P in K]: Limit },
): ErrorPayload | null {
  for (const key of Object.keys(limits) as K[]) {
    const value = values[key];
    if (value === null) continue;
    const { min, max } = limits[key];
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
