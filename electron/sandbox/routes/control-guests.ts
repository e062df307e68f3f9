// Control API for guest activity: one deterministic burst (tests) or a steady loop (a live venue
// for a manager watching the app). Guest purchases never produce GIFT_CARD_CREATED.
import { z } from 'zod';
import { errorJson, json, type SandboxResponse } from '../http/responses';
import type { RouteContext, RouteDef } from '../http/router';
import { SEED_LOCATIONS } from '../seed';
import { guestTick, simulateGuests } from '../tabs/guest-sim';
import { controlBody } from './control-util';

const simulateBody = z.strictObject({
  locationUuid: z.string().min(1).default(SEED_LOCATIONS.harbour),
  tabs: z.number().int().min(0).max(100).default(1),
  orders: z.number().int().min(0).max(500).default(0),
  close: z.enum(['none', 'some', 'all']).default('some'),
  giftCards: z.boolean().default(false),
});

/** 400 rather than 404: the location is a body field, not the path. */
function checkLocation(ctx: RouteContext, locationUuid: string): SandboxResponse | null {
  if (!ctx.world.locations.has(locationUuid))
    return errorJson(400, 'invalid_body', `locationUuid: no location ${locationUuid}.`);
  if (!ctx.world.spots.some((s) => s.locationUuid === locationUuid)) {
    return errorJson(400, 'invalid_body', `locationUuid: location ${locationUuid} has no spots to seat guests at.`);
  }
  return null;
}

function simulate(ctx: RouteContext): SandboxResponse {
  const body = controlBody(ctx, simulateBody);
  if (!body.ok) return body.response;
  const bad = checkLocation(ctx, body.value.locationUuid);
  if (bad) return bad;
  return json(200, simulateGuests(ctx.world, body.value));
}

const autoBody = z.strictObject({
  /** null stops the loop. */
  intervalMs: z.number().int().min(50).max(3_600_000).nullable(),
  locationUuid: z.string().min(1).default(SEED_LOCATIONS.harbour),
});

function auto(ctx: RouteContext): SandboxResponse {
  const body = controlBody(ctx, autoBody);
  if (!body.ok) return body.response;
  const store = ctx.world.tabs;
  if (store.guestAuto) store.clearTimer(store.guestAuto.timer);
  store.guestAuto = null;
  const { intervalMs, locationUuid } = body.value;
  if (intervalMs !== null) {
    const bad = checkLocation(ctx, locationUuid);
    if (bad) return bad;
    const world = ctx.world;
    const tick = () => {
      // A timer callback that throws would take the whole process down with it.
      try {
        guestTick(world, locationUuid);
      } catch (err) {
        console.error('[sandbox] guest simulation failed:', err);
      }
    };
    const timer = store.setTimer(intervalMs, tick, true);
    store.guestAuto = { timer, intervalMs, locationUuid };
  }
  return json(200, { running: store.guestAuto !== null, intervalMs, locationUuid });
}

export const controlGuestRoutes: RouteDef[] = [
  { method: 'POST', path: '/_sandbox/guests/simulate', handler: simulate },
  { method: 'POST', path: '/_sandbox/guests/auto', handler: auto },
];
