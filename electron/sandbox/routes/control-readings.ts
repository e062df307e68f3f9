// Control API: how the sandbox answers the spec's open points (electron/sandbox/readings.ts).
// GET shows the current readings; POST takes {reading?: 'default'|'other', ...points} and answers
// with the result. A change applies to the next request; stored data keeps its own shape.
import { parseReadings } from '../readings';
import { parseJsonObject } from '../http/body';
import { errorJson, json } from '../http/responses';
import type { RouteContext, RouteDef } from '../http/router';

function setReadings(ctx: RouteContext) {
  const body = parseJsonObject(ctx);
  if (!body.ok) return body.response;
  try {
    ctx.world.readings = parseReadings(body.value, ctx.world.readings);
  } catch (err) {
    return errorJson(400, 'invalid_body', (err as Error).message);
  }
  return json(200, { readings: ctx.world.readings });
}

export const controlReadingsRoutes: RouteDef[] = [
  { method: 'GET', path: '/_sandbox/readings', handler: (ctx) => json(200, { readings: ctx.world.readings }) },
  { method: 'POST', path: '/_sandbox/readings', handler: setReadings },
];
