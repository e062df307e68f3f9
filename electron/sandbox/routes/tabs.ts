// POST /api/loc/{location}/tabs (spec 4): open a tab at a spot, optionally with a first order and
// payments. openTab false closes it in the same request, which needs payments covering the total.
// waitForProcessorAccounts makes a paid-and-closed request wait for its gift cards (up to
// giftCardTiming.waitCapMs) and return them as processorAccounts; otherwise the answer is
// immediate and the cards arrive only as GIFT_CARD_CREATED.
import { z } from 'zod';
import { errorJson, json, type SandboxResponse } from '../http/responses';
import type { RouteContext, RouteDef } from '../http/router';
import { emitEvent, type TabEventInput } from '../tabs/emit';
import { openTabEvent } from '../tabs/event-data';
import { waitForCards } from '../tabs/gift-cards';
import { lineSchema, linesTotal, resolveLines } from '../tabs/lines';
import { addPayment, closeTab, openTab, orderEvents, placeOrder } from '../tabs/tab-ops';
import { giftCardData, tabView } from '../tabs/views';
import { moneyInSchema, moneyOut } from '../tabs/money-reading';
import type { SandboxWorld } from '../world';
import { controlBody } from './control-util';
import { authorizeLocation } from './tabs-access';

// Payment amounts are open money: cents, or dollars in the other reading (money-reading.ts).
const paymentSchema = (world: SandboxWorld) => {
  const money = moneyInSchema(world);
  return z.strictObject({
    amount: money,
    tip: money.optional(),
    customerFee: money.optional(),
    gateway: z.string().min(1).max(40).optional(),
    paymentType: z.string().min(1).max(40).optional(),
  });
};

const tabBody = (world: SandboxWorld) =>
  z.strictObject({
    spot_uuid: z.string().min(1).max(128),
    name: z.string().min(1).max(100).optional(),
    items: z.array(lineSchema).max(100).optional(),
    payments: z.array(paymentSchema(world)).min(1).max(20).optional(),
    openTab: z.boolean().optional(),
    waitForProcessorAccounts: z.boolean().optional(),
  });

const invalid = (message: string) => errorJson(400, 'invalid_body', message);

async function createTab(ctx: RouteContext): Promise<SandboxResponse> {
  const auth = authorizeLocation(ctx);
  if (!auth.ok) return auth.response;
  const body = controlBody(ctx, tabBody(ctx.world));
  if (!body.ok) return body.response;
  const { world } = ctx;
  const b = body.value;
  const locationUuid = ctx.params.location;

  const spot = world.spots.find((s) => s.uuid === b.spot_uuid && s.locationUuid === locationUuid);
  if (!spot) return invalid(`spot_uuid: no spot ${b.spot_uuid} at this location.`);
  const lines = resolveLines(world, locationUuid, b.items ?? []);
  if (!lines.ok) return lines.response;
  const total = linesTotal(lines.lines);
  const paid = (b.payments ?? []).reduce((sum, p) => sum + p.amount, 0);
  const keepOpen = b.openTab ?? true;
  if (!keepOpen && !b.payments)
    return invalid('payments: required when openTab is false (the tab is paid and closed at once).');
  if (!keepOpen && paid !== total)
    return invalid(`payments: the amounts add up to ${paid} cents but the tab total is ${total}.`);
  if (paid > total)
    return invalid(`payments: the amounts add up to ${paid} cents, more than the tab total of ${total}.`);

  // Everything is valid: commit, then emit.
  const tab = openTab(world, {
    locationUuid,
    spotUuid: spot.uuid,
    name: b.name ?? spot.name,
    openedFrom: 'SERVER_TAB',
  });
  const source = { kind: 'api' as const, accessId: auth.value.integration.accessId };
  const order = lines.lines.length > 0 ? placeOrder(world, tab, lines.lines, { source }) : null;
  for (const p of b.payments ?? []) addPayment(world, tab, p);
  const events: TabEventInput[] = [openTabEvent(world, world.tabs, tab)];
  if (order) events.push(...orderEvents(world, order));
  if (!keepOpen) events.push(...closeTab(world, tab));
  for (const e of events) emitEvent(world, e);

  // Taken now: a reset while this request waits must not leave it describing records that are gone.
  const view = moneyOut(world, tabView(world.tabs, tab));
  if (b.waitForProcessorAccounts !== true || keepOpen) return json(201, { tab: view });
  const cardIds = (order?.itemIds ?? []).filter((id) => world.tabs.giftCards.has(id));
  await waitForCards(world, cardIds, world.tabs.giftCardTiming.waitCapMs);
  const processorAccounts = cardIds
    .map((id) => world.tabs.giftCards.get(id))
    .filter((c) => c?.state === 'issued')
    .map((c) => giftCardData(c!));
  return json(201, { tab: view, processorAccounts });
}

export const tabRoutes: RouteDef[] = [{ method: 'POST', path: '/api/loc/:location/tabs', handler: createTab }];
