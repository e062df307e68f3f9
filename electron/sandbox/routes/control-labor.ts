// Control API for labor: every entry at every location without a token (tests and scripts
// inspect what the app really sent), and a way to clear them between runs.
import { json } from '../http/responses';
import type { RouteDef } from '../http/router';
import { entryView } from '../labor/labor-view';

export const controlLaborRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/_sandbox/labor/entries',
    handler: (ctx) => json(200, { entries: ctx.world.labor.all().map((e) => entryView(ctx.world, e)) }),
  },
  {
    method: 'DELETE',
    path: '/_sandbox/labor/entries',
    handler: (ctx) => json(200, { cleared: ctx.world.labor.clear() }),
  },
];
