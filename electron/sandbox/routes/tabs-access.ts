// The common prologue of every /api/loc/{location}/tabs… route: a valid bearer token that can act
// on the location (401/403 as access.ts decides), then the thing the path names (404 if unknown).
import { authenticate, requireLocationAccess, type Principal } from '../access';
import type { Parsed } from '../http/body';
import { errorJson } from '../http/responses';
import type { RouteContext } from '../http/router';
import type { TabPass } from '../model';
import type { TabRecord } from '../tabs/types';

export function authorizeLocation(ctx: RouteContext): Parsed<Principal> {
  const auth = authenticate(ctx);
  if (!auth.ok) return auth;
  const denied = requireLocationAccess(ctx.world, auth.value, ctx.params.location);
  return denied ? { ok: false, response: denied } : auth;
}

/** A pass of another location is as unknown as a pass that does not exist. */
export function findPass(ctx: RouteContext): Parsed<TabPass> {
  const pass = ctx.world.passes.get(ctx.params.xPassId);
  if (pass && pass.locationUuid === ctx.params.location) return { ok: true, value: pass };
  return { ok: false, response: errorJson(404, 'not_found', `No tab pass ${ctx.params.xPassId} at this location.`) };
}

export function findTab(ctx: RouteContext): Parsed<TabRecord> {
  const tab = ctx.world.tabs.tabs.get(ctx.params.tabUuid);
  if (tab && tab.locationUuid === ctx.params.location) return { ok: true, value: tab };
  return { ok: false, response: errorJson(404, 'not_found', `No tab ${ctx.params.tabUuid} at this location.`) };
}
