// Tolerant parsing: the spec leaves the locations shape and error bodies open and shows two
// token spellings, so every variant we accept is pinned here.
import { describe, expect, it } from 'vitest';
import { extractServiceCode, extractServiceMessage } from '../../electron/core/api/service-message';
import { holdToken } from '../../electron/core/api/token-status';
import { locationsResponseSchema, tokenResponseSchema } from '../../shared/schemas/service';

describe('tokenResponseSchema', () => {
  it('reads the client-credentials shape (2.1)', () => {
    const t = tokenResponseSchema.parse({ access_token: 'a', token_type: 'Bearer', expires_in: 86400 });
    expect(t).toMatchObject({ accessToken: 'a', tokenType: 'Bearer', lifetimeSeconds: 86400, refreshToken: null });
  });

  it('reads the authorization-code shape (2.2)', () => {
    const t = tokenResponseSchema.parse({
      tokenType: 'Bearer',
      token: 'u',
      initiated: 1_700_000_000,
      expires: 1_700_086_400,
      expiresIn: 86400,
      refreshToken: 'r',
    });
    expect(t).toMatchObject({
      accessToken: 'u',
      refreshToken: 'r',
      lifetimeSeconds: 86400,
      expiresAtSeconds: 1_700_086_400,
    });
  });

  it('accepts mixed spellings, numeric strings and a relative `expires`', () => {
    expect(tokenResponseSchema.parse({ accessToken: 'x', expires: 3600 })).toMatchObject({
      accessToken: 'x',
      lifetimeSeconds: 3600,
    });
    expect(tokenResponseSchema.parse({ token: 'y', expires_in: '120' })).toMatchObject({ lifetimeSeconds: 120 });
    expect(tokenResponseSchema.parse({ access_token: 'z', refresh_token: 'rr', extra: { new: 1 } })).toMatchObject({
      refreshToken: 'rr',
      lifetimeSeconds: null,
    });
  });

  it('derives the lifetime from initiated/expires when expiresIn is missing', () => {
    expect(
      tokenResponseSchema.parse({ token: 't', initiated: 1_700_000_000, expires: 1_700_000_600 }).lifetimeSeconds,
    ).toBe(600);
  });

  it('refuses an answer without any token', () => {
    const result = tokenResponseSchema.safeParse({ token_type: 'Bearer', expires_in: 10 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/access_token, accessToken and token/);
  });

  it('holds expiry on our clock, defaulting to 24 h', () => {
    const now = 1_000_000;
    expect(holdToken(tokenResponseSchema.parse({ token: 't' }), now).expiresAt).toBe(now + 86_400_000);
    expect(holdToken(tokenResponseSchema.parse({ token: 't', expires_in: 10 }), now).expiresAt).toBe(now + 10_000);
  });
});

describe('locationsResponseSchema', () => {
  const item = { uuid: 'u1', id: 7, name: 'Harbour', featureFlags: { tab_pass_spend_limits: true }, subscribed: true };
  const expected = { uuid: 'u1', id: '7', name: 'Harbour', flags: { tab_pass_spend_limits: true }, subscribed: true };

  it.each([
    ['a bare array', [item]],
    ['{ locations }', { locations: [item] }],
    ['{ data }', { data: [item] }],
    ['{ results }', { results: [item] }],
    ['{ items }', { items: [item] }],
    ['{ data: { locations } }', { data: { locations: [item] } }],
  ])('finds the list in %s', (_label, body) => {
    expect(locationsResponseSchema.parse(body)).toEqual([expected]);
  });

  it('reads every spelling of the item fields', () => {
    const parsed = locationsResponseSchema.parse([
      { locationUuid: 'a', locationName: 'A', feature_flags: ['x', 'y'] },
      { location_uuid: 'b', title: 'B', flags: [{ name: 'z', enabled: false }], is_subscribed: 'true' },
      { id: 'c' },
      { uuid: 'd', name: 42, flags: 'nonsense', subscribed: 'maybe' },
    ]);
    // No readable subscription state is "not shown" (null), never a silent "not subscribed".
    expect(parsed).toEqual([
      { uuid: 'a', id: null, name: 'A', flags: { x: true, y: true }, subscribed: null },
      { uuid: 'b', id: null, name: 'B', flags: { z: false }, subscribed: true },
      { uuid: 'c', id: null, name: 'c', flags: {}, subscribed: null },
      { uuid: 'd', id: null, name: 'd', flags: {}, subscribed: null },
    ]);
  });

  it('says what it expected when there is no list', () => {
    const result = locationsResponseSchema.safeParse({ venues: [] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/locations, data, results or items/);
  });

  it('refuses an item with no identifier', () => {
    expect(locationsResponseSchema.safeParse([{ name: 'nameless' }]).success).toBe(false);
  });
});

describe('extractServiceMessage', () => {
  const json = (value: unknown) => extractServiceMessage(value, JSON.stringify(value));
  it.each([
    [{ error: 'invalid_client', message: 'Wrong secret.' }, 'Wrong secret. (invalid_client)'],
    [{ error: { message: 'Nested reason' } }, 'Nested reason'],
    [{ message: 'Just a message' }, 'Just a message'],
    [{ alert: 'The pass has reached its spend limit' }, 'The pass has reached its spend limit'],
    [{ errors: [{ message: 'one' }, { message: 'two' }] }, 'one; two'],
    [{ error: 'invalid_grant', error_description: 'Code used' }, 'Code used (invalid_grant)'],
    [{ error: 'forbidden' }, 'forbidden'],
    ['a JSON string', 'a JSON string'],
  ])('reads %j', (body, expected) => {
    expect(json(body)).toBe(expected);
  });

  it('reads plain text and HTML error pages', () => {
    expect(extractServiceMessage(undefined, '  Service   unavailable \n')).toBe('Service unavailable');
    expect(
      extractServiceMessage(undefined, '<html><head><title>502</title></head><body><h1>Bad gateway</h1></body></html>'),
    ).toBe('Bad gateway');
  });

  it('returns null for nothing useful', () => {
    expect(extractServiceMessage(undefined, '')).toBeNull();
    expect(json({})).toBeNull();
    expect(json(null)).toBeNull();
  });
});

describe('extractServiceCode', () => {
  it('reads the code from the body or the WWW-Authenticate header', () => {
    expect(extractServiceCode({ error: 'invalid_token', message: 'x' }, null)).toBe('invalid_token');
    expect(extractServiceCode({ error: { code: 'E42', message: 'x' } }, null)).toBe('E42');
    expect(extractServiceCode({ error: 'A whole sentence, not a code.' }, null)).toBeNull();
    expect(extractServiceCode(undefined, 'Bearer error="invalid_token", error_description="x"')).toBe('invalid_token');
    expect(extractServiceCode(undefined, null)).toBeNull();
  });
});
