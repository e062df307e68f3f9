// Control API: read and advance the sandbox clock (tokens, codes and, later, webhook retries use it).
import { z } from 'zod';
import { json } from '../http/responses';
import type { RouteContext, RouteDef } from '../http/router';
import type { SandboxWorld } from '../world';
import { controlBody } from './control-util';

export function clockView(world: SandboxWorld) {
  const nowMs = world.clock.nowMs();
  return { now: new Date(nowMs).toISOString(), nowMs, offsetMs: world.clock.offsetMs };
}

// Ten years is far beyond any lifetime in the spec and keeps Date arithmetic safe.
const advanceBody = z.strictObject({
  seconds: z
    .number()
    .finite()
    .min(0)
    .max(10 * 365 * 86_400),
});

function advance(ctx: RouteContext) {
  const body = controlBody(ctx, advanceBody);
  if (!body.ok) return body.response;
  ctx.world.clock.advanceMs(body.value.seconds * 1000);
  return json(200, clockView(ctx.world));
}

export const controlClockRoutes: RouteDef[] = [
  { method: 'GET', path: '/_sandbox/clock', handler: (ctx) => json(200, clockView(ctx.world)) },
  { method: 'POST', path: '/_sandbox/clock/advance', handler: advance },
];
