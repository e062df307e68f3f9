// POST /_sandbox/webhooks/trigger: raise any of the 18 events by hand (like a CLI's `trigger`),
// with realistic defaults, optionally with a forged signature. Answers once the deliveries are
// queued, not when they arrive: watch GET /_sandbox/webhooks/deliveries for that.
import { deliveryView } from '../webhooks/deliveries';
import { errorJson, json } from '../http/responses';
import type { RouteContext, RouteDef } from '../http/router';
import { buildTrigger, triggerSchema } from '../webhooks/trigger';
import { controlBody } from './control-util';

function trigger(ctx: RouteContext) {
  const body = controlBody(ctx, triggerSchema);
  if (!body.ok) return body.response;
  const built = buildTrigger(ctx.world, body.value);
  if (!built.ok) {
    return errorJson(built.status, built.status === 404 ? 'not_found' : 'invalid_body', built.problems.join(' '));
  }
  const result = ctx.world.webhooks.publish(built.input);
  // Throttling is not an error: the service just does not send the scan (spec 6.4).
  if (result.throttled) return json(200, { throttled: true, eventId: null, deliveries: [] });
  return json(200, {
    throttled: false,
    eventId: result.event.id,
    envelope: JSON.parse(result.event.body) as unknown,
    body: result.event.body,
    deliveries: result.deliveries.map(deliveryView),
  });
}

export const controlWebhookTriggerRoutes: RouteDef[] = [
  { method: 'POST', path: '/_sandbox/webhooks/trigger', handler: trigger },
];
