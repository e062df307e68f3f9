// Control API for gift-card issuance: list the cards, make issuance slow or hold cards forever
// (late-card testing), release held cards, tune the timing, and claim a card's transfer.
import { z } from 'zod';
import { errorJson, json, type SandboxResponse } from '../http/responses';
import type { RouteContext, RouteDef } from '../http/router';
import { releaseHeldCards } from '../tabs/gift-cards';
import { giftCardControlView } from '../tabs/views';
import { controlBody } from './control-util';

const list = (ctx: RouteContext) =>
  json(200, { giftCards: [...ctx.world.tabs.giftCards.values()].map(giftCardControlView) });

const faultBody = z.discriminatedUnion('mode', [
  z.strictObject({ mode: z.literal('slow'), delayMs: z.number().int().min(0).max(600_000) }),
  z.strictObject({ mode: z.literal('never-issue') }),
  z.strictObject({ mode: z.literal('normal') }),
]);

function setFault(ctx: RouteContext): SandboxResponse {
  const body = controlBody(ctx, faultBody);
  if (!body.ok) return body.response;
  ctx.world.tabs.giftCardFault = body.value.mode === 'normal' ? null : body.value;
  return json(200, { fault: ctx.world.tabs.giftCardFault });
}

function clearFault(ctx: RouteContext): SandboxResponse {
  ctx.world.tabs.giftCardFault = null;
  return json(200, { fault: null });
}

const timingBody = z.strictObject({
  minDelayMs: z.number().int().min(0).max(600_000).optional(),
  maxDelayMs: z.number().int().min(0).max(600_000).optional(),
  waitCapMs: z.number().int().min(0).max(600_000).optional(),
});

/** Survives reset, like world.tabs.giftCardTiming itself: it is a setting, not a fault. */
function setTiming(ctx: RouteContext): SandboxResponse {
  const body = controlBody(ctx, timingBody);
  if (!body.ok) return body.response;
  const next = { ...ctx.world.tabs.giftCardTiming, ...body.value };
  if (next.maxDelayMs < next.minDelayMs)
    return errorJson(400, 'invalid_body', 'maxDelayMs: must be at least minDelayMs.');
  ctx.world.tabs.giftCardTiming = next;
  return json(200, next);
}

function claim(ctx: RouteContext): SandboxResponse {
  const card = ctx.world.tabs.giftCards.get(ctx.params.itemId);
  if (!card) return errorJson(404, 'not_found', `No gift card for item ${ctx.params.itemId}.`);
  card.claimUrl = null;
  return json(200, giftCardControlView(card));
}

export const controlGiftCardRoutes: RouteDef[] = [
  { method: 'GET', path: '/_sandbox/gift-cards', handler: list },
  { method: 'POST', path: '/_sandbox/gift-cards/faults', handler: setFault },
  { method: 'DELETE', path: '/_sandbox/gift-cards/faults', handler: clearFault },
  {
    method: 'POST',
    path: '/_sandbox/gift-cards/release',
    handler: (ctx) => json(200, { released: releaseHeldCards(ctx.world) }),
  },
  { method: 'POST', path: '/_sandbox/gift-cards/timing', handler: setTiming },
  { method: 'POST', path: '/_sandbox/gift-cards/:itemId/claim', handler: claim },
];
