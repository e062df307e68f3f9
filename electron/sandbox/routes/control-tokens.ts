// Control API: inspect and revoke tokens, and mint an authorization code without the HTML page
// (so core tests can run the code exchange without driving a browser).
import { z } from 'zod';
import { errorJson, json } from '../http/responses';
import type { RouteContext, RouteDef } from '../http/router';
import { issueAuthCode } from '../oauth-codes';
import { controlBody, truncateToken } from './control-util';

const iso = (ms: number) => new Date(ms).toISOString();

function listTokens(ctx: RouteContext) {
  const { tokens, clock } = ctx.world;
  const now = clock.nowMs();
  return json(200, {
    accessTokens: [...tokens.access.values()].map((t) => ({
      token: truncateToken(t.token),
      kind: t.kind,
      accessId: t.accessId,
      userId: t.userId,
      refreshToken: t.refreshToken === null ? null : truncateToken(t.refreshToken),
      issuedAt: iso(t.issuedAtMs),
      expiresAt: iso(t.expiresAtMs),
      state: t.revoked ? 'revoked' : now >= t.expiresAtMs ? 'expired' : 'valid',
    })),
    refreshTokens: [...tokens.refresh.values()].map((r) => ({
      refreshToken: truncateToken(r.refreshToken),
      accessId: r.accessId,
      userId: r.userId,
      issuedAt: iso(r.issuedAtMs),
      state: r.revoked ? 'revoked' : 'valid',
    })),
  });
}

const revokeBody = z.union([
  z.strictObject({ token: z.string().min(1) }),
  z.strictObject({ refreshToken: z.string().min(1) }),
  z.strictObject({ all: z.literal(true) }),
]);

function revoke(ctx: RouteContext) {
  const body = controlBody(ctx, revokeBody);
  if (!body.ok) {
    return errorJson(
      400,
      'invalid_body',
      'Send exactly one of {"token": "..."}, {"refreshToken": "..."} or {"all": true}.',
    );
  }
  const { tokens } = ctx.world;
  const b = body.value;
  const revoked =
    'token' in b
      ? tokens.revokeAccessToken(b.token)
      : 'refreshToken' in b
        ? tokens.revokeRefreshToken(b.refreshToken)
        : tokens.revokeAll();
  return json(200, { revoked });
}

const codeBody = z.strictObject({
  accessId: z.string().min(1),
  userId: z.string().min(1),
  redirectUrl: z.string().optional(),
});

function mintCode(ctx: RouteContext) {
  const body = controlBody(ctx, codeBody);
  if (!body.ok) return body.response;
  const { world } = ctx;
  const integration = world.integrations.get(body.value.accessId);
  if (!integration) return errorJson(404, 'not_found', `No integration '${body.value.accessId}'.`);
  if (!world.users.has(body.value.userId)) return errorJson(404, 'not_found', `No demo user '${body.value.userId}'.`);
  const redirectUrl = body.value.redirectUrl ?? integration.redirectUrls[0] ?? '';
  const code = issueAuthCode(world, integration.accessId, body.value.userId, redirectUrl);
  return json(201, { code: code.code, expiresAt: iso(code.expiresAtMs) });
}

export const controlTokenRoutes: RouteDef[] = [
  { method: 'GET', path: '/_sandbox/tokens', handler: listTokens },
  { method: 'POST', path: '/_sandbox/tokens/revoke', handler: revoke },
  { method: 'POST', path: '/_sandbox/codes', handler: mintCode },
];
