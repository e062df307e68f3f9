// The compiled data check (compiled-data-check.ts) against the zod schemas it was compiled from:
// on generated good and bad data of every type, the receiver's check gives exactly zod's answer
// (checkEventData), and good plain data takes the compiled path.
import fc from 'fast-check';
import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  checkEventData,
  moneyTextSchema,
  webhookDataSchemas,
  type WebhookEnvelope,
} from '../../shared/schemas/webhook-events';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../shared/webhooks';
import { checkData, compiledAccepts, compileSchema } from '../../electron/core/webhooks/compiled-data-check';
import { SAMPLES } from './webhook-fixtures';

interface Def {
  type: string;
  checks?: { _zod: { def: Record<string, unknown> } }[];
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
}
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Anything a sender might put where a value is expected, the awkward values first. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, undefined, '', 0, -0, 1.5, NaN, Infinity, -Infinity, 2 ** 53 + 2, true, false, [], {}),
  fc.constantFrom('2025-06-01T12:00:00Z', '2025-13-40T99:99', 'yesterday', '12345678901234567890'),
  // Money almost written as a decimal string: each one refused where money goes.
  fc.constantFrom(' 13.00', '13.00 ', '13.', '.50', '13.005', '+13', '1e3', '13,00', '--1', '0x10', '١٣'),
  fc.string({ maxLength: 6 }),
  fc.integer({ min: -3, max: 5 }),
  fc.double(),
  fc.array(fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.constant(null)), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('type', 'name', 'optionHash', 'x'), fc.string({ maxLength: 3 }), { maxKeys: 3 }),
);

/** Money as a decimal string: digits, at most two decimals, maybe negative ("13.00", "1300", "-2.5"). */
const moneyText: fc.Arbitrary<string> = fc
  .tuple(
    fc.boolean(),
    fc.oneof(fc.nat({ max: 999 }), fc.nat()),
    fc.constantFrom('', '.0', '.5', '.00', '.50', '.99', '.07'),
  )
  .map(([minus, whole, decimals]) => `${minus ? '-' : ''}${whole}${decimals}`);

/** Values the schema accepts, built from its own definition, with `anyValue` mixed in at every level. */
function arbOf(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const good = ((): fc.Arbitrary<unknown> => {
    // An event's money field as a string: good ones, and the near misses `anyValue` holds.
    if (schema === moneyTextSchema) return moneyText;
    switch (def.type) {
      case 'string': {
        const custom = (def.checks ?? []).some((c) => c._zod.def.check === 'custom');
        return custom
          ? fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true }).map((d) => d.toISOString())
          : fc.string({ maxLength: 8 });
      }
      case 'number': {
        const safeint = (def.checks ?? []).some((c) => c._zod.def.format === 'safeint');
        return safeint ? fc.integer({ min: -1, max: 3 }) : fc.oneof(fc.integer(), fc.double({ noNaN: true }));
      }
      case 'boolean':
        return fc.boolean();
      case 'nullable':
        return fc.oneof(fc.constant(null), arbOf(def.innerType!, depth));
      case 'optional':
        return fc.oneof(fc.constant(undefined), arbOf(def.innerType!, depth));
      case 'array':
        return depth > 3 ? fc.constant([]) : fc.array(arbOf(def.element!, depth + 1), { maxLength: 3 });
      case 'union':
        // Mostly the first option (a string id), so whole objects often pass untransformed.
        return fc.oneof(...def.options!.map((o, i) => ({ weight: i === 0 ? 4 : 1, arbitrary: arbOf(o, depth) })));
      case 'pipe':
        // The id's number option: a number zod turns into a string.
        return fc.integer();
      case 'object': {
        const shape = def.shape ?? {};
        const keys = Object.keys(shape);
        return fc
          .tuple(
            fc.tuple(...keys.map((k) => arbOf(shape[k], depth + 1))),
            fc.dictionary(fc.constantFrom('extra', 'note', '__proto__', 'constructor'), anyValue, { maxKeys: 2 }),
            fc.subarray(keys, { maxLength: Math.min(1, keys.length) }),
          )
          .map(([values, extra, dropped]) => {
            const out: Record<string, unknown> = JSON.parse(JSON.stringify(extra)) as Record<string, unknown>;
            keys.forEach((k, i) => {
              if (!dropped.includes(k) && values[i] !== undefined) out[k] = values[i];
            });
            return out;
          });
      }
      default:
        return anyValue;
    }
  })();
  return fc.oneof({ weight: 19, arbitrary: good }, { weight: 1, arbitrary: anyValue });
}

/** Data of the schema with exactly one documented key given an awkward value (or removed). */
function oneWrong(schema: z.ZodType): fc.Arbitrary<unknown> {
  const keys = Object.keys(defOf(schema).shape ?? {});
  if (keys.length === 0) return arbOf(schema);
  return fc.tuple(arbOf(schema), fc.constantFrom(...keys), anyValue).map(([data, key, value]) => {
    const out = { ...(data as Record<string, unknown>) };
    if (value === undefined) delete out[key];
    else out[key] = value;
    return out;
  });
}

const envelopeOf = (type: string, data: unknown, targets: [unknown, unknown]): WebhookEnvelope =>
  ({
    type,
    targetUuid: targets[0],
    targetId: targets[1],
    createdAt: '2025-06-01T12:00:00Z',
    data,
  }) as WebhookEnvelope;

const target = fc.constantFrom<unknown>('t-1', null, undefined, 7);
/** The envelope's two targets: mostly what the type requires (6.5), sometimes anything. */
const targets = (type: string): fc.Arbitrary<[unknown, unknown]> =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constant<[unknown, unknown]>(type === 'CATEGORY_UPDATED' ? [null, 'id-1'] : ['uuid-1', 'id-1']),
    },
    { weight: 1, arbitrary: fc.tuple(target, target) },
  );

describe('compiled data check', () => {
  it('gives zod’s answer on generated good and bad data of every type', () => {
    let compiled = 0;
    for (const type of WEBHOOK_EVENT_TYPES) {
      fc.assert(
        fc.property(
          fc.oneof(arbOf(webhookDataSchemas[type]), oneWrong(webhookDataSchemas[type])),
          targets(type),
          (data, pair) => {
            const envelope = envelopeOf(type, data, pair);
            if (compiledAccepts(type, data)) compiled += 1;
            expect(checkData(envelope)).toEqual(checkEventData(envelope));
          },
        ),
        { numRuns: 400 },
      );
    }
    // The generated data reach the compiled path often, not only zod.
    expect(compiled).toBeGreaterThan(WEBHOOK_EVENT_TYPES.length * 20);
  });

  it('gives zod’s answer for an unknown type and for data that is not an object', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), anyValue, target, (type, data, uuid) => {
        const envelope = envelopeOf(type, data, [uuid, 'id-1']);
        expect(checkData(envelope)).toEqual(checkEventData(envelope));
      }),
    );
  });

  it('takes the compiled path for the documented data of all 18 types', () => {
    for (const type of WEBHOOK_EVENT_TYPES as readonly WebhookEventType[]) {
      expect(compiledAccepts(type, SAMPLES[type].data), type).toBe(true);
      const [key, wrong] = SAMPLES[type].mistyped;
      // The types without documented data have no key to break.
      if (!(key in (defOf(webhookDataSchemas[type]).shape ?? {}))) continue;
      expect(compiledAccepts(type, { ...SAMPLES[type].data, [key]: wrong }), `${type}.${key}`).toBe(false);
    }
  });

  it('leaves to zod what it cannot vouch for: transforms, stripping objects', async () => {
    const { z } = await import('zod');
    expect(compileSchema(z.number().transform(String))(1)).toBe(false);
    expect(compileSchema(z.object({ a: z.string() }))({ a: 'x' })).toBe(false);
    expect(compileSchema(z.looseObject({ a: z.string() }))({ a: 'x', b: 1 })).toBe(true);
    // An id sent as a number: zod makes it a string, so the compiled check steps aside.
    expect(compileSchema(z.union([z.string(), z.number().transform(String)]))(7)).toBe(false);
  });

  it('takes money as a decimal string on the compiled path, and refuses near misses with a reason', () => {
    const item = { ...SAMPLES.ITEM_ADDED.data };
    const envelope = (price: unknown) => envelopeOf('ITEM_ADDED', { ...item, price }, ['uuid-1', 'id-1']);
    for (const price of ['13.00', '1300', '-2.5', '0.07']) {
      expect(compiledAccepts('ITEM_ADDED', { ...item, price }), price).toBe(true);
      expect(checkData(envelope(price)).problem, price).toBeNull();
    }
    for (const price of [' 13.00', '13.', '13.005', '1e3', '+13', '']) {
      expect(compiledAccepts('ITEM_ADDED', { ...item, price }), price).toBe(false);
      expect(checkData(envelope(price)).problem, price).toMatch(/^data\.price: expected money as a decimal string/);
    }
    expect(checkData(envelope(true)).problem).toMatch(/^data\.price: expected money: a number, or a decimal string/);
    // Money the spec fixes in cents stays a number: a card's balance.
    const card = { ...SAMPLES.GIFT_CARD_CREATED.data, balance: '2500' };
    expect(checkData(envelopeOf('GIFT_CARD_CREATED', card, ['uuid-1', 'id-1'])).problem).toMatch(/balance/);
  });
});
