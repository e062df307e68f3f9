// The log's compact key memory must answer exactly as the Map it stands for: same seqs, same
// order, same forgetting, whatever the keys look like (hex the listener makes, any other text a
// file may hold) and however they crowd one part of the table.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DedupeKeys } from '../../electron/core/webhooks/dedupe-keys';

type Model = Map<string, { seq: number; seenAt: number }>;

const hexDigit = fc.constantFrom(...'0123456789abcdef'.split(''));
const hexTail = fc.string({ unit: hexDigit, minLength: 56, maxLength: 56 });
// A few heads only, so many keys share their first word and probe the same run of the table.
const crowdedHex = fc
  .tuple(fc.constantFrom('00000000', '00000001', 'ffffffff', '0000ffff'), hexTail)
  .map(([a, b]) => a + b);
const anyHex = fc.string({ unit: hexDigit, minLength: 64, maxLength: 64 });
const otherText = fc.oneof(
  fc.string({ maxLength: 70 }),
  anyHex.map((k) => k.toUpperCase()),
  anyHex.map((k) => k.slice(1)),
  anyHex.map((k) => `${k}0`),
  anyHex.map((k) => `g${k.slice(1)}`),
);

type Op =
  | { op: 'set'; pick: number; fresh: string | null; seq: number; at: number }
  | { op: 'add'; pick: number; fresh: string | null; seq: number }
  | { op: 'reserve'; more: number }
  | { op: 'prune'; window: number }
  | { op: 'get'; pick: number; fresh: string | null }
  | { op: 'after'; after: number; through: number };

const key = fc.oneof(
  { weight: 4, arbitrary: crowdedHex },
  { weight: 4, arbitrary: anyHex },
  { weight: 1, arbitrary: otherText },
);
const ops = fc.array(
  fc.oneof(
    {
      weight: 8,
      arbitrary: fc.record({
        op: fc.constant('set' as const),
        pick: fc.nat(),
        fresh: fc.option(key, { freq: 3 }),
        seq: fc.integer({ min: 1, max: 600 }),
        // Mostly arrival order, as the log sets them; now and then an older time (a reload).
        at: fc.oneof(
          { weight: 9, arbitrary: fc.integer({ min: 0, max: 3 }) },
          { weight: 1, arbitrary: fc.integer({ min: -20, max: 0 }) },
        ),
      }),
    },
    {
      weight: 4,
      arbitrary: fc.record({
        op: fc.constant('add' as const),
        pick: fc.nat(),
        fresh: fc.option(key, { freq: 3 }),
        seq: fc.integer({ min: 1, max: 600 }),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ op: fc.constant('reserve' as const), more: fc.integer({ min: 0, max: 300 }) }),
    },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('prune' as const), window: fc.integer({ min: 0, max: 80 }) }) },
    { weight: 3, arbitrary: fc.record({ op: fc.constant('get' as const), pick: fc.nat(), fresh: fc.option(key) }) },
    {
      weight: 1,
      arbitrary: fc.record({
        op: fc.constant('after' as const),
        after: fc.integer({ min: -1, max: 600 }),
        through: fc.integer({ min: 0, max: 601 }),
      }),
    },
  ),
  // size 'max': fast-check otherwise keeps arrays to a handful, too few to grow or crowd the table.
  { minLength: 1, maxLength: 600, size: 'max' },
);

function modelAfter(model: Model, after: number, through: number): [string, number, number][] {
  const out: [string, number, number][] = [];
  for (const [k, v] of model) {
    if (v.seq <= after) continue;
    if (v.seq > through) break;
    out.push([k, v.seq, v.seenAt]);
  }
  return out;
}

describe('DedupeKeys', () => {
  it('answers as a Map of key to seq and seenAt does, in the same order', () => {
    fc.assert(
      fc.property(ops, (list: Op[]) => {
        const keys = new DedupeKeys(16);
        const model: Model = new Map();
        const seen: string[] = [];
        let clock = 0;
        const choose = (pick: number, fresh: string | null) => {
          if (fresh !== null || seen.length === 0) {
            const k = fresh ?? '0'.repeat(64);
            seen.push(k);
            return k;
          }
          return seen[pick % seen.length];
        };
        for (const o of list) {
          if (o.op === 'set') {
            const k = choose(o.pick, o.fresh);
            clock += Math.max(0, o.at);
            const at = clock + Math.min(0, o.at);
            keys.set(k, o.seq, at);
            model.set(k, { seq: o.seq, seenAt: at });
          } else if (o.op === 'add') {
            const k = choose(o.pick, o.fresh);
            clock += 1;
            const had = model.get(k)?.seq;
            if (had === undefined) model.set(k, { seq: o.seq, seenAt: clock });
            expect(keys.add(k, o.seq, clock)).toBe(had);
          } else if (o.op === 'reserve') {
            keys.reserve(o.more);
          } else if (o.op === 'prune') {
            let gone = 0;
            for (const [k, v] of model) {
              if (v.seenAt >= clock - o.window) break;
              model.delete(k);
              gone += 1;
            }
            expect(keys.pruneBefore(clock - o.window)).toBe(gone);
          } else if (o.op === 'get') {
            const k = choose(o.pick, o.fresh);
            expect(keys.seqOf(k)).toBe(model.get(k)?.seq);
          } else {
            expect(keys.entriesAfter(o.after, o.through)).toEqual(modelAfter(model, o.after, o.through));
          }
          expect(keys.size).toBe(model.size);
        }
        expect(keys.entriesAfter(-Infinity, Infinity)).toEqual(modelAfter(model, -Infinity, Infinity));
        for (const k of seen) expect(keys.seqOf(k)).toBe(model.get(k)?.seq);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a day of keys through growth and forgetting, answering each from its own entry', () => {
    const keys = new DedupeKeys(16);
    const hexOf = (n: number) => n.toString(16).padStart(8, '0').repeat(8);
    for (let i = 1; i <= 50_000; i++) keys.set(hexOf(i), i, i);
    expect(keys.size).toBe(50_000);
    expect(keys.pruneBefore(20_001)).toBe(20_000);
    for (let i = 50_001; i <= 90_000; i++) keys.set(hexOf(i), i, i);
    expect(keys.seqOf(hexOf(20_000))).toBeUndefined();
    expect(keys.seqOf(hexOf(20_001))).toBe(20_001);
    expect(keys.seqOf(hexOf(90_000))).toBe(90_000);
    expect(keys.entriesAfter(89_998, Infinity)).toEqual([
      [hexOf(89_999), 89_999, 89_999],
      [hexOf(90_000), 90_000, 90_000],
    ]);
    expect(keys.size).toBe(70_000);
  });
});
