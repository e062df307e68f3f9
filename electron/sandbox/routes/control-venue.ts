// Control API: discovery, the whole seeded venue, and reset.
import { z } from 'zod';
import { json } from '../http/responses';
import type { RouteContext, RouteDef } from '../http/router';
import { controlBody, integrationView } from './control-util';
import { clockView } from './control-clock';
import { tabsControlRouteList } from './tabs-index';

function venue(ctx: RouteContext) {
  const w = ctx.world;
  return json(200, {
    locations: [...w.locations.values()],
    users: [...w.users.values()],
    roles: w.roles,
    staff: w.staff,
    categories: w.categories,
    products: w.products,
    zones: w.zones,
    spots: w.spots,
    passes: [...w.passes.values()],
    integrations: [...w.integrations.values()].map(integrationView),
  });
}

const resetBody = z.strictObject({ keepTokens: z.boolean().optional() });

function reset(ctx: RouteContext) {
  const body = controlBody(ctx, resetBody);
  if (!body.ok) return body.response;
  ctx.world.reset({ keepTokens: body.value.keepTokens });
  return json(200, { reset: true, keptTokens: body.value.keepTokens === true, clock: clockView(ctx.world) });
}

const configBody = z.strictObject({ headerPrefix: z.string().regex(/^[A-Za-z0-9-]{1,64}$/) });

/** The app's Settings pick the header prefix; the practice venue speaks with it like the real service would. */
function config(ctx: RouteContext) {
  const body = controlBody(ctx, configBody);
  if (!body.ok) return body.response;
  ctx.world.config.headerPrefix = body.value.headerPrefix;
  return json(200, { headerPrefix: ctx.world.config.headerPrefix });
}

/** Lists the control routes so a person poking at the sandbox with curl can find them. */
function index(ctx: RouteContext) {
  return json(200, {
    sandbox: true,
    headerPrefix: ctx.world.config.headerPrefix,
    clock: clockView(ctx.world),
    routes: controlRouteList,
  });
}

const controlRouteList = [
  'GET /_sandbox',
  'GET /_sandbox/venue',
  'POST /_sandbox/reset',
  'POST /_sandbox/config',
  'GET /_sandbox/clock',
  'POST /_sandbox/clock/advance',
  'GET /_sandbox/tokens',
  'POST /_sandbox/tokens/revoke',
  'POST /_sandbox/codes',
  'GET /_sandbox/integrations',
  'POST /_sandbox/integrations',
  'GET /_sandbox/integrations/{accessId}',
  'POST /_sandbox/integrations/{accessId}/redirect-urls',
  'GET /_sandbox/faults',
  'POST /_sandbox/faults',
  'DELETE /_sandbox/faults',
  ...tabsControlRouteList,
  'GET /_sandbox/labor/entries',
  'DELETE /_sandbox/labor/entries',
  'GET /_sandbox/webhooks/endpoints',
  'POST /_sandbox/webhooks/endpoints',
  'GET /_sandbox/webhooks/endpoints/{id}',
  'DELETE /_sandbox/webhooks/endpoints/{id}',
  'POST /_sandbox/webhooks/trigger',
  'GET /_sandbox/webhooks/deliveries',
  'GET /_sandbox/webhooks/faults',
  'POST /_sandbox/webhooks/faults',
  'DELETE /_sandbox/webhooks/faults',
  'POST /_sandbox/webhooks/flush',
];

export const controlVenueRoutes: RouteDef[] = [
  { method: 'GET', path: '/_sandbox', handler: index },
  { method: 'GET', path: '/_sandbox/venue', handler: venue },
  { method: 'POST', path: '/_sandbox/reset', handler: reset },
  { method: 'POST', path: '/_sandbox/config', handler: config },
];
