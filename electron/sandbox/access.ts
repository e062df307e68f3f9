// Bearer authentication and location access for REST routes (spec parts 5 and 7):
//   no Authorization header      → 401 (the client should get a token and retry)
//   expired or revoked token     → 401
//   malformed or unknown token   → 403 (invalid: do not retry unchanged)
//   valid token, location denied → 403
import type { Parsed } from './http/body';
import type { RouteContext } from './http/router';
import { errorJson, type SandboxResponse } from './http/responses';
import type { AccessTokenRecord, DemoUser, Integration } from './model';
import type { SandboxWorld } from './world';

export interface Principal {
  token: AccessTokenRecord;
  integration: Integration;
  /** null for client-credentials tokens. */
  user: DemoUser | null;
}

const unauthorized = (error: string, message: string) =>
  errorJson(401, error, message, {
    'www-authenticate': `Bearer error="invalid_token", error_description="${message}"`,
  });

// The 'bare' reading: a service whose 403 carries no machine-readable code, just a word.
const invalidToken = (world: SandboxWorld, message: string): SandboxResponse =>
  world.readings.invalidTokenBody === 'bare'
    ? { status: 403, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'Forbidden' }
    : errorJson(403, 'invalid_token', message);

export function authenticate(ctx: RouteContext): Parsed<Principal> {
  const header = ctx.headers.authorization;
  if (header === undefined) {
    return { ok: false, response: unauthorized('missing_token', 'Send Authorization: Bearer <ACCESS_TOKEN>.') };
  }
  const m = /^Bearer +(\S+) *$/i.exec(header);
  if (!m)
    return {
      ok: false,
      response: invalidToken(ctx.world, 'The Authorization header is not of the form "Bearer <token>".'),
    };

  const { world } = ctx;
  const check = world.tokens.check(m[1], world.clock.nowMs());
  if (!check.ok) {
    if (check.reason === 'expired')
      return { ok: false, response: unauthorized('token_expired', 'The access token has expired.') };
    if (check.reason === 'revoked')
      return { ok: false, response: unauthorized('token_revoked', 'The access token has been revoked.') };
    return { ok: false, response: invalidToken(world, 'The access token is not valid.') };
  }
  const integration = world.integrations.get(check.record.accessId);
  const user = check.record.userId === null ? null : (world.users.get(check.record.userId) ?? undefined);
  // The token outlived what it was issued for (e.g. a reset with keepTokens dropped a custom integration).
  if (!integration || user === undefined)
    return { ok: false, response: invalidToken(world, 'The access token is not valid.') };
  return { ok: true, value: { token: check.record, integration, user } };
}

/**
 * Locations this token may act on, in seed order:
 * client token → locations that authorised the integration;
 * user token   → those, further limited to the locations the user can access.
 */
export function accessibleLocationUuids(world: SandboxWorld, p: Principal): string[] {
  return [...world.locations.keys()].filter(
    (uuid) =>
      p.integration.authorizedLocationUuids.has(uuid) && (p.user === null || p.user.locationUuids.includes(uuid)),
  );
}

/**
 * 403 when the token cannot act on this location. Unknown UUIDs get the same 403 as forbidden
 * ones, so a token cannot probe which locations exist.
 */
export function requireLocationAccess(world: SandboxWorld, p: Principal, locationUuid: string): SandboxResponse | null {
  if (accessibleLocationUuids(world, p).includes(locationUuid)) return null;
  return errorJson(403, 'location_forbidden', `This token has no access to location ${locationUuid}.`);
}
