// Two read routes the spec does not list but an ordering client needs (docs/service-assumptions.md,
// "Catalog and tab reads"): the products and spots of a location, and one tab with the item and
// payment ids a refund names. The app treats both as optional: on 404/405 it falls back to
// typed-in product uuids and payment ids.
import { errorJson, json, type SandboxResponse } from '../http/responses';
import { moneyOut } from '../tabs/money-reading';
import type { RouteContext, RouteDef } from '../http/router';
import { giftCardData, tabView } from '../tabs/views';
import { authorizeLocation, findTab } from './tabs-access';

/** The other reading has neither route: the answer is the router's own 404 for an unknown route. */
function absent(ctx: RouteContext): SandboxResponse | null {
  if (ctx.world.readings.extraRoutes !== 'absent') return null;
  return errorJson(404, 'not_found', `No route ${ctx.method} ${ctx.pathname}.`);
}

function catalog(ctx: RouteContext): SandboxResponse {
  const missing = absent(ctx);
  if (missing) return missing;
  const auth = authorizeLocation(ctx);
  if (!auth.ok) return auth.response;
  const { world } = ctx;
  const location = ctx.params.location;
  const zones = new Map(world.zones.map((z) => [z.uuid, z]));
  return json(
    200,
    moneyOut(world, {
      products: world.products
        .filter((p) => p.locationUuid === location)
        .map((p) => ({
          uuid: p.uuid,
          id: p.id,
          name: p.name,
          price: p.priceCents,
          categoryName: p.category,
          tags: [...p.tags],
          giftCard: p.giftCard ? { ...p.giftCard } : null,
        })),
      spots: world.spots
        .filter((s) => s.locationUuid === location)
        .map((s) => ({ uuid: s.uuid, id: s.id, name: s.name, zoneName: zones.get(s.zoneUuid)?.name ?? null })),
    }),
  );
}

function readTab(ctx: RouteContext): SandboxResponse {
  const missing = absent(ctx);
  if (missing) return missing;
  const auth = authorizeLocation(ctx);
  if (!auth.ok) return auth.response;
  const tab = findTab(ctx);
  if (!tab.ok) return tab.response;
  // The cards already issued for this tab's items, as the waiting create answers them: how a
  // till that missed GIFT_CARD_CREATED (not subscribed then) learns about its cards later.
  const processorAccounts = tab.value.itemIds
    .map((id) => ctx.world.tabs.giftCards.get(id))
    .filter((c) => c?.state === 'issued')
    .map((c) => giftCardData(c!));
  return json(200, { tab: moneyOut(ctx.world, tabView(ctx.world.tabs, tab.value)), processorAccounts });
}

export const catalogRoutes: RouteDef[] = [
  { method: 'GET', path: '/api/loc/:location/catalog', handler: catalog },
  { method: 'GET', path: '/api/loc/:location/tabs/:tabUuid', handler: readTab },
];
