// Signature verification, the envelope parser and the dedupe key, including property tests over
// arbitrary bytes and headers: nothing throws, and nothing with a wrong signature is accepted.
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseEnvelope, plainEnvelope, webhookEnvelopeSchema } from '../../shared/schemas/webhook-events';
import { assessDelivery, canonicalJson, dedupeKey, signBody, verifySignature } from '../../electron/core/webhooks';
import { canonicalJsonIterative } from '../../electron/core/webhooks/dedupe-key';
import { hmacSha256 } from '../../electron/core/webhooks/hmac-sha256';
import { envelope, SAMPLES, SECRET } from './webhook-fixtures';

const auth = { secret: SECRET, headerPrefix: 'Service', customHeaders: {} };
// Computed by the code before this test existed (createHash over the iterative walk's text).
const PINNED_KEY = 'b4bc8dae9ba7f836e1d1dc5482155ed11ba31089ef53d330f6182b74f9f3bf91';

describe('signBody / verifySignature', () => {
  it('is hex HMAC-SHA256 of the raw bytes (a published test vector)', () => {
    expect(signBody('The quick brown fox jumps over the lazy dog', 'key')).toBe(
      'f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8',
    );
    expect(signBody(Buffer.from([0xff, 0x00]), 'k')).toBe(
      createHmac('sha256', 'k')
        .update(Buffer.from([0xff, 0x00]))
        .digest('hex'),
    );
  });

  it('checks with an HMAC equal to createHmac, for keys around the block size and any bytes', () => {
    const keys = ['', 'k', 'x'.repeat(63), 'y'.repeat(64), 'z'.repeat(65), 'é'.repeat(40), SECRET, '\u{1F37A} bar'];
    const sameAsNode = (key: string, body: Buffer) => {
      expect(hmacSha256(key, body).equals(createHmac('sha256', key).update(body).digest())).toBe(true);
    };
    // Alternating keys also checks that the padded blocks kept for one secret are not used for another.
    for (const key of keys)
      for (const body of [Buffer.alloc(0), Buffer.from('{"a":1}'), Buffer.alloc(1000, 0xff)]) sameAsNode(key, body);
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 100 }), fc.uint8Array({ maxLength: 300 }), (key, bytes) =>
        sameAsNode(key, Buffer.from(bytes)),
      ),
    );
  });

  it('classifies headers', () => {
    const body = Buffer.from('{"a":1}');
    const good = signBody(body, SECRET);
    expect(verifySignature(body, good, SECRET)).toBe('match');
    expect(verifySignature(body, good.toUpperCase(), SECRET)).toBe('match');
    expect(verifySignature(body, ` ${good} `, SECRET)).toBe('match');
    expect(verifySignature(body, signBody(body, 'x'), SECRET)).toBe('mismatch');
    expect(verifySignature(body, good.slice(2), SECRET)).toBe('malformed');
    // Labelled, and one signature per secret while the service rotates its secret.
    expect(verifySignature(body, `sha256=${good}`, SECRET)).toBe('match');
    expect(verifySignature(body, `SHA-256:${good}`, SECRET)).toBe('match');
    expect(verifySignature(body, `${signBody(body, 'old')}, ${good}`, SECRET)).toBe('match');
    expect(verifySignature(body, `sha256=${good} sha256=${signBody(body, 'new')}`, SECRET)).toBe('match');
    expect(verifySignature(body, `${signBody(body, 'old')},${signBody(body, 'new')}`, SECRET)).toBe('mismatch');
    expect(verifySignature(body, `sha1=${good}`, SECRET)).toBe('malformed');
    expect(verifySignature(body, `${good}, junk`, SECRET)).toBe('malformed');
    expect(verifySignature(body, Array(5).fill(good).join(','), SECRET)).toBe('malformed');
    expect(verifySignature(body, undefined, SECRET)).toBe('missing');
    expect(verifySignature(body, '', SECRET)).toBe('missing');
    expect(verifySignature(body, 'anything', null)).toBe('not-configured');
  });
});

describe('properties', () => {
  const headerValue = fc.oneof(fc.string(), fc.stringMatching(/^[0-9a-fA-F]{64}$/), fc.constant(undefined));

  it('never throws, and never accepts a body whose signature does not match', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 300 }),
        headerValue,
        fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 })),
        (bytes, sig, extra) => {
          const body = Buffer.from(bytes);
          const headers: Record<string, string | undefined> = { ...extra, 'x-service-signature': sig };
          const result = assessDelivery(body, headers, auth);
          if (result.outcome === 'accepted') expect(sig?.trim().toLowerCase()).toBe(signBody(body, SECRET));
          else expect([400, 401]).toContain(result.status);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('never throws on arbitrary JSON-ish bodies with a valid signature, and accepts exactly the valid envelopes', () => {
    const jsonish = fc.oneof(
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc
        .record(
          {
            type: fc.string(),
            createdAt: fc.oneof(fc.string(), fc.constant('2025-06-01T12:00:00Z')),
            data: fc.jsonValue(),
            targetUuid: fc.jsonValue(),
          },
          { requiredKeys: [] },
        )
        .map((v) => JSON.stringify(v)),
      fc.string(),
    );
    fc.assert(
      fc.property(jsonish, (text) => {
        const body = Buffer.from(text, 'utf8');
        const result = assessDelivery(body, { 'x-service-signature': signBody(body, SECRET) }, auth);
        const parsed = parseEnvelope(text);
        expect(result.outcome).toBe(parsed.ok ? 'accepted' : 'rejected');
        if (result.outcome === 'rejected') expect(result.status).toBe(400);
      }),
      { numRuns: 400 },
    );
  });

  it('parses any string without throwing, including very deep nesting', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        parseEnvelope(text);
      }),
    );
    const deep = `{"type":"X","createdAt":"2025-06-01T12:00:00Z","data":{"a":${'['.repeat(200_000)}${']'.repeat(200_000)}}}`;
    const result = assessDelivery(Buffer.from(deep), { 'x-service-signature': signBody(deep, SECRET) }, auth);
    expect(result.outcome).toBe('accepted');
  });
});

describe('plain envelopes skip the schema', () => {
  const anything = fc.oneof(
    fc.string({ maxLength: 8 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.integer(), { maxLength: 2 }),
    fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2 }),
  );
  // Mostly the documented kind of value, sometimes anything: most envelopes are then near-valid.
  const likely = <T>(good: fc.Arbitrary<T>) =>
    fc.oneof({ arbitrary: good, weight: 6 }, { arbitrary: anything, weight: 1 });
  const envelopeLike = fc.record(
    {
      type: likely(fc.constantFrom('ITEM_ADDED', 'X', '')),
      targetUuid: likely(fc.uuid()),
      targetId: likely(fc.string()),
      locationUuid: likely(fc.uuid()),
      locationName: likely(fc.string()),
      locationId: likely(fc.string()),
      createdAt: likely(
        fc.constantFrom(
          '2025-06-01T12:00:00Z',
          '2025-06-01T12:00:00.123+02:00',
          '2025-13-45T99:99',
          '2025-06-01',
          'soon',
        ),
      ),
      data: likely(fc.dictionary(fc.string({ maxLength: 5 }), anything, { maxKeys: 4 })),
      extra: anything,
    },
    { requiredKeys: [] },
  );

  it('takes the quick path only where the schema accepts and returns the same envelope', () => {
    let quick = 0;
    fc.assert(
      fc.property(envelopeLike, (value) => {
        const plain = plainEnvelope(value);
        const schema = webhookEnvelopeSchema.safeParse(value);
        if (plain !== null) {
          quick += 1;
          expect(schema.success).toBe(true);
          expect(plain).toEqual(schema.data);
        } else if (schema.success) {
          // The schema alone accepts it only when it converted a numeric id to text.
          expect(schema.data).not.toEqual(value);
        }
      }),
      { numRuns: 2000 },
    );
    // The generator must reach the quick path, or the property says nothing.
    expect(quick).toBeGreaterThan(20);
  });
});

describe('dedupe key', () => {
  it('ignores key order and whitespace but not values, and covers the documented identity', () => {
    const e = envelope('ITEM_ADDED', SAMPLES.ITEM_ADDED);
    const key = (v: unknown) => {
      const parsed = parseEnvelope(typeof v === 'string' ? v : JSON.stringify(v));
      if (!parsed.ok) throw new Error(parsed.message);
      return dedupeKey(parsed.envelope);
    };
    const base = key(e);
    const reordered = { data: Object.fromEntries(Object.entries(e.data as object).reverse()), ...e };
    expect(key(JSON.stringify(reordered, null, 3))).toBe(base);
    // The same instant written differently is the same event.
    expect(key({ ...e, createdAt: '2025-06-01T12:00:00Z' })).toBe(base);
    // Descriptive fields do not identify the event.
    expect(key({ ...e, locationName: 'Renamed' })).toBe(base);
    for (const change of [
      { type: 'ITEM_REMOVED' },
      { targetUuid: 'other' },
      { targetId: 'x' },
      { locationUuid: 'loc-9' },
      { createdAt: '2025-06-01T12:00:00.001Z' },
      { data: { ...(e.data as object), quantity: 3 } },
    ]) {
      expect(key({ ...e, ...change }), JSON.stringify(change)).not.toBe(base);
    }
  });

  it('canonical JSON sorts keys at every depth', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 1, c: 2 }] })).toBe('{"a":[{"c":2,"d":1}],"b":1}');
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(JSON.parse(canonicalJson(v))).toEqual(JSON.parse(JSON.stringify(v)));
      }),
    );
  });

  it('writes the same text by recursion as by the iterative walk, below and past the recursion limit', () => {
    // Dedupe keys already in a log were made by the walk: a repeat must still match after an upgrade.
    const nest = (depth: number, leaf: unknown): unknown =>
      depth === 0
        ? leaf
        : depth % 2 === 0
          ? [nest(depth - 1, leaf), 1]
          : { z: nest(depth - 1, leaf), a: null, u: undefined };
    for (const depth of [0, 1, 63, 64, 65, 200])
      expect(canonicalJson(nest(depth, { b: 'é', a: [undefined, 2] }))).toBe(
        canonicalJsonIterative(nest(depth, { b: 'é', a: [undefined, 2] })),
      );
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (v) => {
        expect(canonicalJson(v)).toBe(canonicalJsonIterative(v));
      }),
    );
  });

  it('derives the same dedupe key as before (a fixed envelope, hex pinned)', () => {
    const parsed = parseEnvelope(
      JSON.stringify({
        type: 'ITEM_ADDED',
        targetUuid: 'u-1',
        locationUuid: 'loc',
        createdAt: '2025-06-01T12:00:00.000Z',
        data: { b: [1, { y: 2, x: 'é' }], a: null },
      }),
    );
    if (!parsed.ok) throw new Error(parsed.message);
    expect(dedupeKey(parsed.envelope)).toBe(PINNED_KEY);
  });
});
