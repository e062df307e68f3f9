// Token endpoints (spec 4 and 5):
//   POST /oauth/token      client_credentials         → 2.1 { access_token, token_type, expires_in }
//   POST /api/oauth/token  authorization_code         → 2.2 { tokenType, token, refreshToken, initiated, expires, expiresIn }
//                          refresh_token (our choice)  → 2.2 with a new token and the same refreshToken
// Every failure is 400 with { error, message }, error being the OAuth code (invalid_request,
// invalid_client, unsupported_grant_type, invalid_grant).
import { createHash, timingSafeEqual } from 'node:crypto';
import { toUnixSeconds } from '../clock';
import { parseJsonOrForm, type BodyObject } from '../http/body';
import { errorJson, json, type SandboxResponse } from '../http/responses';
import type { RouteContext, RouteDef } from '../http/router';
import type { AccessTokenRecord, Integration } from '../model';
import { redeemAuthCode } from '../oauth-codes';
import { ACCESS_TOKEN_TTL_S } from '../tokens';

const bad = (error: string, message: string) => errorJson(400, error, message);

function stringField(body: BodyObject, ...names: string[]): string | undefined {
  for (const n of names) {
    const v = body[n];
    if (typeof v === 'string' && v.length > 0) return v;
  }
  return undefined;
}

// Hashing first makes the comparison constant-time whatever the lengths.
function sameSecret(a: string, b: string): boolean {
  const h = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(h(a), h(b));
}

type Step<T> = { ok: true; value: T } | { ok: false; response: SandboxResponse };

/** Parses the body, checks grant_type is one of `grants`, and authenticates the integration. */
function begin(
  ctx: RouteContext,
  grants: string[],
): Step<{ body: BodyObject; grant: string; integration: Integration }> {
  const parsed = parseJsonOrForm(ctx);
  if (!parsed.ok)
    return { ok: false, response: bad('invalid_request', 'The body must be JSON or a URL-encoded form.') };
  const body = parsed.value;
  const grant = stringField(body, 'grant_type');
  if (!grant) return { ok: false, response: bad('invalid_request', 'grant_type is required.') };
  if (!grants.includes(grant)) {
    return {
      ok: false,
      response: bad('unsupported_grant_type', `grant_type must be ${grants.map((g) => `'${g}'`).join(' or ')} here.`),
    };
  }
  const accessId = stringField(body, 'api_access_id');
  const secret = stringField(body, 'api_access_secret');
  if (!accessId || !secret) {
    return {
      ok: false,
      response: bad('invalid_request', 'api_access_id and api_access_secret are required non-empty strings.'),
    };
  }
  const integration = ctx.world.integrations.get(accessId);
  if (!integration || !sameSecret(secret, integration.accessSecret)) {
    return { ok: false, response: bad('invalid_client', 'api_access_id or api_access_secret is wrong.') };
  }
  return { ok: true, value: { body, grant, integration } };
}

function clientCredentials(ctx: RouteContext): SandboxResponse {
  const step = begin(ctx, ['client_credentials']);
  if (!step.ok) return step.response;
  const record = ctx.world.tokens.issueClientToken(step.value.integration.accessId, ctx.world.clock.nowMs());
  return json(200, { access_token: record.token, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_S });
}

function userTokenResponse(record: AccessTokenRecord): SandboxResponse {
  const initiated = toUnixSeconds(record.issuedAtMs);
  return json(200, {
    tokenType: 'Bearer',
    token: record.token,
    refreshToken: record.refreshToken,
    initiated,
    expires: initiated + ACCESS_TOKEN_TTL_S,
    expiresIn: ACCESS_TOKEN_TTL_S,
  });
}

function userToken(ctx: RouteContext): SandboxResponse {
  const step = begin(ctx, ['authorization_code', 'refresh_token']);
  if (!step.ok) return step.response;
  const { body, grant, integration } = step.value;
  const { world } = ctx;
  const now = world.clock.nowMs();

  if (grant === 'authorization_code') {
    const code = stringField(body, 'code');
    if (!code) return bad('invalid_request', 'code is required.');
    const redeemed = redeemAuthCode(world, code, integration.accessId);
    if (!redeemed.ok) return bad('invalid_grant', redeemed.message);
    return userTokenResponse(world.tokens.issueUserToken(integration.accessId, redeemed.record.userId, now));
  }

  // Which field carries the refresh token is a reading (the spec does not show the request); a
  // service reads only its own field, so the other one is not looked at.
  const field = world.readings.refreshField;
  const refreshToken = stringField(body, field);
  if (!refreshToken) return bad('invalid_request', `${field} is required.`);
  const rt = world.tokens.refresh.get(refreshToken);
  if (!rt || rt.accessId !== integration.accessId) return bad('invalid_grant', 'The refresh token is not known.');
  if (rt.revoked) return bad('invalid_grant', 'The refresh token has been revoked; run the authorization again.');
  if (world.readings.refreshRotates) {
    // Rotation: this refresh token is spent; the answer carries its successor.
    rt.revoked = true;
    return userTokenResponse(world.tokens.issueUserToken(integration.accessId, rt.userId, now));
  }
  return userTokenResponse(world.tokens.issueUserToken(integration.accessId, rt.userId, now, rt.refreshToken));
}

export const oauthRoutes: RouteDef[] = [
  { method: 'POST', path: '/oauth/token', handler: clientCredentials },
  { method: 'POST', path: '/api/oauth/token', handler: userToken },
];
