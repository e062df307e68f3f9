// Control API for the webhook sender: endpoints (what the dashboard registers), deliveries,
// at-least-once faults and flush. Triggering events is in control-webhook-trigger.ts.
import { z } from 'zod';
import { errorJson, json } from '../http/responses';
import type { RouteContext, RouteDef } from '../http/router';
import { endpointInputSchema, prefixedHeaderProblem } from '../webhooks/endpoint-input';
import { endpointView } from '../webhooks/endpoints';
import { DELIVERY_STATUSES, WEBHOOK_FAULT_MODES, type DeliveryStatus } from '../webhooks/types';
import { controlBody } from './control-util';

function register(ctx: RouteContext) {
  const body = controlBody(ctx, endpointInputSchema);
  if (!body.ok) return body.response;
  const { world } = ctx;
  const b = body.value;
  if (!world.integrations.has(b.accessId)) return errorJson(404, 'not_found', `No integration '${b.accessId}'.`);
  const headers = b.customHeaders ?? {};
  const problem = prefixedHeaderProblem(headers, world.config.headerPrefix);
  if (problem) return errorJson(400, 'invalid_body', `${problem}.`);
  const { endpoint, created } = world.webhooks.endpoints.upsert(
    { accessId: b.accessId, url: b.url, eventTypes: b.eventTypes, secret: b.secret ?? null, customHeaders: headers },
    world.clock.nowMs(),
  );
  return json(created ? 201 : 200, endpointView(endpoint));
}

function list(ctx: RouteContext) {
  const accessId = ctx.query.get('accessId') ?? undefined;
  return json(200, { endpoints: ctx.world.webhooks.endpoints.list(accessId).map(endpointView) });
}

function getOne(ctx: RouteContext) {
  const endpoint = ctx.world.webhooks.endpoints.get(ctx.params.id);
  if (!endpoint) return errorJson(404, 'not_found', `No webhook endpoint '${ctx.params.id}'.`);
  return json(200, endpointView(endpoint));
}

function remove(ctx: RouteContext) {
  if (!ctx.world.webhooks.removeEndpoint(ctx.params.id))
    return errorJson(404, 'not_found', `No webhook endpoint '${ctx.params.id}'.`);
  return json(200, { removed: ctx.params.id });
}

function deliveries(ctx: RouteContext) {
  const status = ctx.query.get('status');
  if (status !== null && !DELIVERY_STATUSES.includes(status as DeliveryStatus)) {
    return errorJson(400, 'invalid_request', `status must be one of ${DELIVERY_STATUSES.join(', ')}.`);
  }
  const list = ctx.world.webhooks.listDeliveries({
    endpointId: ctx.query.get('endpointId') ?? undefined,
    eventId: ctx.query.get('eventId') ?? undefined,
    status: (status ?? undefined) as DeliveryStatus | undefined,
  });
  return json(200, { deliveries: list });
}

const faultBody = z
  .strictObject({
    mode: z.enum(WEBHOOK_FAULT_MODES),
    count: z.union([z.number().int().min(1).max(1_000_000), z.literal('always')]).optional(),
    delayMs: z.number().int().min(0).max(120_000).optional(),
  })
  .refine(
    (f) =>
      f.mode !== 'reorder' || f.count === undefined || (typeof f.count === 'number' && f.count >= 2 && f.count <= 1000),
    {
      message: "reorder's count is the batch size: an integer from 2 to 1000",
      path: ['count'],
    },
  );

function addFault(ctx: RouteContext) {
  const body = controlBody(ctx, faultBody);
  if (!body.ok) return body.response;
  return json(201, ctx.world.webhooks.faults.add(body.value));
}

async function flush(ctx: RouteContext) {
  // Answers after the attempts it started have ended, so a test can assert right away.
  const touched = await ctx.world.webhooks.flush();
  return json(200, { flushed: touched.length, deliveries: touched });
}

export const controlWebhookRoutes: RouteDef[] = [
  { method: 'GET', path: '/_sandbox/webhooks/endpoints', handler: list },
  { method: 'POST', path: '/_sandbox/webhooks/endpoints', handler: register },
  { method: 'GET', path: '/_sandbox/webhooks/endpoints/:id', handler: getOne },
  { method: 'DELETE', path: '/_sandbox/webhooks/endpoints/:id', handler: remove },
  { method: 'GET', path: '/_sandbox/webhooks/deliveries', handler: deliveries },
  {
    method: 'GET',
    path: '/_sandbox/webhooks/faults',
    handler: (ctx) => json(200, { faults: ctx.world.webhooks.faults.list() }),
  },
  { method: 'POST', path: '/_sandbox/webhooks/faults', handler: addFault },
  {
    method: 'DELETE',
    path: '/_sandbox/webhooks/faults',
    handler: (ctx) => json(200, { cleared: ctx.world.webhooks.faults.clear() }),
  },
  { method: 'POST', path: '/_sandbox/webhooks/flush', handler: flush },
];
