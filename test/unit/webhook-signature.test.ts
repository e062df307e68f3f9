// Signature verification, the envelope parser and the dedupe key, including property tests over
// arbitrary bytes and headers: nothing throws, and nothing with a wrong signature is accepted.
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseEnvelope } from '../../shared/schemas/webhook-events';
import { assessDelivery, canonicalJson, dedupeKey, signBody, verifySignature } from '../../electron/core/webhooks';
import { envelope, SAMPLES, SECRET } from './webhook-fixtures';

const auth = { secret: SECRET, headerPrefix: 'Service', customHeaders: {} };

describe('signBody / verifySignature', () => {
  it('is hex HMAC-SHA256 of the raw bytes (a published test vector)', () => {
    expect(signBody('The quick brown fox jumps over the lazy dog', 'key')).toBe('f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8');
    expect(signBody(Buffer.from([0xff, 0x00]), 'k')).toBe(createHmac('sha256', 'k').update(Buffer.from([0xff, 0x00])).digest('hex'));
  });

  it('classifies headers', () => {
    const body = Buffer.from('{"a":1}');
    const good = signBody(body, SECRET);
    expect(verifySignature(body, good, SECRET)).toBe('match');
    expect(verifySignature(body, good.toUpperCase(), SECRET)).toBe('match');
    expect(verifySignature(body, ` ${good} `, SECRET)).toBe('match');
    expect(verifySignature(body, signBody(body, 'x'), SECRET)).toBe('mismatch');
    expect(verifySignature(body, good.slice(2), SECRET)).toBe('malformed');
    expect(verifySignature(body, `${good}, ${good}`, SECRET)).toBe('malformed');
    expect(verifySignature(body, `sha256=${good}`, SECRET)).toBe('malformed');
    expect(verifySignature(body, undefined, SECRET)).toBe('missing');
    expect(verifySignature(body, '', SECRET)).toBe('missing');
    expect(verifySignature(body, 'anything', null)).toBe('not-configured');
  });
});

describe('properties', () => {
  const headerValue = fc.oneof(fc.string(), fc.stringMatching(/^[0-9a-fA-F]{64}$/), fc.constant(undefined));

  it('never throws, and never accepts a body whose signature does not match', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), headerValue, fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 })), (bytes, sig, extra) => {
        const body = Buffer.from(bytes);
        const headers: Record<string, string | undefined> = { ...extra, 'x-service-signature': sig };
        const result = assessDelivery(body, headers, auth);
        if (result.outcome === 'accepted') expect(sig?.trim().toLowerCase()).toBe(signBody(body, SECRET));
        else expect([400, 401]).toContain(result.status);
      }),
      { numRuns: 400 },
    );
  });

  it('never throws on arbitrary JSON-ish bodies with a valid signature, and accepts exactly the valid envelopes', () => {
    const jsonish = fc.oneof(
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.record({ type: fc.string(), createdAt: fc.oneof(fc.string(), fc.constant('2025-06-01T12:00:00Z')), data: fc.jsonValue(), targetUuid: fc.jsonValue() }, { requiredKeys: [] }).map((v) => JSON.stringify(v)),
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
    for (const change of [{ type: 'ITEM_REMOVED' }, { targetUuid: 'other' }, { targetId: 'x' }, { locationUuid: 'loc-9' }, { createdAt: '2025-06-01T12:00:00.001Z' }, { data: { ...(e.data as object), quantity: 3 } }]) {
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
});
