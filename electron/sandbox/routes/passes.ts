// GET /api/loc/{location}/tabs/passes/{x_pass_id} and POST …/items (spec 2.3, 4, 7).
// The items handler is synchronous from the limit check to the commit: Node runs one handler at
// a time, so with no await in between two concurrent orders cannot both pass the same check.
import { z } from 'zod';
import { errorJson, json, type SandboxResponse } from '../http/responses';
import type { RouteContext, RouteDef } from '../http/router';
import { emitEvent } from '../tabs/emit';
import { lineSchema, linesTotal, resolveLines } from '../tabs/lines';
import { SPEND_LIMIT_ALERT, wouldBreachLimit } from '../tabs/pass-spend';
import { passView } from '../tabs/pass-view';
import { orderEvents, placeOrder } from '../tabs/tab-ops';
import { orderView } from '../tabs/views';
import { moneyOut } from '../tabs/money-reading';
import type { SandboxWorld } from '../world';
import { controlBody } from './control-util';
import { authorizeLocation, findPass } from './tabs-access';

function getPass(ctx: RouteContext): SandboxResponse {
  const auth = authorizeLocation(ctx);
  if (!auth.ok) return auth.response;
  const pass = findPass(ctx);
  if (!pass.ok) return pass.response;
  return json(200, passView(ctx.world, pass.value));
}

const itemsBody = z.strictObject({ items: z.array(lineSchema).min(1).max(100) });

function placePassOrder(ctx: RouteContext): SandboxResponse {
  const auth = authorizeLocation(ctx);
  if (!auth.ok) return auth.response;
  const pass = findPass(ctx);
  if (!pass.ok) return pass.response;
  const body = controlBody(ctx, itemsBody);
  if (!body.ok) return body.response;
  const { world } = ctx;
  const lines = resolveLines(world, pass.value.locationUuid, body.value.items);
  if (!lines.ok) return lines.response;

  if (wouldBreachLimit(world, pass.value, linesTotal(lines.lines))) return spendLimitRefusal(world);
  const tab = world.tabs.tabs.get(world.tabs.passTabs.get(pass.value.xPassId) ?? '');
  if (!tab) return errorJson(409, 'conflict', `Tab pass ${pass.value.xPassId} has no tab.`);
  const order = placeOrder(world, tab, lines.lines, {
    source: { kind: 'api', accessId: auth.value.integration.accessId },
    viaPassItems: true,
  });
  for (const e of orderEvents(world, order)) emitEvent(world, e);
  return json(201, { order: moneyOut(world, orderView(world.tabs, order)), pass: passView(world, pass.value) });
}

/**
 * The 400 of spec 4/7 in the shape the reading chose (the spec only says "an alert stating the
 * pass has reached its spend limit"): `alert-object` keeps the sandbox's error shape with `alert`
 * as a sentence; `alert-title-body` is `{alert: {title, body}}`; `plain-string` is the sentence as
 * text/plain; `other-wording` is a title and body that say "spending limit" instead.
 */
function spendLimitRefusal(world: SandboxWorld): SandboxResponse {
  switch (world.readings.spendLimitRefusal) {
    case 'alert-title-body':
      return json(400, { alert: { title: 'Spend limit reached', body: SPEND_LIMIT_ALERT } });
    case 'plain-string':
      return {
        status: 400,
        headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
        body: SPEND_LIMIT_ALERT,
      };
    case 'other-wording':
      return json(400, { alert: { title: 'Spending limit', body: SPEND_LIMIT_OTHER_WORDING } });
    default:
      // `alert` is the spec's word for the message; error/message keep the sandbox's error shape.
      return json(400, { error: 'spend_limit_reached', message: SPEND_LIMIT_ALERT, alert: SPEND_LIMIT_ALERT });
  }
}

/** The other reading's wording of the refusal. */
export const SPEND_LIMIT_OTHER_WORDING = 'This order would take the pass over its spending limit.';

export const passRoutes: RouteDef[] = [
  { method: 'GET', path: '/api/loc/:location/tabs/passes/:xPassId', handler: getPass },
  { method: 'POST', path: '/api/loc/:location/tabs/passes/:xPassId/items', handler: placePassOrder },
];
