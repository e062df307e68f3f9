// Control API: the fault registry. Faults never apply to /_sandbox/* itself, so a script can
// always list and clear them.
import { z } from 'zod';
import { compileFaultPattern, FAULT_MODES } from '../faults';
import { json } from '../http/responses';
import type { RouteContext, RouteDef } from '../http/router';
import { controlBody } from './control-util';

const faultBody = z.strictObject({
  route: z
    .string()
    .min(1)
    .max(500)
    .refine((r) => {
      try {
        compileFaultPattern(r);
        return true;
      } catch {
        return false;
      }
    }, "must be '[METHOD ]/path', e.g. 'POST /api/loc/subscribe' or '/api/*'"),
  mode: z.enum(FAULT_MODES),
  count: z.union([z.number().int().min(1).max(1_000_000), z.literal('always')]).optional(),
  delayMs: z.number().int().min(0).max(120_000).optional(),
  retryAfterS: z.number().int().min(0).max(86_400).optional(),
});

function addFault(ctx: RouteContext) {
  const body = controlBody(ctx, faultBody);
  if (!body.ok) return body.response;
  return json(201, ctx.world.faults.add(body.value));
}

export const controlFaultRoutes: RouteDef[] = [
  { method: 'GET', path: '/_sandbox/faults', handler: (ctx) => json(200, { faults: ctx.world.faults.list() }) },
  { method: 'POST', path: '/_sandbox/faults', handler: addFault },
  { method: 'DELETE', path: '/_sandbox/faults', handler: (ctx) => json(200, { cleared: ctx.world.faults.clear() }) },
];
