// Control API for tabs: read them back, and do what the POS does (place an order, close a tab,
// change an order's status, void/comp/remove an item) so tests and demos can drive every event.
import { z } from 'zod';
import { errorJson, json, type SandboxResponse } from '../http/responses';
import type { RouteContext, RouteDef } from '../http/router';
import { emitEvent } from '../tabs/emit';
import { applyItemAction, type ItemAction } from '../tabs/item-actions';
import { lineSchema, resolveLines } from '../tabs/lines';
import { orderEvents, placeOrder, settleAndClose } from '../tabs/tab-ops';
import { ORDER_STATUSES } from '../tabs/types';
import { itemView, orderView, tabView } from '../tabs/views';
import { controlBody } from './control-util';

function listTabs(ctx: RouteContext): SandboxResponse {
  const locationUuid = ctx.query.get('locationUuid');
  const status = ctx.query.get('status');
  const tabs = [...ctx.world.tabs.tabs.values()].filter(
    (t) =>
      (locationUuid === null || t.locationUuid === locationUuid) &&
      (status === null || t.status === status.toUpperCase()),
  );
  return json(200, { tabs: tabs.map((t) => tabView(ctx.world.tabs, t)) });
}

function tabOr404(ctx: RouteContext) {
  const tab = ctx.world.tabs.tabs.get(ctx.params.tabUuid);
  return tab ? { tab } : { response: errorJson(404, 'not_found', `No tab ${ctx.params.tabUuid}.`) };
}

function getTab(ctx: RouteContext): SandboxResponse {
  const found = tabOr404(ctx);
  return found.tab ? json(200, tabView(ctx.world.tabs, found.tab)) : found.response;
}

const orderBody = z.strictObject({
  items: z.array(lineSchema).min(1).max(100),
  /** Who places it: neither counts towards a pass's spent, neither gets gift-card events. */
  source: z.enum(['pos', 'guest']).default('pos'),
});

function posOrder(ctx: RouteContext): SandboxResponse {
  const found = tabOr404(ctx);
  if (!found.tab) return found.response;
  const body = controlBody(ctx, orderBody);
  if (!body.ok) return body.response;
  if (found.tab.status !== 'OPEN') return errorJson(409, 'conflict', `Tab ${found.tab.uuid} is closed.`);
  const lines = resolveLines(ctx.world, found.tab.locationUuid, body.value.items, 'items', 'cents');
  if (!lines.ok) return lines.response;
  const order = placeOrder(ctx.world, found.tab, lines.lines, { source: { kind: body.value.source } });
  for (const e of orderEvents(ctx.world, order)) emitEvent(ctx.world, e);
  return json(201, orderView(ctx.world.tabs, order));
}

function closeTab(ctx: RouteContext): SandboxResponse {
  const found = tabOr404(ctx);
  if (!found.tab) return found.response;
  // A pass keeps ordering onto its one tab, so that tab never closes.
  if (found.tab.xPassId !== null)
    return errorJson(409, 'conflict', `Tab ${found.tab.uuid} belongs to pass ${found.tab.xPassId} and stays open.`);
  if (found.tab.status !== 'OPEN') return errorJson(409, 'conflict', `Tab ${found.tab.uuid} is already closed.`);
  for (const e of settleAndClose(ctx.world, found.tab)) emitEvent(ctx.world, e);
  return json(200, tabView(ctx.world.tabs, found.tab));
}

const statusBody = z.strictObject({ status: z.enum(ORDER_STATUSES) });

/** Changes only the status (the spec has no order-status event), so `spent` exclusions can be tested. */
function setOrderStatus(ctx: RouteContext): SandboxResponse {
  const order = ctx.world.tabs.orders.get(ctx.params.orderUuid);
  if (!order) return errorJson(404, 'not_found', `No order ${ctx.params.orderUuid}.`);
  const body = controlBody(ctx, statusBody);
  if (!body.ok) return body.response;
  order.status = body.value.status;
  return json(200, orderView(ctx.world.tabs, order));
}

const itemAction =
  (action: ItemAction) =>
  (ctx: RouteContext): SandboxResponse => {
    const result = applyItemAction(ctx.world, ctx.params.itemId, action);
    if (!result.ok) return errorJson(result.status, result.status === 404 ? 'not_found' : 'conflict', result.message);
    return json(200, itemView(result.item));
  };

export const controlTabRoutes: RouteDef[] = [
  { method: 'GET', path: '/_sandbox/tabs', handler: listTabs },
  { method: 'GET', path: '/_sandbox/tabs/:tabUuid', handler: getTab },
  { method: 'POST', path: '/_sandbox/tabs/:tabUuid/orders', handler: posOrder },
  { method: 'POST', path: '/_sandbox/tabs/:tabUuid/close', handler: closeTab },
  { method: 'POST', path: '/_sandbox/orders/:orderUuid/status', handler: setOrderStatus },
  { method: 'POST', path: '/_sandbox/items/:itemId/void', handler: itemAction('void') },
  { method: 'POST', path: '/_sandbox/items/:itemId/comp', handler: itemAction('comp') },
  { method: 'POST', path: '/_sandbox/items/:itemId/remove', handler: itemAction('remove') },
];
