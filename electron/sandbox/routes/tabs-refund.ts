// POST /api/loc/{location}/tabs/{tab_uuid}/refund (spec 4): an open refund (amount) or an itemized
// one (items), never both, of one payment; emits PAYMENT_REFUNDED with every 6.4 key.
import { z } from 'zod';
import { errorJson, json, type SandboxResponse } from '../http/responses';
import type { RouteContext, RouteDef } from '../http/router';
import { emitEvent } from '../tabs/emit';
import { paymentRefundedEvent } from '../tabs/event-data';
import { refundPayment } from '../tabs/refund';
import { paymentView, refundView } from '../tabs/views';
import { moneyOut } from '../tabs/money-reading';
import { controlBody } from './control-util';
import { authorizeLocation, findTab } from './tabs-access';

const reason = z.string().min(1).max(500);

const refundBody = z
  .strictObject({
    paymentId: z.string().min(1).max(64).optional(),
    amount: z.number().int().min(1).max(100_000_000).optional(),
    items: z
      .array(
        z.strictObject({
          itemId: z.string().min(1).max(64),
          quantity: z.number().int().min(1).max(999),
          reason: reason.optional(),
        }),
      )
      .min(1)
      .max(100)
      .optional(),
    reason: reason.optional(),
  })
  .refine((b) => (b.amount === undefined) !== (b.items === undefined), {
    message: 'give either amount (an open refund, in cents) or items (an itemized refund), not both and not neither',
    path: ['amount'],
  });

function refund(ctx: RouteContext): SandboxResponse {
  const auth = authorizeLocation(ctx);
  if (!auth.ok) return auth.response;
  const tab = findTab(ctx);
  if (!tab.ok) return tab.response;
  const body = controlBody(ctx, refundBody);
  if (!body.ok) return body.response;
  const result = refundPayment(ctx.world, tab.value, body.value);
  if (!result.ok) return errorJson(400, result.error, result.message);
  emitEvent(ctx.world, paymentRefundedEvent(tab.value, result.payment, result.refund));
  // The answer's money is open (the request's `amount` is cents by the spec).
  return json(200, moneyOut(ctx.world, { refund: refundView(result.refund), payment: paymentView(result.payment) }));
}

export const tabRefundRoutes: RouteDef[] = [
  { method: 'POST', path: '/api/loc/:location/tabs/:tabUuid/refund', handler: refund },
];
