// Control API: register integrations and their redirect URLs (the sandbox's stand-in for the
// integrations dashboard, which the spec places at /manager/integrations).
import { z } from 'zod';
import { errorJson, json } from '../http/responses';
import type { RouteContext, RouteDef } from '../http/router';
import { controlBody, integrationView } from './control-util';

/**
 * Any absolute URL without a fragment: loopback http for desktop apps, https for servers, custom
 * schemes for native apps. Kept as the exact string given, because matching is exact.
 */
const redirectUrl = z
  .string()
  .max(2048)
  .refine((s) => URL.canParse(s) && !s.includes('#'), 'must be an absolute URL without a #fragment');

const registerBody = z.strictObject({
  accessId: z.string().min(1).max(200),
  accessSecret: z.string().min(1).max(500),
  name: z.string().min(1).max(200).optional(),
  redirectUrls: z.array(redirectUrl).max(50).optional(),
  authorizedLocationUuids: z.array(z.string().min(1)).max(500).optional(),
});

function register(ctx: RouteContext) {
  const body = controlBody(ctx, registerBody);
  if (!body.ok) return body.response;
  const { world } = ctx;
  const b = body.value;
  if (world.integrations.has(b.accessId))
    return errorJson(409, 'conflict', `Integration '${b.accessId}' already exists.`);
  const unknown = (b.authorizedLocationUuids ?? []).filter((u) => !world.locations.has(u));
  if (unknown.length > 0) return errorJson(400, 'invalid_body', `Unknown location UUIDs: ${unknown.join(', ')}.`);
  const integration = {
    accessId: b.accessId,
    accessSecret: b.accessSecret,
    name: b.name ?? b.accessId,
    redirectUrls: [...new Set(b.redirectUrls ?? [])],
    authorizedLocationUuids: new Set(b.authorizedLocationUuids ?? []),
    subscribedLocationUuids: new Set<string>(),
    createdAtMs: world.clock.nowMs(),
  };
  world.integrations.set(integration.accessId, integration);
  return json(201, integrationView(integration));
}

function getOne(ctx: RouteContext) {
  const integration = ctx.world.integrations.get(ctx.params.accessId);
  if (!integration) return errorJson(404, 'not_found', `No integration '${ctx.params.accessId}'.`);
  return json(200, integrationView(integration));
}

const redirectBody = z.strictObject({ url: redirectUrl });

function addRedirectUrl(ctx: RouteContext) {
  const integration = ctx.world.integrations.get(ctx.params.accessId);
  if (!integration) return errorJson(404, 'not_found', `No integration '${ctx.params.accessId}'.`);
  const body = controlBody(ctx, redirectBody);
  if (!body.ok) return body.response;
  // Idempotent: a client that registers its loopback URL before every sign-in must not pile up duplicates.
  if (!integration.redirectUrls.includes(body.value.url)) integration.redirectUrls.push(body.value.url);
  return json(200, integrationView(integration));
}

export const controlIntegrationRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/_sandbox/integrations',
    handler: (ctx) => json(200, { integrations: [...ctx.world.integrations.values()].map(integrationView) }),
  },
  { method: 'POST', path: '/_sandbox/integrations', handler: register },
  { method: 'GET', path: '/_sandbox/integrations/:accessId', handler: getOne },
  { method: 'POST', path: '/_sandbox/integrations/:accessId/redirect-urls', handler: addRedirectUrl },
];
