// The per-type data check of every delivery, compiled once from the zod schemas themselves
// (shared/schemas/webhook-events.ts) into plain predicates, so the hot path builds no zod result
// per event. A compiled predicate says only "this value is exactly what the schema would return":
// it passes a value when zod would accept it and give back an equal value (no transform, no
// default, no stripped key). Anything else - a failure, an id sent as a number that zod turns into
// a string, a schema construct this compiler does not know - goes to zod, which decides and
// explains as before. So every check zod makes is still made, and the messages are zod's: the fast
// path can only ever say "valid, unchanged". test/unit/compiled-data-check.test.ts holds the two
// to the same answers on generated good and bad data.
import type { z } from 'zod';
import {
  checkEventData,
  type DataCheck,
  isKnownEventType,
  WEBHOOK_TARGETS,
  type WebhookDataMap,
  webhookDataSchemas,
  type WebhookEnvelope,
} from '../../../shared/schemas/webhook-events';
import type { WebhookEventType } from '../../../shared/webhooks';

type Check = (value: unknown) => boolean;

/** A schema the compiler cannot vouch for: always "ask zod". */
const UNKNOWN: Check = () => false;

// zod 4 keeps every schema's definition on `_zod.def`; only the kinds the webhook schemas use are
// read here, and any other kind compiles to UNKNOWN.
interface Def {
  type: string;
  checks?: { _zod: { def: Record<string, unknown> } }[];
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** A refinement or length/range check as a predicate over an already type-checked value; null if unknown. */
function compileRefinement(check: Record<string, unknown>): Check | null {
  switch (check.check) {
    case 'custom': {
      const fn = check.fn;
      // A refinement returns true for a good value; anything else (false, a promise) goes to zod.
      return typeof fn === 'function' ? (v) => (fn as (v: unknown) => unknown)(v) === true : null;
    }
    case 'min_length': {
      const min = check.minimum as number;
      return (v) => (v as string).length >= min;
    }
    case 'number_format':
      return check.format === 'safeint' ? (v) => Number.isSafeInteger(v) : null;
    case 'greater_than': {
      const limit = check.value as number;
      return check.inclusive === true ? (v) => (v as number) >= limit : (v) => (v as number) > limit;
    }
    case 'less_than': {
      const limit = check.value as number;
      return check.inclusive === true ? (v) => (v as number) <= limit : (v) => (v as number) < limit;
    }
    default:
      return null;
  }
}

function withRefinements(base: Check, def: Def): Check {
  const checks = def.checks ?? [];
  if (checks.length === 0) return base;
  const refinements: Check[] = [];
  for (const check of checks) {
    const compiled = compileRefinement(check._zod.def);
    if (compiled === null) return UNKNOWN;
    refinements.push(compiled);
  }
  return (v) => {
    if (!base(v)) return false;
    for (let i = 0; i < refinements.length; i++) if (!refinements[i](v)) return false;
    return true;
  };
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The schema as a predicate (see the file's comment); exported for the tests. */
export function compileSchema(schema: z.ZodType): Check {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return withRefinements((v) => typeof v === 'string', def);
    case 'number':
      // zod 4 refuses NaN and ±Infinity for every number.
      return withRefinements((v) => typeof v === 'number' && Number.isFinite(v), def);
    case 'boolean':
      return withRefinements((v) => typeof v === 'boolean', def);
    case 'unknown':
    case 'any':
      return () => true;
    case 'nullable': {
      const inner = compileSchema(def.innerType!);
      return inner === UNKNOWN ? UNKNOWN : (v) => v === null || inner(v);
    }
    case 'optional': {
      const inner = compileSchema(def.innerType!);
      return inner === UNKNOWN ? UNKNOWN : (v) => v === undefined || inner(v);
    }
    case 'array': {
      const element = compileSchema(def.element!);
      if (element === UNKNOWN || (def.checks ?? []).length > 0) return UNKNOWN;
      return (v) => {
        if (!Array.isArray(v)) return false;
        for (let i = 0; i < v.length; i++) if (!element(v[i])) return false;
        return true;
      };
    }
    case 'object': {
      // Only a loose object returns its input's keys unchanged; a plain z.object strips extra
      // keys and a strict one refuses them, so both are left to zod.
      if (def.catchall === undefined || defOf(def.catchall).type !== 'unknown') return UNKNOWN;
      if ((def.checks ?? []).length > 0) return UNKNOWN;
      const keys = Object.keys(def.shape ?? {});
      const checks = keys.map((key) => compileSchema(def.shape![key]));
      if (checks.includes(UNKNOWN)) return UNKNOWN;
      return (v) => {
        // zod's copy of an object drops an own `__proto__` key (JSON.parse makes one), so such
        // an object is not returned unchanged.
        if (!isPlainObject(v) || Object.hasOwn(v, '__proto__')) return false;
        for (let i = 0; i < keys.length; i++) {
          // Own keys only, as JSON.parse makes them; an inherited name reads as absent.
          const item = Object.hasOwn(v, keys[i]) ? v[keys[i]] : undefined;
          if (!checks[i](item)) return false;
        }
        return true;
      };
    }
    case 'union': {
      // zod returns the first option that accepts. Options are tried in its order, and the first
      // one that cannot be vouched for (a transform: an id sent as a number) ends the fast path,
      // since zod's answer might then be that option's changed value.
      const options = (def.options ?? []).map(compileSchema);
      if (options.length === 0 || options[0] === UNKNOWN) return UNKNOWN;
      return (v) => {
        for (let i = 0; i < options.length; i++) {
          if (options[i] === UNKNOWN) return false;
          if (options[i](v)) return true;
        }
        return false;
      };
    }
    default:
      return UNKNOWN;
  }
}

const COMPILED = Object.fromEntries(
  Object.entries(webhookDataSchemas).map(([type, schema]) => [type, compileSchema(schema)]),
) as Record<WebhookEventType, Check>;

/** Whether the compiled check vouches for `data` of `type` as it is (for the tests). */
export function compiledAccepts(type: WebhookEventType, data: unknown): boolean {
  return COMPILED[type](data);
}

/**
 * checkEventData's answer, from the compiled predicates when they vouch for the envelope and from
 * zod otherwise: the same result either way (the data object itself rather than zod's copy).
 */
export function checkData(envelope: WebhookEnvelope): DataCheck {
  const type = envelope.type;
  if (isKnownEventType(type)) {
    const target = WEBHOOK_TARGETS[type];
    const targetOk =
      target === 'uuid'
        ? typeof envelope.targetUuid === 'string'
        : typeof envelope.targetId === 'string' && (target !== 'id-uuid-null' || envelope.targetUuid == null);
    if (targetOk && COMPILED[type](envelope.data))
      return { knownType: true, problem: null, type, data: envelope.data as WebhookDataMap[WebhookEventType] };
  }
  return checkEventData(envelope);
}
