// GET /api/loc and POST /api/loc/subscribe (spec 4). The list shape is not in the spec; ours is
// { locations: [{ uuid, id, name, timezone, featureFlags, subscribed }] } (docs/service-assumptions.md).
import { z } from 'zod';
import { accessibleLocationUuids, authenticate, type Principal } from '../access';
import { parseJsonObject } from '../http/body';
import { errorJson, json, type SandboxResponse } from '../http/responses';
import { listBody, pageOf } from '../http/paging';
import type { RouteContext, RouteDef } from '../http/router';
import type { SandboxWorld } from '../world';

/** The wire shape of one location in GET /api/loc. */
export function locationView(world: SandboxWorld, p: Principal, uuid: string) {
  const l = world.locations.get(uuid);
  if (!l) return null;
  // The other reading: a service whose list carries no subscription state, zone or flags.
  if (world.readings.locationFields === 'bare') return { uuid: l.uuid, id: l.id, name: l.name };
  return {
    uuid: l.uuid,
    id: l.id,
    name: l.name,
    timezone: l.timezone,
    featureFlags: { ...l.featureFlags },
    subscribed: p.integration.subscribedLocationUuids.has(uuid),
  };
}

function listLocations(ctx: RouteContext): SandboxResponse {
  const auth = authenticate(ctx);
  if (!auth.ok) return auth.response;
  const all = accessibleLocationUuids(ctx.world, auth.value);
  const rawLimit = ctx.query.get('limit');
  const limit = rawLimit && /^\d{1,6}$/.test(rawLimit) && Number(rawLimit) > 0 ? Number(rawLimit) : all.length || 1;
  const page = pageOf(ctx, all, limit);
  const locations = page.rows.map((uuid) => locationView(ctx.world, auth.value, uuid));
  return json(200, listBody(ctx, 'locations', locations, page), page.headers);
}

const subscribeBody = z.object({
  location_uuids: z.array(z.string().min(1).max(128)).min(1).max(500),
});

function subscribe(ctx: RouteContext): SandboxResponse {
  const auth = authenticate(ctx);
  if (!auth.ok) return auth.response;
  const body = parseJsonObject(ctx);
  if (!body.ok) return body.response;
  const parsed = subscribeBody.safeParse(body.value);
  if (!parsed.success) {
    return errorJson(400, 'invalid_body', 'location_uuids must be a non-empty array of location UUID strings.');
  }
  const wanted = [...new Set(parsed.data.location_uuids)];
  const allowed = new Set(accessibleLocationUuids(ctx.world, auth.value));
  const denied = wanted.filter((uuid) => !allowed.has(uuid));
  // All or nothing (spec): check every location before touching any.
  if (denied.length > 0) {
    return errorJson(
      403,
      'location_forbidden',
      `No location was subscribed: this token has no access to ${denied.join(', ')}.`,
    );
  }
  for (const uuid of wanted) auth.value.integration.subscribedLocationUuids.add(uuid);
  return json(200, { subscribed: wanted });
}

export const locationRoutes: RouteDef[] = [
  { method: 'GET', path: '/api/loc', handler: listLocations },
  { method: 'POST', path: '/api/loc/subscribe', handler: subscribe },
];
